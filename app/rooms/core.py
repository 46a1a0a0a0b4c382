"""Room plumbing shared by the lobby, play and autoplay parts: transactions, loading, publishing,
and applying one accepted action (new state, version + 1 and its log row, in one transaction)."""

from __future__ import annotations

import asyncio
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

import engine
from app.broadcast import Broadcast
from app.core.config import Settings
from app.models import ActionRow, Room

from .codes import valid_code
from .errors import not_found
from .locks import RoomLocks
from .snapshot import RoomInfo, snapshot
from .summary import public_summary
from .timers import next_deadline, timer_seconds

T = TypeVar("T")


def channel(code: str) -> str:
    return f"room:{code}"


class RoomCore:
    def __init__(self, sessions: sessionmaker[Session], broadcast: Broadcast, settings: Settings) -> None:
        self.sessions = sessions
        self.broadcast = broadcast
        self.settings = settings
        # One lock per room while in use; made-up codes are refused (see app.rooms.locks).
        self.locks = RoomLocks()
        # token hash -> open connections, per room (this process).
        self.presence: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.timers: dict[str, tuple[float, asyncio.Task[None]]] = {}
        self.sweeper: asyncio.Task[None] | None = None

    # ---- plumbing -------------------------------------------------------

    async def _tx(self, work: Callable[[Session], T]) -> T:
        """Run `work` in one transaction on a worker thread (commit on success, roll back on error)."""

        def run() -> T:
            with self.sessions.begin() as session:
                return work(session)

        return await asyncio.to_thread(run)

    @staticmethod
    def _room(session: Session, code: str, lock: bool = True) -> Room:
        if not valid_code(code):
            raise not_found()
        query = select(Room).where(Room.code == code)
        if lock:
            query = query.with_for_update()
        room = session.scalar(query)
        if room is None:
            raise not_found()
        return room

    async def load(self, code: str) -> RoomInfo:
        return await self._tx(lambda s: snapshot(self._room(s, code, lock=False)))

    async def connected(self, code: str) -> set[str]:
        """Token hashes with an open socket to the room, on this process or (Redis) any other."""
        local = {token_hash for token_hash, count in self.presence.get(code, {}).items() if count > 0}
        return await self.broadcast.present(code, local)

    async def summary(self, info: RoomInfo) -> dict[str, Any]:
        return public_summary(info, await self.connected(info.code), time.time())

    async def _publish_room(self, info: RoomInfo) -> None:
        await self.broadcast.publish(
            channel(info.code),
            {
                "kind": "room",
                "summary": await self.summary(info),
                "deadline": info.deadline,
                "seat_of": {s.token_hash: s.position for s in info.seats if s.token_hash},
                "host_hash": (info.host().token_hash if info.host() else None),
            },
        )

    async def _change_lobby(self, code: str, work: Callable[[Session], RoomInfo]) -> RoomInfo:
        """Run a seats/lobby change under the room's lock, then tell the room."""
        async with self.locks[code]:
            info = await self._tx(work)
            await self._publish_room(info)
        return info

    async def _publish_state(self, info: RoomInfo) -> None:
        if info.state is None:
            return
        await self.broadcast.publish(
            channel(info.code), {"kind": "state", "v": info.version, "state": info.state}
        )

    def _apply(self, session: Session, room: Room, seat: int, action: dict[str, Any], source: str) -> None:
        """One accepted action: new state, version + 1, and its log row (same transaction)."""
        room.state = engine.apply(room.state, seat, action)
        room.version += 1
        session.add(ActionRow(room_id=room.id, seq=room.version, seat=seat, action=action, source=source))

    def _finish(self, room: Room, waiting_before: list[int]) -> None:
        if engine.is_over(room.state):
            room.status = "over"
        self._set_deadline(room, waiting_before, time.time())

    def _set_deadline(self, room: Room, waiting_before: list[int], now: float) -> None:
        if room.status != "playing":
            room.deadline = None
            return
        seconds = timer_seconds(room.state, room.turn_seconds)
        room.deadline = next_deadline(seconds, room.deadline, waiting_before, engine.to_act(room.state), now)
