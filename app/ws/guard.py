"""What a room socket must pass besides the messages themselves: the page's Origin, the cap on
sockets per client address and room, the per-address hello limit, the hello deadline, and the
chat budgets of its address and room (shared by every socket of the address: `chat`).

(Flood control of act/ping/bad messages on an open connection is separate, per connection.)
"""

from __future__ import annotations

import asyncio
import time
from typing import Any
from urllib.parse import urlsplit

from fastapi import WebSocket
from starlette.types import Message

from app.core.config import Settings
from app.core.ratelimit import ClientLimits, SlowDown, client_address

# Close codes (4000-4999 are the application's): the client's origin is not allowed, the client
# went past a limit, and no hello arrived in time.
BAD_ORIGIN = 4403
SLOW_DOWN = 4429
HELLO_TIMEOUT = 4408


def origin_allowed(headers: Any, settings: Settings) -> bool:
    """A browser's Origin must be the page's own (same scheme-less host and port as the Host header)
    or one of ALLOWED_ORIGINS; a client that sends no Origin is not a browser page and may connect."""
    origin = headers.get("origin")
    if origin is None:
        return True
    listed = settings.allowed_origins.split(",")
    allowed = {item.strip().rstrip("/").lower() for item in listed if item.strip()}
    if origin.rstrip("/").lower() in allowed:
        return True
    host = (headers.get("host") or "").lower()
    return bool(host) and urlsplit(origin).netloc.lower() == host


def error(code: str, message: str, **params: Any) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message, "params": params}


class SocketGuard:
    """One per socket: `admit()` before anything, `release()` when it closes."""

    def __init__(self, websocket: WebSocket, code: str) -> None:
        self.websocket = websocket
        self.code = code
        self.settings: Settings = websocket.app.state.settings
        self.limits: ClientLimits = websocket.app.state.limits
        self.client = client_address(websocket.client)
        self.counted = False
        self.hello_deadline = time.monotonic() + self.settings.hello_timeout_seconds

    def admit(self) -> tuple[dict[str, Any], int] | None:
        """None when the socket may go on, else (the error message, the close code)."""
        if not origin_allowed(self.websocket.headers, self.settings):
            message = "This page may not connect to the game server (its origin is not allowed)."
            return error("bad_origin", message), BAD_ORIGIN
        try:
            self.limits.open_socket(self.client, self.code)
        except SlowDown as exc:
            return error("slow_down", exc.message, retry_after=exc.retry_after), SLOW_DOWN
        self.counted = True
        return None

    def release(self) -> None:
        if self.counted:
            self.counted = False
            self.limits.close_socket(self.client, self.code)

    def hello(self) -> dict[str, Any] | None:
        """Count one hello from this address: None if allowed, else the `slow_down` error to send."""
        try:
            self.limits.hit("hello", self.client)
        except SlowDown as exc:
            return error("slow_down", exc.message, retry_after=exc.retry_after)
        return None

    def chat(self, spectator: bool) -> int | None:
        """Count one chat line of this address in the room (a spectator's in the room's too):
        None if allowed, else the seconds to wait (app.core.ratelimit)."""
        try:
            self.limits.chat(self.client, self.code, spectator)
        except SlowDown as exc:
            return exc.retry_after
        return None

    async def receive(self, greeted: bool) -> Message | None:
        """The next message; None when the socket has not said hello in time (it is then closed)."""
        if greeted:
            return await self.websocket.receive()
        try:
            async with asyncio.timeout(max(0.0, self.hello_deadline - time.monotonic())):
                return await self.websocket.receive()
        except TimeoutError:
            return None

    def hello_timeout_error(self) -> dict[str, Any]:
        seconds = self.settings.hello_timeout_seconds
        return error(
            "hello_timeout",
            f"No hello arrived within {seconds:g} seconds of connecting; the connection is closed.",
            seconds=seconds,
        )
