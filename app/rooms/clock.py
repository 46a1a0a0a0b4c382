"""The room service's clock, shared by its parts: tests move time instead of sleeping
(`rooms.clock = ...` replaces what every part reads)."""

from __future__ import annotations

import time
from collections.abc import Callable


class Clock:
    def __init__(self, now: Callable[[], float] = time.time) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now()
