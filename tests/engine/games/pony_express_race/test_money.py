"""Prizes, bet payouts and the winner (PER-30..PER-32)."""

import engine
from engine.games.pony_express_race.money import winners

from .helpers import act, race_state


def final_stretch(owners=None):
    state = race_state(3, owners=owners, positions=[19, 19, 18, 2, 2, 2, 2], places=[1, 0], track=3)
    for horse, row in enumerate([5, 7, 8, 1, 4, 4, 4]):
        state["horses"][horse]["row"] = row
    state["bets"] = [
        [3, 2, 0, 10, 0, 0, 0],
        [0, 3, 2, 0, 0, 0, 0],
        [1, 0, 3, 0, 0, 0, 0],
    ]
    return act(state, {"type": "ride", "card": "black-5"})


def test_per_30_prizes_15_10_5_to_owners():
    state = final_stretch()
    prizes = state["settlement"]["prizes"]
    assert prizes == [
        {"seat": 1, "horse": 1, "place": 1, "chips": 15},
        {"seat": 0, "horse": 0, "place": 2, "chips": 10},
        {"seat": 2, "horse": 2, "place": 3, "chips": 5},
    ]
    nobody = final_stretch(owners=[0, None, 2, 0, 1, 2, 0])
    assert [p["horse"] for p in nobody["settlement"]["prizes"]] == [0, 2]


def test_per_31_bets_paid_by_final_row_and_place():
    state = final_stretch()
    paid = {(b["seat"], b["horse"]): b["paid"] for b in state["settlement"]["bets"]}
    assert paid == {
        (0, 0): 9,  # 2nd at row 5 (5-1): stake + 2 x stake
        (0, 1): 22,  # 1st at row 7 (10-1): stake + 10 x stake
        (0, 3): 0,  # unplaced: lost
        (1, 1): 33,
        (1, 2): 12,  # 3rd at row 8 (20-1): stake + 5 x stake
        (2, 0): 3,
        (2, 2): 18,
    }
    assert state["chips"] == [41, 60, 26]


def test_per_32_most_chips_wins_ties_share():
    state = final_stretch()
    assert engine.result(state)["winners"] == [1]
    assert engine.result(state)["scores"] == [41, 60, 26]
    assert winners([30, 12, 30]) == [0, 2]
    assert engine.view(state, None)["result"]["winners"] == [1]
