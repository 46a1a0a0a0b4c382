"""Per-room channels on the real Redis (issue 19, item 6): a process SUBSCRIBEs a room's channel
on its first local subscriber and UNSUBSCRIBEs it on its last, so it never reads another room's
messages; a subscriber is confirmed only once Redis has the subscription, and misses nothing
published after that; a dropped connection or a restarted Redis resubscribes every live channel
and resyncs its subscribers.

"Restarted Redis" is a private redis-server on a free loopback port, stopped and started again,
so the machine's shared Redis is left alone."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import subprocess
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import redis

from app.broadcast import RESYNC
from app.broadcast.redis import RedisBroadcast

from .test_redis import _kill_client

pytestmark = pytest.mark.redis


async def _get(subscription, timeout=5.0):
    async with asyncio.timeout(timeout):
        return await subscription.get()


async def _until(check, what: str, timeout: float = 10.0):
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.01)
    return True


@contextlib.asynccontextmanager
async def _two_processes(
    url: str, prefix: str
) -> AsyncIterator[tuple[RedisBroadcast, RedisBroadcast, redis.Redis]]:
    """Two connected backends (two processes' worth) on one prefix, and a plain client."""
    a, b = RedisBroadcast(url, 8, prefix), RedisBroadcast(url, 8, prefix)
    await a.connect()
    await b.connect()
    raw = redis.Redis.from_url(url)
    try:
        yield a, b, raw
    finally:
        raw.close()
        await a.disconnect()
        await b.disconnect()


def _numsub(client: redis.Redis, *channels: str) -> dict[str, int]:
    return {name.decode(): count for name, count in client.pubsub_numsub(*channels)}


def test_a_process_reads_only_the_channels_of_rooms_it_has_subscribers_for(redis_url, redis_prefix):
    async def scenario():
        x, y = f"{redis_prefix}room:x", f"{redis_prefix}room:y"
        async with _two_processes(redis_url, redis_prefix) as (a, b, raw):
            assert _numsub(raw, x, y) == {x: 0, y: 0}  # nobody listens to a room nobody watches
            first, second = b.subscribe("room:x"), b.subscribe("room:x")
            assert await b.wait_confirmed(first) and await b.wait_confirmed(second)
            # One Redis subscription for the process, however many local subscribers.
            assert _numsub(raw, x, y) == {x: 1, y: 0}
            assert {c.decode() for c in raw.pubsub_channels(f"{redis_prefix}*")} == {x}
            read = b.messages_read
            for v in range(20):
                await a.publish("room:y", {"kind": "state", "v": v})  # a busy room b does not serve
            await a.publish("room:x", {"kind": "state", "v": 1})
            assert (await _get(first))["v"] == 1 and (await _get(second))["v"] == 1
            assert b.messages_read == read + 1  # room y's messages never reached b
            # The last subscriber's end unsubscribes; until then the channel stays.
            b.unsubscribe(first)
            await asyncio.sleep(0)  # let the writer run: nothing to send, the channel is wanted
            await a.publish("room:x", {"kind": "state", "v": 2})
            assert (await _get(second))["v"] == 2
            assert _numsub(raw, x) == {x: 1}
            b.unsubscribe(second)
            await _until(lambda: _numsub(raw, x) == {x: 0}, "b to unsubscribe room x")
            assert raw.publish(x, b"{}") == 0  # reaches nobody
            assert b.live == set() and b.sent == set()

    asyncio.run(scenario())


def test_a_confirmed_subscriber_misses_nothing_published_after_it_however_the_channel_churns(
    redis_url, redis_prefix
):
    """Subscribe, unsubscribe and subscribe again in every order (the last subscriber leaving just
    before, or long before, the next one comes): once `wait_confirmed` says so, the very next
    message published by another process arrives."""

    async def scenario():
        name = f"{redis_prefix}room:churn"
        async with _two_processes(redis_url, redis_prefix) as (a, b, raw):
            previous = None
            for v in range(60):
                how = v % 4
                if previous is not None and how in (0, 1):
                    b.unsubscribe(previous)  # the channel's last subscriber goes...
                    if how == 1:  # ...and its UNSUBSCRIBE reaches Redis before the next one comes
                        await _until(lambda: _numsub(raw, name)[name] == 0, "the unsubscribe")
                subscription = b.subscribe("room:churn")
                assert await b.wait_confirmed(subscription)
                assert _numsub(raw, name)[name] == 1
                if previous is not None and how in (2, 3):
                    b.unsubscribe(previous)  # a newer subscriber stays: the channel must stay
                await a.publish("room:churn", {"kind": "state", "v": v})
                got = await _get(subscription)
                assert got == {"kind": "state", "v": v}, (v, how, got)
                previous = subscription

    asyncio.run(scenario())


def test_a_dropped_connection_resubscribes_the_live_channels_only_and_resyncs_them(redis_url, redis_prefix):
    async def scenario():
        live, gone = f"{redis_prefix}room:live", f"{redis_prefix}room:gone"
        async with _two_processes(redis_url, redis_prefix) as (a, b, raw):
            watcher, leaver = b.subscribe("room:live"), b.subscribe("room:gone")
            assert await b.wait_confirmed(watcher) and await b.wait_confirmed(leaver)
            b.unsubscribe(leaver)
            await _until(lambda: _numsub(raw, gone)[gone] == 0, "room gone unsubscribed")
            assert _kill_client(redis_url, b.listener_name) == 1
            # Once Redis confirms the channel again, its subscriber reloads (the gap is lost).
            assert await _get(watcher) is RESYNC
            assert watcher.confirmed and b.reconnects == 1
            assert _numsub(raw, live, gone) == {live: 1, gone: 0}
            await a.publish("room:live", {"kind": "state", "v": 5})
            assert (await _get(watcher))["v"] == 5
            assert watcher.queue.empty()  # one RESYNC, not one per message

    asyncio.run(scenario())


# ---- a Redis of our own, to restart --------------------------------------------------------


class PrivateRedis:
    """redis-server on 127.0.0.1:<free port>, without persistence: a restart comes back empty."""

    def __init__(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
            + ["--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis.from_url(self.url, socket_connect_timeout=1)
        deadline = time.monotonic() + 20
        try:
            while True:
                try:
                    client.ping()
                    return
                except redis.ConnectionError:
                    if time.monotonic() > deadline or self.process.poll() is not None:
                        raise
                    time.sleep(0.05)
        finally:
            client.close()

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(20)
            self.process = None


@pytest.fixture
def private_redis() -> Iterator[PrivateRedis]:
    server = PrivateRedis()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_after_redis_restarts_every_live_channel_is_subscribed_again_and_its_subscribers_resync(
    private_redis,
):
    async def scenario():
        a, b = RedisBroadcast(private_redis.url, 8, "p:"), RedisBroadcast(private_redis.url, 8, "p:")
        await a.connect()
        await b.connect()
        try:
            watcher = b.subscribe("room:r")
            assert await b.wait_confirmed(watcher)
            private_redis.stop()
            await _until(lambda: not b.listening.is_set(), "b to notice Redis went away")
            # A socket joining while Redis is away does not wait for a confirmation that cannot
            # come: it reads the room at once, and resyncs once Redis confirms its channel.
            newcomer = b.subscribe("room:n")
            assert not await b.wait_confirmed(newcomer)
            assert not watcher.confirmed
            private_redis.start()
            assert await _get(watcher, 30) is RESYNC
            assert await _get(newcomer, 30) is RESYNC
            raw = redis.Redis.from_url(private_redis.url)
            try:
                assert _numsub(raw, "p:room:r", "p:room:n") == {"p:room:r": 1, "p:room:n": 1}
            finally:
                raw.close()
            # The first publish after the restart meets a dead pooled connection: it is retried.
            await a.publish("room:r", {"kind": "state", "v": 1})
            await a.publish("room:n", {"kind": "state", "v": 2})
            assert (await _get(watcher))["v"] == 1 and (await _get(newcomer))["v"] == 2
        finally:
            await a.disconnect()
            await b.disconnect()

    asyncio.run(scenario())


def test_a_room_is_heard_only_from_its_confirmation_and_is_read_again_then(redis_url, redis_prefix):
    """`hears` (whether the room service may use the room from memory) is true only for a
    confirmed channel; each confirmation, first or after a drop, tells the service to forget
    what it held of the room, and another process's messages reach it before the sockets."""

    async def scenario():
        async with _two_processes(redis_url, redis_prefix) as (a, b, _raw):
            told: list[tuple[str, Any]] = []
            b.on_remote = lambda channel, payload: told.append((channel, payload))
            assert not b.hears("room:h")
            watcher = b.subscribe("room:h")
            assert not b.hears("room:h")  # subscribed here, not yet confirmed by Redis
            assert await b.wait_confirmed(watcher)
            assert b.hears("room:h") and told == [("room:h", RESYNC)]
            await a.publish("room:h", {"kind": "state", "v": 1})
            assert (await _get(watcher))["v"] == 1
            assert told[-1] == ("room:h", {"kind": "state", "v": 1})
            assert _kill_client(redis_url, b.listener_name) == 1
            assert await _get(watcher) is RESYNC
            assert b.hears("room:h") and told[-1] == ("room:h", RESYNC) and len(told) == 3
            b.unsubscribe(watcher)
            await _until(lambda: not b.hears("room:h"), "room h unheard")

    asyncio.run(scenario())
