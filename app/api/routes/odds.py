"""Live odds over HTTP: the current odds of a room for anyone with its link, and the host's
room option "odds for players" (app.rooms.odds, app.rooms.odds_option)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, StrictBool

from app.api.deps import Rooms, SeatToken
from app.api.validation import RoomCode

router = APIRouter(prefix="/api/rooms", tags=["live odds"])


class OddsForPlayers(BaseModel):
    model_config = ConfigDict(strict=True)
    on: StrictBool


@router.get("/{code}/odds")
async def room_odds(code: RoomCode, rooms: Rooms) -> dict[str, Any]:
    """`{"v": N, "chances": {"<seat>": p, ...}, "labels": {"<seat>": name}}`: each player's
    chance to win at version N, from public information only (the chances sum to 1)."""
    odds = await rooms.odds_of(code)
    return {"v": odds["v"], "chances": odds["chances"], "labels": odds["labels"]}


@router.get("/{code}/replay/odds")
async def replay_odds(code: RoomCode, rooms: Rooms) -> dict[str, Any]:
    """After the end: `{"steps": N, "points": [{"step": k, "chances": {...}}, ...], "labels"}`,
    each player's chance to win at up to 40 steps spread over the game (the last: the result)."""
    return await rooms.odds_history(code)


@router.post("/{code}/odds/players")
async def odds_for_players(
    code: RoomCode, body: OddsForPlayers, rooms: Rooms, token: SeatToken
) -> dict[str, Any]:
    """The host turns "odds for players" on or off (off by default); returns the room summary."""
    return await rooms.summary(await rooms.set_odds_players(code, token, body.on))
