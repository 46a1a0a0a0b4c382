"""What a refusal costs the database: on servers that are otherwise idle, one room, seats that
send acts the server must refuse, and the database's transactions counted before and after
(each sampled once it stopped moving).

Refusals sent, in turn, by seats that are not awaited (the one that just acted first): an act
against the previous version (stale), the exact act that was just accepted sent again (a
double click: a no-op re-submission), and an act at the current version. Each is followed by a
ping and answered (an error, or the socket's current frame) before the next is sent. (An
awaited seat's act against an older version is not sent: Paddock may accept it when that
seat's own decision did not change.)
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
ANSWER_WAIT = 0.3


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

    async def read(self) -> dict[str, Any]:
        async with asyncio.timeout(20):
            message = orjson.loads(await self.ws.recv())
        if message["type"] == "state" and message["v"] >= self.frame.get("v", -1):
            self.frame = message
        return message

    async def answer(self, text: str) -> list[str]:
        """Send `text`, then a ping; what came back by the pong and up to ANSWER_WAIT s after
        it: error codes, "frame" (a state frame at a version already held), "ACCEPTED" (a newer
        version: not a refusal) or "no answer"."""
        version = self.frame["v"]
        await self.ws.send(text)
        await self.ws.send('{"type":"ping"}')
        got: list[str] = []
        ponged = False
        while True:
            try:
                async with asyncio.timeout(ANSWER_WAIT if ponged else 20):
                    message = await self.read()
            except TimeoutError:
                if ponged:
                    return got or ["no answer"]
                raise
            if message["type"] == "pong":
                ponged = True
            elif message["type"] == "error":
                got.append(str(message["code"]))
            elif message["type"] == "state":
                got.append("ACCEPTED" if message["v"] > version else "frame")
            if ponged and got and got[-1] != "ACCEPTED" and "stale" not in got[-1:]:
                return got

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
                await player.read()
        # One accepted act, so that there is a previous version to be stale against.
        actor = next(p for p in players if p.awaited and p.frame["actions"])
        v = actor.frame["v"]
        accepted = orjson.dumps({"type": "act", "v": v, "action": actor.frame["actions"][0]}).decode()
        await actor.ws.send(accepted)
        for player in players:
            while player.frame["v"] <= v:
                await player.read()
        before = await asyncio.to_thread(settle, read, quiet)
        idle = [p for p in players if not p.awaited] or [actor]
        other = next((p for p in players if p.awaited and p.frame["actions"]), actor)
        replies: dict[str, int] = {}
        for i in range(count):
            kind = KINDS[i % len(KINDS)]
            player = idle[i % len(idle)]
            action = other.frame["actions"][0] if other.frame["actions"] else actor.frame["actions"][0]
            if kind == "repeat":
                player, text = actor, accepted
            elif kind == "stale":
                text = orjson.dumps({"type": "act", "v": player.frame["v"] - 1, "action": action}).decode()
            else:
                text = orjson.dumps({"type": "act", "v": player.frame["v"], "action": action}).decode()
            for code in await player.answer(text):
                replies[f"{kind}: {code}"] = replies.get(f"{kind}: {code}", 0) + 1
        after = await asyncio.to_thread(settle, read, quiet)
    finally:
        for player in players:
            await player.ws.close()
    return {"refusals": count, "transactions": after - before, "replies": replies}
