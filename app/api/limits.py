"""Refuse oversized HTTP bodies (413 with a sentence), counting the bytes that actually arrive.

`Content-Length` alone cannot be trusted: a chunked body has none. The middleware reads the
body itself, chunk by chunk, keeping at most `max_bytes` of it, and answers 413 the moment the
count goes past the limit, without reading the rest (the server then drops the connection).
The app behind it gets the buffered body, so memory never grows with what a client sends.
A body nested too deeply or holding a lone surrogate (app.core.json_shape) is refused here
with a 400 sentence, so no route ever sees one.
"""

from __future__ import annotations

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.core.json_shape import body_problem


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

        problem = body_problem(b"".join(m.get("body", b"") for m in messages if m["type"] == "http.request"))
        if problem is not None:
            await _answer(send, 400, _error_body(*problem))
            return

        async def replay() -> Message:
            if messages:
                return messages.pop(0)
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        await _answer(send, 413, too_big_body(self.max_bytes), close=True)


def _error_body(code: str, message: str) -> bytes:
    return orjson.dumps({"type": "error", "code": code, "message": message, "params": {}})


async def _answer(send: Send, status: int, body: bytes, close: bool = False) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
