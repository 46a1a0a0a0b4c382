"""Every bad input is a 4xx sentence (issue 20, finding 5): lone surrogates and deep nesting
anywhere in any body or socket message, strict bodies everywhere (`"turn_seconds": "60"`),
mutes only of existing senders and bounded, names that pose as bots, spectators or a look-alike
of another seat refused. Before: the first two were 500s with tracebacks, the rest accepted."""

from __future__ import annotations

import pytest

from app.core.json_shape import MAX_DEPTH
from tests.utils.live_server import LiveServer, bearer, create_room, join

from ..conftest import settings_for


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    path = tmp_path_factory.mktemp("db") / "paddock.db"
    with LiveServer(settings_for(f"sqlite:///{path}", rate_limits=False)) as live:
        yield live


def refused(response, status: int = 400) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["type"] == "error" and body["message"].endswith("."), body
    assert "Traceback" not in response.text
    return body


def raw_post(http, path: str, text: str, headers: dict | None = None):
    headers = {"content-type": "application/json", **(headers or {})}
    return http.post(path, content=text.encode(), headers=headers)


def nested(depth: int) -> str:
    return '{"a":' * depth + "1" + "}" * depth


SURROGATE_BODIES = [
    '{"game": "toy", "options": {"\\ud800": 1}}',  # an option name: the 400 sentence quoted it
    '{"game": "toy", "name": "\\udfff"}',
    '{"game": "toy", "options": {"rounds": NaN, "x": "\\ud800"}}',  # past orjson, into Python's parser
]


@pytest.mark.parametrize("body", SURROGATE_BODIES)
def test_a_lone_surrogate_anywhere_is_a_400_sentence(server, body):
    assert refused(raw_post(server.http, "/api/rooms", body))["code"] == "bad_text"


def test_deep_nesting_anywhere_is_a_400_sentence(server):
    http = server.http
    body = '{"game": "toy", "options": {"rounds": ' + nested(500) + "}}"
    assert refused(raw_post(http, "/api/rooms", body))["code"] == "too_deep"
    room = create_room(http)
    assert refused(raw_post(http, f"/api/rooms/{room['code']}/join", nested(MAX_DEPTH + 1)))["code"] == (
        "too_deep"
    )
    deep_list = "[" * 5000 + "]" * 5000  # deeper than Python's parser can go
    assert refused(raw_post(http, "/api/rooms", deep_list))["code"] == "too_deep"
    # Nesting within the limit is judged by the route as before.
    ok = raw_post(http, f"/api/rooms/{room['code']}/join", '{"name": "Bo"}')
    assert ok.status_code == 200


def test_a_socket_message_nested_too_deeply_or_with_a_surrogate_is_refused(server):
    room = create_room(server.http)
    with server.socket(room["code"]) as ws:
        ws.hello(room["token"])
        ws.wait_for(lambda m: m["type"] == "room")
        ws.send('{"type": "act", "v": 0, "action": ' + nested(500) + "}")
        assert ws.error()["code"] == "too_deep"
        ws.send('{"type": "chat", "text": "\\ud800"}')
        assert ws.error()["code"] in ("bad_json", "bad_text")


@pytest.mark.parametrize("value", ['"60"', "true", "[60]", '{"s": 60}'])
def test_the_turn_timer_body_is_strict(server, value):
    room = create_room(server.http)
    response = raw_post(
        server.http, f"/api/rooms/{room['code']}/timer", f'{{"turn_seconds": {value}}}', bearer(room["token"])
    )
    body = refused(response)
    assert body["code"] == "bad_request" and "turn_seconds" in body["message"]
    assert server.http.get(f"/api/rooms/{room['code']}").json()["timer_seconds"] is None


def test_only_existing_senders_can_be_muted_and_the_list_is_bounded(server):
    http = server.http
    room = create_room(http)
    code = room["code"]
    join(http, code, "Bo")

    def mute(sender: str, muted: bool = True):
        return http.post(
            f"/api/rooms/{code}/chat/mute",
            json={"from": sender, "muted": muted},
            headers=bearer(room["token"]),
        )

    assert refused(mute("seat:7"), 404)["code"] == "no_such_sender"
    assert refused(mute("spec:abc123"), 404)["code"] == "no_such_sender"
    assert refused(mute("seat:²"))["code"] == "bad_request"
    assert mute("seat:1").status_code == 200
    # A spectator who wrote in the chat can be muted.
    with server.socket(code) as fan:
        fan.hello()
        fan.wait_for(lambda m: m["type"] == "chat_history")
        fan.send({"type": "chat", "text": "hello all"})
        sender = fan.wait_for(lambda m: m["type"] == "chat")["from"]
    assert mute(sender).status_code == 200
    summary = http.get(f"/api/rooms/{code}").json()
    assert summary["chat"]["muted"] == ["seat:1", sender]


@pytest.mark.parametrize("name", ["Bot 2", "bot", "ВОТ 3", "Spectator abc123", "Ｓｐｅｃｔａｔｏｒ x"])
def test_names_posing_as_bots_or_spectators_are_refused(server, name):
    room = create_room(server.http)
    body = refused(server.http.post(f"/api/rooms/{room['code']}/join", json={"name": name}))
    assert body["code"] == "bad_name" and "given by the server" in body["message"]
    assert refused(server.http.post("/api/rooms", json={"game": "toy", "name": name}))["code"] == "bad_name"


@pytest.mark.parametrize("name", ["Аnn", "ANN", "Ａｎｎ", "Ann "])
def test_look_alikes_of_another_seats_name_are_refused(server, name):
    room = create_room(server.http, name="Ann")
    body = refused(server.http.post(f"/api/rooms/{room['code']}/join", json={"name": name}), 409)
    assert body["code"] == "name_taken"


@pytest.mark.parametrize("name", ["Anna", "Botany", "Zoë", "李明", "Ólafur"])
def test_names_that_only_resemble_are_welcome(server, name):
    room = create_room(server.http, name="Ann")
    assert server.http.post(f"/api/rooms/{room['code']}/join", json={"name": name}).status_code == 200
