"""The trail and the board's geometry (PEB-3, PEB-4, PEB-20, PEB-23).

Board coordinates are units on a 120 x 80 board, x to the right and y up.
The trail snakes in three rows of 11 spaces. The two duellists stand at the
top-left and bottom-right corners (the arriving rider chooses which); the Indian camp is in the bottom-left
corner and its shooter throws from the top-right corner.
"""

from __future__ import annotations

import functools
from typing import Any

SPACES = 33
SACRAMENTO = 33
ST_JOSEPH = range(1, 6)  # PEB-3: no duels, no poker
DESERT_START = 25  # PEB-3 / PEB-9: re-rolls cost 2 from here

BOARD_W, BOARD_H = 120.0, 80.0

# PEB-4 [house]: the standard board's action spaces.
STATIONS = {6: 1, 11: 2, 16: 3, 22: None}  # fare to the next station; 22 is the end of the line
NEXT_STATION = {6: 11, 11: 16, 16: 22}
GOLD_MINES = frozenset({8, 14, 20, 26})
RELAYS = frozenset({9, 15, 21, 27, 31})
SALOONS = frozenset({10, 17, 23, 28})
INDIANS = frozenset({12, 18, 25, 30})

BOARDS = ("standard",)


def space_kind(space: int) -> str:
    """PEB-4: what a space does: station, mine, relay, saloon, indians, sacramento or plain."""
    if space == SACRAMENTO:
        return "sacramento"
    if space in STATIONS:
        return "station"
    if space in GOLD_MINES:
        return "mine"
    if space in RELAYS:
        return "relay"
    if space in SALOONS:
        return "saloon"
    if space in INDIANS:
        return "indians"
    return "plain"


def space_xy(space: int) -> tuple[float, float]:
    """Centre of a trail space: row 1 (1-11) left to right at y=20, row 2 (12-22) back at y=40,
    row 3 (23-33) left to right at y=60."""
    row, col = divmod(space - 1, 11)
    x = 10.0 + 10.0 * (col if row % 2 == 0 else 10 - col)
    return x, 20.0 + 20.0 * row


def rider_xy(space: int, seat: int) -> tuple[float, float]:
    """Where a seat's rider stands on its space (riders sharing a space stand side by side)."""
    x, y = space_xy(space)
    return x + (seat - 2) * 1.5, y


# PEB-20: the two duel corners (top-left, bottom-right); the arriving rider chooses which it
# takes (corner 0 when it does not choose).
DUEL_CORNERS = ((4.0, 76.0), (116.0, 4.0))
INDIAN_SHOOTER = (116.0, 76.0)
INDIAN_CAMP = ((12.0, 12.0), (6.0, 10.0), (10.0, 6.0))
HIT_RADIUS = 3.0  # meeple radius + die radius
MAX_THROW = 160.0  # distance a throw of power 100 travels


@functools.cache
def geometry() -> dict[str, Any]:
    """The static board drawing data clients need (public). Built once and shared by every
    view (a view is only ever read and serialised, never changed)."""
    return {
        "size": [BOARD_W, BOARD_H],
        "spaces": [
            {"space": s, "xy": list(space_xy(s)), "kind": space_kind(s), "fare": STATIONS.get(s)}
            for s in range(1, SPACES + 1)
        ],
        "duel_corners": [list(c) for c in DUEL_CORNERS],
        "indian_shooter": list(INDIAN_SHOOTER),
        "indian_camp": [list(c) for c in INDIAN_CAMP],
        "hit_radius": HIT_RADIUS,
        "max_throw": MAX_THROW,
        "desert_start": DESERT_START,
        "st_joseph": [ST_JOSEPH.start, ST_JOSEPH.stop - 1],
    }
