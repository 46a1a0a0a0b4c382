"""Set-up, first player, charity, the roll, jail and Sacramento's mailboxes."""

import engine
from engine.games.pony_express_bluff.hands import CATEGORY, hand_key

from .helpers import GAME, act, at_roll, events, started, with_seed


def test_peb_5_setup_gold_items_draft():
    state = engine.setup(GAME, {}, 4, seed=3)
    assert state["gold"] == [3, 3, 3, 3] and state["pos"] == [1, 1, 1, 1]
    assert state["phase"] == "draft" and sorted(engine.to_act(state)) == [0, 1, 2, 3]
    offers = [list(o) for o in state["draft"]["offers"]]
    assert all(len(o) == 2 for o in offers) and len(state["deck"]) == 12
    # each seat sees its own offer only
    assert engine.view(state, 1)["draft_mine"]["offer"] == offers[1]
    for seat in range(4):
        state = engine.apply(state, seat, {"type": "keep_item", "index": seat % 2})
    assert state["items"] == [[offers[s][s % 2]] for s in range(4)]
    assert len(state["deck"]) == 16
    assert state["deck"][-4:] == [offers[s][1 - s % 2] for s in range(4)]  # under the deck
    assert state["phase"] in ("dice", "jail")


def test_peb_6_first_player_is_the_best_opening_roll_then_clockwise():
    for seed in range(6):
        state = started(4, seed=seed)
        rolls = events(state, "first_roll")
        first = events(state, "first_player")[0]["seat"]
        first_round = rolls[:4]
        assert state["first_player"] == first == state["active"]
        assert hand_key(first_round[first]["dice"]) == max(hand_key(r["dice"]) for r in first_round)
        state = act(state, first, "claim", hand="pair")
        while state["phase"] == "call":
            state = act(state, engine.to_act(state)[0], "believe")
        while state["phase"] not in ("dice", "jail") or state["active"] == first:
            seat = engine.to_act(state)[0]
            state = engine.apply(state, seat, engine.legal_actions(state, seat)[-1])
        assert state["active"] == (first + 1) % 4


def test_peb_6_tied_best_roll_again():
    for seed in range(200):
        state = started(3, seed=seed)
        rolls = events(state, "first_roll")
        if len(rolls) > 3:
            first_round = rolls[:3]
            top = max(hand_key(r["dice"]) for r in first_round)
            tied = [r["seat"] for r in first_round if hand_key(r["dice"]) == top]
            assert len(tied) > 1 and [r["seat"] for r in rolls[3 : 3 + len(tied)]] == tied
            return
    raise AssertionError("no tie in 200 seeds")


def test_peb_7_charity_at_turn_start_with_no_gold():
    state = at_roll(started(), 0, ["9"] * 5, gold=[3, 0, 2], pos=[5, 5, 7])
    state["jailed"] = [False, False, True]
    state = act(state, 0, "claim", hand="pair")
    state = act(state, 1, "believe")
    while state["active"] == 0:
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, engine.legal_actions(state, seat)[-1])
    assert state["active"] == 1 and state["gold"][1] == 1 and events(state, "charity")[-1]["seat"] == 1


def test_peb_8_roll_is_under_the_cup():
    state = started(3, seed=5)
    roller = state["active"]
    assert state["phase"] == "dice" and state["dice"]["hidden"] == [True] * 5
    mine = engine.view(state, roller)
    assert mine["cup"] == state["dice"]["values"] and mine["dice"]["table"] == [None] * 5
    for seat in [s for s in range(3) if s != roller] + [None]:
        seen = engine.view(state, seat)
        assert seen["cup"] is None
        assert seen["dice"]["table"] == [None] * 5 and seen["dice"]["known"] == [None] * 5


def jailed_turn(gold=3):
    state = at_roll(started(), 0, ["9"] * 5, pos=[7, 9, 12], gold=[3, gold, 3])
    state["jailed"][1] = True
    state.update(phase="jail", active=1, dice=None)
    return state


def test_peb_28_pay_bail_and_play():
    state = act(jailed_turn(gold=3), 1, "pay_bail")
    assert state["jailed"][1] is False and state["phase"] == "dice" and state["active"] == 1
    assert state["gold"][1] == 1  # 3 paid, charity gives 1 since 0 was left
    for gold in (4, 7):  # the bail is exactly 3 (a bail of 2 or 4 leaves a different purse)
        rich = act(jailed_turn(gold=gold), 1, "pay_bail")
        assert rich["gold"][1] == gold - 3 and rich["phase"] == "dice"
        assert events(rich, "bail")[-1] == {"e": "bail", "seat": 1} and not events(rich, "charity")


