"""The race: turns, movement, pace, Move-Up, the town, dice card, greenhorns, the end (PER-20..PER-29)."""

import engine

from .helpers import act, events, race_state

CARDS = ["black-5", "black-6", "black-7", "red-8", "blue-9", "white-2"]


def rides(state):
    return events(state, "ride")


def test_per_20_horses_move_in_track_order_skipping_finished():
    state = race_state(2, positions=[0, 0, 19, 0, 0, 0, 0], places=[2])
    assert engine.to_act(state) == [0] and state["race"]["turn"]["horse"] == 0
    state = act(state, {"type": "ride", "card": "black-5"})
    state = act(state, {"type": "pace", "push": False})
    assert state["race"]["turn"]["horse"] == 1 and engine.to_act(state) == [1]
    state = act(state, {"type": "ride", "card": "black-5"})
    state = act(state, {"type": "pace", "push": False})
    assert state["race"]["turn"]["horse"] == 3  # Yellow (track 3) has finished
    assert [e["horse"] for e in rides(state)] == [0, 1]


def test_per_20_all_six_played_returns_the_pile_to_hand():
    state = race_state(2)
    race = state["race"]
    race["hand"][0], race["played"][0] = ["black-6"], ["black-5", "black-7", "red-8", "blue-9", "yellow-4"]
    state = act(state, {"type": "ride", "card": "black-6"})
    assert sorted(state["race"]["hand"][0]) == sorted(state["horses"][0]["cards"])
    assert state["race"]["played"][0] == []


def test_per_21_normal_move_and_colour_bonus():
    # Track 1 space 1 is blue.
    state = race_state(2, positions=[1, 0, 0, 0, 0, 0, 0])
    plain = act(act(state, {"type": "ride", "card": "black-5"}), {"type": "pace", "push": False})
    assert plain["race"]["pos"][0] == 2
    bonus = act(act(state, {"type": "ride", "card": "blue-9"}), {"type": "pace", "push": False})
    assert bonus["race"]["pos"][0] == 3
    red = act(act(state, {"type": "ride", "card": "red-8"}), {"type": "pace", "push": False})
    assert red["race"]["pos"][0] == 2


def test_per_21_colour_bonus_reads_the_allocated_track_not_the_horse_number():
    """Beige (horse 1) runs on track 1 and Brown on track 2: the space colours are track 1's."""
    swapped = [2, 1, 3, 4, 5, 6, 7]
    # Space 1 is blue on track 1 and plain on track 2.
    state = race_state(2, positions=[0, 1, 0, 0, 0, 0, 0], track_of=swapped)
    assert state["race"]["turn"]["horse"] == 1
    bonus = act(act(state, {"type": "ride", "card": "blue-9"}), {"type": "pace", "push": False})
    assert bonus["race"]["pos"][1] == 3 and rides(bonus)[-1]["track"] == 1
    # Space 2 is plain on track 1 and blue on track 2.
    state = race_state(2, positions=[0, 2, 0, 0, 0, 0, 0], track_of=swapped)
    plain = act(act(state, {"type": "ride", "card": "blue-9"}), {"type": "pace", "push": False})
    assert plain["race"]["pos"][1] == 3


def test_per_22_fast_pace_success_and_failure_loses_everything():
    state = race_state(2, positions=[1, 0, 0, 0, 0, 0, 0], rolls=[9], dice_card=[False, False])
    state = act(state, {"type": "ride", "card": "blue-9"})
    assert engine.view(state, 0)["ride"]["chance"] == 0.9 and engine.view(state, 1)["ride"] is None
    won = act(state, {"type": "pace", "push": True})  # 9 <= 9
    assert won["race"]["turn"]["step"] == "risky"
    won = act(won, {"type": "pace", "push": False})
    assert won["race"]["pos"][0] == 4  # 1 + bonus 1 + fast 1
    state = race_state(2, positions=[1, 0, 0, 0, 0, 0, 0], rolls=[10], dice_card=[False, False])
    state = act(state, {"type": "ride", "card": "blue-9"})
    lost = act(state, {"type": "pace", "push": True})  # 10 > 9: no move, bonus lost too
    assert lost["race"]["pos"][0] == 1
    assert rides(lost)[-1]["rolls"] == [10] and rides(lost)[-1]["pace"] == "failed"


