"""Live odds of a room (engine.odds), computed once per room and version in this process.

The estimate is CPU work (a fixed number of playouts, see engine/odds): it runs in worker
processes (`ODDS_WORKERS`, default 1) at a low priority, never on the event loop, so frames
are not delayed by it. Per room at most one estimate runs; versions that arrive meanwhile
are not queued: when it ends, only the newest version asked for is computed next (under
load a room skips versions). The newest result per room is cached for every reader: the
HTTP route and every socket watching the room in this process.

Who watches is the sockets' business (app.ws.socket: spectators, and players when the host
turned "odds for players" on); they subscribe here and ask for each version they show. With
several processes each computes for its own watchers: the numbers depend on the public
record only, so every process shows the same ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from typing import Any

from engine.odds import estimate

from .errors import RoomError
from .odds_history import history
from .snapshot import RoomInfo

log = logging.getLogger("paddock.rooms")

State = dict[str, Any]
Listener = Callable[[dict[str, Any]], None]
# Rooms whose newest odds are kept (least recently computed dropped first).
CACHED_ROOMS = 2048
# Finished rooms whose chart (app.rooms.odds_history) is kept.
HISTORIES = 16
# Worker processes run this much nicer than the server (frames first).
NICENESS = 10
# How often a worker checks that the server that started it still runs.
PARENT_CHECK_SECONDS = 1.0


def compute(state: State) -> dict[str, float] | None:
    """In a worker process: each contender's chance to win (engine.odds.estimate), or None
    when it cannot be worked out (e.g. a game only the server process registered). Never
    raises: an exception that does not pickle would break the whole pool."""
    try:
        return estimate(state).chances
    except Exception:  # noqa: BLE001 - reported to the server as None
        log.warning("live odds failed in a worker", exc_info=True)
        return None


def _start_worker(parent: int) -> None:
    """A worker's start: a low priority, and an end with its server. A worker learns of a
    server that stopped normally from the pool, but not of one that was killed (SIGKILL, the
    OOM killer): it holds its own end of the task pipe and would wait on it for ever, so it
    watches for its parent to change."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICENESS)
    threading.Thread(target=_end_with, args=(parent,), name="odds-parent-watch", daemon=True).start()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def labels(info: RoomInfo) -> dict[str, str]:
    """Each contender's name: the players' seat names (public, in the room summary)."""
    return {str(seat.position): seat.name for seat in info.seats}


