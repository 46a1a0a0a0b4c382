"""Horse Racing Game with drafted hands (rules: shared/rules/horse-racing.md, HR-1..HR-19)."""

from .game import HorseRacing

__all__ = ["HorseRacing"]
