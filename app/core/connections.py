"""One client cannot starve the server of connections (README "Limits"; issue 20).

uvicorn holds a connection that sends half a request header forever and has no cap on
connections: 300 slow clients used up the process's file descriptors and locked every player
out. The protocol classes here (`paddock serve` hands them to uvicorn) add, per process:

- a first-request (header) timeout: a connection whose request headers are not complete
  `header_timeout_seconds` after its first byte (or after it opened) is closed; on a
  kept-alive connection the clock starts again with the next request's first byte;
- a cap on the connections one address holds at once, HTTP and sockets together
  (`connections_per_address`; the addresses in `connection_limit_exempt`, e.g. a reverse
  proxy in front, are counted only in the total);
- a cap on all connections (`max_connections`; 0: the file-descriptor limit less a reserve
  for the database, Redis and files), so a flood is refused before descriptors run out.

A refused connection gets a short 503 with a sentence and is closed at once. One line a
`refusal_log_seconds` says how many were refused (app.core.log_noise's counting, here).
"""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from collections import Counter
from typing import Any

import orjson
from uvicorn.protocols.http.auto import AutoHTTPProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from app.core.ratelimit import limit_key

log = logging.getLogger("paddock.connections")

# Descriptors kept for everything that is not a client connection (database and Redis
# connections, log and static files, the listening socket) when `max_connections` is 0.
FD_RESERVE = 64


def total_cap(configured: int) -> int:
    if configured > 0:
        return configured
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 65_536
    return max(16, soft - FD_RESERVE)


def _refusal(message: str) -> bytes:
    body = orjson.dumps({"type": "error", "code": "too_many_connections", "message": message, "params": {}})
    head = (
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nretry-after: 5\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


class ConnectionBook:
    """Who holds how many connections, in this process (the event loop's thread only)."""

    def __init__(self, per_address: int, total: int, exempt: set[str], header_timeout: float, quiet: float):
        self.per_address = per_address
        self.total = total
        self.exempt = exempt
        self.header_timeout = header_timeout
        self.by_address: Counter[str] = Counter()
        self.open: dict[Any, str] = {}  # transport -> address
        self.refused: Counter[str] = Counter()
        self.quiet = quiet
        self.quiet_until = 0.0

    @classmethod
    def from_settings(cls) -> ConnectionBook:
        from app.core.config import Settings

        settings = Settings()
        exempt = {part.strip() for part in settings.connection_limit_exempt.split(",") if part.strip()}
        return cls(
            settings.connections_per_address,
            total_cap(settings.max_connections),
            exempt,
            settings.header_timeout_seconds,
            settings.refusal_log_seconds,
        )

    def admit(self, transport: Any) -> str | None:
        """None (counted from now on), or the sentence of a refusal."""
        peer = transport.get_extra_info("peername")
        host = peer[0] if isinstance(peer, tuple) and peer else "unknown"
        address = limit_key(host)  # an IPv6 client by its /64
        if len(self.open) >= self.total:
            return self._refuse("total", "The server is at its connection limit; please try again soon.")
        capped = self.per_address > 0 and host not in self.exempt and address not in self.exempt
        if capped and self.by_address[address] >= self.per_address:
            return self._refuse(
                "per_address",
                f"Too many connections from your address (at most {self.per_address}); "
                "close some tabs and try again.",
            )
        self.open[transport] = address
        self.by_address[address] += 1
        return None

    def release(self, transport: Any) -> None:
        address = self.open.pop(transport, None)
        if address is not None:
            self.by_address[address] -= 1
            if self.by_address[address] <= 0:
                del self.by_address[address]

    def _refuse(self, kind: str, message: str) -> str:
        self.refused[kind] += 1
        now = time.monotonic()
        if now >= self.quiet_until:
            self.quiet_until = now + self.quiet
            counts = ", ".join(f"{n} {k}" for k, n in self.refused.items())
            log.warning("connections refused at the limit (%s so far): %s", counts, kind)
        return message


_BOOK: ConnectionBook | None = None


def book() -> ConnectionBook:
    """This process's book, from the environment's settings (each uvicorn worker has its own)."""
    global _BOOK
    if _BOOK is None:
        _BOOK = ConnectionBook.from_settings()
    return _BOOK


class GuardedHTTP(AutoHTTPProtocol):  # type: ignore[misc, valid-type]
    """uvicorn's HTTP protocol with the caps and the header timeout."""

    def connection_made(self, transport: asyncio.Transport) -> None:
        self._book = book()
        self._timer: asyncio.TimerHandle | None = None
        self._timed_cycle: Any = None
        refusal = self._book.admit(transport)
        self._admitted = refusal is None
        if refusal is not None:
            transport.write(_refusal(refusal))
            transport.close()
            return
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if not self._admitted:
            return
        super().data_received(data)
        if self._timer is None and self._between_requests():
            self._arm()  # the first byte of the next request on a kept-alive connection

    def connection_lost(self, exc: Exception | None) -> None:
        if not self._admitted:
            return
        self._disarm()
        self._book.release(self.transport)
        super().connection_lost(exc)

    def handle_websocket_upgrade(self, *args: Any) -> None:
        self._disarm()  # the headers came: the connection is the socket protocol's now
        super().handle_websocket_upgrade(*args)

    def _between_requests(self) -> bool:
        cycle = getattr(self, "cycle", None)
        return cycle is None or cycle.response_complete

    def _arm(self) -> None:
        self._disarm()
        self._timed_cycle = getattr(self, "cycle", None)
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(self._book.header_timeout, self._deadline)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _deadline(self) -> None:
        self._timer = None
        if getattr(self, "cycle", None) is not self._timed_cycle:
            return  # a request's headers arrived in time
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return
        self._book._refuse("header_timeout", "")
        self.transport.abort()  # the client had its time: no answer is owed


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's socket protocol, releasing the connection the HTTP protocol counted."""

    def connection_lost(self, exc: Exception | None) -> None:
        book().release(self.transport)
        super().connection_lost(exc)


HTTP_PROTOCOL = "app.core.connections:GuardedHTTP"
WS_PROTOCOL = "app.core.connections:GuardedWebSocket"
