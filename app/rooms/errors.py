"""Refusals of the room service: a stable code, a sentence, an HTTP status.

Engine refusals (EngineError) keep their own code, message and params; both
become `{"type": "error", "code", "message", "params"}` on the wire.
"""

from __future__ import annotations

from typing import Any

from engine import EngineError


class RoomError(Exception):
    def __init__(self, code: str, message: str, status: int = 400, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.params = params


class StaleVersion(RoomError):
    """The client acted against an old version; it gets the current state with this error."""

    def __init__(self, current: int) -> None:
        super().__init__(
            "stale",
            "The table changed before your action arrived; here is the current state, please try again.",
            409,
            v=current,
        )


def error_message(exc: RoomError | EngineError) -> dict[str, Any]:
    return {"type": "error", "code": exc.code, "message": exc.message, "params": dict(exc.params)}


def not_found() -> RoomError:
    return RoomError("not_found", "There is no room with that code.", 404)


def bad_token() -> RoomError:
    return RoomError("bad_token", "That seat token is not valid in this room.", 403)


def not_host() -> RoomError:
    return RoomError("not_host", "Only the host can do that.", 403)
