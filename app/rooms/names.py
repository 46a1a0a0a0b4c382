"""Player names: trimmed, printable, at most 40 characters."""

from __future__ import annotations

import unicodedata
from typing import Any

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
    return name or default
