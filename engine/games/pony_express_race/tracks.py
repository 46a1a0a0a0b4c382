"""PER-5: seven tracks of 19 spaces (19 = the town) and their coloured spaces."""

from __future__ import annotations

TOWN = 19
TRACK_SPACES = (
    "B.R.Y.B.R.Y.B.R.Y.",
    ".B.RY..B.R.Y.B.R..",
    "..B.R.Y..B.R.Y..B.",
    ".R..Y.B..R..Y.B...",
    "..Y..B..R..Y..B...",
    "...B...R...Y...B..",
    "....R....Y....B...",
)
TRACK_COUNT = len(TRACK_SPACES)
_COLOURS = {"B": "blue", "R": "red", "Y": "yellow"}


def space_colour(track: int, position: int) -> str | None:
    """Colour of `position` (1-18) on `track` (1-7); None for plain, the start (0) and the town."""
    if not 1 <= position < TOWN:
        return None
    return _COLOURS.get(TRACK_SPACES[track - 1][position - 1])


_TRACK_COLOURS = tuple(tuple(space_colour(t, p) for p in range(1, TOWN)) for t in range(1, TRACK_COUNT + 1))


def tracks_for_view() -> list[list[str | None]]:
    """The colours of every space of every track (a constant table, copied for each view)."""
    return [list(row) for row in _TRACK_COLOURS]
