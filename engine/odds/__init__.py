"""Live odds: each contender's chance to win, from what a spectator sees.

`estimate(state)` runs a fixed number of Monte Carlo playouts from states sampled
consistently with the public record (engine/odds/determinize.py): the hidden things (hands,
cups, sealed submissions, item cards, the deck order, the future rolls) are redrawn from
public information only. The seats play the game's playout policy (engine/odds/playout.py:
Ponies in Pursuit and Horse Racing, a cheap version of their bots) or random legal moves;
Horse Racing's last race is settled exactly (engine/odds/horse_racing_settle.py). Playout i's
randomness is seeded from the game, seats, options and i (engine/odds/estimate.py), never
from the room's generator: two states with the same public record give byte-identical odds,
and a room's consecutive updates share their random numbers.

Contenders are the players (seats) in every game: each game is won by a player (the most
chips, the first rider home); docs/rules/<game>.md says so. A shared win counts as a split.
"""

from __future__ import annotations

from .estimate import PLAYOUTS, Odds, estimate, public_seed

__all__ = ["PLAYOUTS", "Odds", "estimate", "public_seed"]
