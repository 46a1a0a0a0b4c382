"""The lobby of a group over HTTP (app.rooms.group_lobby): ready ticks, the host's "start when
everyone is ready", and a friend at a full lobby asking to replace a bot.

Calls for one's own seat carry its token as `Authorization: Bearer <token>`; host-only calls the
host's. Each answers with the room summary, except the ask, which returns the ask's id and the
token the seat will have once the host approves (kept by the asking browser, never sent again).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr

from app.api.deps import Rooms, SeatToken
from app.api.validation import RoomCode

router = APIRouter(prefix="/api/rooms", tags=["group play"])


class _Body(BaseModel):
    model_config = ConfigDict(strict=True)


class Ready(_Body):
    ready: StrictBool


class AutoStart(_Body):
    on: StrictBool


class AskSeat(_Body):
    name: StrictStr = Field(max_length=200)


class Answer(_Body):
    approve: StrictBool


@router.post("/{code}/ready")
async def ready(code: RoomCode, body: Ready, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    """A seated player ticks (or unticks) "ready" in the lobby."""
    return await rooms.summary(await rooms.set_ready(code, token, body.ready))


@router.post("/{code}/auto-start")
async def auto_start(code: RoomCode, body: AutoStart, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    """The host: start the game by itself once every player is ready."""
    return await rooms.summary(await rooms.set_auto_start(code, token, body.on))


@router.post("/{code}/asks", status_code=201)
async def ask_seat(code: RoomCode, body: AskSeat, rooms: Rooms) -> dict[str, Any]:
    """At a full lobby: ask the host for a bot's seat. `{id, token}`: the seat's token once approved."""
    ask_id, token = await rooms.ask_seat(code, body.name)
    return {"id": ask_id, "token": token}


@router.post("/{code}/asks/{ask_id}")
async def answer_ask(
    code: RoomCode, ask_id: str, body: Answer, rooms: Rooms, token: SeatToken
) -> dict[str, Any]:
    """The host approves (the first bot's seat goes to the friend) or declines an ask."""
    return await rooms.summary(await rooms.answer_ask(code, token, ask_id, body.approve))
