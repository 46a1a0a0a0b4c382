"""Checks of HTTP input the models cannot express: room codes' shape, finite numbers in options,
and the per-client limits as route dependencies."""

from __future__ import annotations

import math
from typing import Annotated, Any

from fastapi import Depends, Request
from pydantic import BaseModel, ConfigDict

from app.core.ratelimit import client_address
from app.rooms.codes import valid_code
from app.rooms.errors import RoomError, not_found


class StrictBody(BaseModel):
    """A request body, strict like every body: `true` or "5" is not a number, 1 is not true,
    5 is not text."""

    model_config = ConfigDict(strict=True)


async def room_code(code: str) -> str:
    """The `{code}` of a room URL, refused as `not_found` when it cannot be a room code."""
    if not valid_code(code):
        raise not_found()
    return code


RoomCode = Annotated[str, Depends(room_code)]


def per_client(kind: str) -> Any:
    """A route dependency counting one `kind` request for the caller's address (429 past the limit)."""

    async def check(request: Request) -> None:
        request.app.state.limits.hit(kind, client_address(request.client))

    return Depends(check)


def reject_non_finite(options: dict[str, Any] | None) -> None:
    """Infinity, -Infinity, NaN and numbers too big for a float (1e400) anywhere in the options
    are refused with a sentence naming the option (JSON has no such numbers; Python's parser
    lets them through)."""
    for name, value in (options or {}).items():
        if not _finite(value):
            raise RoomError("bad_options", f"Option '{name}' must be a finite number.", option=str(name))


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(item) for item in value.values())
    if isinstance(value, list):
        return all(_finite(item) for item in value)
    return True
