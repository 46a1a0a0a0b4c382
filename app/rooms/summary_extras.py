"""What the room summary says about seats asked for, players away, and ending by vote
(app.rooms.seat_requests, app.rooms.seat_choices, app.rooms.end_vote); when a seat request is
still waiting for its answer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import end_vote
from .snapshot import RoomInfo, SeatInfo

if TYPE_CHECKING:
    from app.models import Seat

# How long a request waits for the host's answer before someone else may ask for the seat.
REQUEST_SECONDS = 120.0


def pending(seat: Seat | SeatInfo, now: float) -> bool:
    """A request of `seat` waits for its answer."""
    asked_at = seat.request_at
    return seat.request_from is not None and asked_at is not None and now - asked_at < REQUEST_SECONDS


def requested_seats(info: RoomInfo, now: float) -> list[int]:
    """The seats asked for and not answered yet (shown in the room summary)."""
    if info.status != "playing":
        return []
    return [seat.position for seat in info.seats if pending(seat, now)]


def add_extras(out: dict[str, Any], info: RoomInfo, now: float) -> None:
    """Per seat of a running game: `away` (a bot plays it for a player who keeps it) and
    `requested` (a spectator asked for it); for the room: the open `end_vote` and how a vote
    ended it (`ended_by`)."""
    requested = set(requested_seats(info, now))
    holders = {seat.position: seat for seat in info.seats}
    for seat in out["seats"] if info.status == "playing" else []:
        held = holders.get(seat["seat"])
        seat["away"] = held is not None and held.is_bot and held.token_hash is not None
        seat["requested"] = seat["seat"] in requested
    out["end_vote"] = end_vote.summary_part(info)
    out["ended_by"] = info.ended_by
