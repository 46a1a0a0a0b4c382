"""HR-11..HR-15: turns, advantage dice, Kings, Aces, Jokers, the answer chain, the finish."""

import pytest

import engine
from engine import errors
from tests.engine.games.horse_racing.helpers import act, events, race_state

SCRATCHED = {7: 1, 8: 2, 9: 3, 6: 4}  # horse: scratch position


def refused(state, seat, code=errors.ILLEGAL_ACTION, **action):
    with pytest.raises(engine.EngineError) as info:
        engine.apply(state, seat, action)
    assert info.value.code == code
    return info.value


def test_hr_11_roll_moves_the_horse_then_play_passes_left(dice):
    state = race_state(hands=[["2"], ["K"], [], ["5"]], scratched=SCRATCHED, active=3)
    dice.script([2, 3])
    state = act(state, 3, type="roll")
    assert state["positions"][5 - 2] == 1 and sum(state["positions"]) == 1
    assert engine.to_act(state) == [3] and engine.legal_actions(state, 3) == [{"type": "end_turn"}]
    state = act(state, 3, type="end_turn")
    assert engine.to_act(state) == [0]  # left of seat 3 wraps to seat 0
    assert engine.view(state, None)["turn"]["step"] == "roll"


def test_hr_11_rolling_a_scratched_horse_owes_its_scratch_ante(dice):
    state = race_state(hands=[[], ["2"], [], []], scratched=SCRATCHED, active=1, options={"base_ante": 3})
    dice.script([4, 5])  # 9: scratch position 3
    state = act(state, 1, type="roll")
    assert state["positions"] == [0] * 11
    assert engine.view(state, 0)["debt"] == {"holder": 1, "amount": 9, "horse": 9, "passer": None, "owner": 1}
    assert engine.legal_actions(state, 1) == [{"type": "pay"}]
    refused(state, 1, type="end_turn")
    state = act(state, 1, type="pay")
    assert state["chips"][1] == 80 - 9 and state["race_pot"] == 9
    assert engine.legal_actions(state, 1) == [{"type": "end_turn"}]


def test_hr_12_doubles_earn_an_advantage_die_after_the_turn(dice):
    state = race_state(scratched=SCRATCHED, active=1)
    dice.script([2, 2])
    state = act(state, 1, type="roll")
    assert state["advantage"][1] == 0  # not before the turn ends
    state = act(state, 1, type="end_turn")
    assert state["advantage"][1] == 1
    assert engine.view(state, 3)["advantage"] == [0, 1, 0, 0]


def test_hr_12_three_dice_pick_two_and_lose_the_die(dice):
    state = race_state(scratched=SCRATCHED, active=1)
    state["advantage"][1] = 2
    assert engine.legal_actions(state, 1) == [{"type": "roll"}, {"type": "roll", "advantage": True}]
    dice.script([1, 5, 2])
    state = act(state, 1, type="roll", advantage=True)
    assert state["advantage"][1] == 1
    assert engine.legal_actions(state, 1) == [
        {"type": "choose", "dice": [0, 1]},
        {"type": "choose", "dice": [0, 2]},
        {"type": "choose", "dice": [1, 2]},
    ]
    refused(state, 1, type="choose", dice=[1, 1])
    state = act(state, 1, type="choose", dice=[0, 2])  # 1 + 2 = horse 3
    assert state["positions"][3 - 2] == 1 and sum(state["positions"]) == 1


@pytest.mark.parametrize(
    "roll, pair, earned",
    [([4, 4, 1], [0, 1], 1), ([4, 4, 1], [0, 2], 0), ([1, 4, 4], [1, 2], 0), ([3, 3, 3], [1, 2], 0)],
)
def test_hr_12_with_three_dice_only_the_regular_pair_used_earns_a_die(dice, roll, pair, earned):
    state = race_state(scratched={2: 1, 3: 2, 4: 3, 12: 4}, active=1)
    state["advantage"][1] = 1
    dice.script(roll)
    state = act(state, 1, type="roll", advantage=True)
    state = act(state, 1, type="choose", dice=pair)
    state = act(state, 1, type="end_turn")
    assert state["advantage"][1] == earned