def test_peb_28_no_bail_without_three_gold():
    state = jailed_turn(gold=2)
    assert engine.legal_actions(state, 1) == [{"type": "jail_roll"}]


def test_peb_28_the_escape_line_is_exactly_two_pairs():
    """PEB-28: a pair stays in (the turn is lost), two pairs escapes, and so does every better hand."""
    state = jailed_turn()
    cases = [
        ("nothing", False),
        ("pair", False),
        ("two_pairs", True),
        ("three_kind", True),
        ("full_house", True),
    ]
    for hand, escapes in cases:
        rolled = lambda s, h=hand: events(s, "jail_roll")[-1]["hand"] == h  # noqa: E731
        after = with_seed(state, 1, {"type": "jail_roll"}, rolled)
        assert events(after, "jail_roll")[-1]["escaped"] is escapes, hand
        assert (after["active"], after["phase"]) == ((1, "dice") if escapes else (2, "dice")), hand
        assert not after["jailed"][1]  # either way the rider stands up


def test_peb_28_jail_roll_two_pairs_escapes_else_turn_lost():
    state = jailed_turn()
    escaped = with_seed(state, 1, {"type": "jail_roll"}, lambda s: events(s, "jail_roll")[-1]["escaped"])
    roll = events(escaped, "jail_roll")[-1]
    assert CATEGORY[roll["hand"]] >= CATEGORY["two_pairs"]
    assert escaped["active"] == 1 and escaped["phase"] == "dice" and not escaped["jailed"][1]
    stuck = with_seed(state, 1, {"type": "jail_roll"}, lambda s: not events(s, "jail_roll")[-1]["escaped"])
    assert CATEGORY[events(stuck, "jail_roll")[-1]["hand"]] < CATEGORY["two_pairs"]
    assert stuck["active"] == 2 and not stuck["jailed"][1] and stuck["pos"][1] == 9


def test_peb_7_peb_28_a_broke_rider_who_stays_in_jail_gets_no_charity():
    """Decision (the Portuguese text: charity "if it escapes", and a failed roll means "nothing
    happens"): a jailed rider with no gold who fails the escape roll loses the turn without the
    1 gold of charity; escaping with no gold takes it before rolling for the move."""
    state = jailed_turn(gold=0)
    since = len(state["log"])
    stuck = with_seed(state, 1, {"type": "jail_roll"}, lambda s: not events(s, "jail_roll")[-1]["escaped"])
    assert stuck["gold"][1] == 0 and stuck["active"] == 2
    assert [e for e in events(stuck, "charity", since) if e["seat"] == 1] == []
    escaped = with_seed(state, 1, {"type": "jail_roll"}, lambda s: events(s, "jail_roll")[-1]["escaped"])
    assert escaped["gold"][1] == 1 and escaped["active"] == 1 and escaped["phase"] == "dice"
    assert events(escaped, "charity", since) == [{"e": "charity", "seat": 1}]


def test_peb_30_peb_31_sacramento_riders_do_not_roll_and_walk_the_mailboxes():
    state = at_roll(started(), 0, ["K", "K", "K", "9", "10"], pos=[31, 1, 2])
    state = act(state, 0, "claim", hand="three_kind")  # needs 2, no exact count
    state = act(state, 2, "believe")
    assert state["pos"][0] == 33 and state["mailbox"][0] == 1
    # seats 1 and 2 take quiet turns; seat 0 then moves to box 2 without rolling, then 3 and wins
    boxes = []
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        if state["phase"] == "dice":
            assert seat != 0
            state = act(state, seat, "claim", hand="pair")
        elif state["phase"] == "call":
            state = act(state, seat, "believe")
        else:
            state = engine.apply(state, seat, engine.legal_actions(state, seat)[-1])
        if state["mailbox"][0] not in boxes:
            boxes.append(state["mailbox"][0])
    assert boxes == [1, 2, 3] and state["winner"] == 0
    assert events(state, "winner")[-1]["how"] == "mailboxes"
