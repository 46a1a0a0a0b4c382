"""The evening's series over HTTP (app.rooms.series): anyone with the room link may read it."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from app.api.deps import Rooms
from app.api.validation import RoomCode

router = APIRouter(prefix="/api/rooms", tags=["group play"])


@router.get("/{code}/series")
async def series(code: RoomCode, rooms: Rooms) -> dict[str, Any]:
    """`{code, series, game, games: [{code, game, status, winners?, scores?}], finished,
    tally: [{name, games, wins, score}]}`: which game of the evening this room is, and the
    running tally of the evening's finished games up to it (wins first, then the scores)."""
    return await rooms.series_tally(code)
