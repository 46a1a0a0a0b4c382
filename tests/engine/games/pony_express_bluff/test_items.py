"""PEB-29: the nine item cards, each at its moment, then out of the game."""

from collections import Counter

import engine
from engine.games.pony_express_bluff.items import ITEM_COUNTS

from .helpers import act, at_roll, events, land, started, with_seed

PAIR = ["K", "K", "9", "10", "A"]
THREE = ["Q", "Q", "Q", "9", "A"]


def holding(card, seat=0, seats=3):
    items = [[] for _ in range(seats)]
    items[seat] = [card]
    return items


def test_peb_29_deck_has_twenty_cards():
    state = engine.setup("pony_express_bluff", {}, 3, seed=1)
    everything = list(state["deck"]) + [c for offer in state["draft"]["offers"] for c in offer]
    assert len(everything) == 20 and Counter(everything) == Counter(ITEM_COUNTS)


def test_peb_29_fresh_horse_one_more_space_no_action():
    state = land(at_roll(started(), 0, PAIR, pos=[6, 2, 3], items=holding("fresh_horse")), "pair")
    assert state["pos"][0] == 7 and state["phase"] == "end"
    assert engine.legal_actions(state, 0) == [
        {"type": "play_item", "item": "fresh_horse"},
        {"type": "end_turn"},
    ]
    after = act(state, 0, "play_item", item="fresh_horse")
    assert after["pos"][0] == 8 and not events(after, "mine") and after["items"][0] == []
    assert after["active"] == 1


def test_peb_29_marked_die_sets_a_face_where_it_lies():
    state = at_roll(started(), 0, PAIR, pos=[7, 9, 12], items=holding("marked_die"))
    state = act(state, 0, "play_item", item="marked_die", die=2, face="K")
    assert state["dice"]["values"] == ["K", "K", "K", "10", "A"] and state["dice"]["hidden"][2]
    assert events(state, "item")[-1]["face"] is None  # hidden die: the face stays secret
    assert state["items"][0] == []


def test_peb_8_peb_29_a_marked_die_under_the_cup_stays_secret_from_every_other_audience():
    """PEB-8: only the roller sees hidden dice; a Marked Die set under the cup must not write its
    face into the public record (`dice.known`), nor anywhere else another seat or a spectator reads."""
    state = at_roll(started(), 0, PAIR, pos=[7, 9, 12], items=holding("marked_die"))
    marked = {face: act(state, 0, "play_item", item="marked_die", die=2, face=face) for face in ("K", "Q")}
    for face, after in marked.items():
        assert after["dice"]["values"][2] == face
        assert engine.view(after, 0)["cup"][2] == face  # the roller sees its own die
    for audience in (1, 2, None):
        seen = {face: engine.view(after, audience) for face, after in marked.items()}
        assert seen["K"]["dice"]["known"][2] is None and seen["K"]["dice"]["table"][2] is None
        assert seen["K"] == seen["Q"]


def test_peb_29_sheriffs_pardon_keeps_a_wrong_caller_out_of_jail():
    state = at_roll(started(), 0, THREE, pos=[7, 8, 12], items=holding("sheriffs_pardon", seat=1))
    state = act(act(state, 0, "claim", hand="three_kind"), 1, "call")
    assert not state["jailed"][1] and state["items"][1] == [] and events(state, "pardon")


def test_peb_29_spyglass_shows_the_cup_to_its_holder_only():
    state = at_roll(started(), 0, PAIR, pos=[7, 8, 12], items=holding("spyglass", seat=2))
    state = act(state, 0, "claim", hand="three_kind")
    assert {"type": "play_item", "item": "spyglass"} in engine.legal_actions(state, 2)  # even if not eligible
    state = act(state, 2, "play_item", item="spyglass")
    assert engine.view(state, 2)["cup"] == PAIR
    assert engine.view(state, 1)["cup"] is None and engine.view(state, None)["cup"] is None
    seen = [e for e in engine.view(state, 2)["log"] if e["e"] == "spyglass_seen"]
    assert seen and all(e["e"] != "spyglass_seen" for e in engine.view(state, 1)["log"])


