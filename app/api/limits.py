"""Refuse oversized HTTP bodies (413 with a sentence), counting the bytes that actually arrive.

`Content-Length` alone cannot be trusted: a chunked body has none. The middleware reads the
body itself, chunk by chunk, keeping at most `max_bytes` of it, and answers 413 the moment the
count goes past the limit, without reading the rest (the server then drops the connection).
The app behind it gets the buffered body, so memory never grows with what a client sends.
"""

from __future__ import annotations

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send


def too_big_body(max_bytes: int) -> bytes:
    return orjson.dumps(
        {
            "type": "error",
            "code": "too_big",
            "message": f"That request is too large (the limit is {max_bytes} bytes).",
            "params": {"max": max_bytes},
        }
    )


class BodySizeLimit:
    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or ()).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_bytes):
            await self._refuse(send)
            return
        messages: list[Message] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                messages.append(message)
                break
            size += len(message.get("body", b""))
            if size > self.max_bytes:
                await self._refuse(send)
                return
            messages.append(message)
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            if messages:
                return messages.pop(0)
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        body = too_big_body(self.max_bytes)
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
