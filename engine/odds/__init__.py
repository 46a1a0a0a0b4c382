"""Live odds: each contender's chance to win, from what a spectator sees.

`estimate(state)` runs a fixed number of Monte Carlo playouts (random legal play) from
states sampled consistently with the public record (engine/odds/determinize.py): the
hidden things (hands, cups, sealed submissions, item cards, the deck order, the future
rolls) are redrawn from public information only, and the playouts' randomness is seeded
from a digest of the spectator's view, never from the room's generator. Two states with
the same public record therefore give byte-identical odds.

Contenders are the players (seats) in every game: each game is won by a player (the most
chips, the first rider home); docs/rules/<game>.md says so. A shared win counts as a split.
"""

from __future__ import annotations

from .estimate import PLAYOUTS, Odds, estimate, public_seed

__all__ = ["PLAYOUTS", "Odds", "estimate", "public_seed"]
