"""A room summary built by a process a change behind (two processes move one room along):
its news reaches the socket, at the version the socket already shows."""

from __future__ import annotations

import asyncio
import dataclasses

import orjson

from app.rooms.service import channel
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
