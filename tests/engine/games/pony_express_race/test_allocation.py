"""Owners, tracks and the race hands (PER-16..PER-19)."""

import engine
from engine.games.pony_express_race.allocation import owner_of

from .helpers import act, events, finish_stage_one, last_play


def test_per_16_owner_has_most_chips_ties_and_none_uncontrolled():
    bets = [[5, 3, 2, 0, 0, 0, 5], [4, 3, 0, 0, 0, 0, 0], [1, 0, 1, 0, 0, 0, 0]]
    assert [owner_of(bets, h) for h in range(7)] == [0, None, 0, None, None, None, 0]
    state = finish_stage_one(last_play(3, bets=bets))
    assert state["owners"] == [0, None, 0, None, None, None, 0]
    assert engine.view(state, None)["horses"][1]["owner"] is None


def test_per_17_tracks_outsider_first_with_tie_breaks():
    rows = [1, 8, 3, 3, 3, 6, 5]
    cards = [["black-5"] * 6 for _ in range(7)]
    cards[4] = ["black-4"] * 6  # Red: same row and chips as Orange, lower card total
    bets = [[2, 0, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0, 0]]  # Yellow has more chips than Orange/Red
    state = finish_stage_one(last_play(2, rows=rows, bets=bets, cards=cards))
    # Outsider (row 8) Beige on track 1, then Blue (6), Green (5), then row 3: Red (fewer card
    # points), Orange, Yellow (more chips), then the favourite Brown on track 7.
    assert state["track_of"] == [7, 1, 6, 5, 4, 2, 3]
    assert events(state, "tie_roll") == []


def test_per_17_dead_heat_on_the_table_is_rolled_off_lower_is_outsider():
    rows = [4, 4, 1, 2, 3, 5, 6]
    state = finish_stage_one(last_play(2, rows=rows, bets=[[0] * 7, [0] * 7], seed=3))
    (tie,) = events(state, "tie_roll")
    assert tie["horses"] == [0, 1] and len(set(tie["rolls"])) == 2
    low, high = (0, 1) if tie["rolls"][0] < tie["rolls"][1] else (1, 0)
    assert state["track_of"][low] == 3 and state["track_of"][high] == 4


def test_per_18_track_choice_favourite_owner_first_uncontrolled_lowest_free():
    bets = [[0, 0, 3, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0, 0]]  # seat 1 owns Brown (row 1), seat 0 Yellow
    state = finish_stage_one(last_play(2, bets=bets, track_choice=True))
    assert state["phase"] == "track" and engine.to_act(state) == [1]
    assert engine.view(state, 1)["track_choice"] == {"horse": 0, "free": [1, 2, 3, 4, 5, 6, 7]}
    state = act(state, {"type": "track", "track": 4})
    # Beige (uncontrolled, second favourite) took track 1; now Yellow's owner picks.
    assert state["track_of"][1] == 1 and engine.to_act(state) == [0]
    assert engine.view(state, 0)["track_choice"]["free"] == [2, 3, 5, 6, 7]
    try:
        act(state, {"type": "track", "track": 4})
        raise AssertionError("a taken track was accepted")
    except engine.EngineError as err:
        assert "free track" in err.message
    state = act(state, {"type": "track", "track": 7})
    assert state["track_of"] == [4, 1, 7, 2, 3, 5, 6]
    assert state["phase"] in ("ride", "pace", "dice", "over")


def test_per_19_owners_take_their_horses_cards_hidden():
    cards = [["red-9", "red-1", "blue-2", "blue-3", "black-4", "yellow-5"]] + [["black-5"] * 6] * 6
    bets = [[3, 0, 0, 0, 0, 0, 0], [0, 3, 0, 0, 0, 0, 0]]
    state = finish_stage_one(last_play(2, cards=cards, bets=bets))
    mine = engine.view(state, 0)
    assert sorted(mine["race_hands"][0] + mine["race_played_own"][0]) == sorted(cards[0])
    assert mine["race_hands"][1] is None  # seat 1's horse
    for seat in (1, None):
        seen = engine.view(state, seat)
        other = seen["horses"][0]
        assert other["race_hand"] is None and other["race_played"] is None
        assert other["race_hand_count"] + other["race_played_count"] == 6
        assert seen["race_hands"] is None or seen["race_hands"][0] is None
