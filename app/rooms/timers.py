"""Turn/round timer arithmetic: the rules' own limit (PIP-18's round timer, PEB-14's
call window, via engine.timer_seconds) or else the room's turn timer."""

from __future__ import annotations

from typing import Any, Protocol

import engine


def timer_seconds(state: dict[str, Any] | None, turn_seconds: float | None) -> float | None:
    """The limit the rules give the current wait when they give one, else the room's turn timer."""
    rules_seconds = engine.timer_seconds(state) if state is not None else None
    if rules_seconds:
        return rules_seconds
    return float(turn_seconds) if turn_seconds else None


def next_deadline(
    seconds: float | None,
    previous: float | None,
    waiting_before: list[int],
    waiting_now: list[int],
    now: float,
) -> float | None:
    """When the timer fires next.

    A running timer keeps its deadline while the awaited seats only shrink (in a
    simultaneous round each submission must not restart the clock); it restarts
    when someone new is awaited (a new round or turn) and stops when nobody is.
    """
    if seconds is None or not waiting_now:
        return None
    if previous is not None and previous > now and set(waiting_now) <= set(waiting_before):
        return previous
    return now + seconds


class Timed(Protocol):
    status: str
    state: dict[str, Any] | None
    turn_seconds: float | None
    deadline: float | None


def room_deadline(room: Timed, waiting_before: list[int], now: float) -> float | None:
    """The room's next deadline after a change outside play (the start, a new turn timer)."""
    if room.status != "playing" or room.state is None:
        return None
    seconds = timer_seconds(room.state, room.turn_seconds)
    return next_deadline(seconds, room.deadline, waiting_before, engine.to_act(room.state), now)
