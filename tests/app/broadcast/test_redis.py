"""The Redis fan-out on the real Redis: across two backends (two processes), presence shared,
and a dropped pub/sub connection comes back and resyncs every local subscriber."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
import redis

from app.broadcast import RESYNC, make_broadcast
from app.broadcast.redis import PRESENCE_TTL_SECONDS, PROCESS_TTL_SECONDS, RedisBroadcast

pytestmark = pytest.mark.redis


async def _get(subscription, timeout=5.0):
    async with asyncio.timeout(timeout):
        return await subscription.get()


@contextlib.asynccontextmanager
async def two_processes(redis_url, redis_prefix, hearing: str):
    """Two connected backends (two processes): a publishes, b listens to `hearing`."""
    a, b = RedisBroadcast(redis_url, 8, redis_prefix), RedisBroadcast(redis_url, 64, redis_prefix)
    await a.connect()
    await b.connect()
    try:
        heard = b.subscribe(hearing)
        assert await b.wait_confirmed(heard)
        yield a, heard
    finally:
        await a.disconnect()
        await b.disconnect()


def test_redis_url_picks_the_redis_backend(redis_url, redis_prefix):
    assert isinstance(make_broadcast(redis_url, 8, redis_prefix), RedisBroadcast)


def test_a_message_published_by_one_process_reaches_the_subscribers_of_another(redis_url, redis_prefix):
    async def scenario():
        a, b = RedisBroadcast(redis_url, 8, redis_prefix), RedisBroadcast(redis_url, 8, redis_prefix)
        other = RedisBroadcast(redis_url, 8, redis_prefix + "other:")
        for backend in (a, b, other):
            await backend.connect()
        try:
            on_b = b.subscribe("room:x")
            on_a = a.subscribe("room:x")
            elsewhere = b.subscribe("room:y")
            foreign = other.subscribe("room:x")
            for backend, subscription in ((b, on_b), (a, on_a), (b, elsewhere), (other, foreign)):
                assert await backend.wait_confirmed(subscription)
            await a.publish("room:x", {"kind": "state", "v": 3})
            assert await _get(on_b) == {"kind": "state", "v": 3}
            assert await _get(on_a) == {"kind": "state", "v": 3}
            await asyncio.sleep(0.2)
            assert elsewhere.queue.empty() and foreign.queue.empty()  # other room, other prefix
            b.unsubscribe(on_b)
            await a.publish("room:x", {"kind": "state", "v": 4})
            assert (await _get(on_a))["v"] == 4
            assert on_b.queue.empty()
        finally:
            for backend in (a, b, other):
                await backend.disconnect()

    asyncio.run(scenario())


def test_publishes_issued_together_go_out_in_one_pipeline_in_their_order(redis_url, redis_prefix):
    """The rooms of one group commit publish together: one pipeline to Redis, and the other
    process hears every message in the order it was published."""

    async def scenario():
        async with two_processes(redis_url, redis_prefix, "room:x") as (a, heard):
            pipelines = 0
            pipeline = a.sender_client.pipeline

            def counted(*args, **options):
                nonlocal pipelines
                pipelines += 1
                return pipeline(*args, **options)

            a.sender_client.pipeline = counted
            await asyncio.gather(*(a.publish("room:x", {"kind": "state", "v": v}) for v in range(20)))
            got = [(await _get(heard))["v"] for _ in range(20)]
            return pipelines, got, a.outbox

    pipelines, got, outbox = asyncio.run(scenario())
    assert pipelines == 1 and got == list(range(20)) and outbox == []


def test_a_round_of_publishes_that_redis_does_not_answer_is_given_up_at_its_deadline(redis_url, redis_prefix):
    """The publishing client has no per-command timeout (redis-py's costs a task per command):
    one deadline bounds each round, so a Redis that stops answering never holds a publisher
    for ever; the connection cut off mid-round is dropped, and publishing goes on after."""

    async def scenario():
        held = []

        async def silent(reader, writer):  # reads every command, answers none
            held.append(writer)
            while await reader.read(65536):
                pass

        server = await asyncio.start_server(silent, "127.0.0.1", 0)
        silent_port = server.sockets[0].getsockname()[1]
        async with two_processes(redis_url, redis_prefix, "room:late") as (a, heard):
            try:
                return await cut_off_and_back(a, heard, silent_port)
            finally:
                server.close()
                for writer in held:  # a round still waiting there ends now
                    writer.close()

    async def cut_off_and_back(a, heard, silent_port):
        pool = a.sender_client.connection_pool
        real_port = pool.connection_kwargs["port"]
        await pool.disconnect()
        pool.connection_kwargs["port"] = silent_port
        a.publish_seconds = 0.3
        started = asyncio.get_running_loop().time()
        await asyncio.wait_for(a.publish("room:late", {"kind": "state", "v": 1}), 10)
        waited = asyncio.get_running_loop().time() - started
        assert not any(c.is_connected for c in pool._available_connections), "cut off: dropped"
        pool.connection_kwargs["port"] = real_port
        pool.reset()  # new connections, to Redis again
        await a.publish("room:late", {"kind": "state", "v": 2})
        return waited, (await _get(heard))["v"], a.outbox

    waited, v, outbox = asyncio.run(scenario())
    assert 0.3 <= waited < 10
    assert v == 2
    assert outbox == []


def test_presence_is_shared_between_processes_and_ends_with_the_process(redis_url, redis_prefix):
    async def scenario():
        a, b = RedisBroadcast(redis_url, 8, redis_prefix), RedisBroadcast(redis_url, 8, redis_prefix)
        await a.connect()
        await b.connect()
        try:
            await a.set_present("r1", "ann", True)
            assert await b.present("r1", {"bo"}) == {"ann", "bo"}
            assert await b.present("r2", set()) == set()
            await a.set_present("r1", "ann", False)
            assert await b.present("r1", set()) == set()
            await a.set_present("r1", "ann", True)
        finally:
            await a.disconnect()  # its heartbeat key goes: its sockets no longer count
        try:
            assert await b.present("r1", set()) == set()
        finally:
            await b.disconnect()

    asyncio.run(scenario())


def test_presence_is_read_in_one_round_trip_and_a_dead_processs_fields_are_deleted(redis_url, redis_prefix):
    """A process whose alive key is gone (it died: no disconnect) no longer counts, and the
    one read that finds it so deletes its fields; a live process's members stay."""

    async def scenario():
        a, b = RedisBroadcast(redis_url, 8, redis_prefix), RedisBroadcast(redis_url, 8, redis_prefix)
        await a.connect()
        await b.connect()
        raw = redis.asyncio.Redis.from_url(redis_url)
        try:
            await a.set_present("r1", "ann", True)
            await b.set_present("r1", "bo", True)
            assert await a.present("r1", {"ann"}) == {"ann", "bo"}
            assert await a.others_present("r1") == {"bo"}  # its own come from its sockets
            await raw.delete(a._alive_key(a.process_id))  # a dies without a word
            sent: list[str] = []
            execute = b.client.execute_command

            async def counted(*args, **options):
                sent.append(str(args[0]))
                return await execute(*args, **options)

            b.client.execute_command = counted
            assert await b.present("r1", {"bo"}) == {"bo"}
            b.client.execute_command = execute
            fields = {f.decode() for f in await raw.hkeys(f"{redis_prefix}presence:r1")}
            return sent, fields, b.process_id
        finally:
            await raw.aclose()
            await a.disconnect()
            await b.disconnect()

    sent, fields, b_id = asyncio.run(scenario())
    assert sent == ["EVALSHA"], "one command per read"
    assert fields == {f"{b_id}|bo", "#"}, "the dead process's field is gone, the count of changes stays"


def test_a_room_s_changes_of_presence_are_counted_over_every_process(redis_url, redis_prefix):
    """The count a summary carries (app.rooms.publish): each arrival and departure, on any
    process, counts one; a read returns it with the members, in the same round trip."""

    async def scenario():
        a, b = RedisBroadcast(redis_url, 8, redis_prefix), RedisBroadcast(redis_url, 8, redis_prefix)
        await a.connect()
        await b.connect()
        try:
            reads = [await a.others_present_counted("counted")]
            await a.set_present("counted", "ann", True)
            reads.append(await a.others_present_counted("counted"))
            await b.set_present("counted", "bo", True)
            reads.append(await a.others_present_counted("counted"))
            await b.set_present("counted", "bo", False)
            reads.append(await a.others_present_counted("counted"))
            reads.append(await b.others_present_counted("counted"))
            reads.append(await b.others_present_counted("uncounted"))
            return reads
        finally:
            await a.disconnect()
            await b.disconnect()

    expected = [(set(), 0), (set(), 1), ({"bo"}, 2), (set(), 3), ({"ann"}, 3), (set(), 0)]
    assert asyncio.run(scenario()) == expected


def test_every_presence_key_expires_unless_a_live_process_renews_it(redis_url, redis_prefix):
    """A site that stops (or a test run) leaves no key for good: the presence hashes and the
    presence-since mark carry an expiry, renewed by each heartbeat while a process lives."""

    async def scenario():
        a = RedisBroadcast(redis_url, 8, redis_prefix)
        await a.connect()
        try:
            await a.set_present("r1", "ann", True)
            await a.set_present("r2", "bo", True)
            await a._beat()
            return await _ttls(redis_url, redis_prefix)
        finally:
            await a.disconnect()

    async def _ttls(url, prefix):
        client = redis.asyncio.Redis.from_url(url)
        try:
            return {key.decode(): await client.ttl(key) async for key in client.scan_iter(f"{prefix}*")}
        finally:
            await client.aclose()

    ttls = asyncio.run(scenario())
    wanted = {f"{redis_prefix}{name}" for name in ("presence:r1", "presence:r2", "presence-since")}
    assert wanted <= set(ttls), ttls
    # -1 would be "no expiry"; the heartbeat key keeps its own shorter TTL.
    assert all(0 < ttl <= max(PRESENCE_TTL_SECONDS, PROCESS_TTL_SECONDS) for ttl in ttls.values()), ttls
    assert PRESENCE_TTL_SECONDS > PROCESS_TTL_SECONDS  # a live process's keys never lapse between beats


def test_a_dropped_subscriber_connection_reconnects_and_resyncs_every_local_subscriber(
    redis_url, redis_prefix
):
    async def scenario():
        backend = RedisBroadcast(redis_url, 8, redis_prefix)
        await backend.connect()
        try:
            first, second = backend.subscribe("room:a"), backend.subscribe("room:b")
            assert await backend.wait_confirmed(first) and await backend.wait_confirmed(second)
            killed = _kill_client(redis_url, backend.listener_name)
            assert killed == 1
            assert await _get(first) is RESYNC and await _get(second) is RESYNC
            assert backend.reconnects == 1
            # And it listens again: later messages arrive.
            await backend.publish("room:a", {"kind": "state", "v": 9})
            assert (await _get(first))["v"] == 9
        finally:
            await backend.disconnect()

    asyncio.run(scenario())


def _kill_client(url: str, name: str) -> int:
    """CLIENT KILL the connection with that client name; returns how many were killed."""
    client = redis.Redis.from_url(url)
    try:
        ids = [c["id"] for c in client.client_list() if c.get("name") == name]
        return sum(bool(client.client_kill_filter(_id=i)) for i in ids)
    finally:
        client.close()
