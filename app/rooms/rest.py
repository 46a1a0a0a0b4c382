"""Rooms that rest (issue 42): a running game with nobody connected stops playing by itself.

A room of bots whose host went away played on until it ended (600 such rooms, one address's
hourly quota, made ~308 actions/s and slowed a real player's act -> state from 3 ms to 1.2 s).
Now:

- Who counts: anyone with a socket open to the room on any process: a seated player (their
  token hash), a named spectator, or an anonymous one. Anonymous spectators are one presence
  member per process and room, `WATCHING` (app.ws.socket: the first one's hello sets it, the
  last one's close clears it), so a crowd costs one field, and no summary is published for it.
- When it rests: a bot about to move or a timer about to fire (app.rooms.autoplay) first asks
  `due`; once this process has seen nobody connected for `REST_SECONDS` (30 s by default),
  the room is stamped `rest_since` (stored, so it holds on every process and across a
  restart: a bot or a timer never plays in a resting room, app.rooms.pipeline, and the
  periodic take-over does not pick it up, app.rooms.lifecycle). While who is connected
  cannot be trusted (Redis lost its data, or could not be read), a room never rests.
- Resuming: a socket's hello in a resting room (a seated player's or a spectator's) clears
  the stamp and the bots go on. The turn clock restarts: a running timer gets its whole turn
  again from the moment someone is back, so nothing fires at once for time that passed while
  nobody was there.
- Races: right after resting, who is connected is read once more (someone's hello may have
  read the room just before the stamp), and again at the next sweeps for a little while.
- Idle close: unchanged (app.rooms.lifecycle): a running game with no seated player
  connected closes IDLE_ROOM_SECONDS after the last one left, resting or not.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from sqlalchemy.orm import Session

from .errors import RoomError
from .snapshot import RoomInfo, snapshot
from .timers import room_deadline

if TYPE_CHECKING:
    from .parts import Parts

log = logging.getLogger("paddock.rooms")

# The presence member of a process's anonymous spectators of a room.
WATCHING = "watching"
# For how many sweeps after resting a room is checked again for someone connected.
RECHECK_SWEEPS = 2
# A room seen empty this long ago and not asked about since is forgotten (it ended, or rests).
STALE_SECONDS = 600.0


class RoomRest:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        # Rooms this process saw with nobody connected: code -> since when (its clock).
        self.empty_since: dict[str, float] = {}
        # Rooms this process put to rest lately: code -> until when to check them again.
        self.recheck: dict[str, float] = {}

    async def someone_here(self, code: str) -> bool:
        """Anyone connected to the room on any process (True too while that is not known)."""
        publisher = self.parts.publisher
        if publisher.presence.get(code):
            return True
        connected, count = await publisher.connected_counted(code)
        return bool(connected) or count is None or not await publisher.broadcast.presence_settled()

    async def due(self, code: str) -> bool:
        """Whether the room should rest now: nobody connected for REST_SECONDS (as this
        process saw it)."""
        now = self.parts.clock()
        if await self.someone_here(code):
            self.empty_since.pop(code, None)
            return False
        since = self.empty_since.setdefault(code, now)
        return now - since >= self.parts.settings.rest_seconds

    async def rest(self, code: str) -> RoomInfo | None:
        """Stamp the running game as resting (None when it is not running, or rests already)."""
        parts = self.parts
        now = parts.clock()
        self.empty_since.pop(code, None)

        def work(session: Session) -> RoomInfo | None:
            room = parts.store.room(session, code)
            if room.status != "playing" or room.rest_since is not None:
                return None
            room.rest_since = now
            return snapshot(room)

        async with parts.locks[code]:
            try:
                info = await parts.store.tx(work)
            except RoomError:
                return None
            if info is not None:
                await parts.publisher.room(info)  # other processes read it again
        if info is not None:
            log.info("room resting: nobody connected for %g s", parts.settings.rest_seconds)
            self.recheck[code] = time.monotonic() + RECHECK_SWEEPS * max(parts.settings.sweep_seconds, 1.0)
        return info

    async def wake(self, code: str) -> RoomInfo | None:
        """Someone is back: the room plays on, its turn clock restarted (None: it did not rest)."""
        parts = self.parts
        now = parts.clock()
        self.recheck.pop(code, None)

        def work(session: Session) -> RoomInfo | None:
            room = parts.store.room(session, code)
            if room.rest_since is None:
                return None
            room.rest_since = None
            if room.deadline is not None:  # a whole turn from now, not what was left of it
                room.deadline = None
                room.deadline = room_deadline(room, [], now)
            return snapshot(room)

        async with parts.locks[code]:
            info = await parts.store.tx(work)
            if info is not None:
                log.info("room resumed: someone connected")
                await parts.publisher.room(info)
        return info

    async def back_meanwhile(self) -> list[str]:
        """The rooms put to rest lately that someone connected to meanwhile (to wake). Also
        forgets rooms seen empty long ago that no bot or timer asked about since (ended)."""
        stale = self.parts.clock() - max(4 * self.parts.settings.rest_seconds, STALE_SECONDS)
        self.empty_since = {code: since for code, since in self.empty_since.items() if since >= stale}
        now = time.monotonic()
        back = []
        for code, until in list(self.recheck.items()):
            if until < now:
                del self.recheck[code]
            elif await self.someone_here(code):
                back.append(code)
        return back

    def forget(self, code: str) -> None:
        self.empty_since.pop(code, None)
        self.recheck.pop(code, None)
