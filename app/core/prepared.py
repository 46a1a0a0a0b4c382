"""Statements for the hot path: SQLAlchemy Core writes the SQL and converts the values, the
driver runs it.

Every accepted action runs the same four statements (app.rooms.play_record). Executing a Core
statement through a Connection costs about 60 µs of Python per statement before and after
the driver's own work (execution context, cache key lookup, result wrappers, events), several
times what SQLite itself spends on it. A `Prepared` statement is compiled once per dialect
(by SQLAlchemy, so the SQL is the dialect's own: placeholders, casts, FOR UPDATE) and keeps
each parameter's and each result column's converter from its SQLAlchemy type
(the dialect's `bind_processor` / `result_processor` of it: JSON through the engine's serializer,
booleans, datetimes), then runs on the driver's cursor inside the Connection's transaction.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, cast
from weakref import WeakKeyDictionary

from sqlalchemy import Connection
from sqlalchemy.engine import Dialect
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

Converter = Callable[[Any], Any] | None


class Prepared:
    def __init__(self, statement: ClauseElement, dialect: Dialect, keys: Sequence[str] | None = None) -> None:
        compiled = cast(
            SQLCompiler,
            statement.compile(dialect=dialect, column_keys=list(keys) if keys is not None else None),
        )
        self.sql = compiled.string
        binds = compiled.binds
        names = list(compiled.positiontup or ()) if compiled.positional else list(binds)
        self.positional = compiled.positional
        self.params: list[tuple[str, Converter]] = [
            (name, binds[name].type.dialect_impl(dialect).bind_processor(dialect)) for name in names
        ]
        self.dialect = dialect
        self.selected = list(getattr(statement, "selected_columns", None) or ())
        # Made at the first result: a converter may depend on the type the driver reports.
        self.columns: list[tuple[str, Converter]] | None = None

    def _bound(self, values: Mapping[str, Any]) -> Sequence[Any] | dict[str, Any]:
        bound = [
            (name, convert(values[name]) if convert is not None else values[name])
            for name, convert in self.params
        ]
        return [value for _, value in bound] if self.positional else dict(bound)

    def rows(self, conn: Connection, values: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The result rows of a SELECT, as dicts of converted values."""
        cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            cursor.execute(self.sql, self._bound(values))
            fetched = cursor.fetchall()
            if self.columns is None:
                self.columns = [
                    (
                        column.key,
                        column.type.dialect_impl(self.dialect).result_processor(self.dialect, described[1]),
                    )
                    for column, described in zip(self.selected, cursor.description, strict=True)
                ]
        finally:
            cursor.close()
        columns = self.columns
        return [
            {
                name: (convert(value) if convert is not None else value)
                for (name, convert), value in zip(columns, row, strict=True)
            }
            for row in fetched
        ]

    def _converters(self, description: Sequence[Any]) -> list[tuple[str, Converter]]:
        dialect = self.dialect
        self.columns = [
            (column.key, column.type.dialect_impl(dialect).result_processor(dialect, described[1]))
            for column, described in zip(self.selected, description, strict=True)
        ]
        return self.columns

    def run(self, conn: Connection, values: Mapping[str, Any]) -> int:
        """Run a write once; returns the rows it touched."""
        cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            cursor.execute(self.sql, self._bound(values))
            return int(cursor.rowcount)
        finally:
            cursor.close()

    @staticmethod
    def run_together(conn: Connection, runs: Sequence[tuple[Prepared, Mapping[str, Any]]]) -> list[int]:
        """Run several writes, in order; the rows each one touched. On PostgreSQL they go out
        together and their answers come back together (psycopg's pipeline mode): one round
        trip instead of one per write, each of which the database thread would wait for and
        then wait for the GIL again (a batch of 14 rooms' updates took 14 ms under load).
        An error in any of them raises, as it would alone; the transaction is then lost."""
        if len(runs) < 2 or conn.dialect.driver != "psycopg":
            return [prepared.run(conn, values) for prepared, values in runs]
        driver = conn.connection.dbapi_connection
        cursors = []
        try:
            with driver.pipeline():  # type: ignore[union-attr]
                for prepared, values in runs:
                    cursor = driver.cursor()  # type: ignore[union-attr]
                    cursors.append(cursor)
                    cursor.execute(prepared.sql, prepared._bound(values))
            return [int(cursor.rowcount) for cursor in cursors]
        finally:
            for cursor in cursors:
                cursor.close()

    def run_many(self, conn: Connection, many: Iterable[Mapping[str, Any]]) -> None:
        cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            cursor.executemany(self.sql, [self._bound(values) for values in many])  # type: ignore[arg-type]
        finally:
            cursor.close()


class PreparedSet:
    """Named statements, each compiled on first use for each dialect (engine) that runs it.
    Database threads share it: a lookup takes no lock, a first compilation takes one."""

    def __init__(self) -> None:
        self.compiled: WeakKeyDictionary[Dialect, dict[Any, Prepared]] = WeakKeyDictionary()
        self.lock = threading.Lock()

    def get(self, conn: Connection, key: Any, make: Callable[[Dialect], Prepared]) -> Prepared:
        dialect = conn.dialect
        known = self.compiled.get(dialect)
        prepared = known.get(key) if known is not None else None
        if prepared is None:
            with self.lock:
                known = self.compiled.setdefault(dialect, {})
                prepared = known.get(key)
                if prepared is None:
                    prepared = known[key] = make(dialect)
        return prepared
