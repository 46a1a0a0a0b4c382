"""Play: a player's action, presence of connections, and the log after the game."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import Connection, select
from sqlalchemy.orm import Session

import engine
from app import metrics
from app.models import ActionRow
from engine import EngineError

from . import decisions, play_record
from .core import Change, RoomCore
from .errors import RoomError, StaleVersion, bad_token
from .snapshot import RoomInfo, hash_token, snapshot


class Play(RoomCore):
    async def act(
        self, code: str, token_hash: str, v: int, action: dict[str, Any], claimed_seat: int | None = None
    ) -> Change:
        """Apply a player's action. Raises RoomError / StaleVersion / EngineError and changes nothing then.

        Stale only when what this seat decides on changed since `v` (app.rooms.decisions). An
        action that changes nothing (the same submission again) is accepted without a new
        version or log row, so clicking twice never fills the log.
        """

        def work(conn: Connection) -> Change:
            room = play_record.load(conn, code)
            seat = next((s for s in room.seats if s.token_hash == token_hash), None)
            if seat is None:
                raise RoomError("no_seat", "You no longer hold a seat in this room.", 403)
            if claimed_seat is not None and claimed_seat != seat.position:
                raise RoomError("not_your_seat", "You can only act for your own seat.", 403)
            if room.status == "lobby":
                raise RoomError("not_started", "The game has not started yet.", 409)
            if room.status == "over":
                raise EngineError(engine.errors.GAME_OVER, "The game is over.")
            if room.status != "playing":
                raise RoomError("closed", "This room is closed.", 409)
            assert room.state is not None, "a playing room has a state"
            if decisions.is_stale(room.decisions, seat.position, v, room.version):
                raise StaleVersion(room.version)
            before = self._begin(room)
            # What is stored: the action as the engine validated it (only its declared fields).
            normal = engine.normalize(room.state, seat.position, action)
            stepped = engine.step(room.state, seat.position, normal)
            if not stepped[1] and stepped[0] == room.state:
                return Change(info=snapshot(room), first=room.version)
            waiting = engine.to_act(room.state)
            events = self._apply(room, seat.position, normal, "player", stepped)
            self._finish(room, waiting)
            return self._change(conn, room, before, events, [seat.position])

        arrived = time.perf_counter()
        async with self.locks[code]:
            change = await self._tx_play(work)
            seconds = time.perf_counter() - arrived
            metrics.actions_committed(code, change.first, change.actors, "player", seconds)
            await self._after_change(change)
        return change

    async def _after_change(self, change: Change) -> None:
        """Publish, then wake the bots and (re)arm the timer. Called with the room's lock held."""
        await self._publish_change(change)
        self._schedule_bots(change.info)
        self._arm_timer(change.info)

    async def load_with_log(self, code: str) -> tuple[RoomInfo, list[dict[str, Any]]]:
        """The room and its whole log (for a socket's sync)."""

        def work(conn: Connection) -> tuple[RoomInfo, list[dict[str, Any]]]:
            room = play_record.load(conn, code, lock=False)
            return snapshot(room), play_record.events(conn, room.id)

        return await self._tx_play(work)

    async def resolve(self, code: str, token: str) -> tuple[str, RoomInfo]:
        """The token's hash if it holds a seat in the room (raises bad_token otherwise)."""
        token_hash = hash_token(token)
        info = await self.load(code)
        if info.seat_of(token_hash) is None:
            raise bad_token()
        return token_hash, info

    async def connect(self, code: str, token_hash: str) -> None:
        self.presence[code][token_hash] += 1
        if self.presence[code][token_hash] == 1:
            await self.broadcast.set_present(code, token_hash, True)
            await self._publish_presence(code)

    async def disconnect(self, code: str, token_hash: str) -> None:
        counts = self.presence[code]
        counts[token_hash] -= 1
        if counts[token_hash] <= 0:
            del counts[token_hash]
            if not counts:
                del self.presence[code]
            await self.broadcast.set_present(code, token_hash, False)
            await self.touch(code)  # the idle time of the room starts now (app.rooms.lifecycle)
            await self._publish_presence(code)

    async def _publish_presence(self, code: str) -> None:
        try:
            info = await self.load(code)
        except RoomError:
            return
        await self._publish_room(info)

    async def action_log(self, code: str) -> tuple[RoomInfo, list[dict[str, Any]]]:
        def work(session: Session) -> tuple[RoomInfo, list[dict[str, Any]]]:
            room = self._room(session, code, lock=False)
            rows = session.scalars(
                select(ActionRow).where(ActionRow.room_id == room.id).order_by(ActionRow.seq)
            ).all()
            return snapshot(room), [
                {"seq": r.seq, "seat": r.seat, "action": r.action, "source": r.source} for r in rows
            ]

        return await self._tx(work)
