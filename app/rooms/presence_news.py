"""Who is connected, told to the room once per burst of arrivals and departures.

A room's sockets come and go together (a group opening the link, a table closing at the end
of a game): each seat's arrival or departure used to publish a summary of its own, read who is
in again and send a `room` frame to every socket of the room, five times for five sockets. Now
the first change of presence in a room waits `PRESENCE_NEWS_SECONDS` for the others, and one
summary, built when it goes out (so it shows every change of the burst), tells them all.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger("paddock.rooms")

PRESENCE_NEWS_SECONDS = 0.05


class PresenceNews:
    def __init__(
        self, publish: Callable[[str, bool], Awaitable[None]], seconds: float = PRESENCE_NEWS_SECONDS
    ) -> None:
        # publish(code, stored): the room's summary; `stored`: something was written with a
        # change of the burst (another process holding the room reads it again).
        self.publish = publish
        self.seconds = seconds
        self.pending: dict[str, bool] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    def note(self, code: str, stored: bool) -> None:
        """Who is connected to `code` changed (`stored`: and a seat's away mark was written)."""
        if code in self.pending:
            self.pending[code] = self.pending[code] or stored
            return
        self.pending[code] = stored
        task = asyncio.create_task(self._tell(code))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _tell(self, code: str) -> None:
        await asyncio.sleep(self.seconds)
        stored = self.pending.pop(code)
        try:
            await self.publish(code, stored)
        except Exception:
            log.exception("could not tell room %s who is connected", code)

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.pending.clear()
