"""Refuse oversized HTTP bodies before they are read (413 with a sentence)."""

from __future__ import annotations

import orjson
from starlette.types import ASGIApp, Receive, Scope, Send


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
            body = orjson.dumps(
                {
                    "type": "error",
                    "code": "too_big",
                    "message": f"That request is too large (the limit is {self.max_bytes} bytes).",
                    "params": {"max": self.max_bytes},
                }
            )
            await send(
                {
                    "type": "http.response.start",
                    "status": 413,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)
