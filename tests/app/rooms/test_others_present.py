"""Who other processes have connected (app.rooms.publish.OthersPresent): read from Redis once
while nothing changes, read again when another process reports a change on the room's channel."""

from __future__ import annotations

import pytest

from app.rooms.publish import OthersPresent
from tests.app.conftest import settings_for
from tests.utils.live_server import LiveServer, create_room, join


def test_a_read_under_way_when_the_room_is_cleared_is_not_kept():
    others = OthersPresent(max_age=2.0)
    others.keep("AAAA", ({"x"}, 3), read_at=10.0)
    assert others.get("AAAA", 11.0) == ({"x"}, 3)
    assert others.get("AAAA", 12.0) is None  # too old: read again
    others.heard("AAAA", 13.0)  # another process spoke while a read started at 12.5 was out
    others.keep("AAAA", ({"x"}, 3), read_at=12.5)
    assert others.get("AAAA", 13.5) is None
    others.keep("AAAA", ({"x", "y"}, 4), read_at=14.0)
    assert others.get("AAAA", 14.5) == ({"x", "y"}, 4)


def test_only_the_newest_rooms_are_kept():
    others = OthersPresent(rooms=2)
    for i, code in enumerate(("AAAA", "BBBB", "CCCC")):
        others.keep(code, ({code}, i), read_at=float(i))
    assert others.get("AAAA", 2.0) is None
    assert others.get("BBBB", 2.0) == ({"BBBB"}, 1) and others.get("CCCC", 2.0) == ({"CCCC"}, 2)


def connected(server: LiveServer, code: str) -> list[bool]:
    return [seat["connected"] for seat in server.http.get(f"/api/rooms/{code}").json()["seats"]]


@pytest.mark.postgres
@pytest.mark.redis
def test_a_seat_arriving_on_another_process_shows_although_this_one_had_read_who_is_in(
    postgres_url, redis_url, redis_prefix
):
    settings = settings_for(postgres_url, broadcast_url=redis_url, broadcast_prefix=redis_prefix)
    with LiveServer(settings) as a, LiveServer(settings) as b:
        host = create_room(a.http, "toy", "Ann")
        code = host["code"]
        friend = join(a.http, code, "Bo")
        publisher = a.rooms.publisher
        reads = []
        read = publisher.broadcast.others_present_counted

        async def counted(room):
            reads.append(room)
            return await read(room)

        publisher.broadcast.others_present_counted = counted
        with a.socket(code) as fan:  # process a hears the room's channel from now on
            fan.hello(None)
            fan.wait_for(lambda m: m["type"] == "chat_history")
            assert connected(a, code) == [False, False]
            before = len(reads)
            assert connected(a, code) == [False, False]
            assert len(reads) == before  # nothing changed: not read again
            with b.socket(code) as bo:
                bo.hello(friend["token"])
                fan.wait_for(lambda m: m["type"] == "room" and m["seats"][1]["connected"])
                assert connected(a, code) == [False, True]
                assert len(reads) > before
            fan.wait_for(lambda m: m["type"] == "room" and not m["seats"][1]["connected"])
            assert connected(a, code) == [False, False]
