"""Re-rolls, arranging, claims, who may call, the call window and its resolution (PEB-9 to PEB-17)."""

import pytest

import engine
from engine import errors

from .helpers import act, at_roll, events, started

PAIR = ["K", "K", "9", "10", "A"]
THREE = ["Q", "Q", "Q", "9", "A"]


def test_peb_9_reroll_under_the_cup_shows_kept_dice_hides_new_ones():
    state = at_roll(started(), 0, PAIR, pos=[7, 9, 12], gold=[3, 3, 3])
    state = act(state, 0, "reroll", keep=[0, 1], mode="cup")
    dice = state["dice"]
    assert state["gold"][0] == 2
    assert dice["values"][:2] == ["K", "K"] and dice["hidden"] == [False, False, True, True, True]
    seen = engine.view(state, 1)["dice"]
    assert seen["table"][:2] == ["K", "K"] and seen["table"][2:] == [None] * 3
    assert events(state, "reroll")[-1]["shown"] == [[0, "K"], [1, "K"]]


def test_peb_9_reroll_by_hand_keeps_kept_dice_hidden_new_ones_in_the_open():
    state = at_roll(started(), 0, PAIR, pos=[7, 9, 12])
    state = act(state, 0, "reroll", keep=[0, 1], mode="hand")
    dice = state["dice"]
    assert dice["hidden"] == [True, True, False, False, False]
    seen = engine.view(state, 2)["dice"]
    assert seen["table"][:2] == [None, None] and seen["table"][2:] == dice["values"][2:]


def test_peb_9_keep_at_least_one_and_desert_price_two():
    state = at_roll(started(), 0, PAIR, pos=[25, 9, 12], gold=[3, 3, 3])
    for keep in ([], [0, 1, 2, 3, 4]):
        with pytest.raises(engine.EngineError) as info:
            act(state, 0, "reroll", keep=keep, mode="cup")
        assert info.value.code == errors.ILLEGAL_ACTION
    state = act(state, 0, "reroll", keep=[0], mode="cup")
    assert state["gold"][0] == 1 and events(state, "reroll")[-1]["cost"] == 2
    assert not any(a["type"] == "reroll" for a in engine.legal_actions(state, 0))  # 1 gold < 2
    with pytest.raises(engine.EngineError):
        act(state, 0, "reroll", keep=[0], mode="cup")


def test_peb_9_repeatable_while_affordable():
    state = at_roll(started(), 0, PAIR, pos=[7, 9, 12], gold=[2, 3, 3])
    state = act(state, 0, "reroll", keep=[0], mode="hand")
    state = act(state, 0, "reroll", keep=[0], mode="cup")
    assert state["gold"][0] == 0 and len(state["dice"]["history"]) == 2
    assert not any(a["type"] == "reroll" for a in engine.legal_actions(state, 0))


def test_peb_10_arrange_moves_dice_without_changing_them_and_logs_shown_dice():
    state = at_roll(started(), 0, PAIR, pos=[7, 9, 12])
    values = list(state["dice"]["values"])
    state = act(state, 0, "arrange", under_cup=[2, 3])
    assert state["dice"]["values"] == values and state["dice"]["hidden"] == [False, False, True, True, False]
    assert events(state, "arrange")[-1]["shown"] == [[0, "K"], [1, "K"], [4, "A"]]
    state = act(state, 0, "arrange", under_cup=[0, 1, 2, 3, 4])  # put them all back
    seen = engine.view(state, 1)["dice"]
    assert seen["table"] == [None] * 5 and seen["known"] == ["K", "K", None, None, "A"]
    assert state["gold"][0] == 3  # arranging is free


def test_peb_11_alone_in_last_place_gets_one_free_reroll():
    state = at_roll(started(), 0, PAIR, pos=[7, 9, 12], gold=[3, 3, 3], free=1)
    state = act(state, 0, "reroll", keep=[0], mode="cup")
    assert state["gold"][0] == 3
    state = act(state, 0, "reroll", keep=[0], mode="cup")
    assert state["gold"][0] == 2


def test_peb_11_free_reroll_only_when_alone_last():
    from engine.games.pony_express_bluff.riders import alone_last

    state = at_roll(started(), 0, PAIR, pos=[7, 9, 12])
    assert alone_last(state, 0) and not alone_last(state, 1)
    state["pos"] = [7, 7, 12]
    assert not alone_last(state, 0) and not alone_last(state, 1)


def test_peb_12_claim_at_least_a_pair():
    state = at_roll(started(), 0, PAIR, pos=[7, 9, 12])
    with pytest.raises(engine.EngineError) as info:
        act(state, 0, "claim", hand="nothing")
    assert info.value.code == errors.ILLEGAL_ACTION
    assert {a["hand"] for a in engine.legal_actions(state, 0) if a["type"] == "claim"} == {
        "pair",
        "two_pairs",
        "three_kind",
        "straight",
        "full_house",
        "four_kind",
        "five_kind",
    }


