"""The in-memory broadcast: every subscriber of a channel gets each payload; a slow one is resynced."""

import asyncio

from app.broadcast import RESYNC, MemoryBroadcast, make_broadcast


def test_payloads_reach_each_subscriber_of_the_channel_only():
    async def scenario():
        hub = MemoryBroadcast(queue_size=8)
        first, second, other = hub.subscribe("room:a"), hub.subscribe("room:a"), hub.subscribe("room:b")
        await hub.publish("room:a", {"kind": "state", "v": 1})
        assert await first.get() == {"kind": "state", "v": 1}
        assert await second.get() == {"kind": "state", "v": 1}
        assert other.queue.empty()
        hub.unsubscribe(first)
        await hub.publish("room:a", {"kind": "state", "v": 2})
        assert first.queue.empty() and (await second.get())["v"] == 2
        hub.unsubscribe(second)
        hub.unsubscribe(other)
        assert hub.subscribers == {}

    asyncio.run(scenario())


def test_a_slow_subscriber_is_bounded_and_told_to_resync():
    async def scenario():
        hub = MemoryBroadcast(queue_size=4)
        slow = hub.subscribe("room:a")
        for v in range(100):
            await hub.publish("room:a", {"kind": "state", "v": v})
        assert slow.queue.qsize() <= 4 and slow.resyncs > 0
        drained = [slow.queue.get_nowait() for _ in range(slow.queue.qsize())]
        assert RESYNC in drained
        assert drained[-1]["v"] == 99  # nothing newer is lost: the resync reloads, later payloads follow

    asyncio.run(scenario())


def test_backend_is_chosen_by_url():
    assert isinstance(make_broadcast("memory://", 8), MemoryBroadcast)
    try:
        make_broadcast("carrier-pigeon://x", 8)
    except ValueError as exc:
        assert "BROADCAST_URL" in str(exc)
    else:
        raise AssertionError("an unknown backend must be refused")
