"""Turn/round timer arithmetic (PIP-18 for Ponies in Pursuit; a room-level timer otherwise)."""

from __future__ import annotations

from typing import Any


def timer_seconds(options: dict[str, Any], turn_seconds: float | None) -> float | None:
    """The game's own `round_seconds` option when set (> 0), else the room's turn timer."""
    game_seconds = options.get("round_seconds")
    if isinstance(game_seconds, (int, float)) and not isinstance(game_seconds, bool) and game_seconds > 0:
        return float(game_seconds)
    return float(turn_seconds) if turn_seconds else None


def next_deadline(
    seconds: float | None,
    previous: float | None,
    waiting_before: list[int],
    waiting_now: list[int],
    now: float,
) -> float | None:
    """When the timer fires next.

    A running timer keeps its deadline while the awaited seats only shrink (in a
    simultaneous round each submission must not restart the clock); it restarts
    when someone new is awaited (a new round or turn) and stops when nobody is.
    """
    if seconds is None or not waiting_now:
        return None
    if previous is not None and previous > now and set(waiting_now) <= set(waiting_before):
        return previous
    return now + seconds