def test_peb_12_claiming_less_than_rolled_is_a_bluff():
    state = at_roll(started(), 0, THREE, pos=[7, 9, 12])
    state = act(state, 0, "claim", hand="pair")
    state = act(state, 1, "call")
    called = events(state, "called")[-1]
    assert called["truthful"] is False and called["hand"] == "three_kind"
    assert state["phase"] == "bluff_move" and state["caller"] == 1


def test_peb_13_same_space_riders_call_first():
    state = at_roll(started(4), 0, PAIR, pos=[9, 9, 10, 9])
    state = act(state, 0, "claim", hand="pair")
    assert state["call"]["eligible"] == [1, 3] and sorted(engine.to_act(state)) == [1, 3]
    assert engine.legal_actions(state, 2) == []


def test_peb_13_else_nearest_either_direction_jailed_ignored():
    state = at_roll(started(4), 0, PAIR, pos=[10, 8, 12, 9], jailed=[False, False, False, True])
    state = act(state, 0, "claim", hand="pair")
    assert state["call"]["eligible"] == [1, 2]  # 2 behind and 2 ahead; the jailed rider at 9 is ignored


def test_peb_13_a_farther_rider_may_not_call_the_portuguese_reading():
    """Decision: only the riders on the space, else the nearest, may call (the Portuguese text);
    the Chinese summary's "anyone, the nearest first" is not followed: a farther rider has no say."""
    state = at_roll(started(4), 0, PAIR, pos=[10, 8, 12, 15])
    state = act(state, 0, "claim", hand="pair")
    assert state["call"]["eligible"] == [1, 2]
    assert engine.legal_actions(state, 3) == [] and 3 not in engine.to_act(state)
    with pytest.raises(engine.EngineError):
        act(state, 3, "call")


def test_peb_13_a_rider_already_in_sacramento_may_call():
    """Decision: a rider in Sacramento still stands on the trail and is not in jail, so when it
    is the nearest it may call, and a wrong call jails it like anyone."""
    state = at_roll(started(), 0, ["Q", "Q", "Q", "9", "A"], pos=[31, 33, 20])
    state["mailbox"][1] = 1
    state = act(state, 0, "claim", hand="three_kind")
    assert state["call"]["eligible"] == [1] and engine.to_act(state) == [1]
    state = act(state, 1, "call")
    assert state["jailed"][1] and state["pos"][1] == 33 and state["mailbox"][1] == 1


def test_peb_13_first_caller_takes_it():
    state = at_roll(started(4), 0, PAIR, pos=[9, 9, 10, 9])
    state = act(state, 0, "claim", hand="three_kind")
    state = act(state, 3, "call")
    assert state["caller"] == 3 and engine.legal_actions(state, 1) == []
    with pytest.raises(engine.EngineError) as info:
        act(state, 1, "call")
    assert info.value.code == errors.NOT_YOUR_TURN


def test_peb_13_nobody_eligible_claim_stands():
    state = at_roll(started(), 0, PAIR, pos=[7, 9, 12], jailed=[False, True, True])
    state = act(state, 0, "claim", hand="five_kind")
    assert events(state, "claim")[-1]["callers"] == []
    assert state["pos"][0] == 14  # 7 + 7: the bluff stands


def test_peb_14_claim_stands_once_all_eligible_believe_and_timeout_believes():
    state = at_roll(started(4), 0, PAIR, pos=[9, 9, 10, 9])
    state = act(state, 0, "claim", hand="two_pairs")
    assert engine.timeout_action(state, 1) == {"type": "believe"}
    assert engine.get_game("pony_express_bluff").options[1].name == "call_seconds"
    assert state["options"]["call_seconds"] == 20 and engine.view(state, 2)["call"]["seconds"] == 20
    state = act(state, 1, "believe")
    assert state["phase"] == "call" and engine.to_act(state) == [3] and state["pos"][0] == 9
    state = act(state, 3, "believe")
    assert state["pos"][0] == 11 and events(state, "claim_stands")


def test_peb_15_not_called_moves_claimed_spaces_dice_never_shown():
    state = at_roll(started(), 0, PAIR, pos=[2, 3, 5])
    start = len(state["log"])
    state = act(state, 0, "claim", hand="three_kind")
    state = act(state, 1, "believe")
    assert state["pos"][0] == 5
    text = str(state["log"][start:])
    assert "'K'" not in text and "'A'" not in text  # no face of the hidden dice in the public log
    assert not events(state, "called", since=start)