def test_per_23_risky_pace_after_fast_success():
    state = race_state(2, rolls=[2, 6], dice_card=[False, False])
    state = act(state, {"type": "ride", "card": "black-6"})
    state = act(state, {"type": "pace", "push": True})
    won = act(state, {"type": "pace", "push": True})
    assert won["race"]["pos"][0] == 3 and rides(won)[-1]["pace"] == "risky"
    state = race_state(2, rolls=[2, 7], dice_card=[False, False])
    state = act(state, {"type": "ride", "card": "black-6"})
    state = act(state, {"type": "pace", "push": True})
    lost = act(state, {"type": "pace", "push": True})
    assert lost["race"]["pos"][0] == 0


def test_per_24_move_up_levels_with_nearest_horse_ahead():
    cards = [CARDS] * 7
    state = race_state(2, horse_cards=cards, positions=[2, 9, 0, 7, 5, 0, 1])
    listed = engine.legal_actions(state, 0)
    assert {"type": "ride", "card": "white-2", "move_up": True} in listed
    moved = act(state, {"type": "ride", "card": "white-2", "move_up": True})
    assert moved["race"]["pos"][0] == 5 and rides(moved)[-1]["pace"] == "move_up"
    assert moved["race"]["turn"]["horse"] == 1  # no pace decision after a Move-Up
    # Leading: no horse ahead, so the Move-Up is a normal card of value 2.
    lead = race_state(2, horse_cards=cards, positions=[12, 9, 0, 7, 5, 0, 1], rolls=[2])
    assert {"type": "ride", "card": "white-2", "move_up": True} not in engine.legal_actions(lead, 0)
    lead = act(lead, {"type": "ride", "card": "white-2", "move_up": True})
    assert lead["race"]["turn"]["step"] == "fast"
    lead = act(act(lead, {"type": "pace", "push": True}), {"type": "pace", "push": False})
    assert lead["race"]["pos"][0] == 14


def test_per_24_a_horse_in_town_is_not_the_horse_ahead_of_a_move_up():
    """Decision: a horse that has reached the town has left the trail (the source puts it on the
    rostrum), so a Move-Up levels with the nearest horse still racing ahead; with only finished
    horses ahead it is a normal card of its value."""
    cards = [CARDS] * 7
    # Beige is in town, Orange (8) still racing ahead of Brown (5): Brown levels with Orange.
    state = race_state(2, horse_cards=cards, positions=[5, 19, 0, 8, 0, 0, 0], places=[1])
    moved = act(state, {"type": "ride", "card": "white-2", "move_up": True})
    assert moved["race"]["pos"][0] == 8 and rides(moved)[-1]["pace"] == "move_up"
    # Only Beige, in town, is ahead: no levelling offered, and asking for it plays a normal 2.
    alone = race_state(2, horse_cards=cards, positions=[5, 19, 0, 0, 0, 0, 0], places=[1])
    assert {"type": "ride", "card": "white-2", "move_up": True} not in engine.legal_actions(alone, 0)
    normal = act(alone, {"type": "ride", "card": "white-2", "move_up": True})
    assert normal["race"]["pos"][0] == 5 and normal["race"]["turn"]["step"] == "fast"
    assert act(normal, {"type": "pace", "push": False})["race"]["pos"][0] == 6


def test_per_25_town_in_reach_must_be_taken():
    state = race_state(2, positions=[18, 0, 0, 0, 0, 0, 0])
    state = act(state, {"type": "ride", "card": "blue-9"})
    assert state["race"]["pos"][0] == 19 and state["places"] == [0]
    assert rides(state)[-1]["pace"] == "forced" and rides(state)[-1]["rolls"] == []
    # Track 1 space 17 is yellow: a yellow card reaches town with its colour bonus.
    state = race_state(2, positions=[17, 0, 0, 0, 0, 0, 0])
    forced = act(state, {"type": "ride", "card": "yellow-4"})
    assert forced["race"]["pos"][0] == 19
    free = act(state, {"type": "ride", "card": "black-7"})
    assert free["race"]["turn"]["step"] == "fast"


def test_per_25_a_fast_success_landing_exactly_on_the_town_ends_the_move():
    """Space 17 of track 1 is yellow, the card black: 1 space reaches 18, the fast pace's +1
    lands exactly on the town (19), so no risky pace is offered."""
    state = race_state(2, positions=[17, 0, 0, 0, 0, 0, 0], rolls=[7], dice_card=[False, False])
    state = act(state, {"type": "ride", "card": "black-7"})
    assert state["race"]["turn"]["step"] == "fast"
    state = act(state, {"type": "pace", "push": True})  # 7 <= 7
    assert state["race"]["pos"][0] == 19 and state["places"] == [0]
    assert rides(state)[-1]["pace"] == "fast" and rides(state)[-1]["rolls"] == [7]
    assert state["race"]["turn"]["horse"] == 1 and state["phase"] == "ride"


