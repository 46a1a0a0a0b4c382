"""The game glue: setup, registry, options, whole games, replay."""

import json

import pytest

import engine
from engine import errors
from tests.utils.play import assert_json_state, play_random, replay

from .helpers import GAME, new_game, play_round, sub


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


def test_refused_actions_change_nothing():
    state = new_game(3)
    before = json.dumps(state, sort_keys=True)
    for action in (
        sub("red1:move", "red1:bet"),
        sub("wild=white:bet", "white1:move"),
        {"type": "spy", "target": 1},
        {"type": "submit"},
        {"type": "submit", "cards": [7]},
    ):
        with pytest.raises(engine.EngineError) as info:
            engine.apply(state, 0, action)
        assert info.value.code in (errors.ILLEGAL_ACTION, errors.BAD_ACTION)
        assert info.value.message.endswith(".")
    assert json.dumps(state, sort_keys=True) == before


def test_result_reveals_every_stake_and_submission_only_at_the_end():
    state = new_game(2, rounds=2)
    first = {0: sub("white1:bet", "wild=red:move"), 1: sub("blue2:bet", "yellow2:move")}
    state = play_round(state, first)
    assert engine.result(state) is None and engine.view(state, 1)["result"] is None
    state = play_round(state, {0: sub("red1:bet", "black2:move"), 1: sub("red1:move", "black1:bet")})
    revealed = engine.view(state, None)["result"]["revealed"]
    assert revealed["submissions"][0] == {"round": 1, "cards": [first[0]["cards"], first[1]["cards"]]}
    assert revealed["stakes"][0] == {"white": 1, "red": 1, "blue": 0, "black": 0, "yellow": 0}
    assert revealed["stakes"][1] == {"white": 0, "red": 0, "blue": 2, "black": 1, "yellow": 0}
    assert revealed["hands"][1] == [
        "white1",
        "red1",
        "blue1",
        "black1",
        "black2",
        "yellow1",
        "yellow2",
        "wild",
    ]
    spectator_log = engine.view(state, None)["log"]
    assert any(e["e"] == "game_over" for e in spectator_log)
