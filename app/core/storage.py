"""Storage failures in words: a database that cannot be written is refused at start, and a
storage error while serving becomes a 503 with a sentence (see app.api.errors)."""

from __future__ import annotations

import contextlib
import sqlite3
from typing import Any

import psycopg
from sqlalchemy import Engine
from sqlalchemy import exc as sa_exc
from sqlalchemy.exc import SQLAlchemyError

STORAGE_UNAVAILABLE = (
    "The game storage is not available right now (the database cannot be read or written); "
    "please try again in a moment."
)


class StorageNotWritable(RuntimeError):
    """The database can be opened but not written (read-only file, replica, full disk)."""


# A row written and deleted, committed: the disk must take new pages (WAL frames, PostgreSQL
# WAL records), as every move does. A rolled-back no-op UPDATE needed none and passed on a
# full disk.
WRITE_CHECK = (
    "INSERT INTO write_checks (checked_at) VALUES (CURRENT_TIMESTAMP)",
    "DELETE FROM write_checks",
)


def write_check(dbapi_connection: Any, sqlite: bool) -> None:
    """The write check on a raw DBAPI connection (committed; rolled back if it fails)."""
    cursor = dbapi_connection.cursor()
    try:
        if sqlite:  # autocommit mode (app.core.db): take the write lock like every write
            cursor.execute("BEGIN IMMEDIATE")
        for statement in WRITE_CHECK:
            cursor.execute(statement)
        if sqlite:
            cursor.execute("COMMIT")
        else:
            dbapi_connection.commit()
    except Exception:
        with contextlib.suppress(Exception):
            if sqlite:
                cursor.execute("ROLLBACK")
            else:
                dbapi_connection.rollback()
        raise
    finally:
        cursor.close()


def require_writable(engine: Engine) -> None:
    """Write to the database once (WRITE_CHECK) or raise StorageNotWritable with a sentence
    for the operator."""
    try:
        connection = engine.raw_connection()
        try:
            write_check(connection, engine.dialect.name == "sqlite")
        finally:
            connection.close()
    except (SQLAlchemyError, sqlite3.Error, psycopg.Error) as exc:
        reason = getattr(exc, "orig", exc)
        raise StorageNotWritable(
            f"The database {engine.url.render_as_string(hide_password=True)} cannot be written "
            f"({str(reason).strip().splitlines()[0]}); Paddock needs a writable database. "
            "Check the file's permissions, the disk space or DATABASE_URL."
        ) from None


# Errors of the database itself (connection lost, locked, disk full, read-only), as opposed to
# errors of a query we wrote (those stay 500s and are logged as bugs).
STORAGE_ERRORS = (sa_exc.OperationalError, sa_exc.InterfaceError, sa_exc.InternalError, sa_exc.TimeoutError)


def is_storage_error(exc: BaseException) -> bool:
    return isinstance(exc, STORAGE_ERRORS)


def startup_problem(url: str, settings: Any = None) -> str | None:
    """Migrate the database and check that it can be written; a sentence when it cannot."""
    from app.core.db import engine_for, make_engine
    from app.core.migrate import upgrade

    engine = engine_for(settings) if settings is not None else make_engine(url)
    try:
        try:
            upgrade(engine)
        except SQLAlchemyError as exc:
            reason = str(getattr(exc, "orig", exc)).strip().splitlines()[0]
            return (
                f"The database {engine.url.render_as_string(hide_password=True)} could not be opened "
                f"and brought up to date ({reason}); check DATABASE_URL, the file's permissions "
                "and the disk space."
            )
        try:
            require_writable(engine)
        except StorageNotWritable as exc:
            return str(exc)
        return None
    finally:
        engine.dispose()
