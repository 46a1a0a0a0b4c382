"""HR-1 boards and HR-5 money options: presets, custom step lists, validation, defaults."""

import pytest

import engine
from engine import errors
from engine.games.horse_racing.board import PRESETS
from tests.engine.games.horse_racing.helpers import GAME, act, race_state

# HR-1, written out from the rules (docs/rules/horse_racing.md), not from the code's table.
SPEC_PRESETS = {
    "classic": [3, 6, 8, 11, 14, 17, 14, 11, 8, 6, 3],
    "even-a": [4, 6, 8, 10, 12, 14, 12, 10, 8, 6, 4],
    "even-b": [4, 6, 8, 10, 12, 13, 12, 10, 8, 6, 4],
    "even-c": [4, 7, 9, 11, 13, 15, 13, 11, 9, 7, 4],
    "short": [3, 5, 6, 8, 9, 10, 9, 8, 6, 5, 3],
}


@pytest.mark.parametrize("name", list(SPEC_PRESETS))
def test_hr_1_presets_set_the_steps_of_horses_2_to_12(name):
    state = engine.setup(GAME, {"board": name}, 4, seed=1)
    assert state["board"] == SPEC_PRESETS[name]
    assert engine.view(state, None)["board"] == SPEC_PRESETS[name]


def test_hr_1_the_presets_are_exactly_the_five_of_the_rules():
    assert set(PRESETS) == set(SPEC_PRESETS)


def test_hr_1_default_board_is_even_a_and_a_custom_list_is_accepted():
    assert engine.setup(GAME, {}, 4, seed=1)["board"] == [4, 6, 8, 10, 12, 14, 12, 10, 8, 6, 4]
    custom = [2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2]
    state = engine.setup(GAME, {"board": custom}, 5, seed=1)
    assert state["board"] == custom
    assert state["options"]["board"] == custom


@pytest.mark.parametrize(
    "options, words",
    [
        ({"board": "wooden"}, "must be one of: classic"),
        ({"board": [3, 6, 8]}, "needs 11 step counts"),
        ({"board": [3, 6, 8, 11, 14, 17, 14, 11, 8, 6, 0]}, "horse 12 must be between 1 and 40"),
        ({"board": [3, 6, 8, 11, 14, 17.5, 14, 11, 8, 6, 3]}, "horse 7 must be a whole number"),
        ({"board": [3, 6, 8, 11, 14, "x", 14, 11, 8, 6, 3]}, "horse 7 must be a whole number"),
        ({"board": 7}, "preset name or a list"),
        ({"base_ante": 0}, "'base_ante' must be between 1"),
        ({"jockey_ante": -1}, "'jockey_ante' must be between 0"),
        ({"starting_chips": "lots"}, "'starting_chips' must be a number"),
        ({"scratch": "slow"}, "'scratch' must be one of: quick, orbit"),
        ({"races": 0}, "'races' must be between 1 and 24, or 'orbit'"),
        ({"races": "twice"}, "'races' must be a whole number of races or 'orbit'"),
        ({"seats": 3}, "no option named 'seats'"),
    ],
)
def test_hr_1_hr_5_bad_options_are_clear_errors(options, words):
    with pytest.raises(engine.EngineError) as info:
        engine.setup(GAME, options, 4, seed=1)
    assert info.value.code == errors.BAD_OPTIONS
    assert words in info.value.message


def test_hr_5_money_defaults_and_seat_range():
    state = engine.setup(GAME, {}, 4, seed=1)
    assert {k: state["options"][k] for k in ("base_ante", "jockey_ante", "starting_chips")} == {
        "base_ante": 1,
        "jockey_ante": 2,
        "starting_chips": 80,
    }
    for seats in (3, 13):
        with pytest.raises(engine.EngineError) as info:
            engine.setup(GAME, {}, seats, seed=1)
        assert info.value.code == errors.BAD_SETUP and "4 to 12" in info.value.message


def test_hr_5_a_player_may_go_below_zero(dice):
    """HR-5 [house]: no chips left is no reason to refuse a payment; the debt shows."""
    state = race_state(hands=[[], ["5"], [], []], scratched={7: 4, 2: 1, 3: 2, 4: 3}, chips=0, active=1)
    dice.script([3, 4])
    state = act(state, 1, type="roll")
    state = act(state, 1, type="pay")
    assert state["chips"][1] == -4
    assert engine.view(state, 2)["chips"][1] == -4


def test_options_describe_board_presets_for_the_room():
    described = {o["name"]: o for o in engine.api.describe(engine.registry.get_game(GAME))["options"]}
    assert described["board"]["default"] == "even-a"
    assert described["board"]["choices"] == list(PRESETS)
    assert described["races"]["choices"] == ["orbit"]
