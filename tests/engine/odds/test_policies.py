"""The playout policies (engine/odds/<game>_policy.py): each answers the awaited seat with a
move the rules accept, and the odds they give depend on the public record only (two states
with the same public view and other secrets: identical chances)."""

from __future__ import annotations

import random

import orjson
import pytest

import engine
from engine.odds import estimate
from engine.odds.estimate import forget
from engine.odds.playout import POLICIES, play_out
from engine.rng import Rng
from tests.engine import contract

FEW = 8


@pytest.mark.parametrize("game_id", sorted(POLICIES))
def test_the_policy_plays_legal_moves_to_the_end(game_id):
    game = engine.registry.GAMES[game_id]
    answered = 0
    for seed in (1, 2, 3):
        state = engine.setup(game_id, None, 4, seed)
        rng = random.Random(seed)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            action = POLICIES[game_id](state, seat, rng)
            assert action is not None, f"{game_id}: the policy gave up at {state.get('phase')}"
            game.apply(state, seat, engine.normalize(state, seat, action), Rng(state["rng"]))
            state["log"] = []
            answered += 1
    assert answered > 30


@pytest.mark.parametrize("game_id", sorted(POLICIES))
def test_the_policy_sees_the_public_record_only(game_id):
    hidden = contract.hidden_info(game_id)
    compared = 0
    for seed in (4, 5):
        states = list(contract.states_along(game_id, 4, seed))
        for state, _seat, rng in contract.spread(states, 5):
            forget()
            mine = orjson.dumps(estimate(state, FEW).to_json())
            for what, _paths, other in contract.perturbations(hidden, state, None, rng):
                forget()
                theirs = orjson.dumps(estimate(other, FEW).to_json())
                assert theirs == mine, f"{game_id}: the odds tell {what}"
                compared += 1
    assert compared > 0


@pytest.mark.parametrize("game_id", sorted(POLICIES))
def test_playouts_with_the_policy_end(game_id):
    states = [s for s, _seat, _rng in contract.states_along(game_id, 4, 6)]
    state = {**states[len(states) // 3], "log": []}
    ended = sum(play_out(orjson.loads(orjson.dumps(state)), random.Random(k)) is not None for k in range(8))
    assert ended == 8
