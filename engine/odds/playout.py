"""One playout: random legal play to the end, on a state the caller owns (changed in place)."""

from __future__ import annotations

import random
from typing import Any

from engine.errors import EngineError
from engine.registry import get_game
from engine.rng import Rng

State = dict[str, Any]
# A playout that has not ended after this many actions is dropped (random play in a game
# with a loop could otherwise run for ever).
MAX_STEPS = 2000


def play_out(state: State, rng: random.Random) -> dict[str, Any] | None:
    """Play random legal actions (the first awaited seat each time) until the end; the result,
    or None when the playout did not end within MAX_STEPS."""
    game = get_game(state["game"])
    state["log"] = []
    for _ in range(MAX_STEPS):
        if game.is_over(state):
            return game.result(state)
        awaited = game.to_act(state)
        if not awaited:
            return None
        seat = awaited[0]
        actions = game.all_actions(state, seat)
        if not actions:
            return None
        try:
            game.apply(state, seat, rng.choice(actions), Rng(state["rng"]))
        except EngineError:
            return None  # a sampled state in which the rules refuse a listed action: drop it
        state["log"].clear()
    return None
