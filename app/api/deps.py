"""Dependency aliases for the routes."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request

from app.rooms.service import RoomService


def get_rooms(request: Request) -> RoomService:
    return request.app.state.rooms


def bearer_token(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The seat token from `Authorization: Bearer <token>` (tokens never travel in URLs)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


Rooms = Annotated[RoomService, Depends(get_rooms)]
SeatToken = Annotated[str | None, Depends(bearer_token)]
