"""Rooms in memory: each process keeps the play record (state, version, per-seat decisions,
seats, deadline) of the rooms it serves, so that an action is decided against memory and a
refusal (a stale act, a seat that may not act, the same submission again) costs no database
transaction at all.

Memory is a cache of what is stored, never ahead of it: a record is kept only after its write
was durable (app.rooms.commit). It can fall behind: another process may have moved the room,
or a seat change (lobby, seats, chat, lifecycle: the ORM paths) rewrote it here. So:
- every ORM transaction that touches a room or its seats forgets that room on commit
  (`watch`); a state change another process published moves the record along when it
  follows the version held (`advance`), and any other change of the room forgets it;
- with several processes, a room is used from memory only while this process hears its
  channel (it has sockets in the room and its Redis listener is up); otherwise it is read;
- a forgotten room is read again on its next use; a state change heard while the room is
  being read is applied to what the read returns (it may have read the version before it);
- the compare-and-set of the next write catches whatever is still behind: the write is
  refused and the action decided once more (app.rooms.pipeline), against the winner's change
  once it has been heard (`newer`), else against the room read again.

A generation per room makes a read that raced with a forget not overwrite it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Session, sessionmaker

from app.models import Room, Seat

from .marks import keep_marks
from .play_record import PlayRecord
from .shared_reads import forget_when_done
from .snapshot import RoomInfo, snapshot
from .store import RoomStore

# Rooms kept per process; the least recently used beyond this are read again when next used.
CAPACITY = 20_000


class RoomMemory:
    def __init__(
        self, store: RoomStore, trusted: Callable[[str], bool] = lambda code: True, capacity: int = CAPACITY
    ) -> None:
        self.store = store
        # Whether what is held of a room can be used without reading it: with several
        # processes, only while every change of it reaches this process (its channel is heard).
        self.trusted = trusted
        self.capacity = capacity
        self.records: OrderedDict[str, PlayRecord] = OrderedDict()
        self.infos: dict[str, RoomInfo] = {}
        self.generations: dict[str, int] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        # Rooms someone waits to see move past a version (`newer`): code -> [(version, future)].
        self.waiting: dict[str, list[tuple[int, asyncio.Future[None]]]] = {}
        # Rooms being read: code -> for each read in flight, the state changes heard meanwhile.
        self.reading: dict[str, list[list[dict[str, Any]]]] = {}
        # The read of a room in flight that later callers share: code -> (generation, task).
        self.shared_reads: dict[str, tuple[int, asyncio.Future[PlayRecord]]] = {}

    def generation(self, code: str) -> int:
        return self.generations.get(code, 0)

    async def record(self, code: str, fresh: bool = False) -> PlayRecord:
        """The room's play record: from memory, or read (`fresh`: read in any case). Callers
        that need the room while it is being read share that read (the sockets of a room
        arriving together read it once), unless `fresh` (a read started after the call)."""
        self.loop = asyncio.get_running_loop()
        if not fresh and self.trusted(code):
            record = self.records.get(code)
            if record is not None:
                self.records.move_to_end(code)
                return record
        generation = self.generation(code)
        shared = None if fresh else self.shared_reads.get(code)
        if shared is None or shared[0] != generation:
            task = asyncio.ensure_future(self._read(code, generation))
            task.add_done_callback(functools.partial(forget_when_done, self.shared_reads, code))
            shared = (generation, task)
            if not fresh:
                self.shared_reads[code] = shared
        return await asyncio.shield(shared[1])

    async def _read(self, code: str, generation: int) -> PlayRecord:
        heard: list[dict[str, Any]] = []  # the state changes heard during this read
        readers = self.reading.setdefault(code, [])
        readers.append(heard)
        try:
            record = await self.store.read(code)
        finally:
            readers[:] = [other for other in readers if other is not heard]
            if not readers:
                self.reading.pop(code, None)
        self.keep(record, generation)
        for payload in heard:  # the read may be from before them
            self.advance(code, payload)
        return self.records.get(code) or record

    async def info(self, code: str) -> RoomInfo:
        """A plain copy of the room (from memory when held)."""
        record = await self.record(code)
        held = self.records.get(code) is record
        info = self.infos.get(code) if held else None
        if info is None or info.version != record.version:
            info = snapshot(record)
            if held:
                self.infos[code] = info
        return info

    def keep(self, record: PlayRecord, generation: int, written: bool = False) -> None:
        """Hold `record` (durable already) unless the room was forgotten since `generation`, or
        a newer version is held (another process's change, heard while `record` was read).

        `written`: this process has just written `record`. If the room was forgotten since it
        was decided, a read started meanwhile may have read the version before this write and
        would be kept: the room is forgotten once more, so that no read started before this
        write is kept and the next use reads it afresh (this process hears no echo of its own
        change to move it along, as `advance` does another process's)."""
        if self.generation(record.code) != generation:
            if written:
                self.forget(record.code)
            return
        held = self.records.get(record.code)
        if held is not None and held.version > record.version:
            return
        self.records[record.code] = record
        self.records.move_to_end(record.code)
        self.infos.pop(record.code, None)
        self._moved(record.code, record.version)
        while len(self.records) > self.capacity:
            old, _ = self.records.popitem(last=False)
            self.infos.pop(old, None)

    def advance(self, code: str, payload: dict[str, Any]) -> None:
        """Another process moved the room from version `from` to `v` (a published state change):
        move the record held here along when it is at `from`; keep it when it is at `v` or
        later already (read after that write: the change arrived late); otherwise forget it."""
        record = self.records.get(code)
        decisions = payload.get("decisions")
        if record is None:
            for heard in self.reading.get(code, ()):
                heard.append(payload)
            return
        if isinstance(payload.get("v"), int) and record.version >= payload["v"]:
            return
        if record.version != payload.get("from") or decisions is None or "status" not in payload:
            self.forget(code)
            return
        moved = dataclasses.replace(
            record,
            state=payload["state"],
            version=payload["v"],
            status=payload["status"],
            deadline=payload.get("deadline"),
            decisions=decisions,
            awaited=None,
            new_actions=[],
        )
        # The marks as the other process wrote them (they follow from status, state and seats).
        keep_marks(moved, time.time())
        moved.loaded = moved.written()
        self.records[code] = moved
        self.infos.pop(code, None)
        self._moved(code, moved.version)

    async def newer(self, code: str, version: int, seconds: float) -> PlayRecord | None:
        """The record held once it is past `version` (another process's change heard), waiting
        at most `seconds`; None when it did not come (or this process does not hear the room)."""
        record = self.records.get(code)
        if record is not None and record.version > version:
            return record if self.trusted(code) else None
        if not self.trusted(code):
            return None
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        waiters = self.waiting.setdefault(code, [])
        waiters.append((version, future))
        try:
            await asyncio.wait_for(future, seconds)
        except TimeoutError:
            return None
        finally:
            if (version, future) in waiters:
                waiters.remove((version, future))
            if not waiters:
                self.waiting.pop(code, None)
        record = self.records.get(code)
        return record if record is not None and record.version > version else None

    def _moved(self, code: str, version: int) -> None:
        for past, future in self.waiting.get(code, ()):
            if past < version and not future.done():
                future.set_result(None)

    def forget(self, code: str) -> None:
        self.generations[code] = self.generation(code) + 1
        self.records.pop(code, None)
        self.infos.pop(code, None)
        if len(self.generations) > 4 * self.capacity:  # keep it bounded: only races need it
            self.generations = {c: g for c, g in self.generations.items() if c in self.records}

    def watch(self, sessions: sessionmaker[Session]) -> None:
        """Forget every room an ORM transaction of `sessions` changed, when it commits."""

        @event.listens_for(sessions, "after_flush")
        def _changed(session: Session, _context: Any) -> None:
            codes: set[str] = session.info.setdefault("rooms_changed", set())
            for obj in (*session.new, *session.dirty, *session.deleted):
                if isinstance(obj, Room):
                    codes.add(obj.code)
                elif isinstance(obj, Seat) and obj.room is not None:
                    codes.add(obj.room.code)

        @event.listens_for(sessions, "after_commit")
        def _committed(session: Session) -> None:
            codes = session.info.pop("rooms_changed", set())
            if codes:
                self._forget_soon(codes)

        @event.listens_for(sessions, "after_rollback")
        def _rolled_back(session: Session) -> None:
            session.info.pop("rooms_changed", None)

    def _forget_soon(self, codes: set[str]) -> None:
        """Called on a database thread: forget on the event loop, before the transaction's
        caller resumes (its future is resolved after this callback runs)."""
        loop = self.loop
        for code in codes:
            if loop is not None and loop.is_running():
                loop.call_soon_threadsafe(self.forget, code)
            else:
                self.forget(code)
