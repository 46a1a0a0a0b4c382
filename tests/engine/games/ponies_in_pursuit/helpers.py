"""Shared set-ups for the Ponies in Pursuit tests."""

from __future__ import annotations

from typing import Any

import engine

GAME = "ponies_in_pursuit"


def new_game(seats: int = 4, **options: Any) -> dict[str, Any]:
    return engine.setup(GAME, options, seats, seed=1)


def sub(*plays: str) -> dict[str, Any]:
    """sub("yellow2:move", "wild=red:bet") -> a submit action."""
    cards = []
    for text in plays:
        card, use = text.split(":")
        if "=" in card:
            card, colour = card.split("=")
            cards.append({"card": card, "as": colour, "use": use})
        else:
            cards.append({"card": card, "use": use})
    return {"type": "submit", "cards": cards}


def play_round(state: dict[str, Any], actions: dict[int, dict[str, Any]]) -> dict[str, Any]:
    for seat, action in actions.items():
        state = engine.apply(state, seat, action)
    return state
