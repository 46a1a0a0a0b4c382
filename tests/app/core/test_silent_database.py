"""A silent or locked database cannot hang the server (issue 20, finding 4): with PostgreSQL
blackholed (connections open, nothing answers: tests/utils/tcp_proxy.py), an act and a GET
answer `storage_unavailable` within the configured timeouts, and the server recovers by
itself once the database answers again. Before: both waited 40 s and more, with no error."""

from __future__ import annotations

import time

import pytest

from app.core.db import make_engine, postgres_connect_args
from tests.app.conftest import settings_for
from tests.app.test_ops import proxy_to, through, wait_ready
from tests.utils.live_server import LiveServer, create_room, join, start

STATEMENT = 2.0
CONNECT = 2.0
# The longest a request may wait: the connection deadline (statement timeout + 1 s), then a
# new connection that cannot be made (connect timeout), plus the watchdog's tick.
ROOM = {"game": "ponies_in_pursuit", "name": "Ann"}
BOUND = STATEMENT + 1.0 + CONNECT + 1.0


@pytest.mark.postgres
def test_a_blackholed_postgresql_gives_storage_unavailable_within_the_timeouts(postgres_url):
    proxy = proxy_to(postgres_url)
    settings = settings_for(
        through(proxy, postgres_url), db_statement_timeout=STATEMENT, db_connect_timeout=CONNECT
    )
    try:
        with LiveServer(settings) as server:
            http = server.http
            room = create_room(http, game="ponies_in_pursuit", name="Ann")
            join(http, room["code"], "Bo")
            start(http, room["code"], room["token"])
            with server.socket(room["code"]) as ann:
                ann.hello(room["token"])
                state = ann.state()
                proxy.blackhole()
                began = time.monotonic()
                submit = next(a for a in state["actions"] if a["type"] == "submit")
                ann.send({"type": "act", "v": state["v"], "action": submit})
                error = ann.wait_for(lambda m: m["type"] == "error", timeout=BOUND + 10)
                waited = time.monotonic() - began
                assert error["code"] == "storage_unavailable", error
                assert waited < BOUND + 5, waited  # before: no answer at all
            began = time.monotonic()
            # (A room's summary now comes from the process's memory; creating one must write.)
            answer = http.post("/api/rooms", json=ROOM, timeout=BOUND + 10)
            assert answer.status_code == 503 and answer.json()["code"] == "storage_unavailable"
            assert time.monotonic() - began < BOUND + 5
            ready = http.get("/readyz", timeout=BOUND + 10)
            assert ready.status_code == 503
            proxy.restore()  # the database answers again: the server recovers by itself
            wait_ready(server, 200)
            assert http.get(f"/api/rooms/{room['code']}").status_code == 200
    finally:
        proxy.stop()


@pytest.mark.postgres
def test_the_connection_settings_carry_the_timeouts_and_keepalives(postgres_url):
    args = postgres_connect_args(5, 10)
    assert args["connect_timeout"] == 5 and args["keepalives"] == 1
    assert args["options"] == "-c statement_timeout=10000" and args["tcp_user_timeout"] == 10000
    engine = make_engine(postgres_url, statement_timeout=1.5)
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("SHOW statement_timeout").scalar() == "1500ms"
            with pytest.raises(Exception, match="statement timeout"):
                connection.exec_driver_sql("SELECT pg_sleep(5)")
    finally:
        engine.dispose()


def test_a_locked_sqlite_answers_storage_unavailable_after_its_busy_timeout(tmp_path):
    """Another process holds SQLite's write lock: a write waits SQLITE_BUSY_TIMEOUT, then 503."""
    import sqlite3

    busy = 1.0
    path = tmp_path / "paddock.db"
    with LiveServer(settings_for(f"sqlite:///{path}", sqlite_busy_timeout=busy)) as server:
        holder = sqlite3.connect(path, isolation_level=None)
        try:
            holder.execute("BEGIN IMMEDIATE")
            began = time.monotonic()
            answer = server.http.post("/api/rooms", json=ROOM)
            assert answer.status_code == 503 and answer.json()["code"] == "storage_unavailable"
            assert time.monotonic() - began < busy + 5  # before: 30 s
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert (
            server.http.post("/api/rooms", json={"game": "ponies_in_pursuit", "name": "Ann"}).status_code
            == 201
        )


def test_the_sqlite_wal_is_bounded(tmp_path):
    from app.core.db import WAL_SIZE_LIMIT

    engine = make_engine(f"sqlite:///{tmp_path / 'paddock.db'}")
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_size_limit").scalar() == WAL_SIZE_LIMIT
            assert connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 1000
            assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10_000
    finally:
        engine.dispose()
