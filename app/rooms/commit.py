"""Group commit: the accepted actions of different rooms that arrive together are written in
one transaction with one flush to disk.

A room's pipeline (app.rooms.pipeline) hands its write here and waits. Up to `writers`
transactions are written at once (one per database thread: one on SQLite, which has one
writer, two by default on a server database); while they are, new writes queue, and the
first writer free takes every write that queued meanwhile into its next transaction. Under
light load a write goes alone at once (no waiting for company); under load, one commit
carries many rooms. Each room has at most one write in flight (its pipeline holds the
room's lock until its write is durable), so each room's own order is kept, and two
transactions of one process never hold the same room.

Each write is a compare-and-set (app.rooms.play_record.save_all_if): one that lost (another
process moved the room, or the acting seat changed hands) writes nothing and is told so,
without disturbing the other rooms of the same transaction.

With several processes, two transactions may update some of the same rooms. Each one updates
its rooms in the order of their ids, so neither can hold one room's row while waiting for a
row the other holds (PostgreSQL found such deadlocks and failed whole batches when each wrote
in arrival order). A transaction the database still aborts as a deadlock or a serialization
failure (a lock taken elsewhere, outside play) is written again, a few times at most, before
its writers are told it failed: nothing of it was stored. It waits a little first: the
transaction that survived the deadlock waits for a row the aborted one held, and a new
transaction that reaches the row before that waiter wakes up takes it. Written again at once,
the batch can take the row first, then wait for a row the survivor holds, and close the same
cycle again (seen in tests/app/rooms/test_pipeline.py, the survivor then waiting for the
retry's transaction: aborted twice, with two attempts the batch's writers got the error).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from sqlalchemy import Connection
from sqlalchemy.exc import DBAPIError

from app import metrics

from . import play_record
from .play_record import Guard, PlayRecord
from .store import RoomStore

# SQLSTATEs of a transaction the database aborted only because of another one (deadlock
# detected, serialization failure): writing it again may succeed.
RETRYABLE = frozenset({"40P01", "40001"})
# Times a whole batch is written before its writers get the error.
BATCH_ATTEMPTS = 4
# The pause before the first retry, doubled before each further one, half of each random so
# that two batches aborted together do not come back together: at most 20 + 40 + 80 ms in all,
# small beside the wait before PostgreSQL finds a deadlock (deadlock_timeout, 1 s by default).
RETRY_PAUSE_SECONDS = 0.02


def retry_pause(retry: int, draw: Callable[[], float] = random.random) -> float:
    """Seconds to wait before writing a batch again for the `retry`-th time (1, 2, ...):
    between half of the doubled pause and all of it."""
    pause = RETRY_PAUSE_SECONDS * 2 ** (retry - 1)
    return pause / 2 * (1 + draw())


@dataclass(slots=True)
class Write:
    record: PlayRecord
    expected: int
    guard: Guard
    done: asyncio.Future[bool] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class GroupCommit:
    def __init__(self, store: RoomStore, writers: int | None = None) -> None:
        self.store = store
        # Transactions written at once: a second one need not wait for the first's round
        # trips (under the bench's load a write waited 18 ms for its commit with one, 14 with two).
        self.writers = writers if writers is not None else store.threads
        self.pending: list[Write] = []
        # Writes in the transactions being written now.
        self.in_flight = 0
        # The writers' tasks (a task that is not done is at an await inside its loop, and
        # looks at `pending` again when that ends).
        self.running: list[asyncio.Task[None]] = []

    async def write(self, record: PlayRecord, expected: int, guard: Guard) -> bool:
        """Store `record`'s changes and new action rows if the room is still at `expected`;
        True once durable, False when the compare-and-set lost (nothing written)."""
        write = Write(record, expected, guard)
        self.pending.append(write)
        self.running = [writer for writer in self.running if not writer.done()]
        if len(self.running) < self.writers:
            self.running.append(asyncio.create_task(self._drain()))
        return await write.done

    async def _drain(self) -> None:
        while self.pending:
            batch, self.pending = self.pending, []
            self.in_flight += len(batch)
            try:
                results = await self._write_batch(batch)
            except BaseException as exc:  # the whole transaction failed: nothing of it is stored
                for write in batch:
                    if not write.done.done():
                        write.done.set_exception(exc if isinstance(exc, Exception) else RuntimeError())
                if not isinstance(exc, Exception):
                    raise
                continue
            finally:
                self.in_flight -= len(batch)
            metrics.group_commit(len(batch))
            for write, ok in zip(batch, results, strict=True):
                if ok:
                    write.record.new_actions = []
                if not write.done.done():
                    write.done.set_result(ok)

    async def _write_batch(self, batch: list[Write]) -> list[bool]:
        loaded = [write.record.loaded for write in batch]
        for attempt in range(BATCH_ATTEMPTS):
            try:
                return await self.store.tx_play(partial(_commit, batch=batch))
            except Exception as exc:
                if attempt + 1 == BATCH_ATTEMPTS or _sqlstate(exc) not in RETRYABLE:
                    raise
                # Rolled back: each record is again as it was before this transaction.
                for write, before in zip(batch, loaded, strict=True):
                    write.record.loaded = before
                await asyncio.sleep(retry_pause(attempt + 1))
        raise AssertionError("unreachable")


def _sqlstate(exc: Exception) -> str | None:
    """The SQLSTATE of a driver error (the play path's statements run on the driver's cursor,
    so its errors arrive unwrapped; the ORM's are wrapped in DBAPIError)."""
    driver = exc.orig if isinstance(exc, DBAPIError) else exc
    return getattr(driver, "sqlstate", None) or getattr(driver, "pgcode", None)


def _commit(conn: Connection, batch: list[Write]) -> list[bool]:
    """Write the batch's rooms in the order of their ids (see the module's docstring), then
    the action rows of those that won; the results in the batch's order."""
    order = sorted(range(len(batch)), key=lambda i: batch[i].record.id)
    won = play_record.save_all_if(
        conn, [(batch[i].record, batch[i].expected, batch[i].guard) for i in order], time.time()
    )
    results = [False] * len(batch)
    rows = []
    for index, ok in zip(order, won, strict=True):
        results[index] = ok
        if ok:
            rows += batch[index].record.new_actions
    play_record.insert_actions(conn, rows)
    return results
