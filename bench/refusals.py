"""What a refusal costs the database: on servers that are otherwise idle, one room, seats that
send acts the server must refuse, and the database's transactions counted before and after
(each sampled once it stopped moving).

Refusals sent, in turn: an act against the previous version (stale), the exact act that was
just accepted sent again (a double click: a no-op re-submission), and an act at the current
version from a seat that is not awaited. Each is answered before the next is sent (an error,
or the socket's current frame).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import orjson
from websockets.asyncio.client import connect

from bench.seats import PaddockTarget

# Options that keep the probe room still: no call window runs out while the probe waits.
PROBE_OPTIONS: dict[str, dict[str, Any]] = {"pony_express_bluff": {"call_seconds": 120}}
KINDS = ("stale", "repeat", "not_awaited")


def settle(read: Callable[[], int], quiet: float, limit: float = 90.0) -> int:
    """`read()` once it gave the same value for `quiet` seconds (or after `limit`)."""
    value, since = read(), time.monotonic()
    deadline = since + limit
    while time.monotonic() < deadline:
        time.sleep(min(0.5, quiet / 2))
        now = read()
        if now != value:
            value, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            break
    return value


class ProbeSeat:
    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.frame: dict[str, Any] = {}

    async def next_reply(self) -> dict[str, Any]:
        """The next error or state message (room, chat and notices are skipped)."""
        async with asyncio.timeout(20):
            while True:
                message = orjson.loads(await self.ws.recv())
                if message["type"] == "state":
                    if message["v"] >= self.frame.get("v", -1):
                        self.frame = message
                    return message
                if message["type"] == "error":
                    return message

    @property
    def awaited(self) -> bool:
        return self.frame["view"].get("you") in self.frame["view"]["to_act"]


async def probe(
    ports: list[int], game: str, seats: int, count: int, read: Callable[[], int], quiet: float
) -> dict[str, Any]:
    target = PaddockTarget(ports, game, seats, PROBE_OPTIONS.get(game))
    try:
        room = await target.make_room(0)
    finally:
        await target.close()
    players: list[ProbeSeat] = []
    for i, token in enumerate(room.seats):
        ws = await connect(f"ws://127.0.0.1:{ports[i % len(ports)]}/ws/rooms/{room.code}", max_size=1 << 22)
        await ws.send(orjson.dumps({"type": "hello", "token": token}).decode())
        players.append(ProbeSeat(ws))
    try:
        for player in players:
            while not player.frame:
                await player.next_reply()
        # One accepted act, so that there is a previous version to be stale against.
        actor = next(p for p in players if p.awaited and p.frame["actions"])
        v = actor.frame["v"]
        accepted = orjson.dumps({"type": "act", "v": v, "action": actor.frame["actions"][0]}).decode()
        await actor.ws.send(accepted)
        for player in players:
            while player.frame["v"] <= v:
                await player.next_reply()
        before = await asyncio.to_thread(settle, read, quiet)
        replies: dict[str, int] = {}
        for i in range(count):
            kind = KINDS[i % len(KINDS)]
            awaited = [p for p in players if p.awaited and p.frame["actions"]]
            idle = [p for p in players if not p.awaited]
            if kind == "repeat":
                player, text = actor, accepted
            elif kind == "not_awaited" and idle and awaited:
                player = idle[i % len(idle)]
                action = awaited[0].frame["actions"][0]
                text = orjson.dumps({"type": "act", "v": player.frame["v"], "action": action}).decode()
            else:
                kind = "stale"
                player = (awaited or players)[i % len(awaited or players)]
                action = (player.frame["actions"] or actor.frame["actions"])[0]
                text = orjson.dumps({"type": "act", "v": player.frame["v"] - 1, "action": action}).decode()
            version = player.frame["v"]
            await player.ws.send(text)
            reply = await player.next_reply()
            code = reply.get("code") if reply["type"] == "error" else "frame"
            if reply["type"] == "state" and reply["v"] > version:
                code = "ACCEPTED"  # not a refusal: the report shows it
            replies[f"{kind}: {code}"] = replies.get(f"{kind}: {code}", 0) + 1
        after = await asyncio.to_thread(settle, read, quiet)
    finally:
        for player in players:
            await player.ws.close()
    return {"refusals": count, "transactions": after - before, "replies": replies}
