"""What the landing space does: duels or poker, trains, Indians, mines, saloons, relays
(PEB-17, PEB-18, PEB-22 to PEB-26)."""

import engine
from engine.games.pony_express_bluff.hands import hand_of, move_value

from .helpers import act, at_roll, events, land, started, with_seed

PAIR = ["K", "K", "9", "10", "A"]


def test_peb_18_one_rider_there_duel_two_or_more_poker():
    state = land(at_roll(started(4), 0, PAIR, pos=[6, 7, 20, 20]), "pair")
    assert state["phase"] == "duel" and state["fight"]["seats"] == [0, 1]
    state = land(at_roll(started(4), 0, PAIR, pos=[6, 7, 7, 20]), "pair")
    assert events(state, "poker")[-1]["seats"] == [0, 1, 2]


def test_peb_18_jailed_rider_there_is_no_duel():
    state = land(at_roll(started(), 0, PAIR, pos=[6, 7, 20], jailed=[False, True, False]), "pair")
    assert not events(state, "duel") and state["active"] == 1


def test_peb_3_peb_17_st_joseph_never_duels():
    state = land(at_roll(started(4), 0, PAIR, pos=[3, 5, 5, 20]), "two_pairs")
    assert state["pos"][0] == 5 and not events(state, "duel") and not events(state, "poker")


def test_peb_22_train_pays_fare_to_next_station_no_duel_there():
    state = land(at_roll(started(), 0, PAIR, pos=[4, 7, 11]), "two_pairs")
    assert state["pos"][0] == 6 and state["phase"] == "train"
    assert engine.legal_actions(state, 0) == [{"type": "ride", "pay": "gold"}, {"type": "stay"}]
    rode = act(state, 0, "ride", pay="gold")
    assert rode["pos"][0] == 11 and rode["gold"][0] == 2
    assert not events(rode, "duel")  # rider 2 stands on 11: trains never duel (PEB-17)
    stayed = act(state, 0, "stay")
    assert stayed["pos"][0] == 6 and stayed["gold"][0] == 3


def test_peb_22_end_of_the_line_and_unaffordable_fare():
    state = land(at_roll(started(), 0, PAIR, pos=[20, 7, 13]), "two_pairs")
    assert state["pos"][0] == 22 and state["active"] == 1  # space 22: nothing to ride
    state = land(at_roll(started(), 0, PAIR, pos=[14, 7, 13], gold=[2, 3, 3]), "two_pairs")
    assert state["pos"][0] == 16 and state["active"] == 1  # fare 3 > 2 gold


def test_peb_22_fares_two_and_three_are_charged():
    """Station 11 charges 2 to ride to 16; station 16 charges 3 to ride to 22."""
    state = land(at_roll(started(), 0, PAIR, pos=[9, 2, 3]), "two_pairs")
    assert state["pos"][0] == 11 and state["phase"] == "train"
    rode = act(state, 0, "ride", pay="gold")
    assert rode["pos"][0] == 16 and rode["gold"][0] == 1
    assert events(rode, "train")[-1]["fare"] == 2 and rode["active"] == 1
    state = land(at_roll(started(), 0, PAIR, pos=[14, 2, 3], gold=[4, 3, 3]), "two_pairs")
    assert state["pos"][0] == 16 and state["phase"] == "train"
    rode = act(state, 0, "ride", pay="gold")
    assert rode["pos"][0] == 22 and rode["gold"][0] == 1
    assert events(rode, "train")[-1]["fare"] == 3 and rode["active"] == 1


def test_peb_22_to_26_no_space_action_after_the_active_rider_was_jailed_in_a_duel():
    """Seat 0 lands on the gold mine at 8 where seat 1 stands, loses the duel broke and goes to
    jail: the mine is not worked and the turn passes."""
    state = land(at_roll(started(), 0, PAIR, pos=[6, 8, 20], gold=[0, 3, 3]), "two_pairs")
    assert state["pos"][0] == 8 and state["phase"] == "duel"
    state = act(state, 0, "shoot", angle=90.0, power=50.0)  # off the board: a miss
    shot = next(a for a in engine.legal_actions(state, 1) if a["type"] == "shoot")
    after = with_seed(state, 1, shot, lambda s: s["jailed"][0])
    assert events(after, "duel_over")[-1]["loser"] == 0 and after["gold"][:2] == [0, 4]
    assert not events(after, "mine") and after["active"] == 1 and after["phase"] != "end"


