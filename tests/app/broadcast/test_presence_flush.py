"""Presence survives a Redis restart (issue 13): presence used to be written only on connect and
disconnect, so after Redis came back empty each process saw only its own sockets and the host
could hand a connected player's seat to a bot. Each heartbeat now re-asserts the process's own
presence, and until every process has had a heartbeat since the loss no seat is handed away.

Real Redis; "restart" = deleting every key of the test's own prefix (never FLUSHALL)."""

from __future__ import annotations

import asyncio
import time
import uuid

import pytest

from app.broadcast.redis import RedisBroadcast
from tests.utils.live_server import LiveServer, bearer, create_room, join, start

from ..conftest import delete_redis_prefix, settings_for

pytestmark = pytest.mark.redis


def forget_everything(url: str, prefix: str) -> int:
    """What Redis restarting empty does to this prefix: every key gone."""
    return delete_redis_prefix(url, prefix)


def wait_until(check, timeout: float = 20.0, what: str = "condition"):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_heartbeat_re_asserts_this_process_s_presence(redis_url, redis_prefix):
    async def scenario():
        a, b = RedisBroadcast(redis_url, 8, redis_prefix), RedisBroadcast(redis_url, 8, redis_prefix)
        await a.connect()
        await b.connect()
        try:
            await a.set_present("r1", "ann", True)
            await a.set_present("r1", "gone", True)
            await a.set_present("r1", "gone", False)
            assert await b.present("r1", set()) == {"ann"}
            assert await b.presence_settled()  # a fresh store: nothing was lost
            assert forget_everything(redis_url, redis_prefix) > 0
            assert await b.present("r1", set()) == set()  # lost...
            assert not await b.presence_settled()  # ...and known to be lost
            await a._beat()  # a's next heartbeat
            assert await b.present("r1", set()) == {"ann"}  # back, and only what is still present
            assert not await b.presence_settled()  # the others may not have beaten yet
        finally:
            await a.disconnect()
            await b.disconnect()

    asyncio.run(scenario())


def test_after_a_redis_restart_a_connected_player_s_seat_is_never_handed_to_a_bot(redis_url, tmp_path):
    """Two processes on one database and Redis: Bo is connected to A; the host asks B."""
    prefix = f"ptest:{uuid.uuid4().hex[:12]}:"
    url = f"sqlite:///{tmp_path / 'paddock.db'}"
    # No grace period here: once Bo is really gone, the seat may go at once (app.rooms.seats).
    settings = dict(broadcast_url=redis_url, broadcast_prefix=prefix, seat_grace_seconds=0)
    try:
        run_restart_scenario(settings, url, prefix, redis_url)
    finally:
        forget_everything(redis_url, prefix)


def run_restart_scenario(settings, url, prefix, redis_url):
    with LiveServer(settings_for(url, **settings)) as a, LiveServer(settings_for(url, **settings)) as b:
        for server in (a, b):
            server.rooms.broadcast.heartbeat_seconds = 0.2
        beats = a.rooms.broadcast.beats
        wait_until(lambda: a.rooms.broadcast.beats >= beats + 2, what="A's heartbeat at its new pace")
        room = create_room(b.http, name="Ann")
        code = room["code"]
        bo = join(b.http, code, "Bo")
        start(b.http, code, room["token"])
        with a.socket(code) as bo_socket:
            bo_socket.hello(bo["token"])
            bo_socket.state()
            wait_until(
                lambda: b.http.get(f"/api/rooms/{code}").json()["seats"][1]["connected"],
                what="B to see Bo connected",
            )
            assert forget_everything(redis_url, prefix) > 0
            answer = b.http.post(f"/api/rooms/{code}/seats/1/bot", headers=bearer(room["token"]))
            assert answer.status_code in (409, 503), answer.text
            if answer.status_code == 503:
                body = answer.json()
                assert body["code"] == "presence_unknown" and answer.headers["Retry-After"] == "10"
                assert body["message"].startswith("Who is connected is being checked again")
            # A's heartbeat puts Bo back: B sees Bo connected again...
            wait_until(
                lambda: b.http.get(f"/api/rooms/{code}").json()["seats"][1]["connected"],
                what="Bo's presence re-asserted",
            )
            # ...and from then on the answer is the plain "still connected".
            answer = wait_until(
                lambda: (
                    (
                        r := b.http.post(f"/api/rooms/{code}/seats/1/bot", headers=bearer(room["token"]))
                    ).status_code
                    == 409
                    and r
                ),
                what="presence settled",
            )
            assert answer.json()["code"] == "seat_in_use"
            summary = b.http.get(f"/api/rooms/{code}").json()
            assert summary["seats"][1]["bot"] is False and summary["seats"][1]["name"] == "Bo"
        # Once Bo is really gone, the host may hand the seat over.
        wait_until(
            lambda: not b.http.get(f"/api/rooms/{code}").json()["seats"][1]["connected"],
            what="Bo's socket closed",
        )
        answer = b.http.post(f"/api/rooms/{code}/seats/1/bot", headers=bearer(room["token"]))
        assert answer.status_code == 200 and answer.json()["seats"][1]["bot"] is True
