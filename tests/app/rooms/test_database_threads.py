"""Transactions run on the room service's own database threads: one for SQLite (its writes
queue in order instead of sleeping in SQLite's busy handler), DB_THREADS for PostgreSQL."""

from __future__ import annotations

import asyncio
import threading

import pytest

from app.broadcast.memory import MemoryBroadcast
from app.core.db import make_engine, make_sessions
from app.core.migrate import upgrade
from app.rooms.service import RoomService
from tests.app.conftest import settings_for


def service_for(url: str, **overrides) -> tuple[RoomService, object]:
    database = make_engine(url)
    upgrade(database)
    settings = settings_for(url, sweep_seconds=0, **overrides)
    return RoomService(make_sessions(database), MemoryBroadcast(8), settings), database


def test_sqlite_transactions_queue_on_one_thread(sqlite_url):
    rooms, database = service_for(sqlite_url, db_threads=4)
    seen: list[tuple[str, int, str]] = []
    guard = threading.Lock()

    def work(name: str):
        def run(conn):
            with guard:
                seen.append(("in", threading.get_ident(), name))
            conn.exec_driver_sql("SELECT 1")
            with guard:
                seen.append(("out", threading.get_ident(), name))

        return run

    async def scenario():
        try:
            await asyncio.gather(*(rooms.store.tx_play(work(str(n))) for n in range(6)))
        finally:
            await rooms.close()

    asyncio.run(scenario())
    assert len({ident for _, ident, _ in seen}) == 1
    # One at a time: every transaction ends before the next begins.
    assert [kind for kind, _, _ in seen] == ["in", "out"] * 6
    database.dispose()


@pytest.mark.postgres
def test_postgresql_runs_db_threads_transactions_at_once(postgres_url):
    rooms, database = service_for(postgres_url, db_threads=2)
    both_in = threading.Barrier(2, timeout=60)  # passes only when two transactions run together

    def work(conn):
        conn.exec_driver_sql("SELECT 1")
        both_in.wait()
        return threading.get_ident()

    async def scenario():
        try:
            return await asyncio.gather(rooms.store.tx_play(work), rooms.store.tx_play(work))
        finally:
            await rooms.close()

    idents = asyncio.run(scenario())
    assert len(set(idents)) == 2
    database.dispose()
