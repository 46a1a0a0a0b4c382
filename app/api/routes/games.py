"""GET /api/games: the games, their seat ranges and options with defaults."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

import engine

router = APIRouter(prefix="/api/games", tags=["games"])


@router.get("")
def list_games() -> dict[str, Any]:
    return {"games": engine.describe_games()}
