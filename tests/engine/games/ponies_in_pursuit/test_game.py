"""The game glue: setup, registry, options, whole games, replay."""

import pytest

import engine
from engine import errors
from tests.utils.play import assert_json_state, play_random, replay

from .helpers import GAME, new_game, sub


def test_registered_with_options():
    described = next(g for g in engine.describe_games() if g["id"] == GAME)
    assert (described["min_seats"], described["max_seats"]) == (2, 6)
    assert {o["name"]: o["default"] for o in described["options"]} == {
        "rounds": 5,
        "garnets": 10,
        "round_seconds": 0,
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


def test_pip_18_timeout_submits_lowest_value_all_as_bets():
    state = new_game(3, round_seconds=60)
    assert engine.view(state, None)["options"]["round_seconds"] == 60
    state = engine.apply(state, 0, sub("blue2:move", "yellow2:move"))
    state["hands"][2] = ["blue2", "yellow2", "yellow2", "yellow1", "wild"]
    assert engine.timeout_action(state, 0) is None  # already in
    first = engine.timeout_action(state, 1)
    assert first == {
        "type": "submit",
        "cards": [{"card": "white1", "use": "bet"}, {"card": "red1", "use": "bet"}],
    }
    second = engine.timeout_action(state, 2)
    assert [p["use"] for p in second["cards"]] == ["bet", "bet"]
    assert sorted(p["card"] for p in second["cards"]) == ["wild", "yellow1"]
    state = engine.apply(state, 1, first)
    state = engine.apply(state, 2, second)
    assert engine.view(state, 1)["stakes"] == {"white": 1, "red": 1, "blue": 0, "black": 0, "yellow": 0}
    assert engine.view(state, None)["round"] == 2


def test_pip_18_timeout_with_a_one_colour_hand_bets_the_smallest_card():
    state = new_game(2)
    state["hands"][1] = ["yellow2", "yellow1", "yellow2"]
    assert engine.timeout_action(state, 1) == {"type": "submit", "cards": [{"card": "yellow1", "use": "bet"}]}


def test_unknown_action_type_refused():
    state = new_game(2)
    with pytest.raises(engine.EngineError) as info:
        engine.apply(state, 0, {"type": "dance"})
    assert info.value.code == errors.BAD_ACTION
