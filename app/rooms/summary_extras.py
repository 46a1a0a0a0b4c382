"""What the room summary says about seats asked for, players away, and ending by vote
(app.rooms.seat_requests, app.rooms.seat_choices, app.rooms.end_vote); when a seat request is
still waiting for its answer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import end_vote
from .snapshot import RoomInfo, SeatInfo

if TYPE_CHECKING:
    from app.models import Seat

# How long a request waits for its answer.
REQUEST_SECONDS = 120.0


def live_requests(seat: Seat | SeatInfo, now: float) -> list[dict[str, Any]]:
    """The requests of `seat` still waiting for their answer, oldest first."""
    return [r for r in seat.requests or () if now - r["at"] < REQUEST_SECONDS]


def shown(request: dict[str, Any]) -> dict[str, Any]:
    """What the room sees of a request: who asks (their spectator id), the name they gave,
    whether a named spectator goes by it, and the seats that agreed (never the address)."""
    return {key: request[key] for key in ("from", "name", "named", "yes")}


def add_extras(out: dict[str, Any], info: RoomInfo, now: float) -> None:
    """Per seat of a running game: `away` (a bot plays it for a player who keeps it) and
    `requests` (the spectators asking for it; `requested`: any); for the room: the open
    `end_vote` and how a vote ended it (`ended_by`)."""
    holders = {seat.position: seat for seat in info.seats}
    for seat in out["seats"] if info.status == "playing" else []:
        held = holders.get(seat["seat"])
        seat["away"] = held is not None and held.is_bot and held.token_hash is not None
        requests = [] if held is None or info.ended_by else [shown(r) for r in live_requests(held, now)]
        seat["requests"] = requests
        seat["requested"] = bool(requests)
    out["end_vote"] = end_vote.summary_part(info)
    out["ended_by"] = info.ended_by
