"""app.rooms.shared_reads: the callers of a read in flight share it only when they have heard
the room's channel since before it started; the sockets of a room saying hello together read
its state and log, and its chat history, once."""

from __future__ import annotations

import asyncio
import time

import pytest

from app import metrics
from app.rooms.shared_reads import SharedReads
from tests.app.rooms.test_pipeline import game, run, service_on


class Clock:
    def __init__(self) -> None:
        self.now = 10.0

    def __call__(self) -> float:
        return self.now


def test_callers_that_heard_the_channel_before_a_read_started_share_it_the_others_read_again():
    clock = Clock()
    reads = SharedReads[int](clock)
    started: list[int] = []
    gate = asyncio.Event()

    async def read() -> int:
        n = len(started)
        started.append(n)
        await gate.wait()
        return n

    async def scenario():
        first = asyncio.ensure_future(reads.read("ROOM", 9.0, read))  # starts a read at 10.0
        await asyncio.sleep(0)
        heard_before = asyncio.ensure_future(reads.read("ROOM", 10.0, read))  # joins it
        not_listening = asyncio.ensure_future(reads.read("ROOM", None, read))  # an HTTP caller
        await asyncio.sleep(0)
        clock.now = 11.0
        heard_after = asyncio.ensure_future(reads.read("ROOM", 10.5, read))  # the newest read: 10.0
        other_room = asyncio.ensure_future(reads.read("OTHER", 9.0, read))
        await asyncio.sleep(0)
        gate.set()
        return await asyncio.gather(first, heard_before, not_listening, heard_after, other_room)

    results = asyncio.run(scenario())
    # Four reads: the first's (shared by heard_before, who heard the channel from 10.0, when
    # it started), the HTTP caller's own, heard_after's own (the read in flight started at
    # 10.0, before it heard the channel at 10.5), the other room's.
    assert len(started) == 4
    assert results[0] == results[1] and len({results[0], results[2], results[3]}) == 3
    assert reads.flights == {}, "finished reads are not kept"


def test_a_failed_read_fails_every_caller_sharing_it_and_a_cancelled_caller_leaves_it_running():
    reads = SharedReads[int](Clock())
    gate = asyncio.Event()
    calls = 0

    async def failing() -> int:
        nonlocal calls
        calls += 1
        await gate.wait()
        raise LookupError("no such room")

    async def scenario():
        callers = [asyncio.ensure_future(reads.read("ROOM", 1.0, failing)) for _ in range(3)]
        await asyncio.sleep(0)
        callers[0].cancel()
        gate.set()
        return await asyncio.gather(*callers, return_exceptions=True)

    results = asyncio.run(scenario())
    assert calls == 1
    assert isinstance(results[0], asyncio.CancelledError)
    assert [type(found) for found in results[1:]] == [LookupError, LookupError]


def reads_counted() -> float:
    return metrics.DB_TRANSACTIONS.labels(kind="read")._value.get()


@pytest.mark.parametrize("listening", [True, False])
def test_sockets_saying_hello_together_read_the_state_log_and_chat_once(sqlite_url, listening):
    """Five sockets' syncs and chat histories at once: one read of each when they heard the
    room's channel before those reads started; one read each when they did not."""
    rooms = service_on(sqlite_url)

    async def scenario():
        code, _ = await game(rooms)
        since = time.monotonic() if listening else None
        before = reads_counted()
        synced = await asyncio.gather(*(rooms.load_with_log(code, since) for _ in range(5)))
        histories = await asyncio.gather(*(rooms.chat_history(code, since) for _ in range(5)))
        return synced, histories, reads_counted() - before

    synced, histories, read = run(rooms, scenario=scenario())
    assert len({info.version for info, _ in synced}) == 1 and all(log == synced[0][1] for _, log in synced)
    assert all(history == histories[0] for history in histories)
    assert read == (2 if listening else 10)