def test_per_26_dice_card_rerolls_once_per_game():
    state = race_state(2, rolls=[8, 3, 9])
    state = act(state, {"type": "ride", "card": "black-6"})
    state = act(state, {"type": "pace", "push": True})  # 8 > 6 fails
    assert state["phase"] == "dice" and engine.to_act(state) == [0]
    state = act(state, {"type": "dice_card", "use": True})  # reroll 3: success
    assert state["dice_card"] == [False, True] and state["race"]["turn"]["step"] == "risky"
    state = act(state, {"type": "pace", "push": True})  # 9 > 6 fails, no dice card left
    assert state["race"]["pos"][0] == 0 and state["race"]["turn"]["horse"] == 1
    assert events(state, "dice_card") == [{"e": "dice_card", "seat": 0, "horse": 0, "voided": 8}]
    declined = race_state(2, rolls=[8])
    declined = act(act(declined, {"type": "ride", "card": "black-6"}), {"type": "pace", "push": True})
    declined = act(declined, {"type": "dice_card", "use": False})
    assert declined["dice_card"] == [True, True] and declined["race"]["pos"][0] == 0


def greenhorn_turn(card, positions, rolls, movement="standard"):
    """Brown (track 1) is uncontrolled and moves first with `card` on top of its pile."""
    owners = [None, 0, 1, 0, 1, 0, 1]
    state = race_state(
        2, owners=owners, positions=positions, rolls=rolls, piles={0: [card]}, movement=movement
    )
    return rides(state)[0]


def test_per_25_a_greenhorn_in_reach_of_town_takes_it_without_rolling():
    """PER-25 / PER-27: the town within the normal move (plus colour bonus) is taken, even by a
    greenhorn whose card would go fast and risky; a fast pace that reaches the town stops there."""
    others = [0, 0, 0, 0, 0, 0]  # Brown leads: not last
    plain = greenhorn_turn("black-9", [18, *others], [1, 1])  # space 18 of track 1 is plain
    assert (plain["pace"], plain["rolls"], plain["end"]) == ("forced", [], 19)
    bonus = greenhorn_turn("yellow-8", [17, *others], [1, 1])  # space 17 is yellow: 1 + 1 reaches town
    assert (bonus["pace"], bonus["rolls"], bonus["end"]) == ("forced", [], 19)
    fast = greenhorn_turn("black-8", [17, *others], [1, 1])  # no bonus: fast, and the town stops it
    assert (fast["pace"], fast["rolls"], fast["end"]) == ("fast", [1], 19)


def test_per_27_greenhorn_with_the_alternative_movement():
    """PER-27 with PER-29 (our reading): a greenhorn rolls every move, and rolls again when it
    would try a faster pace (card 5 or more, or last); a starting colour match doubles."""
    ahead = [3, 0, 0, 0, 0, 0, 0]  # space 3 of track 1 is red
    alt = "alternative"
    low = greenhorn_turn("black-4", ahead, [2, 1], alt)
    assert (low["pace"], low["rolls"], low["end"]) == ("roll", [2], 4)
    doubled = greenhorn_turn("red-4", ahead, [2, 1], alt)
    assert (doubled["pace"], doubled["rolls"], doubled["end"]) == ("roll", [2], 5)
    again = greenhorn_turn("black-6", ahead, [2, 3], alt)
    assert (again["pace"], again["rolls"], again["end"]) == ("roll_again", [2, 3], 5)
    lost = greenhorn_turn("black-6", ahead, [2, 9], alt)
    assert (lost["pace"], lost["rolls"], lost["end"]) == ("failed", [2, 9], 3)
    missed = greenhorn_turn("black-6", ahead, [8, 1], alt)
    assert (missed["pace"], missed["rolls"], missed["end"]) == ("failed", [8], 3)
    home = greenhorn_turn("black-9", [18, 0, 0, 0, 0, 0, 0], [1, 1], alt)  # one success reaches town
    assert (home["pace"], home["rolls"], home["end"]) == ("roll", [1], 19)


