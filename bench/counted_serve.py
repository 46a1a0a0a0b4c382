"""`python -m bench.counted_serve serve --port P`: `python -m app serve`, with every SQLite
transaction the process opens counted (bench only; the server's code is not touched).

Each sqlite3 connection gets a trace callback (SQLite calls it for every statement it runs,
the driver's own BEGIN/COMMIT included). A statement that starts while the connection is not in
a transaction opens one: an explicit BEGIN, or a statement in autocommit (its own implicit
transaction). Those are the transactions; COMMIT/ROLLBACK are not counted again. A thread
writes `{"transactions": N, "statements": M, "kinds": {...}}` to $BENCH_SQL_COUNTS every 0.1 s
(when they moved);
`kinds` counts the statements by verb and first table ("SELECT rooms", "INSERT actions",
"BEGIN"), to see where a load's transactions go.
"""

from __future__ import annotations

import os
import re
import sqlite3
import sqlite3.dbapi2
import sys
import threading
import time
from pathlib import Path
from typing import Any

import orjson

COUNTS: dict[str, Any] = {"transactions": 0, "statements": 0, "kinds": {}}
_TABLE = re.compile(r"\b(?:FROM|INTO|UPDATE)\s+\"?(\w+)", re.IGNORECASE)
_LOCK = threading.Lock()
_CONNECT = sqlite3.connect
_CLOSERS = ("COMMIT", "ROLLBACK", "END")


def opens_transaction(sql: str, in_transaction: bool) -> bool:
    return not in_transaction and not sql.lstrip().upper().startswith(_CLOSERS)


def statement_kind(sql: str) -> str:
    """The verb and first table: "SELECT rooms", "UPDATE rooms", "INSERT actions", "BEGIN"."""
    verb = sql.lstrip().split(None, 1)[0].upper() if sql.strip() else ""
    table = _TABLE.search(sql)
    return f"{verb} {table.group(1)}" if table else verb


def counted_connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
    connection = _CONNECT(*args, **kwargs)

    def trace(sql: str) -> None:
        opens = opens_transaction(sql, connection.in_transaction)
        kind = statement_kind(sql)
        with _LOCK:
            COUNTS["statements"] += 1
            COUNTS["transactions"] += opens
            COUNTS["kinds"][kind] = COUNTS["kinds"].get(kind, 0) + 1

    connection.set_trace_callback(trace)
    return connection


def write_counts(path: Path) -> None:
    """Every 0.1 s, when the counts moved (a server on PostgreSQL counts nothing here, and
    then writes once: its CPU, which the bench measures, is not spent on the counting)."""
    written = None
    while True:
        with _LOCK:
            body = orjson.dumps(COUNTS)
        if body != written:
            path.with_suffix(".tmp").write_bytes(body)
            path.with_suffix(".tmp").replace(path)
            written = body
        time.sleep(0.1)


def main() -> int:
    sqlite3.connect = counted_connect  # type: ignore[assignment]
    sqlite3.dbapi2.connect = counted_connect  # type: ignore[assignment]
    threading.Thread(target=write_counts, args=(Path(os.environ["BENCH_SQL_COUNTS"]),), daemon=True).start()
    from app.cli import main as serve

    return serve(sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
