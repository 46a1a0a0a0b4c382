"""HR-1: the eleven horses (2..12) and the board presets, plus the `board` option check.

Horses are stored by index `h - 2` in every per-horse list (`steps`, positions,
scratch positions), so a list always has eleven entries for horses 2..12.
"""

from __future__ import annotations

import math
from typing import Any

HORSES = tuple(range(2, 13))
MAX_STEPS = 40

PRESETS: dict[str, tuple[int, ...]] = {
    "classic": (3, 6, 8, 11, 14, 17, 14, 11, 8, 6, 3),
    "even-a": (4, 6, 8, 10, 12, 14, 12, 10, 8, 6, 4),
    "even-b": (4, 6, 8, 10, 12, 13, 12, 10, 8, 6, 4),
    "even-c": (4, 7, 9, 11, 13, 15, 13, 11, 9, 7, 4),
    "short": (3, 5, 6, 8, 9, 10, 9, 8, 6, 5, 3),
}
DEFAULT_BOARD = "even-a"


def check_board(value: Any) -> str | list[int]:
    """HR-1: a preset name, or a list of eleven step counts for horses 2..12.

    Returns the normalised option value; raises ValueError with a sentence.
    """
    if isinstance(value, str):
        if value in PRESETS:
            return value
        names = ", ".join(PRESETS)
        raise ValueError(f"Option 'board' must be one of: {names}, or a list of 11 step counts.")
    if not isinstance(value, (list, tuple)):
        raise ValueError("Option 'board' must be a preset name or a list of 11 step counts.")
    if len(value) != len(HORSES):
        raise ValueError(f"Option 'board' needs 11 step counts (horses 2 to 12), not {len(value)}.")
    steps = []
    for horse, count in zip(HORSES, value, strict=True):
        if (
            isinstance(count, bool)
            or not isinstance(count, (int, float))
            or not math.isfinite(count)
            or int(count) != count
        ):
            raise ValueError(f"Option 'board': the steps of horse {horse} must be a whole number.")
        if not 1 <= count <= MAX_STEPS:
            raise ValueError(f"Option 'board': the steps of horse {horse} must be between 1 and {MAX_STEPS}.")
        steps.append(int(count))
    return steps


def board_steps(board: str | list[int] | tuple[int, ...]) -> list[int]:
    """The eleven step counts of a (valid) board option value."""
    if isinstance(board, str):
        return list(PRESETS[board])
    return [int(s) for s in board]
