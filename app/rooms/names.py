"""Player names: trimmed, printable, at most 40 characters, and unique in a room, where
"unique" means not even a look-alike of another seat's name (app.core.lookalike: "Аnn" with a
Cyrillic А is Ann); a chosen name never poses as a bot ("Bot 2") or a spectator
("Spectator abc123"), whose names the server gives."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

from app.core.lookalike import looks_alike, skeleton

from .errors import RoomError

MAX_NAME = 40


def clean_name(name: Any, default: str) -> str:
    if name is None:
        return default
    if not isinstance(name, str):
        raise RoomError("bad_name", "A name must be text.")
    name = " ".join(name.split())
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise RoomError("bad_name", "A name cannot contain control characters.")
    if len(name) > MAX_NAME:
        raise RoomError("bad_name", f"A name can be at most {MAX_NAME} characters long.", max=MAX_NAME)
    if not name:
        return default
    first = skeleton(name).split(" ", 1)[0]
    if first in _SERVER_GIVEN:
        raise RoomError(
            "bad_name",
            f"{_SERVER_GIVEN[first]} names are given by the server; please pick another name.",
            name=name,
        )
    return name


# The first word of the names the server gives (bots, spectators in the chat), by skeleton.
_SERVER_GIVEN = {skeleton("Bot"): "Bot", skeleton("Spectator"): "Spectator"}


def same_name(a: str, b: str) -> bool:
    """Names match ignoring case, width and look-alike characters ("ANN", "ann", "Ａｎｎ" and
    "Аnn" with a Cyrillic А are one name)."""
    return looks_alike(a, b)


def require_unique(name: str, taken: Iterable[str]) -> None:
    """Two seats of one room never share a name (compared case-insensitively): the log,
    the players list and the results would not say who is who."""
    if any(same_name(name, other) for other in taken):
        raise RoomError(
            "name_taken",
            f"Someone in this room is already called {name}; please pick another name.",
            409,
            name=name,
        )


def free_default(stem: str, number: int, taken: Iterable[str]) -> str:
    """The first of "<stem> <number>", "<stem> <number+1>" … that nobody in the room has."""
    names = list(taken)
    while any(same_name(f"{stem} {number}", other) for other in names):
        number += 1
    return f"{stem} {number}"
