"""Dependency aliases for the routes.

Every dependency here (and in app.api.validation) is `async def`: FastAPI runs a plain `def`
dependency in its thread pool, a thread hop (and a wake-up of a worker) per request for a line
of code that never blocks."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request

from app.rooms.service import RoomService


async def get_rooms(request: Request) -> RoomService:
    return request.app.state.rooms


def token_of(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header (None: absent or another scheme)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


async def bearer_token(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The seat token from `Authorization: Bearer <token>` (tokens never travel in URLs)."""
    return token_of(authorization)


Rooms = Annotated[RoomService, Depends(get_rooms)]
SeatToken = Annotated[str | None, Depends(bearer_token)]
