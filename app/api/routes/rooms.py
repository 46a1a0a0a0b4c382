"""Rooms over HTTP: create, join, bots, start, leave, hand a seat to a bot, summary, log.

Host-only calls carry the host's seat token as `Authorization: Bearer <token>`.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from pydantic import Field

from app.api.deps import Rooms, SeatToken
from app.api.validation import RoomCode, StrictBody, per_client, reject_non_finite
from app.core.ratelimit import client_address
from app.rooms.errors import RoomError

router = APIRouter(prefix="/api/rooms", tags=["rooms"])


class CreateRoom(StrictBody):
    game: str = Field(max_length=64)
    options: dict[str, Any] | None = None
    name: str | None = Field(default=None, max_length=200)
    # Checked for its range (5 s to 24 h, 0 = no timer) by the lobby.
    turn_seconds: float | None = Field(default=None, allow_inf_nan=False)


class JoinRoom(StrictBody):
    name: str | None = Field(default=None, max_length=200)


class AddBots(StrictBody):
    count: int = 1


@router.post("", status_code=201, dependencies=[per_client("create")])
async def create_room(body: CreateRoom, rooms: Rooms, request: Request) -> dict[str, Any]:
    reject_non_finite(body.options)
    address = client_address(request.client)  # the games it runs at once are capped
    code, token, seat = await rooms.create_room(
        body.game, body.options, body.name, body.turn_seconds, address
    )
    return {"code": code, "token": token, "seat": seat, "url": f"/rooms/{code}"}


@router.get("/{code}")
async def room_summary(code: RoomCode, rooms: Rooms) -> dict[str, Any]:
    return await rooms.summary(await rooms.load(code))


@router.post("/{code}/join", dependencies=[per_client("join")])
async def join_room(code: RoomCode, rooms: Rooms, body: JoinRoom | None = None) -> dict[str, Any]:
    token, seat = await rooms.join(code, body.name if body else None)
    return {"code": code, "token": token, "seat": seat, "url": f"/rooms/{code}"}


@router.post("/{code}/bots")
async def add_bots(
    code: RoomCode, rooms: Rooms, token: SeatToken, body: AddBots | None = None
) -> dict[str, Any]:
    return await rooms.summary(await rooms.add_bots(code, token, body.count if body else 1))


@router.delete("/{code}/seats/{seat}")
async def remove_seat(code: RoomCode, seat: int, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    """The host removes a bot or frees a player's seat in the lobby."""
    return await rooms.summary(await rooms.remove_seat(code, token, seat))


@router.post("/{code}/seats/{seat}/bot")
async def hand_seat_to_bot(code: RoomCode, seat: int, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    return await rooms.summary(await rooms.hand_to_bot(code, token, seat))


@router.post("/{code}/start")
async def start_game(code: RoomCode, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    return await rooms.summary(await rooms.start(code, token))


@router.post("/{code}/leave")
async def leave_room(code: RoomCode, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    return await rooms.summary(await rooms.leave(code, token))


@router.get("/{code}/log")
async def action_log(code: RoomCode, rooms: Rooms) -> dict[str, Any]:
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
async def replay(code: RoomCode, rooms: Rooms) -> dict[str, Any]:
    """A finished game step by step (actions and log events; views come per page below)."""
    return await rooms.replay_steps(code)


@router.get("/{code}/replay/views")
async def replay_views(
    code: RoomCode, rooms: Rooms, start: int = Query(0, alias="from"), stop: int = Query(0, alias="to")
) -> dict[str, Any]:
    """Every secret revealed, for steps from..to (0 = the setup, n = after the n-th action)."""
    return await rooms.replay_views(code, start, stop)
