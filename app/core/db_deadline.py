"""A deadline on every use of a PostgreSQL connection, enforced from outside the thread.

A silent database (the connection open, nothing answering: a network blackhole, a hung
server, a proxy that lost its upstream) leaves the driver waiting in `recv` forever, and
neither `statement_timeout` (the server never hears of it) nor TCP keepalives (the local
end, e.g. a proxy, acknowledges everything) end that wait. So each connection taken from
the pool gets a deadline (`db_statement_timeout` plus a second, so the server's own
statement timeout speaks first when the server is merely slow); one watchdog thread per
engine shuts the socket of a connection still checked out past it. The driver's wait then
ends in an OperationalError, which the app answers as `storage_unavailable`, and the pool
drops the connection. Cost on the hot path: a dict store at checkout and a pop at checkin.

The deadline also covers the ping a checkout makes (this replaces SQLAlchemy's
`pool_pre_ping`, which runs before any checkout hook and so outside any deadline): a pooled
connection that fails it is replaced by a new one, which `connect_timeout` bounds.

A checkout pings only a connection that may have died unseen: one idle for `ping_idle`
seconds or more, or one with bytes (or the end of the stream) waiting on its socket. A server
that restarts, or ends a backend, tells each of its connections so (an error message, then
the close), so a connection in use a moment ago with nothing waiting is alive as far as
anything can tell without a round trip; a ping on every checkout was a second round trip,
and a second PostgreSQL transaction, for every transaction of the app.
"""

from __future__ import annotations

import logging
import select
import socket
import threading
import time
import weakref
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.exc import DisconnectionError

log = logging.getLogger("paddock.db")


# A connection idle this long is pinged at checkout even when nothing waits on its socket
# (a peer gone without a word: its host lost, a NAT that forgot the connection).
PING_IDLE_SECONDS = 5.0
IDLE_SINCE = "paddock_idle_since"


class ConnectionDeadlines:
    def __init__(
        self, engine: Engine, seconds: float, tick: float = 0.25, ping_idle: float = PING_IDLE_SECONDS
    ) -> None:
        self.seconds = seconds
        self.tick = tick
        self.ping_idle = ping_idle
        self.lock = threading.Lock()
        # id(dbapi connection) -> (deadline, dbapi connection)
        self.out: dict[int, tuple[float, Any]] = {}
        self.stopped = threading.Event()
        event.listen(engine, "checkout", self._checkout)
        event.listen(engine, "checkin", self._checkin_record)
        event.listen(engine, "close", self._checkin)
        thread = threading.Thread(target=self._watch, name="db-deadlines", daemon=True)
        thread.start()
        weakref.finalize(engine, self.stopped.set)

    def _checkout(self, dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        now = time.monotonic()
        with self.lock:
            self.out[id(dbapi_connection)] = (now + self.seconds, dbapi_connection)
        idle_since = record.info.get(IDLE_SINCE)
        if idle_since is not None and now - idle_since < self.ping_idle and _quiet(dbapi_connection):
            return
        try:
            autocommit = dbapi_connection.autocommit
            dbapi_connection.autocommit = True  # no transaction for the ping (client side only)
            try:
                dbapi_connection.execute("SELECT 1")
            finally:
                dbapi_connection.autocommit = autocommit
        except Exception as exc:  # noqa: BLE001 - any failure: this connection is gone
            self._checkin(dbapi_connection)
            raise DisconnectionError(str(exc)) from exc

    def _checkin_record(self, dbapi_connection: Any, record: Any) -> None:
        record.info[IDLE_SINCE] = time.monotonic()
        self._checkin(dbapi_connection)

    def _checkin(self, dbapi_connection: Any, *_: Any) -> None:
        if dbapi_connection is None:
            return
        with self.lock:
            self.out.pop(id(dbapi_connection), None)

    def _watch(self) -> None:
        while not self.stopped.wait(self.tick):
            now = time.monotonic()
            with self.lock:
                late = [(key, conn) for key, (deadline, conn) in self.out.items() if deadline <= now]
                for key, _conn in late:
                    self.out.pop(key, None)
            for _key, conn in late:
                _cut(conn)


def _quiet(dbapi_connection: Any) -> bool:
    """Nothing waits on the connection's socket: no message from the server (a backend's
    FATAL at a shutdown or a termination), no end of stream, no error."""
    try:
        fd = dbapi_connection.pgconn.socket
        poller = select.poll()
        poller.register(fd, select.POLLIN | select.POLLPRI)
        return not poller.poll(0)
    except Exception:  # noqa: BLE001 - closed or unreadable: ping it (and so replace it)
        return False


def _cut(dbapi_connection: Any) -> None:
    """Shut the connection's socket: the thread blocked on it gets an error at once."""
    try:
        fd = dbapi_connection.pgconn.socket
        sock = socket.socket(fileno=socket.dup(fd))
    except Exception:  # noqa: BLE001 - already closed: nothing waits on it
        return
    try:
        sock.shutdown(socket.SHUT_RDWR)
        log.warning("the database did not answer in time; its connection was cut")
    except OSError:
        pass
    finally:
        sock.close()