def test_peb_29_lucky_horseshoe_one_free_reroll():
    state = at_roll(started(), 0, PAIR, pos=[7, 8, 12], gold=[0, 3, 3], items=holding("lucky_horseshoe"))
    assert not any(a["type"] == "reroll" for a in engine.legal_actions(state, 0))
    state = act(state, 0, "play_item", item="lucky_horseshoe")
    state = act(state, 0, "reroll", keep=[0, 1], mode="cup")
    assert state["gold"][0] == 0 and events(state, "reroll")[-1]["cost"] == 0


def test_peb_29_steady_hand_removes_aim_noise():
    state = at_roll(started(), 0, PAIR, pos=[6, 7, 20], items=holding("steady_hand"))
    state = land(state, "pair")
    state = act(state, 0, "play_item", item="steady_hand")
    state = act(state, 0, "shoot", angle=300.0, power=40.0)
    shot = engine.view(state, None)["last_shot"]
    assert shot["thrown"] == [300.0, 40.0] and shot["steady"]
    assert state["last_shot"]["thrown"] == [30000, 4000]  # the state keeps whole hundredths


def test_peb_29_steady_hand_with_dice_hits_on_three():
    state = at_roll(started(options={"shots": "dice"}), 0, PAIR, pos=[6, 7, 20], items=holding("steady_hand"))
    state = act(land(state, "pair"), 0, "play_item", item="steady_hand")
    after = with_seed(state, 0, {"type": "shoot"}, lambda s: s["last_shot"]["dice"] == [3])
    assert after["last_shot"]["touched"] == [["rider", 1]]


def test_peb_29_bulletproof_vest_loser_pays_nothing():
    state = at_roll(started(), 0, PAIR, pos=[6, 7, 20], gold=[3, 6, 3], items=holding("bulletproof_vest", 1))
    state = land(state, "pair")
    shot = next(a for a in engine.legal_actions(state, 0) if a["type"] == "shoot")
    after = with_seed(state, 0, shot, lambda s: bool(events(s, "duel_over")))
    assert after["gold"][:2] == [3, 6] and after["items"][1] == []


def test_peb_19_peb_29_a_broke_loser_with_a_vest_pays_nothing_and_stays_out_of_jail():
    """Decision: the Vest replaces the whole loss (PEB-29 "pay nothing"): a loser with no gold
    who wears one is not jailed, and the bank pays the winner nothing."""
    state = at_roll(started(), 0, PAIR, pos=[6, 7, 20], gold=[3, 0, 3], items=holding("bulletproof_vest", 1))
    state = land(state, "pair")
    shot = next(a for a in engine.legal_actions(state, 0) if a["type"] == "shoot")
    after = with_seed(
        state, 0, shot, lambda s: bool(events(s, "duel_over")) and events(s, "duel_over")[-1]["loser"] == 1
    )
    assert events(after, "duel_over")[-1] == {"e": "duel_over", "winner": 0, "loser": 1, "gold": 0}
    assert after["gold"][0] == 3 and not after["jailed"][1] and after["items"][1] == []
    # Space 7 is plain: the turn passes to the loser, who, still without gold, takes charity.
    assert after["active"] == 1 and after["gold"][1] == 1 and events(after, "charity")[-1]["seat"] == 1


def test_peb_29_train_pass_rides_free():
    state = land(
        at_roll(started(), 0, PAIR, pos=[4, 8, 9], gold=[0, 3, 3], items=holding("train_pass")), "two_pairs"
    )
    assert engine.legal_actions(state, 0) == [{"type": "ride", "pay": "pass"}, {"type": "stay"}]
    state = act(state, 0, "ride", pay="pass")
    assert state["pos"][0] == 11 and state["gold"][0] == 0 and state["items"][0] == []


def test_peb_29_sarsaparilla_skips_the_saloon():
    state = land(at_roll(started(), 0, PAIR, pos=[8, 2, 3], items=holding("sarsaparilla")), "two_pairs")
    assert state["phase"] == "saloon"
    state = act(state, 0, "play_item", item="sarsaparilla")
    assert not events(state, "saloon") and state["gold"][0] == 3 and state["items"][0] == []


def test_peb_29_fresh_horse_into_sacramento_is_an_arrival():
    state = land(at_roll(started(), 0, PAIR, pos=[30, 2, 3], items=holding("fresh_horse")), "two_pairs")
    assert state["pos"][0] == 32 and state["phase"] == "end"
    state = act(state, 0, "play_item", item="fresh_horse")
    assert state["pos"][0] == 33 and state["mailbox"][0] == 1
