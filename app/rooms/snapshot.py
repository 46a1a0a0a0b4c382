"""Plain copies of a room and its seats, safe to pass between threads and tasks."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.models import Room, Seat

    from .play_record import PlayRecord


def hash_token(token: str) -> str:
    """Only the sha256 of a seat token is stored or passed around inside the server."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class SeatInfo:
    position: int
    name: str
    is_bot: bool
    is_host: bool
    has_left: bool
    token_hash: str | None
    # Group play (app.rooms.seats): when its last socket closed; whose seat a bot plays for now.
    away_since: float | None = None
    reclaim_hash: str | None = None
    # The spectators asking for this seat now (app.rooms.seat_requests).
    requests: Sequence[dict[str, Any]] | None = None


@dataclass(frozen=True)
class RoomInfo:
    code: str
    game: str
    options: dict[str, Any]
    seed: int
    seeded: bool
    status: str
    version: int
    state: dict[str, Any] | None
    turn_seconds: float | None
    deadline: float | None
    seats: list[SeatInfo] = field(default_factory=list)
    # Group play: the rematch room's code, and the chat settings (app.rooms.rematch, app.rooms.chat).
    rematch_code: str | None = None
    chat_spectators: bool = True
    chat_muted: tuple[str, ...] = ()
    # The host's "odds for players" (app.rooms.odds): off, only spectators see live odds.
    odds_players: bool = False
    # The lobby of a group: ready seats, auto start, asks to replace a bot (app.rooms.group_lobby).
    lobby: dict[str, Any] | None = None
    # Ending a game by vote (app.rooms.end_vote): the open proposal; "bots" or "abandon" once passed.
    end_vote: dict[str, Any] | None = None
    ended_by: str | None = None
    # Since when the running game rests: nobody is connected, its bots and timer wait (app.rooms.rest).
    rest_since: float | None = None

    def seat_of(self, token_hash: str | None) -> SeatInfo | None:
        if token_hash is None:
            return None
        return next((seat for seat in self.seats if seat.token_hash == token_hash), None)

    def host(self) -> SeatInfo | None:
        return next((seat for seat in self.seats if seat.is_host), None)


def snapshot(room: Room | PlayRecord) -> RoomInfo:
    return RoomInfo(
        code=room.code,
        game=room.game,
        options=dict(room.options),
        seed=room.seed,
        seeded=room.seeded,
        status=room.status,
        version=room.version,
        state=room.state,
        turn_seconds=room.turn_seconds,
        deadline=room.deadline,
        seats=sorted(map(seat_info, room.seats), key=lambda seat: seat.position),
        rematch_code=room.rematch_code,
        chat_spectators=room.chat_spectators is not False,
        chat_muted=tuple(room.chat_muted or ()),
        odds_players=bool(room.odds_players),
        lobby=room.lobby,
        end_vote=room.end_vote,
        ended_by=room.ended_by,
        rest_since=room.rest_since,
    )


def seat_info(seat: Seat | SeatInfo) -> SeatInfo:
    if isinstance(seat, SeatInfo):  # already a plain copy (app.rooms.play_record)
        return seat
    return SeatInfo(
        seat.position,
        seat.name,
        seat.is_bot,
        seat.is_host,
        seat.has_left,
        seat.token_hash,
        away_since=seat.away_since,
        reclaim_hash=seat.reclaim_hash,
        requests=tuple(seat.requests or ()),
    )
