"""Reads of a room in flight, shared by the callers that arrive while one runs.

The sockets of a room arriving together each need the same reads at their hello: the state and
its whole log for the sync frame, the chat history, the tote's board. One read serves them all.

A caller joins a read only when that read started after the caller could hear the room's
channel (`since`: for a socket's chat history and tote board, the monotonic time of its hello,
its subscription confirmed, or of its last RESYNC; for its sync, which is versioned, that of
its subscription, and a shared read older than the room held in memory is read again:
app.ws.socket). Whatever
was stored after the read started then reaches the caller on the channel, so a shared read
misses nothing the caller's own read would have shown. A caller that gives no `since` (an HTTP
request hears no channel) never joins a read started by another.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class SharedReads(Generic[T]):
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        # key -> (when the read started, the read)
        self.flights: dict[str, tuple[float, asyncio.Future[T]]] = {}

    async def read(self, key: str, since: float | None, start: Callable[[], Awaitable[T]]) -> T:
        """`start()`'s result, or that of the read of `key` in flight when it started at or
        after `since`. A caller cancelled while it waits leaves the read running for the others."""
        flight = self.flights.get(key)
        if flight is None or since is None or flight[0] < since:
            started = self.clock()
            task = asyncio.ensure_future(start())
            flight = self.flights[key] = (started, task)
            task.add_done_callback(functools.partial(forget_when_done, self.flights, key))
        return await asyncio.shield(flight[1])


def forget_when_done(
    flights: dict[str, tuple[Any, asyncio.Future[T]]], key: str, task: asyncio.Future[T]
) -> None:
    """A finished read leaves `flights` (unless a later read took its place there); its error is
    retrieved here, and every caller still waiting gets it from its own await."""
    flight = flights.get(key)
    if flight is not None and flight[1] is task:
        del flights[key]
    if not task.cancelled():
        task.exception()
