"""The group-play part of one room connection (the socket dispatches here):

- `{"type": "chat", "text": ...}` from the client, with flood control per connection (a burst
  of `chat_burst` lines, then one every `chat_refill_seconds`), per address and room
  (`chat_address_limit`, every socket of the address together) and, for spectators' lines, per
  room (`chat_room_limit`: app.ws.guard); refusals are `chat_slow` with `params.retry_after`;
  stored and published by app.rooms.chat;
- chat lines and notices from the room's broadcast channel, sent on as they are:
  `{"type": "chat", "seat", "name", "text", "at", "from"}` / `{"type": "notice", "e", ..., "at"}`;
- at sync (after hello and after a resync): `{"type": "chat_history", "messages": [...]}`, and
  when the room has a rematch, the `rematch` message below;
- `{"type": "seat_ask", "seat", "seconds", "message"}` to the sockets of a seat whose link was
  opened on another device: answer `{"type": "seat_answer", "keep": true|false}` (only
  `false`, "that's me", lets it move; silence never does); acting or chatting meanwhile keeps
  the seat too. `{"type": "seat_taken", "seat", "message"}` to them
  when the seat moved away (app.rooms.seats);
- a spectator's identity: the id its chat lines come `from` (`spec:<id>`), which the host
  mutes, its named listing and its "I'm one of the players" asks go by. A page sends its
  browser's spectator key in hello (a secret kept in the browser), and the id is derived from
  it and the room, so every socket of that browser (a reconnect, a second tab) is the same
  spectator: a reconnect takes its name back while the old socket is still listed, and a
  reload keeps a mute. A hello with no key gets an id of its own. The key also gives the
  socket its private `identity` (never sent), whose tote account follows the series
  (app.rooms.tote) and whose names that backed there stay its own;
- named spectators (app.rooms.spectators): `{"type": "spectate", "name": ...}` from a
  spectator's socket; answered (and sent to every spectator socket after hello, and whenever
  the host mutes or unmutes it) with `{"type": "spectator", "id", "name", "muted"}`: the id its
  chat lines come `from` (`spec:<id>`), the name it watches under (null: anonymous), and
  whether the host muted it (the page disables its chat box at once). The socket's name is
  `RoomConnection.spectator` (None for seats and anonymous spectators);
- `{"type": "rematch", "code": NEW}` when the host starts a rematch; a seated connection's also
  carries `"token"` and `"seat"`: its seat in the new room. That token is derived from this
  connection's own seat token (app.rooms.rematch), so it goes only to that seat's sockets.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import math
import secrets
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocketDisconnect

from app.rooms.errors import RoomError, error_message
from app.rooms.snapshot import RoomInfo

from . import seat_asks
from .flood import TokenBucket, slow_down
from .incoming import Chat, Spectate

if TYPE_CHECKING:
    from .socket import RoomConnection

log = logging.getLogger("paddock.ws")

# Broadcast payload kinds handled here.
KINDS = ("chat", "rematch", "seat_ask", "seat_taken", seat_asks.KIND)


def spectator_id(code: str, key: str) -> str:
    """The public id in room `code` of the browser whose spectator key is `key`: shown to
    everyone there, it does not tell the key, so no one can speak, be listed or be muted as
    another browser; and it differs from room to room, so it does not tell who watches where."""
    return hashlib.sha256(f"paddock spectator {code} {key}".encode()).hexdigest()[:12]


def identity_of(key: str) -> str:
    """The private identity of the browser whose spectator key is `key`: kept by its sockets on
    the server only (its tote account in a series is derived from it, app.rooms.tote), never
    sent, and not the key itself."""
    return hashlib.sha256(f"paddock identity {key}".encode()).hexdigest()


def chat_bucket(settings: Any) -> TokenBucket:
    """A burst of `chat_burst` lines, then one every `chat_refill_seconds` (the flood-control
    bucket of app.ws.flood; RATE_LIMITS=off turns it off like the others)."""
    if not settings.rate_limits:
        return TokenBucket(math.inf, math.inf)
    return TokenBucket(1 / max(settings.chat_refill_seconds, 1e-6), max(1, settings.chat_burst))


class GroupSocket:
    __slots__ = ("conn", "spectator_id", "identity", "spectator", "muted", "bucket", "greeting", "asked")

    def __init__(self, connection: RoomConnection) -> None:
        self.conn = connection
        # Names a spectator in the chat ("Spectator <id>") and lets the host mute them; a hello
        # with the browser's key makes it that browser's (spectator_id below).
        self.spectator_id = secrets.token_hex(6)
        # Whose tote account this is, in every room of the series (identity_of): a hello with the
        # browser's key makes it that browser's; without one, this connection's alone.
        self.identity = secrets.token_hex(32)
        # The name this spectator socket watches under (app.rooms.spectators), and whether the
        # host muted it (told to the socket when it changes).
        self.spectator: str | None = None
        self.muted = False
        self.bucket = chat_bucket(connection.rooms.settings)
        # The chat history after hello is sent by a task, so reading the socket goes on at once.
        self.greeting: asyncio.Task[None] | None = None
        # A claim of this seat's link asked this device and no answer was sent yet.
        self.asked = False

    async def on_chat(self, message: Chat) -> None:
        conn = self.conn
        if not conn.greeted:
            await conn.error("hello_first", "Say hello first: send your seat token, or watch as a spectator.")
            return
        wait = self.bucket.take()
        if not wait and conn.guard is not None:  # the address's and the room's budgets
            wait = conn.guard.chat(spectator=conn.token_hash is None) or 0.0
        if wait:
            seconds = max(1, math.ceil(wait))
            await conn.error(
                "chat_slow",
                f"You are sending messages too fast; wait {seconds} s.",
                retry_after=seconds,
            )
            return
        try:
            await conn.rooms.post_chat(
                conn.code, conn.token_hash, self.spectator_id, message.text, self.spectator, conn.address
            )
        except RoomError as exc:
            await conn.send(error_message(exc))

    # ---- named spectators (app.rooms.spectators) ----------------------------

    async def on_spectate(self, message: Spectate) -> None:
        conn = self.conn
        if not conn.greeted:
            await conn.error("hello_first", "Say hello first: send your seat token, or watch as a spectator.")
            return
        if conn.token_hash is not None:
            await conn.error("seated", "You have a seat here: the room knows you by your seat's name.")
            return
        wait = self.bucket.take()  # naming costs like a chat line
        if wait:
            await conn.send(slow_down(wait))
            return
        try:
            self.spectator = await conn.rooms.spectators.take_name(
                conn.code, self.spectator_id, message.name, self.spectator, self.identity
            )
        except RoomError as exc:
            await conn.send(error_message(exc))
            return
        await self.send_spectator()

    async def send_spectator(self) -> None:
        await self.conn.send(
            {"type": "spectator", "id": self.spectator_id, "name": self.spectator, "muted": self.muted}
        )

    async def on_room(self, summary: dict[str, Any]) -> None:
        """A spectator socket is told at once when the host mutes or unmutes it."""
        if self.conn.token_hash is not None:
            return
        muted = f"spec:{self.spectator_id}" in summary.get("chat", {}).get("muted", ())
        if muted != self.muted:
            self.muted = muted
            await self.send_spectator()

    async def close(self) -> None:
        """The socket closed: a named spectator is listed no more."""
        name, self.spectator = self.spectator, None
        if name is not None:
            try:
                await self.conn.rooms.spectators.leave(self.conn.code, self.spectator_id, name)
            except Exception:
                log.exception("a named spectator's leaving failed")

    def after_hello(self, info: RoomInfo) -> None:
        """Send the history (and a rematch) after hello without holding up the read loop."""
        self.greeting = asyncio.create_task(self._greet(info))

    async def _greet(self, info: RoomInfo) -> None:
        try:
            await self.after_sync(info)
        except (WebSocketDisconnect, RuntimeError):
            pass
        except Exception:
            log.exception("chat history at hello failed")
        finally:
            self.greeting = None  # an idle socket keeps no task

    async def on_broadcast(self, payload: dict[str, Any]) -> None:
        if self.greeting is not None:
            await asyncio.wait([self.greeting])  # the history first, then what came after
        if payload["kind"] == "chat":
            await self.conn.send(payload["frame"])
        elif payload["kind"] == "rematch":
            await self.send_rematch(payload["code"])
        elif payload["kind"] == seat_asks.KIND:
            await seat_asks.on_given(self.conn, payload)
        elif payload.get("to") is not None and payload["to"] == self.conn.token_hash:
            await self.on_seat_link(payload)

    async def on_seat_link(self, payload: dict[str, Any]) -> None:
        """This seat's link was opened on another device (asked), or the seat moved there."""
        seconds = payload["seconds"]
        if payload["kind"] == "seat_ask":
            self.asked = True
            message = (
                "Someone opened your seat's link on another device. Is that you? The seat moves "
                "there only if you say so."
            )
        else:
            self.asked = False
            message = "Your seat moved to another device; this page now watches as a spectator."
        await self.conn.send(
            {"type": payload["kind"], "seat": payload["seat"], "seconds": seconds, "message": message}
        )

    async def answer(self, keep: bool) -> None:
        """The seat's answer to a `seat_ask` (also given by acting or chatting: a seat in use)."""
        conn = self.conn
        self.asked = False
        if conn.token_hash is None:
            await conn.error("spectator", "Only a seated player can answer for their seat.")
            return
        try:
            answered = await conn.rooms.answer_seat_ask(conn.code, conn.token_hash, keep)
        except RoomError as exc:
            await conn.send(error_message(exc))
            return
        await conn.send({"type": "seat_answered", "keep": keep, "pending": answered})

    async def after_sync(self, info: RoomInfo) -> None:
        conn = self.conn
        await conn.send(
            {"type": "chat_history", "messages": await conn.rooms.chat_history(conn.code, conn.heard_since)}
        )
        if conn.token_hash is None:
            self.muted = f"spec:{self.spectator_id}" in info.chat_muted
            await self.send_spectator()
        if info.rematch_code:
            await self.send_rematch(info.rematch_code)

    async def send_rematch(self, new_code: str) -> None:
        conn = self.conn
        message: dict[str, Any] = {"type": "rematch", "code": new_code}
        if conn.token is not None:
            try:
                claimed = await conn.rooms.claim_rematch_seat(new_code, conn.token)
            except RoomError:
                claimed = None
            if claimed is not None:
                message["token"], message["seat"] = claimed
        await conn.send(message)
