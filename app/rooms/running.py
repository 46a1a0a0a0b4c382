"""Games running per address (issue 42): one address may have at most ROOMS_PER_ADDRESS
(50 by default) rooms it created playing at once, resting ones included (app.rooms.rest).

A room remembers a digest of the address that created it (`opened_by`; a rematch keeps its
room's), never the address itself. Starting a game (the host's start or the start once
everyone is ready) counts that address's running games and refuses one more with a
sentence; finishing, leaving or the idle close of one frees its place. With several
processes two starts at the same moment may both pass the count (the cap is then exceeded
by at most the number of racing starts). RATE_LIMITS=off turns the cap off, as the other
per-client limits."""

from __future__ import annotations

import hashlib

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.core.config import Settings
from app.models import Room

from .errors import RoomError


def opened_by(address: str | None) -> str | None:
    """The digest a room keeps of the address that created it."""
    if address is None:
        return None
    return hashlib.sha256(f"paddock room opened by {address}".encode()).hexdigest()[:32]


def too_many_games(cap: int) -> RoomError:
    return RoomError(
        "too_many_games",
        f"Your address already has {cap} games running, the most it may have at once; finish or "
        f"leave one of them before starting another.",
        429,
        max=cap,
    )


def require_room_to_run(session: Session, room: Room, settings: Settings) -> None:
    """Refuse to start `room` when its address has its cap of games running already."""
    cap = settings.rooms_per_address
    if cap <= 0 or not settings.rate_limits or room.opened_by is None:
        return
    running = session.scalar(
        select(func.count(Room.id)).where(
            Room.opened_by == room.opened_by, Room.status == "playing", Room.id != room.id
        )
    )
    if (running or 0) >= cap:
        raise too_many_games(cap)
