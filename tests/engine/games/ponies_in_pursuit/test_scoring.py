"""Payouts, penalties, halves, shared wins, garnets (PIP-15, PIP-16, PIP-17, PIP-20)."""

from fractions import Fraction

import engine
from engine.games.ponies_in_pursuit.scoring import seat_score, winners

from .helpers import new_game, play_round, sub


def test_pip_15_payout_by_finishing_place():
    order = ["yellow", "black", "blue", "red", "white"]
    for colour, multiplier in zip(order, [2, 1.5, 1, 0.5, 0], strict=True):
        stakes = [4 if c == colour else 0 for c in ("white", "red", "blue", "black", "yellow")]
        cards = [2 if s else 0 for s in stakes]
        assert seat_score(stakes, cards, order)["score"] == Fraction(4) * Fraction(multiplier)


def test_pip_16_unfinished_pony_pays_nothing_and_costs_two_per_card():
    # 3 chips on Blue from two cards, Blue never finishes: -4; 1 chip on Red, Red 1st: +2.
    result = seat_score([0, 1, 3, 0, 0], [0, 1, 2, 0, 0], ["red"])
    assert result == {"payout": Fraction(2), "penalty": 4, "score": Fraction(-2)}


def test_pip_17_score_may_be_negative_hold_halves_and_ties_share():
    state = new_game(3, rounds=1)
    state["positions"] = [3, 4, 0, 0, 0]
    # Red (5) and White (4) finish the same round: Red 1st, White 2nd (PIP-12).
    state = play_round(
        state,
        {
            0: sub("white1:move", "red1:bet"),  # 1 on Red 1st -> 2
            1: sub("red1:move", "wild=white:bet"),  # 1 on White 2nd -> 1.5
            2: sub("blue1:bet", "yellow1:bet"),  # Blue, Yellow unfinished -> -4
        },
    )
    result = engine.result(state)
    assert result["scores"] == [2, 1.5, -4]
    assert result["winners"] == [0]
    assert result["revealed"]["payouts"] == [2, 1.5, 0] and result["revealed"]["penalties"] == [0, 0, 4]
    assert winners([Fraction(3, 2), Fraction(3, 2), Fraction(-1)]) == [0, 1]


def test_pip_17_equal_scores_share_the_win():
    state = new_game(2, rounds=1)
    state = play_round(state, {0: sub("white1:move", "red1:move"), 1: sub("blue1:move", "red1:move")})
    assert engine.result(state)["scores"] == [0, 0]
    assert engine.result(state)["winners"] == [0, 1]


def test_pip_20_leftover_garnets_shown_at_end_not_scored():
    rich = new_game(2, rounds=2, garnets=20)
    rich = play_round(rich, {0: sub("white1:bet", "red1:bet"), 1: sub("white1:bet", "red1:bet")})
    rich = engine.apply(rich, 0, {"type": "spy", "target": 1})
    rich = play_round(rich, {0: sub("blue1:move", "red1:move"), 1: sub("blue1:move", "red1:move")})
    result = engine.result(rich)
    assert result["revealed"]["garnets"] == [15, 20]
    assert result["scores"] == [-4, -4] and result["winners"] == [0, 1]