def test_hr_12_no_advantage_die_no_third_die(dice):
    state = race_state(scratched=SCRATCHED, active=1)
    refused(state, 1, type="roll", advantage=True)


def test_hr_13_king_passes_the_owed_ante_left_or_right(dice):
    for side, target in (("left", 2), ("right", 0)):
        dice.armed = False
        state = race_state(hands=[[], ["K", "Joker"], [], []], scratched=SCRATCHED, active=1)
        dice.script([3, 4])
        state = act(state, 1, type="roll")
        assert {"type": "king", "to": side} in engine.legal_actions(state, 1)
        state = act(state, 1, type="king", to=side)
        assert state["hands"][1] == ["Joker"]
        assert engine.to_act(state) == [target]
        state = act(state, target, type="pay")
        assert state["chips"][target] == 79 and state["chips"][1] == 80
        # HR-13: no Joker in a turn the player played a King
        assert engine.legal_actions(state, 1) == [{"type": "end_turn"}]
        refused(state, 1, type="joker", horse=5, move=1)


def test_hr_13_ace_cancels_the_owed_ante(dice):
    state = race_state(hands=[[], ["A", "Joker"], [], []], scratched=SCRATCHED, active=1)
    dice.script([2, 4])  # horse 6: scratch position 4
    state = act(state, 1, type="roll")
    state = act(state, 1, type="ace")
    assert state["chips"][1] == 80 and state["race_pot"] == 0 and state["hands"][1] == ["Joker"]
    assert events(state, "ace")[-1] == {"e": "ace", "seat": 1, "horse": 6, "amount": 4}
    assert engine.legal_actions(state, 1) == [{"type": "end_turn"}]


def test_hr_13_joker_moves_a_racing_horse_forward_or_back_after_the_roll(dice):
    hands = [[], ["Joker", "Joker"], [], []]
    state = race_state(hands=hands, scratched=SCRATCHED, positions={5: 2}, active=1)
    refused(state, 1, type="joker", horse=5, move=1)  # not before rolling
    dice.script([1, 2], [2, 3])
    state = act(state, 1, type="roll")
    jokers = [a for a in engine.legal_actions(state, 1) if a["type"] == "joker"]
    assert {"type": "joker", "horse": 5, "move": -1} in jokers
    assert {"type": "joker", "horse": 4, "move": -1} not in jokers  # at its start
    assert all(a["horse"] not in SCRATCHED for a in jokers)
    refused(state, 1, type="joker", horse=7, move=1)  # scratched
    refused(state, 1, type="joker", horse=4, move=-1)  # not below the start
    refused(state, 1, errors.BAD_ACTION, type="joker", horse=5, move=2)
    state = act(state, 1, type="joker", horse=5, move=-1)
    assert state["positions"][5 - 2] == 1 and state["hands"][1] == ["Joker"]
    state = act(state, 1, type="end_turn")
    state = act(state, 2, type="roll")
    refused(state, 2, type="joker", horse=3, move=1)  # seat 2 holds none


def test_hr_13_a_player_may_play_every_joker_they_hold_in_one_turn(dice):
    """HR-13 sets no limit of one Joker a turn (neither does the source): both are played."""
    state = race_state(
        hands=[[], ["Joker", "Joker", "5"], [], []], scratched=SCRATCHED, positions={5: 2}, active=1
    )
    dice.script([1, 2])
    state = act(state, 1, type="roll")
    state = act(state, 1, type="joker", horse=5, move=1)
    assert {"type": "joker", "horse": 5, "move": 1} in engine.legal_actions(state, 1)
    state = act(state, 1, type="joker", horse=5, move=1)
    assert state["positions"][5 - 2] == 4 and state["hands"][1] == ["5"]
    assert [e["move"] for e in events(state, "joker")] == [1, 1]
    assert not any(a["type"] == "joker" for a in engine.legal_actions(state, 1))  # none left


