"""The tote over HTTP (app.rooms.tote): its public board for anyone with the room link (the
page of a finished room reads the rail), and once the game is over its history for the replay."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from app.api.deps import Rooms
from app.api.validation import RoomCode

router = APIRouter(prefix="/api/rooms", tags=["live odds"])


@router.get("/{code}/tote")
async def room_tote(code: RoomCode, rooms: Rooms) -> dict[str, Any]:
    """`{"open", "pools": {"<seat>": chips}, "total", "payout": {"<seat>": per chip|null},
    "settled", "rail"?: [{name, chips}]}`: the same as the spectators' `tote` message, without
    anyone's own chips (the game's pool is settled first when it is over)."""
    found = await rooms.tote.board(code)
    return {key: value for key, value in found["public"].items() if key != "type"}


@router.get("/{code}/replay/tote")
async def replay_tote(code: RoomCode, rooms: Rooms) -> dict[str, Any]:
    """After the end: `{"bets": [{"v", "name", "contender", "chips"}, ...], "payouts": {name:
    chips}, "rail": [{name, chips}]}`, each bet with the version (the replay's step) it was
    placed at, in order; refused with `not_over` while the game runs, as the replay is."""
    return await rooms.tote.history(code)
