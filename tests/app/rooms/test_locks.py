"""Room locks (issue 13): `RoomCore.locks` kept an entry for every room code named in a request,
made-up ones included, forever (5,000 requests with 10,000-character codes cost 40-51 MB).
Now a code that cannot be a room code is refused before anything, and a lock entry lives only
while someone holds or waits for it. Memory numbers: bench/locks_memory.py."""

from __future__ import annotations

import asyncio
import secrets

import pytest

from app.rooms.errors import RoomError
from app.rooms.locks import RoomLocks
from tests.utils.live_server import LiveServer, bearer, create_room

from ..conftest import settings_for


def test_a_lock_entry_lives_only_while_held_or_awaited():
    async def scenario():
        locks = RoomLocks()
        order = []
        async with locks["abc"]:
            assert len(locks) == 1 and locks["abc"].locked()

            async def waiter(name):
                async with locks["abc"]:
                    order.append(name)

            tasks = [asyncio.create_task(waiter(n)) for n in ("a", "b")]
            await asyncio.sleep(0)
            assert len(locks) == 1  # one entry, shared by the holder and both waiters
            order.append("holder")
        await asyncio.gather(*tasks)
        assert order == ["holder", "a", "b"]
        assert len(locks) == 0 and "abc" not in locks

    asyncio.run(scenario())


def test_a_cancelled_waiter_leaves_no_entry():
    async def scenario():
        locks = RoomLocks()
        async with locks["abc"]:

            async def waiter():
                async with locks["abc"]:
                    pass

            task = asyncio.create_task(waiter())
            await asyncio.sleep(0)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
        assert len(locks) == 0

    asyncio.run(scenario())


@pytest.mark.parametrize("code", ["x" * 10_000, "", "a/b", "é", "room code", "a" * 41])
def test_a_code_that_cannot_be_a_room_is_refused_before_a_lock_is_made(code):
    locks = RoomLocks()
    with pytest.raises(RoomError) as refused:
        locks[code]
    assert refused.value.code == "not_found" and len(locks) == 0


def test_requests_naming_made_up_rooms_leave_no_lock_entries(tmp_path):
    """The finding, over HTTP: join, start, bots, leave and seat calls with made-up codes."""
    settings = settings_for(f"sqlite:///{tmp_path / 'paddock.db'}", rate_limits=False)
    with LiveServer(settings) as live:
        http = live.http
        host = create_room(http)["token"]
        auth = bearer(host)
        for number in range(60):
            code = ("x" * 10_000) if number % 2 else secrets.token_urlsafe(12)
            for method, path in (
                ("POST", f"/api/rooms/{code}/join"),
                ("POST", f"/api/rooms/{code}/start"),
                ("POST", f"/api/rooms/{code}/bots"),
                ("POST", f"/api/rooms/{code}/leave"),
                ("POST", f"/api/rooms/{code}/seats/1/bot"),
                ("DELETE", f"/api/rooms/{code}/seats/1"),
                ("GET", f"/api/rooms/{code}"),
            ):
                response = http.request(method, path, headers=auth, json={} if method == "POST" else None)
                assert response.status_code == 404, (path[:80], response.text)
                assert response.json()["code"] == "not_found"
        assert len(live.rooms.locks) == 0
        with live.socket("y" * 1000) as ws:  # (the socket server caps request lines at 8 KiB)
            assert ws.recv()["code"] == "not_found"
        assert len(live.rooms.locks) == 0
