"""GET /api/games/horse_racing/board-odds?board=…: each horse's estimated win chance on a board (HR-2).

Read-only, for the room options: a host sees how fair a board is before
choosing it. `board` is a preset name or eleven comma-separated step counts
(horses 2..12). The estimate is the engine's cached simulation
(`engine.games.horse_racing.odds.board_odds`: 100,000 seeded races).
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Query

from engine import errors
from engine.games.horse_racing.board import check_board
from engine.games.horse_racing.odds import board_odds

router = APIRouter(prefix="/api/games/horse_racing", tags=["games"])

# ASCII digits only: str.isdigit() also accepts "²", which int() then refuses.
_WHOLE_NUMBER = re.compile(r"-?[0-9]{1,6}")


def parse_board(raw: str) -> str | list[int]:
    """A preset name, or "3,6,8,…" as a list of step counts; a bad value is a clear `bad_options` error."""
    value: Any = raw.strip()
    if "," in value:
        parts = [part.strip() for part in value.split(",")]
        value = [int(part) if _WHOLE_NUMBER.fullmatch(part) else part for part in parts]
    try:
        return check_board(value)
    except ValueError as exc:
        raise errors.EngineError(errors.BAD_OPTIONS, str(exc), option="board") from None


@router.get("/board-odds")
def get_board_odds(board: str = Query("even-a", max_length=200)) -> dict[str, Any]:
    estimate = board_odds(parse_board(board))
    return {"board": estimate["board"], "races": estimate["races"], "win": estimate["win"]}