def test_per_27_a_greenhorns_empty_pile_is_reshuffled():
    """PER-27 / PER-20: when all six cards were turned, the pile is shuffled and turned again."""
    owners = [None, 0, 1, 0, 1, 0, 1]
    played = ["black-4", "black-3", "yellow-2", "blue-1", "red-4", "yellow-3"]
    state = race_state(2, owners=owners, positions=[3, 0, 0, 0, 0, 0, 0], piles={0: []}, played={0: played})
    turned = events(state, "greenhorn_card")[0]["card"]
    assert turned in played and rides(state)[0]["pace"] == "normal"  # every card is 4 or less
    assert sorted(state["race"]["hand"][0] + state["race"]["played"][0]) == sorted(played)
    assert state["race"]["played"][0] == [turned]


def test_per_27_greenhorn_pace_by_card_value():
    ahead = [3, 0, 0, 0, 0, 0, 0]  # Brown is not last; space 3 of track 1 is red
    low = greenhorn_turn("black-4", ahead, [1, 1])
    assert low["rolls"] == [] and low["end"] == 4 and low["pace"] == "normal"
    mid = greenhorn_turn("black-6", ahead, [6, 1])
    assert mid["rolls"] == [6] and mid["end"] == 5 and mid["pace"] == "fast"
    high = greenhorn_turn("red-7", ahead, [7, 2])
    # 3 + bonus 1 + fast 1 + risky 1
    assert high["rolls"] == [7, 2] and high["end"] == 7 and high["pace"] == "risky"
    failed = greenhorn_turn("black-7", ahead, [3, 8])
    assert failed["end"] == 3 and failed["pace"] == "failed"


def test_per_27_a_greenhorn_holding_exactly_a_five_goes_fast():
    """The boundary of "5-6: fast pace": a 5 rolls once, a 4 (above) never rolls."""
    ahead = [3, 0, 0, 0, 0, 0, 0]  # Brown is not last; space 3 of track 1 is red, the card black
    fast = greenhorn_turn("black-5", ahead, [5, 1])
    assert (fast["pace"], fast["rolls"], fast["end"]) == ("fast", [5], 5)
    failed = greenhorn_turn("black-5", ahead, [6, 1])
    assert (failed["pace"], failed["rolls"], failed["end"]) == ("failed", [6], 3)


def test_per_27_greenhorn_in_last_place_goes_risky_and_move_up_is_plain():
    tied_last = [0, 0, 4, 4, 4, 4, 4]
    last = greenhorn_turn("black-2", tied_last, [1, 2])
    assert last["rolls"] == [1, 2] and last["end"] == 3
    move_up = greenhorn_turn("white-1", [3, 0, 5, 5, 5, 5, 5], [1, 1])
    assert move_up["end"] == 4 and move_up["pace"] == "normal"  # not levelled with the horses ahead
    state = race_state(2, owners=[None, 0, 1, 0, 1, 0, 1], piles={0: ["black-4"]})
    assert events(state, "greenhorn_card") == [{"e": "greenhorn_card", "horse": 0, "card": "black-4"}]
    assert engine.view(state, None)["horses"][0]["race_played"] == ["black-4"]


def test_per_28_race_ends_when_three_horses_reach_town():
    state = race_state(3, positions=[19, 19, 18, 2, 2, 2, 2], places=[1, 0], track=3)
    assert not engine.is_over(state)
    state = act(state, {"type": "ride", "card": "black-5"})
    assert engine.is_over(state) and state["places"] == [1, 0, 2]
    assert events(state, "arrived")[-1] == {"e": "arrived", "horse": 2, "place": 3}
    assert engine.to_act(state) == []


def test_per_29_alternative_movement_rolls_every_move():
    # Track 1 space 1 is blue: the blue card doubles.
    start = [1, 0, 0, 0, 0, 0, 0]
    state = race_state(2, positions=start, movement="alternative", rolls=[4, 9], dice_card=[False, False])
    one = act(state, {"type": "ride", "card": "black-5"})
    assert one["race"]["turn"]["step"] == "again" and events(one, "roll")[-1]["roll"] == 4
    assert act(one, {"type": "pace", "push": False})["race"]["pos"][0] == 2
    assert act(one, {"type": "pace", "push": True})["race"]["pos"][0] == 1  # second roll 9 fails all
    doubled = act(state, {"type": "ride", "card": "blue-9"})
    assert act(doubled, {"type": "pace", "push": True})["race"]["pos"][0] == 5  # 2 spaces x 2
    assert act(doubled, {"type": "pace", "push": False})["race"]["pos"][0] == 3
    miss = race_state(2, positions=start, movement="alternative", rolls=[6], dice_card=[False, False])
    miss = act(miss, {"type": "ride", "card": "black-5"})
    assert miss["race"]["pos"][0] == 1 and miss["race"]["turn"]["horse"] == 1
