"""Chat lines and the rematch reach sockets held by another server process (PostgreSQL + Redis)."""

from __future__ import annotations

import pytest

from tests.app.conftest import settings_for
from tests.app.group.toy import finished_room_with_a_friend_and_a_bot
from tests.utils.live_server import LiveServer, bearer

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


def test_chat_and_rematch_cross_processes(postgres_url, redis_url, redis_prefix):
    settings = settings_for(postgres_url, broadcast_url=redis_url, broadcast_prefix=redis_prefix)
    with LiveServer(settings) as a, LiveServer(settings) as b:
        room, friend = finished_room_with_a_friend_and_a_bot(a)
        code = room["code"]
        with a.socket(code) as ann, b.socket(code) as bo, b.socket(code) as fan:
            for ws, token in ((ann, room["token"]), (bo, friend["token"]), (fan, None)):
                ws.hello(token)
                ws.wait_for(lambda m: m["type"] == "chat_history")
            fan.send({"type": "chat", "text": "from process b"})
            line = ann.wait_for(lambda m: m["type"] == "chat")
            assert line["text"] == "from process b" and line["seat"] is None
            new = a.http.post(f"/api/rooms/{code}/rematch", headers=bearer(room["token"])).json()["code"]
            message = bo.wait_for(lambda m: m["type"] == "rematch")
            assert message["code"] == new and message["seat"] == 1 and message["token"]
            assert "token" not in fan.wait_for(lambda m: m["type"] == "rematch")
        summary = b.http.get(f"/api/rooms/{new}").json()
        assert [s["name"] for s in summary["seats"]] == ["Ann", "Bo", "Bot 1"]
