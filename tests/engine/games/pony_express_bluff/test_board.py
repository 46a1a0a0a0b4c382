"""PEB-3, PEB-4: the trail, its action spaces and its geometry."""

import math

from engine.games.pony_express_bluff.board import (
    DUEL_CORNERS,
    INDIAN_CAMP,
    SACRAMENTO,
    geometry,
    space_kind,
    space_xy,
)


def test_peb_3_track_of_33_with_st_joseph_desert_and_sacramento():
    geo = geometry()
    assert [s["space"] for s in geo["spaces"]] == list(range(1, 34))
    assert geo["st_joseph"] == [1, 5] and geo["desert_start"] == 25
    assert SACRAMENTO == 33 and space_kind(33) == "sacramento"


def test_peb_4_standard_action_spaces():
    kinds = {s: space_kind(s) for s in range(1, 34)}
    assert [s for s, k in kinds.items() if k == "station"] == [6, 11, 16, 22]
    assert [s for s, k in kinds.items() if k == "mine"] == [8, 14, 20, 26]
    assert [s for s, k in kinds.items() if k == "relay"] == [9, 15, 21, 27, 31]
    assert [s for s, k in kinds.items() if k == "saloon"] == [10, 17, 23, 28]
    assert [s for s, k in kinds.items() if k == "indians"] == [12, 18, 25, 30]
    assert kinds[7] == kinds[13] == kinds[1] == "plain"
    fares = {s["space"]: s["fare"] for s in geometry()["spaces"] if s["kind"] == "station"}
    assert fares == {6: 1, 11: 2, 16: 3, 22: None}


def test_peb_20_every_space_has_distinct_coordinates_inside_the_board():
    points = [space_xy(s) for s in range(1, 34)]
    assert len(set(points)) == 33
    assert all(0 < x < 120 and 0 < y < 80 for x, y in points)
    # neighbouring spaces are next to each other on the drawing
    assert all(math.dist(points[i], points[i + 1]) <= 20.0 for i in range(32))
    # the duellist corners and the camp are corners away from the trail
    for corner in (*DUEL_CORNERS, *INDIAN_CAMP):
        assert min(math.dist(corner, p) for p in points) > 8
