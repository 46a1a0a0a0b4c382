"""A process whose Redis pub/sub connection is killed reconnects and resyncs its clients
from the database: an action taken on another process meanwhile is not lost to them."""

from __future__ import annotations

import time

import orjson
import pytest
import redis

from tests.app.conftest import settings_for
from tests.utils.live_server import LiveServer, create_room, join, start

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


def told_again(got: list[dict]) -> bool:
    """A client resynced has been sent the room and a state (in either order: the newest one
    may come through Redis before the resync's room)."""
    return {"room", "state"} <= {m["type"] for m in got}


def _kill(url: str, name: str) -> int:
    client = redis.Redis.from_url(url)
    try:
        ids = [c["id"] for c in client.client_list() if c.get("name") == name]
        return sum(bool(client.client_kill_filter(_id=i)) for i in ids)
    finally:
        client.close()


def test_a_killed_subscriber_connection_comes_back_and_its_clients_resync(
    postgres_url, redis_url, redis_prefix
):
    settings = settings_for(postgres_url, broadcast_url=redis_url, broadcast_prefix=redis_prefix)
    with LiveServer(settings) as a, LiveServer(settings) as b:
        host = create_room(a.http, game="toy", name="Ann")
        code = host["code"]
        bo = join(a.http, code, "Bo")
        start(a.http, code, host["token"])
        with a.socket(code) as ann, b.socket(code) as fan:
            ann.hello(host["token"])
            fan.hello()
            assert ann.state()["v"] == 0 and fan.state()["v"] == 0
            fan.drain(0.2)
            listener = b.rooms.broadcast
            assert _kill(redis_url, listener.listener_name) == 1
            # Meanwhile an action on process A: B may miss its broadcast while reconnecting.
            ann.send({"type": "act", "v": 0, "action": {"type": "pick", "n": 2}})
            assert ann.state(v=1)["v"] == 1
            end = time.monotonic() + 10
            while listener.reconnects < 1 and time.monotonic() < end:
                time.sleep(0.05)
            assert listener.reconnects == 1
            # B's spectator is told the whole room again and has the newest state either way.
            got = fan.until(told_again)
            assert [m for m in got if m["type"] == "state"][-1]["v"] == 1
            # And B listens again: the next action reaches its client through Redis.
            with b.socket(code) as bob:
                bob.hello(bo["token"])
                bob.state(v=1)
                bob.send({"type": "act", "v": 1, "action": {"type": "pick", "n": 1}})
            assert fan.state(v=2)["v"] == 2


def test_a_client_whose_version_jumps_reloads_from_the_database(postgres_url, redis_url, redis_prefix):
    """Updates v+1..v+2 were lost: the next one (v+3) is not trusted, the room is reloaded."""
    settings = settings_for(postgres_url, broadcast_url=redis_url, broadcast_prefix=redis_prefix)
    with LiveServer(settings) as server:
        host = create_room(server.http, game="toy", name="Ann")
        code = host["code"]
        join(server.http, code, "Bo")
        start(server.http, code, host["token"])
        with server.socket(code) as fan:
            fan.hello()
            assert fan.state()["v"] == 0
            fan.drain(0.2)
            publisher = redis.Redis.from_url(redis_url)
            try:
                payload = {"kind": "state", "v": 3, "state": {"not": "what the database holds"}}
                assert publisher.publish(f"{redis_prefix}room:{code}", orjson.dumps(payload)) == 1
            finally:
                publisher.close()
            got = fan.until(told_again)
            states = [m for m in got if m["type"] == "state"]
            assert [m["v"] for m in states] == [0]  # the stored state, sent again
            assert states[0]["view"]["to_act"] == [0, 1]