def test_peb_15_an_uncalled_claim_leaves_every_die_under_the_cup():
    """PEB-15: after the claim stands and the rider has moved, the dice are still hidden from
    the other riders and spectators (the turn waits here for the rider's end-of-move choice),
    and no public event since the claim carries a face."""
    state = at_roll(started(), 0, PAIR, pos=[2, 3, 5], items=[["spyglass"], [], []])
    start = len(state["log"])
    state = act(act(state, 0, "claim", hand="three_kind"), 1, "believe")
    assert state["pos"][0] == 5 and state["phase"] == "end" and state["active"] == 0
    for seat in (1, 2, None):
        dice = engine.view(state, seat)["dice"]
        assert dice["table"] == [None] * 5 and dice["known"] == [None] * 5, seat
        assert dice["under_cup"] == [True] * 5 and engine.view(state, seat)["cup"] is None, seat
    assert engine.view(state, 0)["cup"] == PAIR  # the roller still sees its own dice
    public = engine.visible_events(state["log"][start:], None, False)
    assert not [e for e in public if e.get("dice") or e.get("shown") or e.get("hidden")]
    after = act(state, 0, "end_turn")
    assert not events(after, "called", since=start)


def test_peb_16_called_bluff_active_stays_caller_may_move():
    state = at_roll(started(), 0, PAIR, pos=[7, 8, 13])
    state = act(state, 0, "claim", hand="three_kind")
    state = act(state, 1, "call")
    called = events(state, "called")[-1]
    assert called["dice"] == PAIR and called["truthful"] is False
    assert engine.view(state, None)["dice"]["table"] == PAIR  # all dice shown
    assert engine.legal_actions(state, 1) == [{"type": "advance"}, {"type": "decline"}]
    moved = act(state, 1, "advance")
    assert moved["pos"] == [7, 11, 13] and moved["active"] == 1
    declined = act(state, 1, "decline")
    assert declined["pos"] == [7, 8, 13]


def test_peb_16_called_truthful_caller_jailed_rider_moves():
    state = at_roll(started(), 0, THREE, pos=[2, 3, 13])
    state = act(state, 0, "claim", hand="three_kind")
    state = act(state, 1, "call")
    assert state["jailed"][1] is True and state["pos"][0] == 5
    assert events(state, "called")[-1]["truthful"] is True


def test_peb_17_callers_move_triggers_no_duel_no_action():
    # caller lands on space 12 (Indians) where rider 2 stands: no duel, no Indians
    state = at_roll(started(), 0, PAIR, pos=[10, 9, 12])
    state = act(state, 0, "claim", hand="three_kind")
    state = act(state, 1, "call")
    state = act(state, 1, "advance")
    assert state["pos"][1] == 12
    assert not events(state, "duel") and not events(state, "indians_attack")
    assert state["active"] == 1 and state["phase"] in ("dice", "jail")


def test_peb_11_free_reroll_granted_at_turn_start_when_alone_last():
    state = at_roll(started(), 2, PAIR, pos=[9, 3, 12])
    state = act(state, 2, "claim", hand="pair")
    state = act(state, 0, "believe")  # seat 0 (space 9) is nearest to space 12
    while state["active"] == 2:
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, engine.legal_actions(state, seat)[-1])
    assert state["active"] == 0 and state["free_rerolls"] == 0  # seat 1 is last, not seat 0
    assert engine.view(state, 0)["dice"]["free_rerolls"] == 0
    state = at_roll(started(), 0, PAIR, pos=[9, 3, 12])
    state = act(state, 0, "claim", hand="pair")
    state = act(state, engine.to_act(state)[0], "believe")
    while state["active"] == 0:
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, engine.legal_actions(state, seat)[-1])
    assert (
        state["active"] == 1 and state["free_rerolls"] == 1 and events(state, "roll")[-1]["free_rerolls"] == 1
    )


def test_peb_16_callers_bluff_move_into_sacramento_takes_mailbox_one():
    state = at_roll(started(), 0, PAIR, pos=[30, 3, 29])
    state = act(state, 0, "claim", hand="five_kind")
    state = act(act(state, 2, "call"), 2, "advance")
    assert state["pos"][2] == 33 and state["mailbox"][2] == 1 and not events(state, "final_duel")
    assert state["active"] == 1


def test_peb_16_callers_move_into_occupied_sacramento_starts_the_final_duel():
    state = at_roll(started(), 0, PAIR, pos=[33, 29, 3])
    state["mailbox"][0] = 1
    state["phase"] = "dice"
    state = act(state, 0, "claim", hand="five_kind")
    state = act(act(state, 1, "call"), 1, "advance")
    assert state["phase"] == "final_duel" and state["fight"]["seats"] == [0, 1]
