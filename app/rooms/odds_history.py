"""A finished game's win chances step by step, for the replay's chart (static/js/odds_chart.js).

The game is rebuilt from its seed and action log (app.rooms.replay) and estimated (engine.odds)
at up to POINTS steps spread evenly over it, the first and the last included, with HISTORY_PLAYOUTS
playouts each: a few to tens of milliseconds per point (bench/RESULTS-odds.md), once per
finished room (cached), in the odds worker processes. Each point uses the public record of its
step only, as the spectators saw it live; the last point is the result.
"""

from __future__ import annotations

from typing import Any

import engine
from engine.odds import estimate

POINTS = 40
HISTORY_PLAYOUTS = 32


def chosen_steps(count: int, points: int = POINTS) -> list[int]:
    """Up to `points` steps of 0..count spread evenly, both ends included."""
    if count + 1 <= points:
        return list(range(count + 1))
    return sorted({round(k * count / (points - 1)) for k in range(points)})


def history(
    game: str, options: dict[str, Any], seats: int, seed: int, rows: list[dict[str, Any]]
) -> list[dict[str, Any]] | None:
    """[{"step": k, "chances": {...}}] at the chosen steps (runs in a worker process)."""
    try:
        return _history(game, options, seats, seed, rows)
    except Exception:  # noqa: BLE001 - reported as None (an exception may not pickle)
        return None


def _history(
    game: str, options: dict[str, Any], seats: int, seed: int, rows: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    wanted = set(chosen_steps(len(rows)))
    state = engine.setup(game, options, seats, seed)
    state["log"] = []
    out = []
    for step in range(len(rows) + 1):
        if step:
            row = rows[step - 1]
            state = engine.apply(state, row["seat"], row["action"])
            state["log"] = []
        if step in wanted:
            out.append({"step": step, "chances": estimate(state, HISTORY_PLAYOUTS).chances})
    return out