class OddsDesk:
    def __init__(self, workers: int, executor: Executor | None = None) -> None:
        self.workers = workers
        self.executor = executor
        self.latest: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.wanted: dict[str, tuple[int, State, dict[str, str]]] = {}
        self.running: dict[str, asyncio.Task[None]] = {}
        self.waiting: dict[str, list[tuple[int, asyncio.Future[dict[str, Any]]]]] = {}
        self.listeners: dict[str, set[Listener]] = {}
        self.histories: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()

    @property
    def enabled(self) -> bool:
        return self.workers > 0 or self.executor is not None

    def _executor(self) -> Executor:
        if self.executor is None:
            self.executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(os.getpid(),),
            )
        return self.executor

    # ---- readers ------------------------------------------------------------

    def cached(self, code: str, v: int | None = None) -> dict[str, Any] | None:
        """The newest odds of the room (of version `v` or newer when given), if computed."""
        have = self.latest.get(code)
        return have if have is not None and (v is None or have["v"] >= v) else None

    async def current(self, info: RoomInfo) -> dict[str, Any]:
        """The odds of the room's version in `info`: the cached ones, or computed now."""
        if not self.enabled:
            raise RoomError("odds_off", "Live odds are turned off on this server.", 409)
        if info.state is None:
            raise RoomError("not_started", "The game has not started yet.", 409)
        have = self.cached(info.code, info.version)
        if have is not None:
            return have
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(info.code, []).append((info.version, future))
        self.want(info.code, info.version, info.state, labels(info))
        return await future

    async def history(
        self, info: RoomInfo, action_log: Callable[[str], Awaitable[tuple[RoomInfo, list[dict[str, Any]]]]]
    ) -> dict[str, Any]:
        """A finished room's chances step by step (app.rooms.odds_history), computed once."""
        if not self.enabled:
            raise RoomError("odds_off", "Live odds are turned off on this server.", 409)
        key = (info.code, info.version)
        found = self.histories.get(key)
        if found is None:
            info, rows = await action_log(info.code)
            args = (info.game, info.options, len(info.seats), info.seed, rows)
            try:
                points = await asyncio.get_running_loop().run_in_executor(self._executor(), history, *args)
            except BrokenExecutor:
                self.executor = None
                points = None
            if points is None:
                raise RoomError("odds_failed", "The odds could not be worked out; please try again.", 503)
            found = {"steps": len(rows), "points": points, "labels": labels(info)}
            self.histories[key] = found
            while len(self.histories) > HISTORIES:
                self.histories.popitem(last=False)
        self.histories.move_to_end(key)
        return found

    def subscribe(self, code: str, listener: Listener) -> None:
        self.listeners.setdefault(code, set()).add(listener)

    def unsubscribe(self, code: str, listener: Listener) -> None:
        listeners = self.listeners.get(code)
        if listeners is not None:
            listeners.discard(listener)
            if not listeners:
                del self.listeners[code]

    # ---- computing ----------------------------------------------------------

    def want(self, code: str, v: int, state: State | None, names: dict[str, str]) -> None:
        """Ask for the odds of version `v` of the room without waiting for them (`names`: the
        contenders' labels)."""
        if not self.enabled or state is None or self.cached(code, v) is not None:
            return
        queued = self.wanted.get(code)
        if queued is not None and queued[0] >= v:
            return
        self.wanted[code] = (v, state, names)
        if code not in self.running:
            self.running[code] = asyncio.create_task(self._run(code))

    async def _run(self, code: str) -> None:
        loop = asyncio.get_running_loop()
        try:
            while (job := self.wanted.pop(code, None)) is not None:
                v, state, names = job
                try:
                    chances = await loop.run_in_executor(self._executor(), compute, state)
                except BrokenExecutor:
                    log.exception("the live-odds workers stopped; starting new ones")
                    self.executor = None
                    chances = None
                if chances is None:
                    self._fail(code, v)
                    continue
                self._store(code, {"v": v, "chances": chances, "labels": names})
        finally:
            self.running.pop(code, None)

    def _store(self, code: str, odds: dict[str, Any]) -> None:
        have = self.latest.get(code)
        if have is None or have["v"] < odds["v"]:
            self.latest[code] = odds
            self.latest.move_to_end(code)
            while len(self.latest) > CACHED_ROOMS:
                self.latest.popitem(last=False)
            for listener in list(self.listeners.get(code, ())):
                listener(odds)
        newest = self.latest[code]
        waiting = self.waiting.pop(code, [])
        still = [(v, f) for v, f in waiting if v > newest["v"] and not f.done()]
        for v, future in waiting:
            if v <= newest["v"] and not future.done():
                future.set_result(newest)
        if still:
            self.waiting[code] = still

    def _fail(self, code: str, v: int) -> None:
        waiting = self.waiting.pop(code, [])
        failed = RoomError("odds_failed", "The odds could not be worked out; please try again.", 503)
        for wanted_v, future in waiting:
            if wanted_v <= v and not future.done():
                future.set_exception(failed)
        still = [(w, f) for w, f in waiting if w > v and not f.done()]
        if still:
            self.waiting[code] = still

    def close(self) -> None:
        for task in self.running.values():
            task.cancel()
        if isinstance(self.executor, ProcessPoolExecutor):
            self.executor.shutdown(wait=False, cancel_futures=True)
        self.executor = None
