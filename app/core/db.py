"""Database engine and sessions: URL normalisation, SQLite in WAL mode, and timeouts so a
silent database cannot hang the server (README "Limits"):

- PostgreSQL: `connect_timeout`, a server-side `statement_timeout`, TCP keepalives and
  `tcp_user_timeout` (a dead peer is noticed in seconds), and a deadline on every checked-out
  connection (app.core.db_deadline) for a peer that is connected but silent;
- SQLite: a busy timeout (a locked database waits that long, then answers
  `storage_unavailable`), and a bounded WAL: `journal_size_limit` truncates the WAL file
  after each checkpoint, `wal_autocheckpoint` checkpoints every 1000 pages (~4 MiB).
"""

from __future__ import annotations

from typing import Any

import orjson
from sqlalchemy import Engine, create_engine, event, make_url
from sqlalchemy.orm import Session, sessionmaker

from .db_deadline import ConnectionDeadlines


def normalise_url(url: str) -> str:
    """Plain `postgresql://` / `postgres://` URLs use psycopg 3; everything else is kept."""
    for plain in ("postgres://", "postgresql://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain) :]
    return url


def _json_text(value: object) -> str:
    return orjson.dumps(value).decode()


# JSON columns (state, options, events) go through orjson: several times faster than the
# standard library, and every accepted action writes a state and its events.
JSON_CODEC = {"json_serializer": _json_text, "json_deserializer": orjson.loads}


# The defaults of the settings of the same names (app.core.config), for engines made outside
# the server (CLI commands, tests).
DB_CONNECT_TIMEOUT = 5.0
DB_STATEMENT_TIMEOUT = 10.0
SQLITE_BUSY_TIMEOUT = 10.0
# The WAL file is cut back to this size after a checkpoint.
WAL_SIZE_LIMIT = 64 * 1024 * 1024


def make_engine(
    url: str,
    connect_timeout: float = DB_CONNECT_TIMEOUT,
    statement_timeout: float = DB_STATEMENT_TIMEOUT,
    busy_timeout: float = SQLITE_BUSY_TIMEOUT,
) -> Engine:
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": busy_timeout}, **JSON_CODEC
        )
        _sqlite_wal_and_immediate(engine, busy_timeout)
        return engine
    connect_args = postgres_connect_args(connect_timeout, statement_timeout)
    # Keep the URL's own `options` (e.g. `-csearch_path=...`): ours are added, not put instead.
    given = make_url(url).query.get("options")
    if given and "options" in connect_args:
        given = " ".join(given) if isinstance(given, tuple) else given
        connect_args["options"] = f"{given} {connect_args['options']}"
    deadline = statement_timeout > 0  # the deadlines ping each checkout themselves
    engine = create_engine(url, pool_pre_ping=not deadline, connect_args=connect_args, **JSON_CODEC)
    if deadline:
        ConnectionDeadlines(engine, statement_timeout + 1.0)
    return engine


def postgres_connect_args(connect_timeout: float, statement_timeout: float) -> dict[str, object]:
    """libpq parameters: give up connecting after `connect_timeout` s; the server cancels a
    statement after `statement_timeout` s; keepalives every few seconds, and the kernel drops
    the connection when sent data goes unacknowledged as long as a statement may take."""
    args: dict[str, object] = {
        "connect_timeout": max(1, round(connect_timeout)),
        "keepalives": 1,
        "keepalives_idle": 5,
        "keepalives_interval": 2,
        "keepalives_count": 3,
    }
    if statement_timeout > 0:
        args["options"] = f"-c statement_timeout={round(statement_timeout * 1000)}"
        args["tcp_user_timeout"] = round(statement_timeout * 1000)
    return args


def _sqlite_wal_and_immediate(engine: Engine, busy_timeout: float = SQLITE_BUSY_TIMEOUT) -> None:
    """WAL journal, and every transaction takes the write lock at BEGIN.

    BEGIN IMMEDIATE means two transactions never deadlock upgrading a read lock;
    the busy timeout makes the second one wait instead of failing.
    """

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):  # pragma: no cover - driver hook
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={round(busy_timeout * 1000)}")
        cursor.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")
        cursor.execute("PRAGMA wal_autocheckpoint=1000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection):  # pragma: no cover - driver hook
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def make_sessions(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)


def engine_for(settings: Any) -> Engine:
    """The engine of `settings.database_url` with the settings' timeouts."""
    return make_engine(
        settings.database_url,
        connect_timeout=settings.db_connect_timeout,
        statement_timeout=settings.db_statement_timeout,
        busy_timeout=settings.sqlite_busy_timeout,
    )
