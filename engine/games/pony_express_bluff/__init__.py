"""Pony Express: Dice and Bluff (spec: shared/rules/pony-express-bluff.md, PEB-1..PEB-32)."""

from .game import PonyExpressBluff

__all__ = ["PonyExpressBluff"]
