"""Helpers every game's tests share: random playthroughs, replay, JSON checks."""

from __future__ import annotations

import json
import random
from typing import Any

import engine

Log = list[tuple[int, dict[str, Any]]]


def assert_json_state(state: dict[str, Any]) -> None:
    """The state survives JSON exactly (what the server stores is what it plays)."""
    assert json.loads(json.dumps(state)) == state


def play_random(
    game_id: str,
    seats: int,
    seed: int,
    options: dict[str, Any] | None = None,
    chooser_seed: int = 0,
    max_steps: int = 20_000,
    choose=None,
) -> tuple[dict[str, Any], Log]:
    """Play a whole game with uniformly random legal actions (or `choose(state, seat, actions, rng)`).

    Every listed action must be accepted. Returns the final state and the log.
    """
    rng = random.Random(chooser_seed)
    state = engine.setup(game_id, options, seats, seed)
    log: Log = []
    for _ in range(max_steps):
        if engine.is_over(state):
            return state, log
        waiting = engine.to_act(state)
        assert waiting, "a running game must wait for someone"
        seat = rng.choice(waiting)
        actions = engine.legal_actions(state, seat)
        assert actions, f"seat {seat} is awaited but has no legal action"
        action = choose(state, seat, actions, rng) if choose else rng.choice(actions)
        state = engine.apply(state, seat, action)
        log.append((seat, action))
    raise AssertionError(f"{game_id} did not end within {max_steps} actions")


def replay(game_id: str, seats: int, seed: int, options: dict[str, Any] | None, log: Log) -> dict[str, Any]:
    state = engine.setup(game_id, options, seats, seed)
    for seat, action in log:
        state = engine.apply(state, seat, action)
    return state


def play_bots(
    game_id: str,
    seats: int,
    seed: int,
    options: dict[str, Any] | None = None,
    bot_seats: set[int] | None = None,
    chooser_seed: int = 0,
    max_steps: int = 20_000,
) -> dict[str, Any]:
    """Bots play `bot_seats` (default all), random legal actions play the rest."""
    rng = random.Random(chooser_seed)
    bots = set(range(seats)) if bot_seats is None else bot_seats
    state = engine.setup(game_id, options, seats, seed)
    for _ in range(max_steps):
        if engine.is_over(state):
            return state
        seat = rng.choice(engine.to_act(state))
        if seat in bots:
            action = engine.bot_action(state, seat, rng)
        else:
            action = rng.choice(engine.legal_actions(state, seat))
        state = engine.apply(state, seat, action)
    raise AssertionError(f"{game_id} did not end within {max_steps} actions")
