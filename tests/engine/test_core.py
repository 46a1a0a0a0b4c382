"""The engine core on a toy game: contract, errors, options, seeding, secrecy."""

import json

import pytest

import engine
from engine import errors
from engine.registry import register
from engine.rng import Rng, new_slot
from tests.engine.toy_game import ToyGame
from tests.utils.play import assert_json_state, play_random, replay

register(ToyGame())


def test_setup_fills_defaults_and_is_json():
    state = engine.setup("toy", {}, 3, seed=7)
    assert state["options"] == {"rounds": 2, "fast": False, "mode": "sum"}
    assert_json_state(state)


@pytest.mark.parametrize(
    "options, word",
    [
        ({"colour": 1}, "colour"),
        ({"rounds": 9}, "between 1 and 5"),
        ({"rounds": "two"}, "number"),
        ({"rounds": 1.5}, "whole number"),
        ({"fast": 1}, "true or false"),
        ({"mode": "min"}, "one of"),
    ],
)
def test_bad_options_are_clear_errors(options, word):
    with pytest.raises(engine.EngineError) as info:
        engine.setup("toy", options, 2, seed=1)
    assert info.value.code == errors.BAD_OPTIONS
    assert word in info.value.message


def test_bad_setup_seats_and_game():
    with pytest.raises(engine.EngineError) as info:
        engine.setup("toy", {}, 9, seed=1)
    assert info.value.code == errors.BAD_SETUP and "2 to 4" in info.value.message
    with pytest.raises(engine.EngineError) as info:
        engine.setup("chess", {}, 2, seed=1)
    assert info.value.code == errors.BAD_SETUP


def test_refused_actions_change_nothing():
    state = engine.setup("toy", {}, 2, seed=1)
    before = json.dumps(state, sort_keys=True)
    for seat, action, code in [
        (0, "pick", errors.BAD_ACTION),
        (0, {"n": 1}, errors.BAD_ACTION),
        (0, {"type": "pick", "n": 7}, errors.ILLEGAL_ACTION),
        (0, {"type": "pick"}, errors.BAD_ACTION),
        (5, {"type": "pick", "n": 1}, errors.NOT_YOUR_TURN),
        (None, {"type": "pick", "n": 1}, errors.NOT_YOUR_TURN),
    ]:
        with pytest.raises(engine.EngineError) as info:
            engine.apply(state, seat, action)
        assert info.value.code == code
        assert info.value.message.endswith(".")
    assert json.dumps(state, sort_keys=True) == before


def test_game_over_refuses_actions():
    state, _ = play_random("toy", 2, seed=3)
    assert engine.is_over(state)
    with pytest.raises(engine.EngineError) as info:
        engine.apply(state, 0, {"type": "pick", "n": 1})
    assert info.value.code == errors.GAME_OVER
    assert engine.to_act(state) == [] and engine.legal_actions(state, 0) == []


def test_same_seed_same_actions_same_state():
    final, log = play_random("toy", 3, seed=11, chooser_seed=4)
    assert replay("toy", 3, 11, None, log) == final
    seeds_differ = {engine.setup("toy", {}, 3, seed=s)["bonus"] for s in range(10)}
    assert len(seeds_differ) > 1


def test_rng_is_deterministic_and_advances():
    a, b = Rng(new_slot(5)), Rng(new_slot(5))
    assert [a.randint(1, 10**9) for _ in range(5)] == [b.randint(1, 10**9) for _ in range(5)]
    assert a.slot == {"seed": 5, "draws": 5}
    deck_a, deck_b = list(range(20)), list(range(20))
    Rng(new_slot(9)).shuffle(deck_a)
    Rng(new_slot(10)).shuffle(deck_b)
    assert deck_a != deck_b and sorted(deck_a) == list(range(20))


def test_view_hides_other_picks_rng_and_private_log():
    base = engine.setup("toy", {}, 3, seed=2)
    one = engine.apply(base, 0, {"type": "pick", "n": 1})
    three = engine.apply(base, 0, {"type": "pick", "n": 3})
    for seat in (1, 2, None):
        assert engine.view(one, seat) == engine.view(three, seat)
    assert engine.view(one, 0)["my_pick"] == 1
    assert "rng" not in json.dumps(engine.view(one, None))
    state = one
    for seat in (1, 2):
        state = engine.apply(state, seat, {"type": "pick", "n": 2})
    secret_events = [e for e in engine.view(state, 0)["log"] if e["e"] == "secret_note"]
    assert secret_events and all(e["e"] != "secret_note" for e in engine.view(state, 1)["log"])
    assert all(e["e"] != "secret_note" for e in engine.view(state, None)["log"])


def test_result_only_at_the_end_with_everything_revealed():
    state = engine.setup("toy", {"rounds": 1}, 2, seed=2)
    assert engine.view(state, 0)["result"] is None
    state = engine.apply(state, 0, {"type": "pick", "n": 3})
    state = engine.apply(state, 1, {"type": "pick", "n": 1})
    final = engine.view(state, None)
    assert final["over"] and final["result"]["winners"] == [0]
    assert any(e["e"] == "secret_note" for e in final["log"])


def test_describe_games_lists_options():
    toy = next(g for g in engine.describe_games() if g["id"] == "toy")
    assert toy["min_seats"] == 2 and toy["options"][0] == {
        "name": "rounds",
        "kind": "int",
        "default": 2,
        "min": 1,
        "max": 5,
    }
