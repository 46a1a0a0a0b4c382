"""Pony Express: Odds and Riders (PER-1..PER-32), engine id `pony_express_race`, 2-6 players."""

from .game import PonyExpressRace

__all__ = ["PonyExpressRace"]
