"""Components: horses, cards, odds table and movement, tracks (PER-1..PER-5)."""

from collections import Counter

import pytest

import engine
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


# PER-3 as the spec prints it (row: price, then 1st / 2nd / 3rd: "N" pays stake + N x stake,
# "0" the stake back, "-" loses it), typed here apart from the engine's own table.
SPEC_ODDS = """
1 1-1 1 0 -
2 2-1 2 1 -
3 3-1 3 1 0
4 4-1 4 2 0
5 5-1 5 2 1
6 8-1 8 4 2
7 10-1 10 5 2
8 20-1 20 10 5
"""
SPEC_CELLS = [
    (int(row), place, cell)
    for row, _price, *cells in (line.split() for line in SPEC_ODDS.strip().splitlines())
    for place, cell in enumerate(cells, start=1)
]


@pytest.mark.parametrize("row, place, cell", SPEC_CELLS)
def test_per_3_every_cell_of_the_odds_table_pays_as_printed(row, place, cell):
    """PER-3 / PER-31: all 24 cells, with stakes 1, 3 and 5."""
    for stake in (1, 3, 5):
        expected = 0 if cell == "-" else stake + int(cell) * stake
        assert payout(stake, row, place) == expected, (row, place, stake)
    assert payout(3, row, None) == 0


def test_per_3_the_view_prints_the_spec_prices_and_payouts():
    table = engine.view(fresh(), None)["odds_table"]
    printed = [line.split() for line in SPEC_ODDS.strip().splitlines()]
    assert [(t["row"], t["price"]) for t in table] == [(int(r), p) for r, p, *_ in printed]
    pays = [[None if cell == "-" else int(cell) for cell in cells] for _, _, *cells in printed]
    assert [t["pays"] for t in table] == pays


# PER-5 as the spec prints it: spaces 1-18 of tracks 1 (top) to 7.
SPEC_TRACKS = """
B.R.Y.B.R.Y.B.R.Y.
.B.RY..B.R.Y.B.R..
..B.R.Y..B.R.Y..B.
.R..Y.B..R..Y.B...
..Y..B..R..Y..B...
...B...R...Y...B..
....R....Y....B...
"""


def test_per_5_every_space_of_every_track_has_the_printed_colour():
    """PER-5: all 7 x 18 spaces (a single coloured space moved or recoloured fails)."""
    names = {"B": "blue", "R": "red", "Y": "yellow", ".": None}
    for track, line in enumerate(SPEC_TRACKS.split(), start=1):
        assert len(line) == 18
        for position, mark in enumerate(line, start=1):
            assert space_colour(track, position) == names[mark], (track, position)
    assert engine.view(fresh(), None)["tracks"] == [[names[m] for m in line] for line in SPEC_TRACKS.split()]


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
