"""What anyone with the room link may know about a room (HTTP summary and `room` messages).

Never the seed before the end (only `seeded`), never a token, never game state.
"""

from __future__ import annotations

from typing import Any

from engine import get_game

from .snapshot import RoomInfo
from .timers import timer_seconds


def public_summary(info: RoomInfo, connected: set[str], now: float) -> dict[str, Any]:
    game = get_game(info.game)
    out: dict[str, Any] = {
        "code": info.code,
        "url": f"/rooms/{info.code}",
        "game": info.game,
        "title": game.title,
        "min_seats": game.min_seats,
        "max_seats": game.max_seats,
        "options": dict(info.options),
        "seeded": info.seeded,
        "status": info.status,
        "v": info.version,
        "timer_seconds": timer_seconds(info.state, info.turn_seconds),
        "deadline_in": None if info.deadline is None else round(max(0.0, info.deadline - now), 3),
        "seats": [
            {
                "seat": seat.position,
                "name": seat.name,
                "bot": seat.is_bot,
                "host": seat.is_host,
                "left": seat.has_left,
                "connected": seat.is_bot or (seat.token_hash is not None and seat.token_hash in connected),
            }
            for seat in info.seats
        ],
    }
    if info.status == "over":
        out["seed"] = info.seed
    return out
