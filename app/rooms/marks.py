"""The lifecycle marks a room row carries for the sweep (see app.rooms.lifecycle): when it
became active, when it ended, and whether a bot seat is awaited. Kept by one function, used
by the ORM flush hook and by the play path that writes rooms with SQLAlchemy Core."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import engine

ENDED = ("over", "closed")


class SeatLike(Protocol):
    @property
    def position(self) -> int: ...
    @property
    def is_bot(self) -> bool: ...


class Marked(Protocol):
    status: str
    state: dict[str, Any] | None
    active_at: float | None
    ended_at: float | None
    bot_turn: bool

    @property
    def seats(self) -> Sequence[SeatLike]: ...


def bot_awaited(room: Marked) -> bool:
    """A bot seat is among the seats the game waits for."""
    if room.status != "playing" or room.state is None:
        return False
    bots = {seat.position for seat in room.seats if seat.is_bot}
    return bool(bots and bots & set(engine.to_act(room.state)))


def keep_marks(room: Marked, now: float) -> None:
    """`active_at` set once, `ended_at` following the status, `bot_turn` the state and seats."""
    if room.active_at is None:
        room.active_at = now
    if room.status in ENDED:
        if room.ended_at is None:
            room.ended_at = now
    elif room.ended_at is not None:
        room.ended_at = None
    awaited = bot_awaited(room)
    if room.bot_turn != awaited:
        room.bot_turn = awaited
