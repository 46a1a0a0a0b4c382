"""What the lobby of a group keeps in the room's `lobby` column, and what the summary shows of it
(app.rooms.group_lobby changes it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.models import Room

    from .play_record import PlayRecord
    from .snapshot import RoomInfo


def lobby_state(room: Room | RoomInfo | PlayRecord) -> dict[str, Any]:
    stored = room.lobby or {}
    return {
        "ready": list(stored.get("ready", [])),
        "auto_start": bool(stored.get("auto_start", False)),
        "asks": [dict(ask) for ask in stored.get("asks", [])],
    }


def public_lobby(info: RoomInfo) -> dict[str, Any]:
    """The summary's `lobby`: ready seats (positions; bots always), auto start, pending asks."""
    state = lobby_state(info)
    ready = set(state["ready"])
    return {
        "ready": [seat.position for seat in info.seats if seat.is_bot or seat.name in ready],
        "auto_start": state["auto_start"],
        "asks": [{"id": ask["id"], "name": ask["name"]} for ask in state["asks"]],
    }