def test_peb_22_to_26_no_space_action_after_the_active_rider_was_jailed_in_poker():
    """Seat 0 lands on the gold mine at 8 with one gold where two riders stand, loses the poker
    short of gold and goes to jail: the mine is not worked and the turn passes."""
    base = at_roll(started(4), 0, PAIR, pos=[6, 8, 8, 20], gold=[1, 3, 3, 3])
    base = act(act(base, 0, "claim", hand="two_pairs"), 1, "believe")
    after = with_seed(base, 2, {"type": "believe"}, lambda s: s["jailed"][0])
    assert events(after, "poker_won")[-1]["seat"] != 0 and after["pos"][0] == 8
    assert not events(after, "mine") and after["active"] == 1


def test_peb_23_indians_one_shot_gold_per_indian_down_back_per_standing():
    state = land(at_roll(started(), 0, PAIR, pos=[10, 20, 21]), "two_pairs")
    assert state["pos"][0] == 12 and state["phase"] == "indians"
    shot = next(a for a in engine.legal_actions(state, 0) if a["type"] == "shoot")
    for down in (0, 1, 2):
        after = with_seed(state, 0, shot, lambda s, d=down: events(s, "indians")[-1]["down"] == d)
        assert after["gold"][0] == 3 + down and after["pos"][0] == 12 - (3 - down)
        assert not events(after, "duel")  # the push back triggers nothing (PEB-17)
    # back to space 10 (a saloon): no toast either
    assert not events(with_seed(state, 0, shot, lambda s: events(s, "indians")[-1]["down"] == 1), "toast")


def test_peb_23_hitting_a_rider_instead_jail_no_gold_no_move():
    state = land(at_roll(started(), 0, PAIR, pos=[10, 2, 3]), "two_pairs")
    shot = next(a for a in engine.legal_actions(state, 0) if a["type"] == "shoot")
    after = with_seed(state, 0, shot, lambda s: events(s, "indians")[-1]["hit_rider"] is not None)
    assert after["jailed"][0] and after["gold"][0] == 3 and after["pos"][0] == 12


def test_peb_24_gold_mine_pays_the_hand_value():
    for seed in range(5):
        state = at_roll(started(seed=seed), 0, PAIR, pos=[6, 2, 3])
        state = land(state, "two_pairs")
        mine = events(state, "mine")[-1]
        assert mine["gold"] == move_value(hand_of(mine["dice"])) and state["gold"][0] == 3 + mine["gold"]


def test_peb_25_saloon_toast_then_pay_the_hand_value_or_jail():
    state = at_roll(started(), 0, PAIR, pos=[8, 2, 3], gold=[1, 3, 3])
    state = land(state, "two_pairs")
    assert events(state, "toast")[-1]["seat"] == 0
    bill = events(state, "saloon")[-1]
    assert bill["bill"] == move_value(hand_of(bill["dice"]))
    assert bill["paid"] == min(1, bill["bill"])
    assert state["jailed"][0] is (bill["bill"] > 1)


def test_peb_25_saloon_short_of_gold_goes_to_jail():
    base = at_roll(started(), 0, PAIR, pos=[8, 2, 3], gold=[1, 3, 3])
    base = act(base, 0, "claim", hand="two_pairs")

    def jailed(s):
        return s["jailed"][0]

    state = with_seed(base, 2, {"type": "believe"}, jailed)
    bill = events(state, "saloon")[-1]
    assert bill["bill"] > 1 and bill["paid"] == 1 and state["gold"][0] == 0


def test_peb_26_relay_draw_two_keep_one_other_under_deck():
    state = at_roll(started(), 0, PAIR, pos=[7, 2, 3])
    deck_before = list(state["deck"])
    state = land(state, "two_pairs")
    assert state["phase"] == "relay" and state["offer"] == deck_before[:2]
    assert engine.view(state, 1)["offer"] is None and engine.view(state, 0)["offer"] == deck_before[:2]
    state = act(state, 0, "keep_item", index=1)
    assert state["items"][0] == [deck_before[1]] and state["deck"] == deck_before[2:] + [deck_before[0]]


def test_peb_26_empty_deck_gives_nothing():
    state = at_roll(started(), 0, PAIR, pos=[7, 2, 3])
    state["deck"] = []
    state = land(state, "two_pairs")
    assert state["items"][0] == [] and events(state, "relay")[-1]["drew"] == 0 and state["active"] == 1
