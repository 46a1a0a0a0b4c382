"""Readiness: can this process serve rooms right now?

`GET /healthz` only says the process answers (a liveness probe: restart me if not).
`GET /readyz` checks what serving needs: the database takes a write and, when
BROADCAST_URL is Redis, Redis answers PING and this process's pub/sub listener is
subscribed (otherwise moves made on other processes would not reach its sockets).
A failing check answers 503 with the reason in a sentence (a readiness probe: send
no traffic here until it passes).

The database check runs on its own single worker thread with a deadline, so a
database that hangs (not refusing, just silent) neither blocks the event loop nor
piles up threads: while one check is still waiting, later probes wait on that same
check.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import Engine

from app.broadcast import Broadcast
from app.core.storage import write_check

CHECK_SECONDS = 3.0


def _short(exc: BaseException) -> str:
    """The first line of an error, without SQLAlchemy's wrapping and links."""
    cause = getattr(exc, "orig", None) or exc
    text = str(cause).strip().splitlines()[0] if str(cause).strip() else cause.__class__.__name__
    return text[:200]


def ping_database(database: Engine) -> None:
    """A real write on a pooled connection, outside any transaction of the app: a row of the
    scratch table written and deleted (app.core.storage.write_check), so a database that
    answers reads but cannot write (a full disk, a read-only replica) is not ready."""
    connection = database.raw_connection()
    try:
        write_check(connection, database.dialect.name == "sqlite")
    finally:
        connection.close()


class Readiness:
    def __init__(self, database: Engine, broadcast: Broadcast, timeout: float = CHECK_SECONDS) -> None:
        self.database = database
        self.broadcast = broadcast
        self.timeout = timeout
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="readyz")
        self._pending: asyncio.Future[None] | None = None

    async def database_problem(self) -> str | None:
        if self._pending is None or self._pending.done():
            loop = asyncio.get_running_loop()
            self._pending = loop.run_in_executor(self._executor, ping_database, self.database)
        try:
            await asyncio.wait_for(asyncio.shield(self._pending), self.timeout)
        except TimeoutError:
            return f"The database did not answer within {self.timeout:g} seconds."
        except Exception as exc:  # noqa: BLE001 - any failure means "not ready"
            return f"The database is unreachable: {_short(exc)}."
        return None

    async def redis_problem(self) -> str | None:
        from app.broadcast.redis import RedisBroadcast

        if not isinstance(self.broadcast, RedisBroadcast) or self.broadcast.client is None:
            return None
        try:
            await asyncio.wait_for(self.broadcast.client.ping(), self.timeout)
        except TimeoutError:
            return f"Redis did not answer within {self.timeout:g} seconds."
        except Exception as exc:  # noqa: BLE001 - any failure means "not ready"
            return f"Redis is unreachable: {_short(exc)}."
        if not self.broadcast.listening.is_set():
            return "The Redis subscription is reconnecting: moves made on other processes are not arriving."
        return None

    async def check(self) -> tuple[bool, dict[str, Any]]:
        """(ready, body): body names each check's result and, when not ready, the first reason."""
        database, redis = await asyncio.gather(self.database_problem(), self.redis_problem())
        checks = {"database": database or "ok"}
        if redis is not None or self._uses_redis():
            checks["redis"] = redis or "ok"
        problems = [problem for problem in (database, redis) if problem]
        if problems:
            return False, {"status": "unavailable", "reason": problems[0], "checks": checks}
        return True, {"status": "ready", "checks": checks}

    def _uses_redis(self) -> bool:
        from app.broadcast.redis import RedisBroadcast

        return isinstance(self.broadcast, RedisBroadcast)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