@pytest.mark.parametrize(
    "action, field",
    [
        ({"type": "joker", "horse": 5, "move": 1.0}, "move"),
        ({"type": "joker", "horse": 5, "move": True}, "move"),
        ({"type": "joker", "horse": 5.0, "move": 1}, "horse"),
        ({"type": "joker", "horse": 5, "move": 1, "steps": 2}, "steps"),
        ({"type": "choose", "dice": [0, 1.0]}, "dice[1]"),
        ({"type": "roll", "advantage": 1}, "advantage"),
    ],
)
def test_hr_13_numeric_fields_must_be_ints_not_floats_or_bools(dice, action, field):
    """Every numeric action field is a JSON integer: a Joker with "move": 1.0 is refused in words
    and never puts a float in the state."""
    state = race_state(hands=[[], ["Joker"], [], []], scratched=SCRATCHED, positions={5: 2}, active=1)
    dice.script([1, 2])
    state = act(state, 1, type="roll")
    error = refused(state, 1, errors.BAD_ACTION, **action)
    assert error.params["field"] == field and error.message.endswith(".")
    assert "whole number" in error.message or "true or false" in error.message or "not part" in error.message


def test_hr_13_joker_may_follow_paying_an_owed_ante(dice):
    state = race_state(hands=[[], ["Joker", "K"], [], []], scratched=SCRATCHED, active=1)
    dice.script([4, 4])
    state = act(state, 1, type="roll")
    assert not any(a["type"] == "joker" for a in engine.legal_actions(state, 1))  # settle the ante first
    state = act(state, 1, type="pay")
    state = act(state, 1, type="joker", horse=2, move=1)
    assert state["positions"][0] == 1


def test_hr_14_answer_chain_waits_for_the_answered_player(dice):
    hands = [["K"], ["K", "Joker"], ["K", "A"], ["K"]]
    state = race_state(hands=hands, scratched=SCRATCHED, active=1)
    dice.script([4, 4])  # horse 8: position 2
    state = act(state, 1, type="roll")
    state = act(state, 1, type="king", to="left")
    assert engine.to_act(state) == [2]
    assert engine.view(state, None)["debt"] == {"holder": 2, "amount": 2, "horse": 8, "passer": 1, "owner": 1}
    assert engine.legal_actions(state, 1) == []
    assert engine.legal_actions(state, 2) == [
        {"type": "pay"},
        {"type": "ace"},
        {"type": "king", "to": "left"},
        {"type": "king", "to": "right"},
    ]
    refused(state, 1, errors.NOT_YOUR_TURN, type="end_turn")
    refused(state, 3, errors.NOT_YOUR_TURN, type="pay")
    state = act(state, 2, type="king", to="left")  # on, same direction
    assert engine.to_act(state) == [3]
    assert engine.legal_actions(state, 3) == [
        {"type": "pay"},
        {"type": "king", "to": "left"},
        {"type": "king", "to": "right"},
    ]
    state = act(state, 3, type="king", to="right")  # back to the passer
    assert engine.to_act(state) == [2]
    state = act(state, 2, type="ace")  # cancels: nobody pays
    assert state["debt"] is None and state["race_pot"] == 0 and state["chips"] == [80] * 4
    assert engine.to_act(state) == [1]
    assert engine.legal_actions(state, 1) == [{"type": "end_turn"}]  # played a King: no Joker
    assert [e["e"] for e in state["log"][-4:]] == ["king", "king", "king", "ace"]


def test_hr_14_a_joker_is_never_played_out_of_turn(dice):
    """HR-14: only Kings and Aces may be played out of turn. A seat answering a passed ante,
    a bystander and the active player waiting on the answer all hold a Joker: none may play it."""
    hands = [["Joker"], ["K", "Joker"], ["Joker", "A"], ["Joker"]]
    state = race_state(hands=hands, scratched=SCRATCHED, positions={5: 3}, active=1)
    dice.script([4, 4])  # horse 8: scratched, an ante is owed
    state = act(state, 1, type="roll")
    state = act(state, 1, type="king", to="left")  # seat 2 now answers, out of turn
    assert not any(a["type"] == "joker" for a in engine.legal_actions(state, 2))
    assert refused(state, 2, type="joker", horse=5, move=1).message == (
        "Only Kings and Aces may be played out of turn."
    )
    refused(state, 3, errors.NOT_YOUR_TURN, type="joker", horse=5, move=1)
    refused(state, 0, errors.NOT_YOUR_TURN, type="joker", horse=5, move=-1)
    refused(state, 1, errors.NOT_YOUR_TURN, type="joker", horse=5, move=1)
    state = act(state, 2, type="ace")
    # Back on seat 1's turn, the others still may not play their Jokers.
    refused(state, 2, errors.NOT_YOUR_TURN, type="joker", horse=5, move=1)
    assert state["positions"][5 - 2] == 3 and all("Joker" in h for h in state["hands"][:4])


