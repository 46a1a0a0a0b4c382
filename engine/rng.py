"""Seeded randomness kept inside the game state.

The state holds only `{"seed": int, "draws": int}`. Every draw makes a fresh
`random.Random` from the seed and the draw counter, so the generator is
JSON-serialisable, tiny, and the same seed with the same actions gives the
same game byte for byte. The slot must never appear in a view.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def new_slot(seed: int) -> dict[str, int]:
    return {"seed": int(seed), "draws": 0}


class Rng:
    """Draws from the seeded slot of a state; each call advances the counter."""

    def __init__(self, slot: dict[str, int]) -> None:
        self.slot = slot

    def _next(self) -> random.Random:
        draw = self.slot["draws"]
        self.slot["draws"] = draw + 1
        return random.Random(f"{self.slot['seed']}:{draw}")

    def randint(self, low: int, high: int) -> int:
        return self._next().randint(low, high)

    def roll(self, count: int, sides: int = 6) -> list[int]:
        gen = self._next()
        return [gen.randint(1, sides) for _ in range(count)]

    def random(self) -> float:
        return self._next().random()

    def gauss(self, mu: float, sigma: float) -> float:
        return self._next().gauss(mu, sigma)

    def choice(self, seq: Sequence[T]) -> T:
        return self._next().choice(seq)

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        self._next().shuffle(seq)

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        return self._next().sample(list(seq), k)
