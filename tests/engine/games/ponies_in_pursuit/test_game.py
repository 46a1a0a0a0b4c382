"""The game glue: setup, registry, options, whole games, replay."""

import engine
from tests.utils.play import assert_json_state, play_random, replay

from .helpers import GAME, new_game


def test_registered_with_options():
    described = next(g for g in engine.describe_games() if g["id"] == GAME)
    assert (described["min_seats"], described["max_seats"]) == (2, 6)
    assert {o["name"]: o["default"] for o in described["options"]} == {
        "rounds": 5, "garnets": 10, "round_seconds": 0,
    }


def test_setup_is_json_and_waits_for_everyone():
    state = new_game(5)
    assert_json_state(state)
    assert engine.to_act(state) == [0, 1, 2, 3, 4]


def test_replay_gives_identical_final_state():
    for seed in range(5):
        final, log = play_random(GAME, 4, seed, chooser_seed=seed + 100)
        assert engine.is_over(final)
        assert replay(GAME, 4, seed, None, log) == final
