"""Bookkeeping for simultaneous secret submissions.

A round opens for some seats; each may submit and re-submit until the last
awaited seat has submitted. The slot is a list indexed by seat (JSON keeps
list indexes, unlike int dict keys).
"""

from __future__ import annotations

from typing import Any


def open_round(seats: int, awaited: list[int]) -> dict[str, Any]:
    return {"awaited": sorted(awaited), "submitted": [None] * seats}


def submit(slot: dict[str, Any], seat: int, submission: Any) -> bool:
    """Record (or replace) a seat's submission; True once every awaited seat is in."""
    slot["submitted"][seat] = submission
    return not waiting(slot)


def waiting(slot: dict[str, Any]) -> list[int]:
    """Awaited seats that have not submitted yet."""
    return [s for s in slot["awaited"] if slot["submitted"][s] is None]


def has_submitted(slot: dict[str, Any]) -> list[bool]:
    """Public: who is in (not what)."""
    return [s is not None for s in slot["submitted"]]
