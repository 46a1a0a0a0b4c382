"""A room summary built by a process a change behind (two processes move one room along), or
by one that read who is connected before a summary the socket showed: its news reaches the
socket, at the version and the presence the socket already shows."""

from __future__ import annotations

import asyncio
import dataclasses
import time

import orjson
import pytest

from app.broadcast.redis import RedisBroadcast
from app.core.config import Settings
from app.core.db import make_engine, make_sessions
from app.core.migrate import upgrade
from app.rooms.service import RoomService, channel
from app.rooms.snapshot import hash_token
from app.ws.incoming import Hello
from app.ws.socket import RoomConnection
from tests.app.ws.test_hello_reads import Socket, started_toy_room


def test_a_presence_summary_from_a_process_a_change_behind_is_shown_at_this_processs_version(tmp_path):
    """Seen with two processes: one adopted the bot and moved the room to v1; the host's socket
    arrived on the other, still at v0, whose summary (host connected, v0) reached a spectator
    already shown v1. Dropped as older, the spectator never saw the host arrive."""

    async def scenario():
        database, broadcast, rooms, code, host = await started_toy_room(tmp_path / "behind.db")
        try:
            behind = dataclasses.replace(await rooms.load(code))  # v0, as the other process holds it
            await rooms.act(code, hash_token(host), 0, {"type": "pick", "n": 1})  # v1
            connection = RoomConnection(Socket(), code, rooms)  # type: ignore[arg-type]
            connection.listen(broadcast.subscribe(channel(code)))
            await connection.on_hello(Hello(type="hello"))  # a spectator, shown v1
            shown = connection.last_room_v
            # The host's socket arrives on the process that is behind: its summary says v0.
            await rooms.publisher.arrive(code, hash_token(host))
            message = await rooms.publisher.room_message(behind, presence_only=True)
            before = len(connection.websocket.sent)
            await connection.on_room(message)
            sent = [orjson.loads(text) for text in connection.websocket.sent[before:]]
            return shown, message["summary"], [m for m in sent if m["type"] == "room"]
        finally:
            await rooms.close()
            database.dispose()

    shown, behind_summary, room_frames = asyncio.run(scenario())
    assert shown == 1
    assert behind_summary["v"] == 0 and behind_summary["seats"][0]["connected"]
    assert len(room_frames) == 1
    assert room_frames[0]["v"] == 1 and room_frames[0]["seats"][0]["connected"]
    assert not room_frames[0]["seats"][1]["connected"]


@pytest.mark.redis
def test_a_summary_that_read_who_is_in_before_one_the_socket_showed_is_built_again(
    tmp_path, redis_url, redis_prefix
):
    """Seen in the two-process test: each process hands its own summaries to its sockets at
    once and the other's through Redis, so a summary read before Bo arrived on process B can
    reach a socket on A after B's summary that shows him. Shown as it came, the room showed Bo
    away until the next change of presence; the count of changes it carries tells it is older."""

    async def scenario():
        database = make_engine(f"sqlite:///{tmp_path / 'order.db'}")
        upgrade(database)
        processes = []
        for _ in range(2):
            broadcast = RedisBroadcast(redis_url, 8, redis_prefix)
            await broadcast.connect()
            settings = Settings(bot_delay=0, odds_workers=0)
            processes.append(RoomService(make_sessions(database), broadcast, settings))
        a, b = processes
        try:
            code, host, _ = await a.create_room("toy", {"rounds": 2}, "Ann")
            bo, _ = await a.join(code, "Bo")
            await a.start(code, host)
            connection = RoomConnection(Socket(), code, a)  # type: ignore[arg-type]
            connection.listen(a.broadcast.subscribe(channel(code)))
            await connection.on_hello(Hello(type="hello"))  # a spectator on A
            info = await b.load(code)
            early = await b.publisher.room_message(info, presence_only=True)  # Bo not here yet
            await b.publisher.arrive(code, hash_token(bo))  # Bo's socket, on B
            news = await b.publisher.room_message(info, presence_only=True)
            before = len(connection.websocket.sent)
            await connection.on_room(news)
            await connection.on_room(early)  # through Redis, after B's newer summary
            # A sync (e.g. after a gap) while A keeps a read of B's sockets older than that.
            a.publisher.others.keep(code, (set(), early["presence_count"]), time.monotonic())
            await connection.sync(force=True)
            sent = [orjson.loads(text) for text in connection.websocket.sent[before:]]
            return early, news, [m for m in sent if m["type"] == "room"]
        finally:
            for rooms in processes:
                await rooms.close()
                await rooms.broadcast.disconnect()
            database.dispose()

    early, news, room_frames = asyncio.run(scenario())
    assert not early["summary"]["seats"][1]["connected"] and news["summary"]["seats"][1]["connected"]
    assert early["presence_count"] < news["presence_count"]
    assert [frame["seats"][1]["connected"] for frame in room_frames] == [True, True, True]
