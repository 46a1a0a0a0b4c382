"""A client that went away while its socket still had something to say: every later send of
that socket is dropped quietly, in whichever of its tasks it comes.

Seen under load (bench/pipeline.py): a seat's last act was refused after its client had closed.
The first send to the gone client raised WebSocketDisconnect (Starlette marks the socket's side
DISCONNECTED); the refusal's send then raised Starlette's RuntimeError, which uvicorn logged as
"Exception in ASGI application" with a traceback, about seven times a second."""

from __future__ import annotations

import asyncio

import orjson
import pytest
from starlette.websockets import WebSocket, WebSocketDisconnect
from uvicorn.protocols.utils import ClientDisconnected

from app.ws.incoming import Act, Hello
from app.ws.socket import RoomConnection
from tests.app.ws.test_hello_reads import started_toy_room


class Client:
    """The server side of an ASGI websocket whose client can leave: from then on, every send
    raises what uvicorn raises for a closed transport."""

    def __init__(self) -> None:
        self.gone = False
        self.sent: list[dict] = []

    async def receive(self) -> dict:
        return {"type": "websocket.connect"}

    async def send(self, message: dict) -> None:
        if self.gone:
            raise ClientDisconnected()
        self.sent.append(message)


def test_sends_after_the_client_left_are_dropped_without_an_error(tmp_path):
    async def scenario():
        database, _, rooms, code, host = await started_toy_room(tmp_path / "gone.db")
        try:
            client = Client()
            websocket = WebSocket(
                {"type": "websocket", "path": f"/ws/rooms/{code}", "headers": []}, client.receive, client.send
            )
            await websocket.receive()
            await websocket.accept()
            connection = RoomConnection(websocket, code, rooms)
            await connection.on_hello(Hello(type="hello", token=host))
            frames = [orjson.loads(m["text"]) for m in client.sent if m["type"] == "websocket.send"]
            client.gone = True
            with pytest.raises(WebSocketDisconnect):  # the first send finds it gone
                await connection.send({"type": "pong", "v": 0})
            # Two acts the seat sent just before it left: the first is taken, the second refused
            # as stale; the refusal (and the frame that follows it) is dropped.
            await connection.on_act(Act(type="act", v=0, action={"type": "pick", "n": 1}))
            await connection.on_act(Act(type="act", v=0, action={"type": "pick", "n": 1}))
            return frames
        finally:
            await rooms.close()
            database.dispose()

    frames = asyncio.run(scenario())
    assert any(frame["type"] == "state" for frame in frames)
