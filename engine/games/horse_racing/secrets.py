"""Horse Racing's hidden information (engine/hidden.py), the spec's "who sees what" table:
each seat's hand and the packet in front of it are its own until the race is settled (the
settlement shows every hand), the set-aside cards are nobody's, ever. A draft pick is a
sealed move (game.MOVES); every race move is public."""

from __future__ import annotations

from engine.hidden import NOBODY, HiddenInfo, Secret

HIDDEN = HiddenInfo(
    secrets=(
        Secret("hands"),
        Secret("packets"),
        Secret("drafted"),
        Secret("set_aside", NOBODY, nested=False),
    ),
    deals=(("hands", "packets", "drafted", "set_aside"),),
)
