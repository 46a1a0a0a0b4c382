"""Rooms that end: idle games close, lobbies expire, finished rooms are purged.

The rules (times are settings, see app.core.config and the README):
- A running game with no seated player connected for IDLE_ROOM_SECONDS (default 30 min) is
  closed: it ends where it stands (status "closed"; its seats are not handed to bots, because a
  game nobody watches is only cost). Spectators do not keep a room open.
- A lobby nobody started, with no seated player connected for LOBBY_SECONDS (default 6 h),
  is closed the same way.
- A room whose seated players have all left (host included; their tokens are gone, so nobody
  can come back or hand seats to bots) is closed at once by the leave itself (app.rooms.lobby).
- Finished ("over") and closed rooms are deleted with their seats and action log
  RETENTION_DAYS (default 30) after they ended; until then their log and replay stay.

How it is kept cheap: each room row carries `active_at` (the last time a seated player was known
to be here: the room's creation, a socket of a seated player closing, or a sweep that found one
connected), `ended_at` and `bot_turn` (a bot seat is awaited), all indexed. The sweep asks only
for rooms past their idle time or retention (an indexed range), and the bot/timer takeover asks
only for rooms with a near deadline or an awaited bot, never for every running room.
`ended_at` and `bot_turn` are kept right by a flush hook, so no code path that changes a room
can forget them. Everything takes `now` so tests use a fake clock.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import and_, delete, event, or_, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from app.models import ActionRow, Room, Seat, ToteBet, TotePayout

from .errors import RoomError
from .marks import ENDED, keep_marks
from .snapshot import RoomInfo, snapshot

if TYPE_CHECKING:
    from .autoplay import Autoplay
    from .parts import Parts

log = logging.getLogger("paddock.rooms")

# Rooms handled per sweep step, so one sweep never holds the database for long.
BATCH = 200
DAY = 86_400.0


@event.listens_for(Session, "before_flush")
def _keep_lifecycle_marks(session: Session, _context: Any, _instances: Any) -> None:
    """Before any room change is written: `ended_at` follows the status, `bot_turn` the state
    and seats, and a new room counts as active from its creation."""
    rooms = {obj for obj in session.new | session.dirty if isinstance(obj, Room)}
    rooms |= {obj.room for obj in session.new | session.dirty if isinstance(obj, Seat) and obj.room}
    now = time.time()
    for room in rooms:
        keep_marks(room, now)


# ---- queries (sync: used by the service on a worker thread, and by `paddock rooms`) ----


def due_for_takeover(session: Session, now: float, horizon: float | None) -> list[str]:
    """Running rooms whose timer fires within `horizon` seconds (any deadline when None) or
    whose bot is awaited, and that do not rest (app.rooms.rest): the only ones the periodic
    sweep loads."""
    timer = Room.deadline.is_not(None) if horizon is None else Room.deadline <= now + horizon
    running = and_(Room.status == "playing", Room.rest_since.is_(None))  # a resting room waits
    query = select(Room.code).where(running, or_(timer, Room.bot_turn.is_(True)))
    return list(session.scalars(query).all())


def clear_bot_turn(session: Session, code: str, version: int) -> None:
    """Drop a stale `bot_turn` mark (e.g. set by the migration) if the room did not move since."""
    stale = and_(Room.code == code, Room.version == version, Room.bot_turn.is_(True))
    session.execute(update(Room).where(stale).values(bot_turn=False))


def idle_candidates(session: Session, now: float, idle_seconds: float, lobby_seconds: float) -> list[str]:
    """Running games and lobbies whose last known player activity is older than their limit."""
    query = (
        select(Room.code)
        .where(
            or_(
                and_(Room.status == "playing", Room.active_at < now - idle_seconds),
                and_(Room.status == "lobby", Room.active_at < now - lobby_seconds),
            )
        )
        .limit(BATCH)
    )
    return list(session.scalars(query).all())


def purge_ended(session: Session, before: float, limit: int | None = None) -> list[str]:
    """Delete finished and closed rooms that ended before `before` (seats and action log too);
    returns their codes."""
    query = select(Room.id, Room.code).where(Room.status.in_(ENDED), Room.ended_at < before)
    if limit is not None:
        query = query.limit(limit)
    rows = session.execute(query).all()
    ids = [room_id for room_id, _ in rows]
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        session.execute(delete(ActionRow).where(ActionRow.room_id.in_(chunk)))
        session.execute(delete(Seat).where(Seat.room_id.in_(chunk)))
        session.execute(delete(ToteBet).where(ToteBet.room_id.in_(chunk)))
        session.execute(delete(TotePayout).where(TotePayout.room_id.in_(chunk)))
        session.execute(delete(Room).where(Room.id.in_(chunk)))
    return [code for _, code in rows]


def list_rooms(session: Session, status: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
    """Rooms for operators, newest first."""
    query = select(Room).order_by(Room.id.desc()).limit(limit)
    if status is not None:
        query = query.where(Room.status == status)
    return [
        {
            "code": room.code,
            "game": room.game,
            "status": room.status,
            "seats": len(room.seats),
            "humans": sum(1 for seat in room.seats if not seat.is_bot),
            "version": room.version,
            "created_at": room.created_at.isoformat() if room.created_at else None,
            "active_at": room.active_at,
            "ended_at": room.ended_at,
            "rest_since": room.rest_since,
        }
        for room in session.scalars(query).all()
    ]


class Lifecycle:
    def __init__(self, parts: Parts, autoplay: Autoplay) -> None:
        self.parts = parts
        self.autoplay = autoplay
        autoplay.sweep_hooks.append(self.sweep)

    async def touch(self, code: str, now: float | None = None) -> None:
        """A seated player was here just now (e.g. their last socket to the room closed)."""
        stamp = time.time() if now is None else now
        try:
            await self.parts.store.tx(
                lambda s: s.execute(
                    update(Room).where(Room.code == code, Room.status.not_in(ENDED)).values(active_at=stamp)
                )
            )
        except SQLAlchemyError:  # only a mark for the idle time: never let it break a disconnect
            log.warning("could not stamp the activity of a room")

    async def sweep(self, now: float | None = None) -> dict[str, int]:
        """One pass: close idle games and expired lobbies, purge rooms past retention."""
        now = time.time() if now is None else now
        settings = self.parts.settings
        store = self.parts.store
        codes = await store.tx(
            lambda s: idle_candidates(s, now, settings.idle_room_seconds, settings.lobby_seconds)
        )
        if codes and not await self.parts.publisher.broadcast.presence_settled():
            codes = []  # who is connected is not known for sure (Redis lost its data): next time
        closed = 0
        for code in codes:
            if await self._close_if_idle(code, now):
                closed += 1
        before = now - settings.retention_days * DAY
        purged = await store.tx(lambda s: purge_ended(s, before, BATCH))
        for code in purged:
            self.parts.memory.forget(code)
        if closed or purged:
            log.info("lifecycle: closed %d idle room(s), purged %d ended room(s)", closed, len(purged))
        return {"closed": closed, "purged": len(purged)}

    async def _close_if_idle(self, code: str, now: float) -> bool:
        parts = self.parts
        async with parts.locks[code]:
            try:
                info = await parts.memory.info(code)
            except RoomError:
                return False
            humans = {seat.token_hash for seat in info.seats if not seat.is_bot and seat.token_hash}
            if humans & await parts.publisher.connected(code):
                await self.touch(code, now)  # someone is here: the idle time starts again
                return False
            settings = parts.settings
            limit = settings.lobby_seconds if info.status == "lobby" else settings.idle_room_seconds

            def close(session: Session) -> RoomInfo | None:
                room = parts.store.room(session, code)
                if room.status not in ("lobby", "playing") or (room.active_at or now) >= now - limit:
                    return None  # changed meanwhile (another process, or a player came back)
                room.status = "closed"
                room.deadline = None
                room.ended_at = now
                return snapshot(room)

            closed = await parts.store.tx(close)
            if closed is None:
                return False
            log.info("room closed: no seated player for %d s (%s)", limit, info.status)
            await parts.publisher.room(closed)
            self.autoplay.arm_timer(closed)  # stops this process's timer for it
            return True
