"""Rooms over HTTP: create, join, bots, start, leave, hand a seat to a bot, summary, log.

Host-only calls carry the host's seat token as `Authorization: Bearer <token>`.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from app.api.deps import Rooms, SeatToken
from app.rooms.errors import RoomError

router = APIRouter(prefix="/api/rooms", tags=["rooms"])


class CreateRoom(BaseModel):
    game: str = Field(max_length=64)
    options: dict[str, Any] | None = None
    name: str | None = Field(default=None, max_length=200)
    turn_seconds: float | None = None


class JoinRoom(BaseModel):
    name: str | None = Field(default=None, max_length=200)


class AddBots(BaseModel):
    count: int = 1


@router.post("", status_code=201)
async def create_room(body: CreateRoom, rooms: Rooms) -> dict[str, Any]:
    code, token, seat = await rooms.create_room(body.game, body.options, body.name, body.turn_seconds)
    return {"code": code, "token": token, "seat": seat, "url": f"/rooms/{code}"}


@router.get("/{code}")
async def room_summary(code: str, rooms: Rooms) -> dict[str, Any]:
    return await rooms.summary(await rooms.load(code))


@router.post("/{code}/join")
async def join_room(code: str, rooms: Rooms, body: JoinRoom | None = None) -> dict[str, Any]:
    token, seat = await rooms.join(code, body.name if body else None)
    return {"code": code, "token": token, "seat": seat, "url": f"/rooms/{code}"}


@router.post("/{code}/bots")
async def add_bots(code: str, rooms: Rooms, token: SeatToken, body: AddBots | None = None) -> dict[str, Any]:
    return await rooms.summary(await rooms.add_bots(code, token, body.count if body else 1))


@router.delete("/{code}/seats/{seat}")
async def remove_bot(code: str, seat: int, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    return await rooms.summary(await rooms.remove_bot(code, token, seat))


@router.post("/{code}/seats/{seat}/bot")
async def hand_seat_to_bot(code: str, seat: int, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    return await rooms.summary(await rooms.hand_to_bot(code, token, seat))


@router.post("/{code}/start")
async def start_game(code: str, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    return await rooms.summary(await rooms.start(code, token))


@router.post("/{code}/leave")
async def leave_room(code: str, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    return await rooms.summary(await rooms.leave(code, token))


@router.get("/{code}/log")
async def action_log(code: str, rooms: Rooms) -> dict[str, Any]:
    """The whole action log and seed, for replays: only once the game is over."""
    info, actions = await rooms.action_log(code)
    if info.status != "over":
        raise RoomError("not_over", "The action log is shown once the game is over.", 409)
    return {
        "game": info.game,
        "options": info.options,
        "seats": len(info.seats),
        "seed": info.seed,
        "actions": actions,
    }


@router.get("/{code}/replay")
async def replay(code: str, rooms: Rooms) -> dict[str, Any]:
    """A finished game step by step (actions and log events; views come per page below)."""
    return await rooms.replay_steps(code)


@router.get("/{code}/replay/views")
async def replay_views(
    code: str, rooms: Rooms, start: int = Query(0, alias="from"), stop: int = Query(0, alias="to")
) -> dict[str, Any]:
    """Every secret revealed, for steps from..to (0 = the setup, n = after the n-th action)."""
    return await rooms.replay_views(code, start, stop)
