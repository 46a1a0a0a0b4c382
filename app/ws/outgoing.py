"""Server -> client messages, built per connection.

Game state leaves only through `engine.view(state, seat)` (seat None for a
spectator), for the first sync and every update alike.
"""

from __future__ import annotations

from typing import Any

import engine


def state_message(state: dict[str, Any], v: int, seat: int | None) -> dict[str, Any]:
    return {
        "type": "state",
        "v": v,
        "over": engine.is_over(state),
        "view": engine.view(state, seat),
        "actions": engine.legal_actions(state, seat),
    }


def room_message(summary: dict[str, Any], seat: int | None, is_host: bool) -> dict[str, Any]:
    return {"type": "room", **summary, "you": seat, "is_host": is_host}
