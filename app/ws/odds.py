"""The live-odds part of one room connection (the socket calls it; app.rooms.odds computes).

A connection watches the odds while it is a spectator's, or a player's when the host turned
"odds for players" on (`odds_players` in the room summary). While it watches, it asks for the
odds of every version it shows, and gets `{"type": "odds", "v", "chances", "labels"}` each
time newer ones are ready (at most once per version, never older than the last sent).
Everything in it is public: chances from the public record (engine.odds), seat names.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocketDisconnect

from app.rooms.odds import labels
from app.rooms.snapshot import RoomInfo

if TYPE_CHECKING:
    from .socket import RoomConnection


class OddsSocket:
    __slots__ = ("conn", "for_players", "names", "sent_v", "watching", "sending")

    def __init__(self, connection: RoomConnection) -> None:
        self.conn = connection
        self.for_players = False
        self.names: dict[str, str] = {}
        self.sent_v = -1
        self.watching = False
        self.sending: set[asyncio.Task[None]] = set()

    @property
    def desk(self) -> Any:
        return self.conn.rooms.odds

    def after_sync(self, info: RoomInfo) -> None:
        self.for_players = info.odds_players
        self.names = labels(info)
        self.update(info.code)
        if self.watching:
            self.desk.want(info.code, info.version, info.state, self.names)

    def on_room(self, summary: dict[str, Any]) -> None:
        self.for_players = bool(summary.get("odds_players"))
        self.names = {str(seat["seat"]): seat["name"] for seat in summary.get("seats", [])}
        self.update(self.conn.code)

    def on_state(self, payload: dict[str, Any]) -> None:
        if self.watching:
            self.desk.want(self.conn.code, payload["v"], payload["state"], self.names)

    def update(self, code: str) -> None:
        """Watch or stop watching as the audience and the room option now say."""
        should = self.desk.enabled and (self.conn.seat is None or self.for_players)
        if should and not self.watching:
            self.watching = True
            self.desk.subscribe(code, self.ready)
            cached = self.desk.cached(code)
            if cached is not None:
                self.ready(cached)
        elif not should and self.watching:
            self.watching = False
            self.desk.unsubscribe(code, self.ready)

    def close(self) -> None:
        if self.watching:
            self.watching = False
            self.desk.unsubscribe(self.conn.code, self.ready)

    def ready(self, odds: dict[str, Any]) -> None:
        """New odds of the room (called by the desk): sent on by a task, newest only."""
        if self.conn.closed or odds["v"] <= self.sent_v:
            return
        self.sent_v = odds["v"]
        task = asyncio.get_running_loop().create_task(self._send(odds))
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)

    async def _send(self, odds: dict[str, Any]) -> None:
        message = {"type": "odds", "v": odds["v"], "chances": odds["chances"], "labels": odds["labels"]}
        try:
            await self.conn.send(message)
        except (WebSocketDisconnect, RuntimeError):
            return
