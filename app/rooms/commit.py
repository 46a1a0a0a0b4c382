"""Group commit: the accepted actions of different rooms that arrive together are written in
one transaction with one flush to disk.

A room's pipeline (app.rooms.pipeline) hands its write here and waits. While a transaction is
being written, new writes queue; when it ends, every write that queued meanwhile goes into the
next one. Under light load a write goes alone at once (no waiting for company); under load,
one commit carries many rooms. Each room has at most one write in flight (its pipeline holds
the room's lock until its write is durable), so each room's own order is kept.

Each write is a compare-and-set (app.rooms.play_record.save_if): one that lost (another
process moved the room, or the acting seat changed hands) writes nothing and is told so,
without disturbing the other rooms of the same transaction.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from functools import partial

from sqlalchemy import Connection

from app import metrics

from . import play_record
from .play_record import Guard, PlayRecord
from .store import RoomStore


@dataclass(slots=True)
class Write:
    record: PlayRecord
    expected: int
    guard: Guard
    done: asyncio.Future[bool] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class GroupCommit:
    def __init__(self, store: RoomStore) -> None:
        self.store = store
        self.pending: list[Write] = []
        # Writes in the transaction being written now.
        self.in_flight = 0
        self.writer: asyncio.Task[None] | None = None

    async def write(self, record: PlayRecord, expected: int, guard: Guard) -> bool:
        """Store `record`'s changes and new action rows if the room is still at `expected`;
        True once durable, False when the compare-and-set lost (nothing written)."""
        write = Write(record, expected, guard)
        self.pending.append(write)
        if self.writer is None or self.writer.done():
            self.writer = asyncio.create_task(self._drain())
        return await write.done

    async def _drain(self) -> None:
        while self.pending:
            batch, self.pending = self.pending, []
            self.in_flight = len(batch)
            try:
                results = await self.store.tx_play(partial(_commit, batch=batch))
            except BaseException as exc:  # the whole transaction failed: nothing of it is stored
                for write in batch:
                    if not write.done.done():
                        write.done.set_exception(exc if isinstance(exc, Exception) else RuntimeError())
                if not isinstance(exc, Exception):
                    raise
                continue
            finally:
                self.in_flight = 0
            metrics.group_commit(len(batch))
            for write, ok in zip(batch, results, strict=True):
                if not write.done.done():
                    write.done.set_result(ok)


def _commit(conn: Connection, batch: list[Write]) -> list[bool]:
    now = time.time()
    results: list[bool] = []
    rows = []
    for write in batch:
        ok = play_record.save_if(conn, write.record, write.expected, write.guard, now)
        results.append(ok)
        if ok:
            rows += write.record.new_actions
    play_record.insert_actions(conn, rows)
    for write, ok in zip(batch, results, strict=True):
        if ok:
            write.record.new_actions = []
    return results
