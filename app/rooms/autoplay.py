"""Bots and timers: bots act for bot seats after a short delay; a stored deadline fires the
engine's timeout action (PIP-18). Re-armed at start-up, when a socket says hello, and by a
periodic sweep; with several processes each step runs under the room's row lock against the
stored state and deadline, so a timer fires once and a bot moves once per version."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from functools import partial

from sqlalchemy import Connection

import engine
from app import metrics
from engine import EngineError

from . import play_record
from .core import Change, RoomCore
from .lifecycle import clear_bot_turn, due_for_takeover
from .snapshot import RoomInfo

log = logging.getLogger("paddock.rooms")


class Autoplay(RoomCore):
    def _schedule_bots(self, info: RoomInfo) -> None:
        """Start the room's bot task if a bot seat is awaited (call with the room's lock held)."""
        if info.status != "playing" or info.state is None or info.code in self.bot_tasks:
            return
        bots = {seat.position for seat in info.seats if seat.is_bot}
        if bots & set(engine.to_act(info.state)):
            self.bot_tasks[info.code] = asyncio.create_task(self._run_bots(info.code))

    async def _run_bots(self, code: str) -> None:
        try:
            while True:
                await asyncio.sleep(self.settings.bot_delay)
                async with self.locks[code]:
                    change = await self._tx_play(lambda c: self._bot_step(c, code))
                    if change is None:
                        self.bot_tasks.pop(code, None)
                        return
                    metrics.actions_committed(code, change.first, change.actors, "bot")
                    await self._publish_change(change)
                    self._arm_timer(change.info)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot task failed")
            self.bot_tasks.pop(code, None)

    def _bot_step(self, conn: Connection, code: str) -> Change | None:
        """One bot action, if a bot seat is awaited; None when no bot has anything to do."""
        room = play_record.load(conn, code)
        if room.status != "playing" or room.state is None:
            return None
        waiting = engine.to_act(room.state)
        bots = [seat.position for seat in room.seats if seat.is_bot and seat.position in waiting]
        if not bots:
            return None
        seat = bots[0]
        before = self._begin(room)
        try:
            action = engine.bot_action(room.state, seat, random.Random(secrets.randbits(64)))
            if action is None:
                return None
            events = self._apply(room, seat, action, "bot")
        except Exception:  # a faulty bot must not stall the table: play the first legal action
            log.exception("bot of %s failed; playing its first legal action", room.game)
            events = self._apply(room, seat, engine.legal_actions(room.state, seat)[0], "bot")
        self._finish(room, waiting)
        return self._change(conn, room, before, events, [seat])

    # ---- timers ---------------------------------------------------------

    def _arm_timer(self, info: RoomInfo) -> None:
        """Make this process's timer task for the room match the stored deadline."""
        current = self.timers.get(info.code)
        if current is not None and current[0] == info.deadline:
            return
        if current is not None and current[1] is not asyncio.current_task():
            current[1].cancel()
        self.timers.pop(info.code, None)
        if info.deadline is not None:
            task = asyncio.create_task(self._fire_at(info.code, info.deadline))
            self.timers[info.code] = (info.deadline, task)

    async def _fire_at(self, code: str, deadline: float) -> None:
        try:
            await asyncio.sleep(max(0.0, deadline - time.time()))
            async with self.locks[code]:
                change = await self._tx_play(lambda c: self._timeout_step(c, code))
                entry = self.timers.get(code)
                if entry is not None and entry[1] is asyncio.current_task():
                    del self.timers[code]
                if change is not None:
                    metrics.actions_committed(code, change.first, change.actors, "timer")
                    await self._after_change(change)
                else:
                    # Another process fired it (or the deadline moved): follow the stored one.
                    self._arm_timer(await self.load(code))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("timer task failed")

    def _timeout_step(self, conn: Connection, code: str) -> Change | None:
        """The timer fired: every awaited seat gets the engine's timeout action (PIP-18)."""
        room = play_record.load(conn, code)
        now = time.time()
        # Checked under the row lock: when several processes wait for the same deadline,
        # the first one fires and moves it, the others find it in the future and do nothing.
        if room.status != "playing" or room.deadline is None or room.deadline > now + 0.05:
            return None
        assert room.state is not None, "a playing room has a state"
        waiting = engine.to_act(room.state)
        rng = random.Random(secrets.randbits(64))
        before = self._begin(room)
        events: list[dict[str, object]] = []
        actors: list[int] = []
        for seat in waiting:
            action = engine.timeout_action(room.state, seat, rng)
            if action is None:
                continue
            try:
                events += self._apply(room, seat, action, "timer")
                actors.append(seat)
            except EngineError as exc:
                log.warning("timeout action refused: %s", exc.code)
        if engine.is_over(room.state):
            room.status = "over"
            room.deadline = None
        else:
            room.deadline = None
            self._set_deadline(room, [], now)
        return self._change(conn, room, before, events, actors)

    def adopt(self, info: RoomInfo) -> None:
        """Run the room's awaited bots and its timer in this process too (no-op when already).

        Safe with several processes: every bot step and timer firing takes the room's row
        lock and works on the stored state, so one action per version is applied, never two.
        """
        if info.status == "playing":
            self._schedule_bots(info)
            self._arm_timer(info)

    async def resume(self) -> int:
        """After a (re)start: re-arm stored timers and wake bots in running games; then keep
        sweeping, so bots and timers of a process that died are taken over."""
        count = await self._adopt_playing()
        if self.settings.sweep_seconds > 0 and self.sweeper is None:
            self.sweeper = asyncio.create_task(self._sweep())
        return count

    async def _adopt_playing(self) -> int:
        """Take over the running rooms that need this now: a timer firing before the next sweep
        or an awaited bot (an indexed query, see app.rooms.lifecycle), not every running room."""
        now = time.time()
        horizon = 2 * self.settings.sweep_seconds if self.settings.sweep_seconds > 0 else None
        codes = await self._tx(lambda s: due_for_takeover(s, now, horizon))
        for code in codes:
            if code in self.bot_tasks or code in self.timers:
                continue  # already running here
            async with self.locks[code]:
                info = await self.load(code)
                self.adopt(info)
                if code not in self.bot_tasks:  # marked as awaiting a bot but none is: clear the mark
                    await self._tx(partial(clear_bot_turn, code=code, version=info.version))
        return len(codes)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            started = time.perf_counter()
            try:
                await self._adopt_playing()
                await self.sweep_lifecycle()
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
        if self.db_thread is not None:
            self.db_thread.shutdown(wait=False)
