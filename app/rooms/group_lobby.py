"""The lobby of a group (kept in the room's `lobby` JSON column, migration 0007):

- ready ticks: each seated player says whether they are ready (`set_ready`); bots always are.
  Kept by seat name (names are unique and stay put in a lobby, while positions close up when
  a seat leaves); a name no longer seated is dropped.
- start when everyone is ready: the host turns it on (`set_auto_start`); then the game starts
  as soon as every human seat is ready and the room has enough seats (checked whenever a tick
  or the setting changes). A rematch keeps the setting (app.rooms.series).
- a friend arriving at a full lobby may ask to replace a bot (`ask_seat`, with their name,
  unique in the room like a seat's): they get the future seat token at once, but only its hash
  is kept with the ask; the host approves with one click (`answer_ask`: the first bot's seat
  becomes theirs, under their name) or declines. Approval and refusal are public notices, so
  the asking page learns the outcome (`seat_granted` / `seat_declined` with the ask's id) and,
  once approved, says hello with the token it already holds. No secret ever travels.

The summary carries `lobby: {ready: [seat positions], auto_start, asks: [{id, name}]}`
(app.rooms.lobby_state).
Refusals are sentences and change nothing.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session

import engine
from app.models import Room

from .errors import RoomError
from .lobby import _require_host, _require_lobby, _seat_by_token
from .lobby_state import lobby_state
from .names import clean_name, require_unique
from .snapshot import RoomInfo, hash_token, snapshot
from .spectators import named as named_spectators

if TYPE_CHECKING:
    from .lobby import Lobby
    from .parts import Parts

log = logging.getLogger("paddock.rooms")

# Friends waiting for a bot's seat at once (the list travels in every summary).
MAX_ASKS = 8


def everyone_ready(room: Room) -> bool:
    state = lobby_state(room)
    ready = set(state["ready"])
    return (
        room.status == "lobby"
        and state["auto_start"]
        and len(room.seats) >= engine.get_game(room.game).min_seats
        and all(seat.is_bot or seat.name in ready for seat in room.seats)
    )


def no_bot() -> RoomError:
    return RoomError("no_bot", "No bot plays a seat here to make room; ask the host.", 409)


class GroupLobby:
    def __init__(self, parts: Parts, lobby: Lobby) -> None:
        self.parts = parts
        self.lobby = lobby

    async def _change(
        self, code: str, work: Callable[[Session], tuple[RoomInfo, list[dict[str, Any]]]]
    ) -> RoomInfo:
        async with self.parts.locks[code]:
            info, frames = await self.parts.store.tx(work)
            await self.parts.publisher.room(info)
            await self.parts.publisher.frames(code, frames)
        return info

    async def _maybe_start(self, code: str, info: RoomInfo) -> RoomInfo:
        state = lobby_state(info)
        if not state["auto_start"]:
            return info
        started = await self.lobby.start_if(code, everyone_ready)
        if started is not None:
            log.info("a room started by itself: everyone was ready")
        return started or info

    async def set_ready(self, code: str, token: str | None, ready: bool) -> RoomInfo:
        def work(session: Session) -> tuple[RoomInfo, list[dict[str, Any]]]:
            room = self.parts.store.room(session, code)
            seat = _seat_by_token(room, token)
            _require_lobby(room)
            state = lobby_state(room)
            names = {s.name for s in room.seats}
            marked = [name for name in state["ready"] if name in names and name != seat.name]
            state["ready"] = [*marked, seat.name] if ready else marked
            room.lobby = state
            session.flush()
            return snapshot(room), []

        return await self._maybe_start(code, await self._change(code, work))

    async def set_auto_start(self, code: str, token: str | None, on: bool) -> RoomInfo:
        def work(session: Session) -> tuple[RoomInfo, list[dict[str, Any]]]:
            room = self.parts.store.room(session, code)
            _require_host(room, token)
            _require_lobby(room)
            state = lobby_state(room)
            frames = []
            if state["auto_start"] != on:
                state["auto_start"] = on
                room.lobby = state
                frames.append(self.parts.feed.notice(session, room, "auto_start", on=on))
            session.flush()
            return snapshot(room), frames

        return await self._maybe_start(code, await self._change(code, work))

    async def ask_seat(self, code: str, name: Any) -> tuple[str, str]:
        """A friend at a full lobby asks for a bot's seat: (the ask's id, the seat token it
        will be once the host approves)."""
        cleaned = clean_name(name, "")
        if not cleaned:
            raise RoomError("bad_name", "Say your name, so the host knows who asks.", field="name")
        watching = [n for _, n in named_spectators(await self.parts.publisher.connected(code))]
        token = secrets.token_urlsafe(32)
        ask_id = secrets.token_hex(4)

        def work(session: Session) -> tuple[RoomInfo, list[dict[str, Any]]]:
            room = self.parts.store.room(session, code)
            _require_lobby(room)
            game = engine.get_game(room.game)
            if len(room.seats) < game.max_seats:
                raise RoomError("room_not_full", "There is a free seat: take it without asking.", 409)
            if not any(seat.is_bot for seat in room.seats):
                raise no_bot()
            state = lobby_state(room)
            if len(state["asks"]) >= MAX_ASKS:
                raise RoomError(
                    "too_many_asks", "Several friends are already waiting for the host; try again soon.", 409
                )
            others = [seat.name for seat in room.seats if not seat.is_bot]
            require_unique(cleaned, others + watching + [ask["name"] for ask in state["asks"]])
            state["asks"].append({"id": ask_id, "name": cleaned, "hash": hash_token(token)})
            room.lobby = state
            frames = [self.parts.feed.notice(session, room, "seat_asked", id=ask_id, name=cleaned)]
            session.flush()
            return snapshot(room), frames

        await self._change(code, work)
        return ask_id, token

    async def answer_ask(self, code: str, token: str | None, ask_id: str, approve: bool) -> RoomInfo:
        """The host gives the asking friend the first bot's seat, or declines."""

        def work(session: Session) -> tuple[RoomInfo, list[dict[str, Any]]]:
            room = self.parts.store.room(session, code)
            _require_host(room, token)
            _require_lobby(room)
            state = lobby_state(room)
            ask = next((a for a in state["asks"] if a["id"] == ask_id), None)
            if ask is None:
                raise RoomError("no_such_ask", "That request was already answered or withdrawn.", 404)
            if approve:
                bot = next((s for s in sorted(room.seats, key=lambda s: s.position) if s.is_bot), None)
                if bot is None:
                    raise no_bot()
                replaced = bot.name
                bot.is_bot = False
                bot.name = ask["name"]
                bot.token_hash = ask["hash"]
                bot.has_left = False
                frame = self.parts.feed.notice(
                    session,
                    room,
                    "seat_granted",
                    id=ask_id,
                    name=ask["name"],
                    bot=replaced,
                    seat=bot.position,
                )
            else:
                frame = self.parts.feed.notice(session, room, "seat_declined", id=ask_id, name=ask["name"])
            state["asks"] = [a for a in state["asks"] if a["id"] != ask_id]
            room.lobby = state
            session.flush()
            return snapshot(room), [frame]

        return await self._change(code, work)
