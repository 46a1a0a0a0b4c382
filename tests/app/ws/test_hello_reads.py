"""A socket hears its room from its hello on (what its inbox held before was dropped), so the
reads it may share (app.rooms.shared_reads) are those started after its hello: a chat line
said between a read's start and the hello would reach it neither way."""

from __future__ import annotations

import asyncio
import time

import orjson
from starlette.websockets import WebSocketState

from app import metrics
from app.broadcast import MemoryBroadcast
from app.core.config import Settings
from app.core.db import make_engine, make_sessions
from app.core.migrate import upgrade
from app.rooms.service import RoomService, channel
from app.rooms.snapshot import hash_token
from app.ws.incoming import Hello
from app.ws.socket import RoomConnection


class Socket:
    client_state = WebSocketState.CONNECTED
    application_state = WebSocketState.CONNECTED

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)


def reads() -> float:
    return metrics.DB_TRANSACTIONS.labels(kind="read")._value.get()


async def started_toy_room(path) -> tuple:
    """A started toy game (Ann the host, Bo) on a fresh SQLite file: (database, broadcast,
    rooms, code, host's token)."""
    database = make_engine(f"sqlite:///{path}")
    upgrade(database)
    broadcast = MemoryBroadcast(queue_size=8)
    rooms = RoomService(make_sessions(database), broadcast, Settings(bot_delay=0, odds_workers=0))
    code, host, _ = await rooms.create_room("toy", {"rounds": 2}, "Ann")
    await rooms.join(code, "Bo")
    await rooms.start(code, host)
    return database, broadcast, rooms, code, host


def test_a_socket_hears_its_room_from_its_hello_and_shares_no_read_started_before_it(tmp_path):
    async def scenario():
        database, broadcast, rooms, code, _ = await started_toy_room(tmp_path / "hello.db")
        try:
            connection = RoomConnection(Socket(), code, rooms)  # type: ignore[arg-type]
            connection.listen(broadcast.subscribe(channel(code)))
            assert connection.heard_since is None, "nothing heard before the hello counts"
            # A chat history read already running when the spectator says hello.
            gate = asyncio.Event()

            async def slow_history() -> list:
                await gate.wait()
                return []

            early = asyncio.ensure_future(rooms.feed.reads.read(code, None, slow_history))
            await asyncio.sleep(0)
            before_hello = time.monotonic()
            counted = reads()
            hello = asyncio.ensure_future(connection.on_hello(Hello(type="hello")))
            async with asyncio.timeout(30):
                while not any('"chat_history"' in text for text in connection.websocket.sent):
                    await asyncio.sleep(0.01)
            gate.set()
            await asyncio.gather(early, hello)
            return connection.heard_since, before_hello, reads() - counted
        finally:
            await rooms.close()
            database.dispose()

    heard_since, before_hello, read = asyncio.run(scenario())
    assert heard_since is not None and heard_since >= before_hello
    # Its own reads: the sync (state and log) and the chat history. Had it joined the early
    # read, its chat history would have waited on the gate, opened only once it was sent.
    assert read >= 2


def test_a_shared_sync_read_older_than_the_room_held_is_read_again(tmp_path):
    """A sync read in flight is shared (state changes carry versions), but one that began
    before a change the socket's inbox dropped (heard before its hello) shows an older version
    than the room held in memory: the socket then reads for itself and syncs the newest."""

    async def scenario():
        database, broadcast, rooms, code, host = await started_toy_room(tmp_path / "sync.db")
        try:
            old = await rooms.store.read_with_log(code)  # version 0
            connection = RoomConnection(Socket(), code, rooms)  # type: ignore[arg-type]
            connection.listen(broadcast.subscribe(channel(code)))
            connection.subscribed_since = time.monotonic()
            gate = asyncio.Event()

            async def slow_old_read():
                await gate.wait()
                return old

            early = asyncio.ensure_future(rooms.sync_reads.read(code, None, slow_old_read))
            await asyncio.sleep(0)
            await rooms.act(code, hash_token(host), 0, {"type": "pick", "n": 1})  # v1: dropped
            hello = asyncio.ensure_future(connection.on_hello(Hello(type="hello")))
            for _ in range(50):
                await asyncio.sleep(0)
            gate.set()
            async with asyncio.timeout(30):
                await asyncio.gather(early, hello)
            return [orjson.loads(t) for t in connection.websocket.sent if t.startswith('{"type":"state"')]
        finally:
            await rooms.close()
            database.dispose()

    states = asyncio.run(scenario())
    assert [state["v"] for state in states] == [1]
