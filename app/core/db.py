"""Database engine and sessions: URL normalisation, SQLite in WAL mode."""

from __future__ import annotations

import orjson
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker


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


def make_engine(url: str) -> Engine:
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30}, **JSON_CODEC)
        _sqlite_wal_and_immediate(engine)
        return engine
    return create_engine(url, pool_pre_ping=True, **JSON_CODEC)


def _sqlite_wal_and_immediate(engine: Engine) -> None:
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
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection):  # pragma: no cover - driver hook
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def make_sessions(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)
