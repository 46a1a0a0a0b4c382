"""Every SQL statement a process sends to PostgreSQL, recorded at the driver: a psycopg cursor
class installed on each new connection of every SQLAlchemy engine (so the play path's prepared
statements, which run on the driver's cursor directly, are seen as well as the ORM's).

Used by bench/capacity.py (round trips per accepted action, exported on /metrics) and by
tests/app/test_room_scoped_sql.py (every play-path statement filters by one room)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import psycopg
import sqlalchemy as sa

Listener = Callable[[str, int], None]


class Recorder:
    """`with Recorder(listener):` calls listener(sql, executions) for each execute/executemany."""

    def __init__(self, listener: Listener) -> None:
        self.listener = listener
        self.lock = threading.Lock()
        recorder = self

        class RecordingCursor(psycopg.Cursor):
            def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
                recorder.record(query, 1)
                return super().execute(query, params, **kwargs)

            def executemany(self, query: Any, params_seq: Any, **kwargs: Any) -> Any:
                params_seq = list(params_seq)
                recorder.record(query, len(params_seq))
                return super().executemany(query, params_seq, **kwargs)

        self.cursor_class = RecordingCursor

    def record(self, query: Any, executions: int) -> None:
        sql = (
            query
            if isinstance(query, str)
            else query.as_string(None)
            if hasattr(query, "as_string")
            else str(query)
        )
        with self.lock:
            self.listener(sql, executions)

    def _on_connect(self, dbapi_connection: Any, _record: Any) -> None:
        if isinstance(dbapi_connection, psycopg.Connection):
            dbapi_connection.cursor_factory = self.cursor_class

    def __enter__(self) -> Recorder:
        sa.event.listen(sa.engine.Engine, "connect", self._on_connect)
        return self

    def __exit__(self, *exc: Any) -> None:
        sa.event.remove(sa.engine.Engine, "connect", self._on_connect)
