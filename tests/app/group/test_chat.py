"""Chat over the room socket: every socket of the room gets each line, the last 50 come at
sync, limits (length, flood), spectators off, mute; through memory and Redis fan-out."""

from __future__ import annotations

import pytest

from tests.app.conftest import settings_for
from tests.app.group.toy import finished_room_with_a_friend_and_a_bot
from tests.utils.live_server import LiveServer, bearer, create_room, join


def is_chat(message):
    return message["type"] == "chat"


def said(ws, text):
    """Wait for the chat line `text` (earlier lines on this socket are passed over)."""
    return ws.wait_for(lambda m: is_chat(m) and m["text"] == text)


def greeted(server, code, token=None):
    ws = server.socket(code)
    ws.hello(token)
    ws.wait_for(lambda m: m["type"] == "chat_history")
    return ws


def test_a_line_reaches_every_socket_with_seat_name_and_time(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann")
    friend = join(http, room["code"], "Bo")
    code = room["code"]
    with (
        greeted(shared_server, code, room["token"]) as ann,
        greeted(shared_server, code, friend["token"]) as bo,
        greeted(shared_server, code) as fan,
    ):
        bo.send({"type": "chat", "text": "  hello   there "})
        for ws in (ann, bo, fan):
            line = ws.wait_for(is_chat)
            assert line["seat"] == 1 and line["name"] == "Bo" and line["text"] == "hello there"
            assert isinstance(line["at"], float) and line["from"] == "seat:1"
        fan.send({"type": "chat", "text": "<script>alert(1)</script>"})
        for ws in (ann, bo, fan):
            line = ws.wait_for(is_chat)
            assert line["seat"] is None and line["name"].startswith("Spectator ")
            assert line["text"] == "<script>alert(1)</script>" and line["from"].startswith("spec:")


def test_length_and_empty_lines_are_refused_in_words(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann")
    with greeted(shared_server, room["code"], room["token"]) as ann:
        ann.send({"type": "chat", "text": "x" * 301})
        error = ann.error()
        assert error["code"] == "chat_too_long" and error["params"]["max"] == 300
        ann.send({"type": "chat", "text": "   "})
        assert ann.error()["code"] == "chat_empty"
        ann.send({"type": "chat", "text": 5})
        assert ann.error()["code"] == "bad_message"
        ann.send({"type": "chat", "text": "é" * 300})
        said(ann, "é" * 300)


def test_chat_before_hello_is_refused(shared_server):
    room = create_room(shared_server.http, name="Ann")
    with shared_server.socket(room["code"]) as ws:
        ws.send({"type": "chat", "text": "hi"})
        assert ws.error()["code"] == "hello_first"


@pytest.fixture(scope="module")
def slow_chat_server(tmp_path_factory):
    """A burst of 55 lines per connection, and no refill during the test."""
    path = tmp_path_factory.mktemp("chat") / "paddock.db"
    settings = settings_for(
        f"sqlite:///{path}", chat_burst=55, chat_refill_seconds=3600, chat_address_limit="100/minute"
    )
    with LiveServer(settings) as live:
        yield live


def test_flood_control_is_per_connection_and_the_last_fifty_lines_come_at_sync(slow_chat_server):
    server = slow_chat_server
    room = create_room(server.http, name="Ann")
    code = room["code"]
    with greeted(server, code, room["token"]) as ann, greeted(server, code) as fan:
        for n in range(55):
            ann.send({"type": "chat", "text": f"line {n}"})
            assert ann.wait_for(is_chat)["text"] == f"line {n}"
        ann.send({"type": "chat", "text": "one too many"})
        error = ann.error()
        assert error["code"] == "chat_slow" and error["params"]["retry_after"] >= 1
        # Another connection has its own allowance.
        fan.send({"type": "chat", "text": "still fine"})
        said(ann, "still fine")
    with server.socket(code) as late:
        late.hello(room["token"])
        kinds = []
        while "chat_history" not in kinds:
            kinds.append(late.recv()["type"])
        assert "room" in kinds and kinds.index("room") < kinds.index("chat_history")
        history = late.received[-1]["messages"]
        assert [m["text"] for m in history] == [f"line {n}" for n in range(6, 55)] + ["still fine"]


def test_host_turns_spectator_chat_off_and_back_on(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann")
    friend = join(http, room["code"], "Bo")
    code = room["code"]
    with greeted(shared_server, code, room["token"]) as ann, greeted(shared_server, code) as fan:
        refused = http.post(
            f"/api/rooms/{code}/chat", json={"spectators": False}, headers=bearer(friend["token"])
        )
        assert refused.status_code == 403 and refused.json()["code"] == "not_host"
        summary = http.post(
            f"/api/rooms/{code}/chat", json={"spectators": False}, headers=bearer(room["token"])
        )
        assert summary.json()["chat"]["spectators"] is False
        notice = fan.wait_for(lambda m: m["type"] == "notice")
        assert notice["e"] == "spectator_chat" and notice["on"] is False
        fan.send({"type": "chat", "text": "let me talk"})
        assert fan.error()["code"] == "chat_off"
        ann.send({"type": "chat", "text": "players still can"})
        said(fan, "players still can")
        http.post(f"/api/rooms/{code}/chat", json={"spectators": True}, headers=bearer(room["token"]))
        fan.wait_for(lambda m: m["type"] == "notice" and m["on"] is True)
        fan.send({"type": "chat", "text": "thanks"})
        said(ann, "thanks")


def test_host_mutes_a_player_and_a_spectator(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann")
    friend = join(http, room["code"], "Bo")
    code = room["code"]
    with (
        greeted(shared_server, code, room["token"]) as ann,
        greeted(shared_server, code, friend["token"]) as bo,
        greeted(shared_server, code) as fan,
    ):
        fan.send({"type": "chat", "text": "spam"})
        spectator = ann.wait_for(is_chat)["from"]
        for sender in ("seat:1", spectator):
            response = http.post(
                f"/api/rooms/{code}/chat/mute", json={"from": sender}, headers=bearer(room["token"])
            )
            assert sender in response.json()["chat"]["muted"]
        bo.send({"type": "chat", "text": "hey"})
        assert bo.error()["code"] == "chat_muted"
        fan.send({"type": "chat", "text": "more spam"})
        assert fan.error()["code"] == "chat_muted"
        ann.send({"type": "chat", "text": "quiet now"})
        said(bo, "quiet now")
        # The mute of a seat survives a reconnect; unmuting lets them talk again.
        bo.close()
        with greeted(shared_server, code, friend["token"]) as bo_again:
            bo_again.send({"type": "chat", "text": "back"})
            assert bo_again.error()["code"] == "chat_muted"
            http.post(
                f"/api/rooms/{code}/chat/mute",
                json={"from": "seat:1", "muted": False},
                headers=bearer(room["token"]),
            )
            bo_again.wait_for(lambda m: m["type"] == "notice" and m["e"] == "unmuted")
            bo_again.send({"type": "chat", "text": "back"})
            said(ann, "back")
        bad = http.post(
            f"/api/rooms/{code}/chat/mute", json={"from": "nobody"}, headers=bearer(room["token"])
        )
        assert bad.status_code == 400


def test_chat_works_after_the_end(shared_server):
    """The replay page chats on the finished room's socket."""
    room, _ = finished_room_with_a_friend_and_a_bot(shared_server)
    with greeted(shared_server, room["code"], room["token"]) as ann:
        ann.send({"type": "chat", "text": "gg"})
        said(ann, "gg")
