"""Components: horses, cards, odds table and movement, tracks (PER-1..PER-5)."""

from collections import Counter

import pytest

from engine.games.pony_express_race.cards import HORSES, full_deck
from engine.games.pony_express_race.odds import ODDS_TABLE, payout, rows_moved, shift_row
from engine.games.pony_express_race.tracks import TOWN, space_colour

from .helpers import fresh


def test_per_1_seven_horses_in_fixed_order():
    assert HORSES == ("Brown", "Beige", "Yellow", "Orange", "Red", "Blue", "Green")
    view = fresh().get("horses")
    assert len(view) == 7


def test_per_2_deck_of_42_with_six_move_ups():
    deck = full_deck()
    assert len(deck) == 42
    colours = Counter(card.split("-")[0] for card in deck)
    assert colours == {"black": 9, "yellow": 9, "blue": 9, "red": 9, "white": 6}
    assert sorted(c for c in deck if c.startswith("white")) == ["white-1"] * 3 + ["white-2"] * 3
    assert sorted(int(c.split("-")[1]) for c in deck if c.startswith("red")) == list(range(1, 10))


def test_per_3_odds_table_payouts():
    prices = ["1-1", "2-1", "3-1", "4-1", "5-1", "8-1", "10-1", "20-1"]
    assert [ODDS_TABLE[r][0] for r in range(1, 9)] == prices
    # The source's examples: row 5 pays 5-1 to a winner, row 7 pays 5-1 to second.
    assert payout(8, 5, 1) == 48
    assert payout(11, 7, 2) == 66
    assert payout(4, 1, 2) == 4  # "0": stake back
    assert payout(4, 1, 3) == 0  # "-": stake lost
    assert payout(4, 8, 3) == 24
    assert payout(4, 3, None) == 0


@pytest.mark.parametrize(
    "difference, rows",
    [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4), (-1, -1), (-4, -2), (-8, -4)],
)
def test_per_4_rows_moved_by_difference(difference, rows):
    assert rows_moved(difference) == rows


def test_per_4_marker_moves_up_and_down_within_rows_1_to_8():
    assert shift_row(4, 9, 5) == 2  # the source's example: +4 -> up two rows
    assert shift_row(2, 1, 8) == 6  # -7 -> down four rows
    assert shift_row(2, 9, 1) == 1  # never above row 1
    assert shift_row(7, 1, 9) == 8  # never below row 8


def test_per_5_track_colours_and_town():
    assert TOWN == 19
    assert [space_colour(1, p) for p in (1, 2, 3, 5)] == ["blue", None, "red", "yellow"]
    assert space_colour(7, 5) == "red" and space_colour(7, 10) == "yellow" and space_colour(7, 15) == "blue"
    assert space_colour(2, 4) == "red" and space_colour(2, 5) == "yellow"
    assert space_colour(3, 0) is None and space_colour(3, TOWN) is None
    coloured = [sum(space_colour(t, p) is not None for p in range(1, 19)) for t in range(1, 8)]
    assert coloured == [9, 8, 7, 6, 5, 4, 3]
    state = fresh()
    assert engine_view_positions(state) == [0] * 7


def engine_view_positions(state):
    import engine

    return [h["position"] for h in engine.view(state, None)["horses"]]
