"""One budget for the bot and timer actions of every room of a process (issue 42).

Every action is written by the one writer of the process (app.rooms.commit); 600 rooms of
bots playing on at full speed used to take it from the players: a player's act -> state went
from 3 ms to 1.2 s. Now a bot's move and a timer's firing each take a token from one bucket
(`BOT_ACTIONS_PER_SECOND`, bursts of `BOT_ACTIONS_BURST`) before they are submitted; past it
they wait their turn, first come first served, so no room and no client can buy the writer.
A player's action never takes a token and never waits here.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from app.ws.flood import TokenBucket


class ActionBudget:
    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        # rate <= 0: no budget (every take passes at once).
        self.bucket = TokenBucket(rate, max(1.0, burst), clock) if rate > 0 else None
        self.turns = asyncio.Lock()  # the waiting moves, in order of arrival
        # Moves waiting for a token now (app.metrics, the tests).
        self.waiting = 0

    async def take(self) -> None:
        """Return once the move may be submitted (at once while the budget lasts)."""
        bucket = self.bucket
        if bucket is None:
            return
        self.waiting += 1
        try:
            async with self.turns:
                while wait := bucket.take():
                    await asyncio.sleep(wait)
        finally:
            self.waiting -= 1
