"""A player's choices during a game, over HTTP (the seat's token as `Authorization: Bearer`):
being away (a bot plays the seat until they are back), and ending the game by vote
(app.rooms.seat_choices, app.rooms.end_vote). Each answers with the room summary."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter
from pydantic import ConfigDict, StrictBool

from app.api.deps import Rooms, SeatToken
from app.api.validation import StrictBody

router = APIRouter(prefix="/api/rooms", tags=["group play"])


class _Body(StrictBody):
    model_config = ConfigDict(strict=True, extra="forbid")


class Away(_Body):
    away: StrictBool


class Proposal(_Body):
    kind: Literal["bots", "abandon"]


class Vote(_Body):
    yes: StrictBool


@router.post("/{code}/away")
async def set_away(code: str, body: Away, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    """Mark yourself away (`true`: a bot plays your seat) or back (`false`)."""
    return await rooms.summary(await rooms.seat_choices.set_away(code, token, body.away))


@router.post("/{code}/end-vote")
async def propose_end(code: str, body: Proposal, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    """Propose to let bots finish the game (`bots`) or to abandon it (`abandon`); you vote yes."""
    return await rooms.summary(await rooms.end_vote.propose(code, token, body.kind))


@router.post("/{code}/end-vote/answer")
async def answer_end(code: str, body: Vote, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    """Vote on the open proposal; it passes on a majority of the humans seated."""
    return await rooms.summary(await rooms.end_vote.vote(code, token, body.yes))
