"""Listed actions spelled out: a move listed once, as a sample plus its `choose` description
(engine/moves.py, CHOOSE; Ponies in Pursuit's submission), becomes one action per legal value,
read from the description the client received (engine/games/ponies_in_pursuit/choice.py)."""

from __future__ import annotations

from typing import Any

from engine.games.ponies_in_pursuit import choice
from engine.moves import CHOOSE


def spelled_out(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for action in actions:
        if CHOOSE not in action:
            out.append(action)
            continue
        assert action["type"] == "submit" and set(action[CHOOSE]) == {"cards"}, action
        out += [{"type": "submit", "cards": cards} for cards in choice.expand(action[CHOOSE]["cards"])]
    return out


def as_stored(action: dict[str, Any]) -> dict[str, Any]:
    """A listed action as the server stores it: without its `choose` description."""
    return {key: value for key, value in action.items() if key != CHOOSE}
