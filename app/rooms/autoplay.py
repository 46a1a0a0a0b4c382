"""Bots and timers: bots act for bot seats after a short delay; a stored deadline fires the
engine's timeout action (PIP-18). Both submit their moves through the one action pipeline
(app.rooms.pipeline). Re-armed at start-up, when a socket says hello, and by a periodic
sweep; with several processes each move is written by compare-and-set on the room's version,
so a timer fires once and a bot moves once per version.

Before a move, a room with nobody connected may rest instead (app.rooms.rest), and every bot
move and timer firing of the process takes its turn from one budget (app.rooms.budget)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from functools import partial

import engine
from app import metrics

from .budget import ActionBudget
from .errors import RoomError
from .lifecycle import clear_bot_turn, due_for_takeover
from .parts import Parts
from .pipeline import BotMove, Pipeline, TimerMove
from .publish import Change
from .rest import RoomRest
from .snapshot import RoomInfo

log = logging.getLogger("paddock.rooms")


class Autoplay:
    def __init__(self, parts: Parts, pipeline: Pipeline) -> None:
        self.parts = parts
        self.pipeline = pipeline
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.timers: dict[str, tuple[float, asyncio.Task[None]]] = {}
        self.sweeper: asyncio.Task[None] | None = None
        # What else each sweep does (the lifecycle's idle rooms and purge).
        self.sweep_hooks: list[Callable[[], Awaitable[object]]] = [self._wake_rooms_back]
        self.rest = RoomRest(parts)
        settings = parts.settings
        self.budget = ActionBudget(settings.bot_actions_per_second, settings.bot_actions_burst)
        pipeline.followers.append(self.follow)

    async def follow(self, change: Change) -> None:
        """After any change: wake the bots and (re)arm the timer (the room's lock is held)."""
        self.schedule_bots(change.info)
        self.arm_timer(change.info)

    # ---- bots -------------------------------------------------------------

    def schedule_bots(self, info: RoomInfo) -> None:
        """Start the room's bot task if a bot seat is awaited."""
        if info.status != "playing" or info.state is None or info.code in self.bot_tasks:
            return
        if info.rest_since is not None:
            return
        bots = {seat.position for seat in info.seats if seat.is_bot}
        if bots & set(engine.to_act(info.state)):
            self.bot_tasks[info.code] = asyncio.create_task(self._run_bots(info.code))

    async def _run_bots(self, code: str) -> None:
        try:
            while True:
                await asyncio.sleep(self.parts.settings.bot_delay)
                if await self.rest.due(code):
                    self.bot_tasks.pop(code, None)
                    await self._rest(code)
                    return
                await self.budget.take()
                if await self.pipeline.submit(code, BotMove()) is None:
                    self.bot_tasks.pop(code, None)
                    return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot task failed")
            self.bot_tasks.pop(code, None)

    # ---- timers -----------------------------------------------------------

    def arm_timer(self, info: RoomInfo) -> None:
        """Make this process's timer task for the room match its deadline."""
        current = self.timers.get(info.code)
        if current is not None and current[0] == info.deadline:
            return
        if current is not None and current[1] is not asyncio.current_task():
            current[1].cancel()
        self.timers.pop(info.code, None)
        if info.deadline is not None and info.rest_since is None:
            task = asyncio.create_task(self._fire_at(info.code, info.deadline))
            self.timers[info.code] = (info.deadline, task)

    async def _fire_at(self, code: str, deadline: float) -> None:
        try:
            await asyncio.sleep(max(0.0, deadline - time.time()))
            if await self.rest.due(code):
                entry = self.timers.get(code)
                if entry is not None and entry[1] is asyncio.current_task():
                    del self.timers[code]
                await self._rest(code)
                return
            await self.budget.take()
            change = await self.pipeline.submit(code, TimerMove())
            entry = self.timers.get(code)
            if entry is not None and entry[1] is asyncio.current_task():
                del self.timers[code]
            if change is None:
                # Another process fired it (or the deadline moved): follow the stored one.
                async with self.parts.locks[code]:
                    self.arm_timer(await self.parts.memory.info(code))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("timer task failed")

    # ---- resting (app.rooms.rest) -----------------------------------------

    async def _rest(self, code: str) -> None:
        """Nobody is here: the room rests, and this process's timer for it stops (a bot task
        of it finds the room resting at its next move and ends)."""
        await self.rest.rest(code)
        entry = self.timers.pop(code, None)
        if entry is not None and entry[1] is not asyncio.current_task():
            entry[1].cancel()
        if await self.rest.someone_here(code):  # a hello read the room just before it rested
            await self.come_back(code)

    async def come_back(self, code: str, info: RoomInfo | None = None) -> None:
        """Someone connected (`info`: the room as their socket read it): a resting room plays
        on, and this process runs its bots and timer."""
        if info is None or info.rest_since is not None:
            try:
                woke = await self.rest.wake(code)
                info = woke if woke is not None else await self.parts.memory.info(code)
            except RoomError:  # gone meanwhile
                return
        self.adopt(info)

    async def _wake_rooms_back(self) -> None:
        for code in await self.rest.back_meanwhile():
            await self.come_back(code)

    # ---- taking over ------------------------------------------------------

    def adopt(self, info: RoomInfo) -> None:
        """Run the room's awaited bots and its timer in this process too (no-op when already).
        Safe with several processes: every move is a compare-and-set on the room's version."""
        if info.status == "playing":
            self.schedule_bots(info)
            self.arm_timer(info)

    async def resume(self) -> int:
        """After a (re)start: re-arm stored timers and wake bots in running games; then keep
        sweeping, so bots and timers of a process that died are taken over."""
        count = await self.take_over()
        if self.parts.settings.sweep_seconds > 0 and self.sweeper is None:
            self.sweeper = asyncio.create_task(self._sweep())
        return count

    async def take_over(self) -> int:
        """Take over the running rooms that need this now: a timer firing before the next sweep
        or an awaited bot (an indexed query, see app.rooms.lifecycle), not every running room."""
        now = time.time()
        sweep = self.parts.settings.sweep_seconds
        horizon = 2 * sweep if sweep > 0 else None
        store = self.parts.store
        codes = await store.tx(lambda s: due_for_takeover(s, now, horizon))
        for code in codes:
            if code in self.bot_tasks or code in self.timers:
                continue  # already running here
            async with self.parts.locks[code]:
                record = await self.parts.memory.record(code, fresh=True)
                info = await self.parts.memory.info(code)
                self.adopt(info)
                if code not in self.bot_tasks:  # marked as awaiting a bot but none is: clear the mark
                    await store.tx(partial(clear_bot_turn, code=code, version=record.version))
        return len(codes)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.parts.settings.sweep_seconds)
            started = time.perf_counter()
            try:
                await self.take_over()
                for hook in self.sweep_hooks:
                    await hook()
                metrics.sweep_done(time.perf_counter() - started)
            except Exception:
                log.exception("sweep failed")

    async def close(self) -> None:
        if self.sweeper is not None:
            self.sweeper.cancel()
            await asyncio.gather(self.sweeper, return_exceptions=True)
            self.sweeper = None
        tasks = list(self.bot_tasks.values()) + [task for _, task in self.timers.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bot_tasks.clear()
        self.timers.clear()
