"""The room socket's route: `/ws/rooms/{code}` websocket connections go straight to the room
socket (app.ws.socket), outside FastAPI's routing and the HTTP-only middlewares.

A websocket that goes through the routing keeps, for as long as it is open, every layer it
went through: the router's and the endpoint's exit stacks, the dependency solver's scope, and
a suspended frame per middleware. With thousands of idle spectators that is several KiB per
connection for nothing, since the room socket needs no dependencies and the HTTP middlewares
pass websockets through. This is a plain ASGI middleware added last (outermost of ours); its
`__call__` is not a coroutine, so it hands the connection on without keeping a frame of its own.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable

from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from .socket import room_socket

ROOM_SOCKET = re.compile(r"/ws/rooms/([^/]+)")


class RoomSocketRoute:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        if scope["type"] == "websocket" and (match := ROOM_SOCKET.fullmatch(scope["path"])):
            return room_socket(WebSocket(scope, receive, send), match[1])
        return self.app(scope, receive, send)
