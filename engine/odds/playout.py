"""One playout: play to the end on a state the caller owns (changed in place).

Each seat's move comes from the game's playout policy (POLICIES: a cheap heuristic of the
shape the game's bots play, engine/odds/<game>_policy.py) when it has one and it answers,
else a uniformly random legal action. A policy sees the playout's state only: a redrawn
(determinized) one, whose hidden things were drawn from the public record, never the room's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.errors import EngineError
from engine.registry import get_game
from engine.rng import Rng

from . import horse_racing_policy, ponies_in_pursuit_policy

State = dict[str, Any]
Action = dict[str, Any]
# A policy: (state, seat, rng) -> an action, or None to fall back to random legal play.
Policy = Callable[[State, int, random.Random], Action | None]
POLICIES: dict[str, Policy] = {
    "ponies_in_pursuit": ponies_in_pursuit_policy.choose,
    "horse_racing": horse_racing_policy.choose,
}
# A playout that has not ended after this many actions is dropped (random play in a game
# with a loop could otherwise run for ever).
MAX_STEPS = 2000


def play_out(
    state: State, rng: random.Random, policies: dict[str, Policy] = POLICIES
) -> dict[str, Any] | None:
    """Play (the first awaited seat each time) until the end; the result, or None when the
    playout did not end within MAX_STEPS."""
    game = get_game(state["game"])
    policy = policies.get(state["game"])
    state["log"] = []
    for _ in range(MAX_STEPS):
        if game.is_over(state):
            return game.result(state)
        awaited = game.to_act(state)
        if not awaited:
            return None
        seat = awaited[0]
        action = policy(state, seat, rng) if policy is not None else None
        if action is None:
            actions = game.all_actions(state, seat)
            if not actions:
                return None
            action = rng.choice(actions)
        try:
            game.apply(state, seat, action, Rng(state["rng"]))
        except EngineError:
            return None  # a sampled state in which the rules refuse a listed action: drop it
        state["log"].clear()
    return None
