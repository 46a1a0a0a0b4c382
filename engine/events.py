"""The game log: structured events, public or addressed to some seats.

An event is `{"e": name, **params}`; a private event also carries
`"to": [seats]` and is shown only to those seats until the game ends. Clients
render events in the reader's language, so params are plain values, never
sentences.
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]


def emit(state: dict[str, Any], name: str, **params: Any) -> None:
    """Append a public event."""
    state["log"].append({"e": name, **params})


def emit_private(state: dict[str, Any], seats: list[int], name: str, **params: Any) -> None:
    """Append an event only `seats` may read before the end."""
    state["log"].append({"e": name, "to": sorted(set(seats)), **params})


def visible_log(state: dict[str, Any], seat: int | None, over: bool) -> list[dict[str, Any]]:
    """The events `seat` (None for a spectator) may read."""
    return [dict(event) for event in visible_events(state["log"], seat, over)]


def visible_events(events: list[Event], seat: int | None, over: bool) -> list[Event]:
    """Of `events`, those `seat` (None for a spectator) may read (all of them after the end)."""
    if over:
        return list(events)
    return [event for event in events if "to" not in event or (seat is not None and seat in event["to"])]