def test_hr_14_the_chain_ends_when_someone_pays_and_passing_back_returns_it(dice):
    hands = [["K"], ["Joker"], ["K"], []]
    state = race_state(hands=hands, scratched=SCRATCHED, active=0)
    dice.script([1, 5])  # horse 6: position 4
    state = act(state, 0, type="roll")
    state = act(state, 0, type="king", to="right")  # seat 3
    assert engine.to_act(state) == [3]
    assert engine.legal_actions(state, 3) == [{"type": "pay"}]
    state = act(state, 3, type="pay")
    assert state["chips"][3] == 76 and state["race_pot"] == 4
    assert engine.to_act(state) == [0]
    # a King passed back lands on the passer, who answers like anyone else
    dice.armed = False
    state = race_state(hands=[["K"], ["K"], [], []], scratched=SCRATCHED, active=0)
    dice.script([3, 3])  # horse 6 again
    state = act(state, 0, type="roll")
    state = act(state, 0, type="king", to="left")
    state = act(state, 1, type="king", to="right")
    assert engine.to_act(state) == [0] and engine.legal_actions(state, 0) == [{"type": "pay"}]
    state = act(state, 0, type="pay")
    assert state["chips"][0] == 76


def test_hr_15_a_roll_to_the_finish_ends_the_race_and_makes_the_jockey(dice):
    state = race_state(hands=[["5"], ["3"], [], []], scratched=SCRATCHED, positions={5: 9}, active=2)
    assert state["board"][5 - 2] == 10
    dice.script([1, 4])
    state = act(state, 2, type="roll")
    assert engine.is_over(state)
    result = state["results"][-1]
    assert result["winner"] == 5 and result["jockey"] == 2
    assert events(state, "finish") == [{"e": "finish", "horse": 5, "jockey": 2}]


def test_hr_12_hr_15_doubles_on_the_race_ending_roll_earn_no_advantage_die(dice):
    """Decision: the advantage die arrives when the turn ends (HR-12), and a roll to the finish
    ends the race at once (HR-15): the winning doubles earn nothing, so nothing is owed for it."""
    state = race_state(hands=[[], [], ["10"], []], scratched=SCRATCHED, positions={10: 7}, active=2)
    assert state["board"][10 - 2] == 8
    dice.script([5, 5])
    state = act(state, 2, type="roll")
    assert engine.is_over(state) and state["results"][-1]["jockey"] == 2
    assert not events(state, "advantage_die") and state["results"][-1]["penalties"][2] == 0


def test_hr_15_a_joker_to_the_finish_ends_the_race_too(dice):
    state = race_state(hands=[[], ["Joker"], [], []], scratched=SCRATCHED, positions={12: 3}, active=1)
    dice.script([1, 1])
    state = act(state, 1, type="roll")
    state = act(state, 1, type="joker", horse=12, move=1)
    assert engine.is_over(state)
    assert state["results"][-1]["winner"] == 12 and state["results"][-1]["jockey"] == 1
    assert state["results"][-1]["penalties"][1] == 0  # the Joker was played; the doubles die never came


def test_refused_actions_are_clear_and_change_nothing(dice):
    import json

    state = race_state(hands=[[], ["5"], [], []], scratched=SCRATCHED, active=1)
    before = json.dumps(state, sort_keys=True)
    refused(state, 1, errors.BAD_ACTION, type="fly")
    refused(state, 1, type="pick", card="5")
    refused(state, 1, type="choose", dice=[0, 1])
    refused(state, 1, type="pay")
    refused(state, 1, errors.BAD_ACTION, type="joker")  # no horse, no move
    refused(state, 1, errors.BAD_ACTION, type="roll", advantage="yes")
    refused(state, 2, errors.NOT_YOUR_TURN, type="roll")
    message = refused(state, 1, type="king", to="left").message
    assert message == "You owe no scratch ante now."
    assert json.dumps(state, sort_keys=True) == before
