"""Replays of finished rooms for anyone with the link (refused with `not_over` before the end).

A finished room never changes, so its built replay (steps + checkpoints, see replay.py) is kept
in a small per-process LRU keyed by (code, version); views are computed per page on demand.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from .errors import RoomError
from .replay import PAGE_MAX, Replay, build, views
from .snapshot import RoomInfo

if TYPE_CHECKING:
    from .parts import Parts

CACHE_ROOMS = 4


def not_over() -> RoomError:
    return RoomError("not_over", "The replay is shown once the game is over.", 409)


class Replays:
    def __init__(
        self, parts: Parts, action_log: Callable[[str], Awaitable[tuple[RoomInfo, list[dict[str, Any]]]]]
    ) -> None:
        self.parts = parts
        self.action_log = action_log
        self.cache: OrderedDict[tuple[str, int], Replay] = OrderedDict()

    async def _replay(self, code: str) -> tuple[RoomInfo, Replay]:
        info = await self.parts.memory.info(code)
        if info.status != "over":
            raise not_over()
        cache = self.cache
        key = (info.code, info.version)
        replay = cache.get(key)
        if replay is None:  # read the action log only when the replay is not built yet
            info, rows = await self.action_log(code)
            replay = await asyncio.to_thread(build, info.game, info.options, len(info.seats), info.seed, rows)
            cache[key] = replay  # a finished room never changes: (code, version) names its replay
            while len(cache) > CACHE_ROOMS:
                cache.popitem(last=False)
        cache.move_to_end(key)
        return info, replay

    async def replay_steps(self, code: str) -> dict[str, Any]:
        """Who played what at each step, and the log events each step added (no views)."""
        info, replay = await self._replay(code)
        return {
            "code": info.code,
            "game": info.game,
            "options": info.options,
            "seed": info.seed,
            "seats": len(info.seats),
            "names": [seat.name for seat in info.seats],
            "bots": [seat.is_bot for seat in info.seats],
            "count": replay.count,
            "page_max": PAGE_MAX,
            "initial_events": replay.initial_events,
            "steps": replay.steps,
        }

    async def replay_views(self, code: str, start: int, stop: int) -> dict[str, Any]:
        """The full-reveal views of steps start..stop (inclusive, at most PAGE_MAX of them)."""
        _, replay = await self._replay(code)
        if not 0 <= start <= stop <= replay.count or stop - start + 1 > PAGE_MAX:
            raise RoomError(
                "bad_request",
                f"Ask for steps 0 to {replay.count}, at most {PAGE_MAX} at a time.",
                400,
                field="from",
            )
        return {"from": start, "to": stop, "views": await asyncio.to_thread(views, replay, start, stop)}
