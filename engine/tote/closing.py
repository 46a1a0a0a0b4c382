"""When each game's tote closes: a pure function of the public state (what a spectator sees),
documented in docs/rules/<game>.md. The tote is open from the start of the game until its
game's point; it is always closed once the game is over.

- Ponies in Pursuit: once the first pony has crossed the finish line.
- Horse Racing: once the last race of the meeting starts (its draft is still open).
- Dice and Bluff: once a rider has reached the middle of the trail (space 17 of 33).
- Odds and Riders: once the race starts (the betting rounds are over).

A game without a rule here keeps its tote open until it is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import api

State = dict[str, Any]
Closed = Callable[[State], bool]

TRAIL_MIDDLE = 17  # Dice and Bluff: half of the 33 spaces to Sacramento, rounded up


def _pip(state: State) -> bool:
    return bool(state["finish_order"])


def _hr(state: State) -> bool:
    return state["phase"] == "race" and state["race_no"] >= state["races_total"]


def _peb(state: State) -> bool:
    return max(state["pos"]) >= TRAIL_MIDDLE


def _per(state: State) -> bool:
    return state.get("race") is not None


CLOSED: dict[str, Closed] = {
    "ponies_in_pursuit": _pip,
    "horse_racing": _hr,
    "pony_express_bluff": _peb,
    "pony_express_race": _per,
}


def register(game_id: str, closed: Closed) -> None:
    """Give a game (e.g. a test's toy game) its closing point."""
    CLOSED[game_id] = closed


def tote_open(state: State | None) -> bool:
    """Whether spectators may still back contenders in this state."""
    if state is None or api.is_over(state):
        return False
    closed = CLOSED.get(state["game"])
    return closed is None or not closed(state)
