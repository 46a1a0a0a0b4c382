"""The rooms' storage: transactions on the room service's own database threads.

Transactions run on a few threads of their own. SQLite has one writer at a time and every
transaction here takes the write lock: one thread queues them in order, instead of threads
sleeping in SQLite's busy handler (which made latency jump by tens of ms under load). A server
database gets DB_THREADS: each transaction is a few short round trips, and more threads than
that only fight over the GIL.

Two ways in: `tx` (an ORM session: the lobby, seats, chat, rematch, lifecycle) and `tx_play`
(a plain connection: the play path's reads and the group commit, app.rooms.play_record).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, select
from sqlalchemy.orm import Session, defer, sessionmaker

from app import metrics
from app.core.config import Settings
from app.models import Room

from . import play_record
from .codes import valid_code
from .errors import not_found
from .play_record import PlayRecord

T = TypeVar("T")


class RoomStore:
    def __init__(self, sessions: sessionmaker[Session], settings: Settings) -> None:
        self.sessions = sessions
        bind = sessions.kw.get("bind")
        assert isinstance(bind, Engine), "sessions are bound to one engine"
        self.engine = bind
        self.threads = 1 if bind.dialect.name == "sqlite" else max(1, settings.db_threads)
        self.db_thread = ThreadPoolExecutor(self.threads, thread_name_prefix="db")

    async def tx(self, work: Callable[[Session], T]) -> T:
        """Run `work` in one ORM transaction on a database thread (commit, or roll back on error)."""

        def run() -> T:
            metrics.db_transaction("orm")
            with self.sessions.begin() as session:
                return work(session)

        return await asyncio.get_running_loop().run_in_executor(self.db_thread, run)

    async def tx_play(self, work: Callable[[Connection], T], kind: str = "play") -> T:
        """Like `tx`, on a plain connection (SQLAlchemy Core, app.rooms.play_record)."""

        def run() -> T:
            metrics.db_transaction(kind)
            with self.engine.begin() as conn:
                return work(conn)

        return await asyncio.get_running_loop().run_in_executor(self.db_thread, run)

    @staticmethod
    def room(session: Session, code: str, lock: bool = True, light: bool = False) -> Room:
        """The room `code` in an ORM session (`lock`: its row is held until the end; `light`:
        without its game state, setup events and decisions, loaded only if touched)."""
        if not valid_code(code):
            raise not_found()
        query = select(Room).where(Room.code == code)
        if light:
            query = query.options(defer(Room.state), defer(Room.initial_events), defer(Room.decisions))
        if lock:
            query = query.with_for_update()
        room = session.scalar(query)
        if room is None:
            raise not_found()
        return room

    async def read(self, code: str) -> PlayRecord:
        """The room as play sees it, read without locking (the play path writes by
        compare-and-set on its version, app.rooms.commit)."""
        return await self.tx_play(lambda conn: play_record.load(conn, code, lock=False), "read")

    async def read_with_log(self, code: str) -> tuple[PlayRecord, list[dict[str, Any]]]:
        def work(conn: Connection) -> tuple[PlayRecord, list[dict[str, Any]]]:
            record = play_record.load(conn, code, lock=False)
            return record, play_record.events(conn, record.id)

        return await self.tx_play(work, "read")

    async def log(self, room_id: int) -> list[dict[str, Any]]:
        """A room's whole log (the setup's events, then each action's)."""
        return await self.tx_play(lambda conn: play_record.events(conn, room_id), "read")

    def close(self) -> None:
        self.db_thread.shutdown(wait=False)
