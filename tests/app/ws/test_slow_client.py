"""A client that stops reading is resynced, not buffered without bound."""

from __future__ import annotations

import asyncio

from starlette.websockets import WebSocketState

from app.broadcast import MemoryBroadcast
from app.core.config import Settings
from app.core.db import make_engine, make_sessions
from app.core.migrate import upgrade
from app.rooms.service import RoomService, channel
from app.rooms.snapshot import hash_token
from app.ws.socket import RoomConnection


class SlowSocket:
    """Sends block until `opened` is set, like a client whose TCP window is full."""

    client_state = WebSocketState.CONNECTED
    application_state = WebSocketState.CONNECTED

    def __init__(self) -> None:
        self.opened = asyncio.Event()
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        await self.opened.wait()
        self.sent.append(text)


def test_a_slow_connection_gets_one_fresh_state_instead_of_a_growing_backlog(tmp_path):
    async def scenario():
        database = make_engine(f"sqlite:///{tmp_path / 'slow.db'}")
        upgrade(database)
        broadcast = MemoryBroadcast(queue_size=3)
        rooms = RoomService(make_sessions(database), broadcast, Settings(bot_delay=0))
        code, host, _ = await rooms.create_room("toy", {"rounds": 5}, "Ann")
        friend, _ = await rooms.join(code, "Bo")
        await rooms.start(code, host)

        socket = SlowSocket()
        connection = RoomConnection(socket, code, rooms)  # type: ignore[arg-type]
        connection.greeted, connection.token_hash = True, hash_token(friend)
        subscription = broadcast.subscribe(channel(code))
        connection.listen(subscription)
        v = 0
        for _ in range(4):  # 8 actions, each publishing a room and a state message
            for token in (host, friend):
                await rooms.act(code, hash_token(token), v, {"type": "pick", "n": 1})
                v += 1
                assert subscription.queue.qsize() <= 3
        assert subscription.resyncs > 0
        socket.opened.set()
        # Until the connection has sent the newest version and read its queue dry (bounded
        # only so a regression fails instead of hanging; a loaded machine may take a while).
        async with asyncio.timeout(60):
            while not (connection.last_v == v and subscription.queue.empty()):
                await asyncio.sleep(0.01)
        connection.closed = True
        if connection.drainer is not None:
            connection.drainer.cancel()
            await asyncio.gather(connection.drainer, return_exceptions=True)
        await rooms.close()
        database.dispose()
        return socket.sent, v

    sent, v = asyncio.run(scenario())
    assert len(sent) < 16  # far fewer than the 16 messages published
    states = [text for text in sent if text.startswith('{"type":"state"')]
    assert sum(f'"v":{v},' in text for text in states) == 1  # the newest state, once


class StuckSocket(SlowSocket):
    """A client that stopped reading for good: a send never ends. Closing is recorded and
    leaves the application side DISCONNECTED, as Starlette's close does."""

    def __init__(self) -> None:
        super().__init__()
        self.closed_with: list[int] = []

    async def close(self, code: int = 1000) -> None:
        self.closed_with.append(code)
        self.application_state = WebSocketState.DISCONNECTED


def test_a_client_that_stops_reading_is_closed_when_a_send_outlasts_the_send_timeout(tmp_path, monkeypatch):
    """A send that cannot finish (the client's TCP window stays full) is given up after
    SEND_TIMEOUT: the socket is closed with 1013 (try again later) and its tasks end with
    WebSocketDisconnect, so one stuck phone holds no task, no queue and no lock for ever."""
    from starlette.websockets import WebSocketDisconnect

    from app.ws import socket as socket_module

    monkeypatch.setattr(socket_module, "SEND_TIMEOUT", 0.2)

    async def scenario():
        database = make_engine(f"sqlite:///{tmp_path / 'stuck.db'}")
        upgrade(database)
        rooms = RoomService(make_sessions(database), MemoryBroadcast(8), Settings(bot_delay=0))
        try:
            code, host, _ = await rooms.create_room("toy", {"rounds": 5}, "Ann")
            stuck = StuckSocket()
            connection = RoomConnection(stuck, code, rooms)  # type: ignore[arg-type]
            outcome = None
            try:
                async with asyncio.timeout(30):  # bounded only so a regression fails, not hangs
                    await connection.send({"type": "pong", "v": 0})
            except WebSocketDisconnect as gone:
                outcome = gone.code
            # The send lock was let go, and the closed socket drops a later send at once.
            async with asyncio.timeout(30):
                await connection.send({"type": "pong", "v": 0})
            return outcome, stuck.closed_with, stuck.sent
        finally:
            await rooms.close()
            database.dispose()

    outcome, closed_with, sent = asyncio.run(scenario())
    assert outcome == 1013
    assert closed_with == [1013]
    assert sent == []
