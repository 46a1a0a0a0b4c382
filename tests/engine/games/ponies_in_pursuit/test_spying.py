"""PIP-19: spying on a previous-round submission for 5 garnets, once a round, seen by the spy only."""

import pytest

import engine
from engine import errors

from .helpers import new_game, play_round, sub


def after_round_one(**options):
    state = new_game(3, **options)
    return play_round(
        state,
        {
            0: sub("blue2:move", "wild=yellow:bet"),
            1: sub("white1:bet", "red1:move"),
            2: sub("black2:bet", "yellow2:move"),
        },
    )


def test_pip_19_spy_sees_colours_and_values_not_use():
    """PIP-19; a spied Wild shows as the Wild with its declared colour (docs/rules decision)."""
    state = after_round_one()
    assert {"type": "spy", "target": 0} in engine.legal_actions(state, 2)
    state = engine.apply(state, 2, {"type": "spy", "target": 0})
    report = engine.view(state, 2)["spy_results"]
    assert report == [
        {
            "round": 2,
            "target": 0,
            "of_round": 1,
            "cards": [
                {"card": "blue2", "colour": "blue", "value": 2},
                {"card": "wild", "colour": "yellow", "value": 1},
            ],
        }
    ]
    assert "use" not in str(report) and "move" not in str(report)
    assert engine.view(state, None)["garnets"] == [10, 10, 5]
    assert engine.view(state, None)["spied"] == [False, False, True]
    private = [e for e in engine.view(state, 2)["log"] if e["e"] == "spy_result"]
    assert private and private[0]["to"] == [2] and private[0]["cards"] == report[0]["cards"]


def test_pip_19_only_the_spy_learns_the_answer_and_the_target():
    """PIP-19: only the spy learns what was played, and on whom it spied (docs/rules decision):
    spying on seat 0 or on seat 1 looks the same to everyone but the spy."""
    base = after_round_one()
    on_zero = engine.apply(base, 2, {"type": "spy", "target": 0})
    on_one = engine.apply(base, 2, {"type": "spy", "target": 1})
    for seat in (0, 1, None):
        view = engine.view(on_zero, seat)
        assert all(e["e"] != "spy_result" for e in view["log"])
        assert seat is None or view["spy_results"] == []
        assert view == engine.view(on_one, seat)
    public = [e for e in engine.view(on_zero, 1)["log"] if e["e"] == "spied"]
    assert public == [{"e": "spied", "seat": 2, "round": 2}]
    assert engine.view(on_zero, 2)["spy_results"][0]["target"] == 0


def test_pip_19_once_per_round_costs_five_and_needs_a_previous_round():
    state = new_game(3)
    assert not [a for a in engine.legal_actions(state, 0) if a["type"] == "spy"]
    with pytest.raises(engine.EngineError) as info:
        engine.apply(state, 0, {"type": "spy", "target": 1})
    assert info.value.code == errors.ILLEGAL_ACTION and "no previous round" in info.value.message
    state = after_round_one()
    state = engine.apply(state, 0, {"type": "spy", "target": 1})
    with pytest.raises(engine.EngineError) as info:
        engine.apply(state, 0, {"type": "spy", "target": 2})
    assert "already spied" in info.value.message
    assert [a for a in engine.legal_actions(state, 0) if a["type"] == "spy"] == []
    # Next round the spy may spy again, if garnets allow.
    state = play_round(
        state,
        {0: sub("white1:bet", "red1:bet"), 1: sub("blue1:bet", "red1:bet"), 2: sub("white1:bet", "red1:bet")},
    )
    assert {"type": "spy", "target": 2} in engine.legal_actions(state, 0)
    state = engine.apply(state, 0, {"type": "spy", "target": 2})
    assert engine.view(state, 0)["spy_results"][1]["cards"] == [
        {"card": "white1", "colour": "white", "value": 1},
        {"card": "red1", "colour": "red", "value": 1},
    ]
    assert engine.view(state, None)["garnets"][0] == 0
    state = play_round(
        state,
        {0: sub("blue1:bet", "red1:bet"), 1: sub("blue2:bet", "black1:bet"), 2: sub("blue1:bet", "red1:bet")},
    )
    with pytest.raises(engine.EngineError) as info:
        engine.apply(state, 0, {"type": "spy", "target": 2})
    assert "5 garnets" in info.value.message


def test_pip_19_bad_targets_refused_state_unchanged():
    state = after_round_one()
    for target, code in [
        (0, errors.ILLEGAL_ACTION),
        (4, errors.ILLEGAL_ACTION),
        (7, errors.BAD_ACTION),
        (1.0, errors.BAD_ACTION),
        ("1", errors.BAD_ACTION),
        (True, errors.BAD_ACTION),
    ]:
        with pytest.raises(engine.EngineError) as info:
            engine.apply(state, 0, {"type": "spy", "target": target})
        assert info.value.code == code
    assert engine.view(state, None)["garnets"] == [10, 10, 10]


def test_pip_19_spying_allowed_after_submitting_and_does_not_resolve():
    state = after_round_one()
    state = engine.apply(state, 1, sub("blue1:bet", "black1:bet"))
    state = engine.apply(state, 1, {"type": "spy", "target": 2})
    assert engine.view(state, None)["round"] == 2 and engine.to_act(state) == [0, 2]
    assert engine.view(state, 1)["submission"] is not None
