"""The floor: a bare websockets fan-out server with no rules, no storage and no views.

    python -m bench.floor --port P --frame-bytes N

Rooms are keyed by the URL path. A socket says hello (a token "seat:K" takes seat K, no
token watches). When a seat acts, the server bumps the room's version, passes the turn to
the next seat and sends every socket of the room one frame of about N bytes shaped like
Paddock's (`type`, `v`, `over`, `view.to_act`, `actions`). Whatever Paddock does beyond
this per accepted action (rules, storage, views, secrecy) is its cost over the floor.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from dataclasses import dataclass, field

import orjson
from websockets.asyncio.server import ServerConnection, broadcast, serve


@dataclass
class FloorRoom:
    seats: int = 3
    version: int = 0
    turn: int = 0
    sockets: set[ServerConnection] = field(default_factory=set)


class Floor:
    def __init__(self, frame_bytes: int) -> None:
        self.frame_bytes = frame_bytes
        self.rooms: dict[str, FloorRoom] = {}

    def frame(self, room: FloorRoom) -> bytes:
        body = {
            "type": "state",
            "v": room.version,
            "over": False,
            "view": {"to_act": [room.turn]},
            "actions": [{"type": "go"}],
            "events": [],
        }
        raw = orjson.dumps(body)
        pad = max(0, self.frame_bytes - len(raw) - 10)
        return orjson.dumps({**body, "pad": "x" * pad})

    async def handle(self, ws: ServerConnection) -> None:
        path = ws.request.path if ws.request else "/"
        room = self.rooms.setdefault(path, FloorRoom())
        seat: int | None = None
        room.sockets.add(ws)
        try:
            async for raw in ws:
                message = orjson.loads(raw)
                if message.get("type") == "hello":
                    token = message.get("token") or ""
                    seat = int(token.split(":")[1]) if token.startswith("seat:") else None
                    await ws.send(self.frame(room).decode())
                elif message.get("type") == "act" and seat is not None:
                    if seat != room.turn or message.get("v") != room.version:
                        await ws.send(b'{"type":"error","code":"stale"}'.decode())
                        continue
                    room.version += 1
                    room.turn = (room.turn + 1) % room.seats
                    broadcast(room.sockets, self.frame(room).decode())
        finally:
            room.sockets.discard(ws)


async def main_async(port: int, frame_bytes: int) -> None:
    floor = Floor(frame_bytes)
    async with serve(floor.handle, "127.0.0.1", port, max_size=1 << 20, compression=None):
        print(f"floor on {port}", flush=True)
        await asyncio.Future()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--frame-bytes", type=int, default=1500)
    args = parser.parse_args()
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main_async(args.port, args.frame_bytes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
