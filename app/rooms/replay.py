"""Rebuild a room's state from its seed, options, seat count and action log (engine determinism)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import engine


def rebuild(
    game: str, options: dict[str, Any], seats: int, seed: int, actions: Iterable[tuple[int, dict[str, Any]]]
) -> dict[str, Any]:
    state = engine.setup(game, options, seats, seed)
    for seat, action in actions:
        state = engine.apply(state, seat, action)
    return state
