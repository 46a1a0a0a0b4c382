"""The one parser of client socket messages: typed results, clear refusals."""

import json

import pytest

from app.ws.incoming import Act, BadMessage, Hello, Ping, parse

CAP = 1000


def test_valid_messages_parse_to_types():
    assert parse('{"type":"hello"}', CAP) == Hello(type="hello")
    assert parse('{"type":"hello","token":"abc"}', CAP).token == "abc"
    act = parse('{"type":"act","v":3,"action":{"type":"pick","n":2}}', CAP)
    assert isinstance(act, Act) and act.v == 3 and act.action == {"type": "pick", "n": 2} and act.seat is None
    assert isinstance(parse(b'{"type":"ping"}', CAP), Ping)


@pytest.mark.parametrize(
    "raw, code, words",
    [
        ("{nope", "bad_json", "not valid JSON"),
        ("[1,2]", "bad_message", "JSON object"),
        ('{"kind":"hello"}', "bad_message", "type"),
        ('{"type":"dance"}', "unknown_type", "Unknown message type"),
        ('{"type":"act","action":{}}', "bad_message", "needs the field 'v'"),
        ('{"type":"act","v":"1","action":{}}', "bad_message", "'v' must be a whole number"),
        ('{"type":"act","v":1,"action":[]}', "bad_message", "'action' must be an object"),
        ('{"type":"hello","token":5}', "bad_message", "'token' must be text"),
        ('{"type":"hello","extra":1}', "bad_message", "no field 'extra'"),
        ("x" * (CAP + 1), "too_big", "too large"),
        (None, "bad_message", "JSON text"),
    ],
)
def test_bad_messages_are_refused_with_a_sentence(raw, code, words):
    with pytest.raises(BadMessage) as info:
        parse(raw, CAP)
    assert info.value.code == code
    assert words in info.value.message


def test_size_cap_counts_bytes_not_characters():
    text = json.dumps({"type": "hello", "token": "é" * 600}, ensure_ascii=False)
    assert len(text) < CAP < len(text.encode("utf-8"))
    with pytest.raises(BadMessage) as info:
        parse(text, CAP)
    assert info.value.code == "too_big"
