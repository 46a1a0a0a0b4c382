"""The tote part of one room connection (app.rooms.tote keeps the bets).

A connection watches the tote while it is a spectator's, or a player's when the host turned
"odds for players" on (the same option as the live odds; players can never back). While it
watches it gets `{"type": "tote", "open", "pools", "total", "payout", "settled", "rail"?,
"refund"?}` (the last two once settled; `refund`: nobody backed the winner, so every backer got
their own chips back) at sync, whenever a bet or the settlement changes it, and when the tote closes; the same
for every watcher, except `"you": {"name", "chips", "bets", "won"}`, which only a named
spectator's socket gets, about its own identity's account (app.rooms.tote: never a name's).
`{"type": "back", "contender", "chips"}` from a spectator's socket backs a contender from that
account; a refusal is an error with a sentence.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import orjson
from starlette.websockets import WebSocketDisconnect

from app.core.storage import STORAGE_ERRORS
from app.rooms.errors import RoomError, error_message
from app.rooms.tote import KIND, START_CHIPS
from app.rooms.tote_accounts import account_of
from engine import is_over
from engine.tote import tote_open

from .incoming import Back

if TYPE_CHECKING:
    from .socket import RoomConnection

log = logging.getLogger("paddock.ws")
__all__ = ["KIND", "ToteSocket"]


class ToteSocket:
    __slots__ = ("conn", "board", "open", "sent")

    def __init__(self, connection: RoomConnection) -> None:
        self.conn = connection
        self.board: dict[str, Any] | None = None
        self.open: bool | None = None
        # The last message sent: the same board again (a resync, the bet's own broadcast) is not.
        self.sent: bytes | None = None

    @property
    def watching(self) -> bool:
        return self.conn.seat is None or self.conn.odds.for_players

    async def on_back(self, message: Back) -> None:
        conn = self.conn
        if not conn.greeted:
            await conn.error("hello_first", "Say hello first: send your seat token, or watch as a spectator.")
            return
        try:
            found = await conn.rooms.tote.back(
                conn.code,
                conn.spectator,
                conn.token_hash is not None,
                message.contender,
                message.chips,
                conn.group.identity,
                conn.address,
            )
        except RoomError as exc:
            await conn.send(error_message(exc))
            return
        await self.show(found)

    async def after_sync(self, status: str) -> None:
        """At hello and resync: the board, settling first a game that is over."""
        if not self.watching or status == "lobby":
            return
        await self.show(await self.conn.rooms.tote.board(self.conn.code, self.conn.heard_since))

    async def on_broadcast(self, payload: dict[str, Any]) -> None:
        if self.watching:
            await self.show(payload["board"])

    async def on_state(self, payload: dict[str, Any]) -> None:
        """A new version: the tote may have closed, or the game ended (settle it)."""
        if not self.watching:
            return
        try:
            await self._on_state(payload)
        except (RoomError, *STORAGE_ERRORS):  # the room is gone, or the database away: next time
            log.warning("the tote could not be read", exc_info=True)

    async def _on_state(self, payload: dict[str, Any]) -> None:
        state = payload["state"]
        if payload.get("status") == "over" or is_over(state):
            await self.conn.rooms.tote.settle(self.conn.code)  # publishes the settled board
            if self.open:
                await self.show(await self.conn.rooms.tote.board(self.conn.code))
            return
        if self.open and not tote_open(state):
            await self.show(await self.conn.rooms.tote.board(self.conn.code))

    async def on_room(self) -> None:
        """The audience may have changed (odds for players turned on)."""
        if self.watching and self.board is None and self.conn.greeted:
            info = await self.conn.rooms.load(self.conn.code)
            await self.after_sync(info.status)

    async def show(self, found: dict[str, Any]) -> None:
        self.board = found
        public = found["public"]
        self.open = public["open"]
        message = dict(public)
        name = self.conn.spectator
        if name is not None and self.conn.token_hash is None and "series" in found:
            account = account_of(found["series"], self.conn.group.identity)  # this identity's own
            me = found["people"].get(account, {"chips": START_CHIPS, "bets": {}, "won": None})
            message["you"] = {"name": name, **me}
        text = orjson.dumps(message)
        if text == self.sent:
            return
        self.sent = text
        try:
            await self.conn.send_text(text.decode())
        except (WebSocketDisconnect, RuntimeError):
            return
