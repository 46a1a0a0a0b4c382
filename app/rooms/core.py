"""Room plumbing shared by the lobby, play and autoplay parts: transactions, loading, publishing,
and applying one accepted action (new state, version + 1 and its log row with the events it
added, in one transaction).

What a change publishes on the room's channel (once, whatever the number of sockets):
- `{"kind": "state", "from": F, "v": V, "state": …, "events": [...], "log": [...]|None}`: the
  room moved from version F to V (one action, or several when a timer plays for several
  seats); `events` are the log events those actions added; `log` is the whole log, sent only
  at the end (when the private events are revealed in their places). Each process turns it
  into one frame per audience (app.ws.frames).
- `{"kind": "room", ...}`: the public summary, only when something in it changed (seats,
  presence, status, deadline), never merely because the version moved.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Connection, Engine, select
from sqlalchemy.orm import Session, sessionmaker

import engine
from app.broadcast import Broadcast
from app.core.config import Settings
from app.models import Room

from . import decisions, play_record
from .codes import valid_code
from .errors import not_found
from .locks import RoomLocks
from .play_record import PlayRecord
from .snapshot import RoomInfo, snapshot
from .summary import public_summary
from .timers import next_deadline, timer_seconds

T = TypeVar("T")


def channel(code: str) -> str:
    return f"room:{code}"


TIMER_EVENT = "timer_played"


@dataclass
class Change:
    """What one transaction did to a room: versions `first`..`info.version`, the events the
    actions added, and whether the public summary changed with it."""

    info: RoomInfo
    first: int
    events: list[dict[str, Any]] = field(default_factory=list)
    summary_changed: bool = False
    full_log: list[dict[str, Any]] | None = None
    # Each human seat's and the spectators' (None) view without log and legal actions at the
    # new version, computed once for the per-seat decisions; this process's frames reuse them.
    sights: dict[int | None, decisions.SeatSight] = field(default_factory=dict)
    # The seat of each action, in order (app.metrics counts and logs them).
    actors: list[int] = field(default_factory=list)


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
        bind = sessions.kw.get("bind")
        assert isinstance(bind, Engine), "sessions are bound to one engine"
        self.engine = bind
        # Transactions run on a few database threads of their own. SQLite has one writer at a
        # time and every transaction here takes the write lock: one thread queues them in
        # order, instead of threads sleeping in SQLite's busy handler (which made latency jump
        # by tens of ms under load). A server database gets DB_THREADS: each transaction is a
        # few short round trips, and more threads than that only fight over the GIL.
        threads = 1 if bind.dialect.name == "sqlite" else max(1, settings.db_threads)
        self.db_thread = ThreadPoolExecutor(threads, thread_name_prefix="db")

    if TYPE_CHECKING:
        # Provided by the parts that RoomService combines (play, autoplay, seats): declared
        # here so that each part type-checks on its own.
        def _schedule_bots(self, info: RoomInfo) -> None: ...
        def _arm_timer(self, info: RoomInfo) -> None: ...
        async def _after_change(self, change: Change) -> None: ...
        async def resolve(self, code: str, token: str) -> tuple[str, RoomInfo]: ...
        async def disconnect(self, code: str, token_hash: str) -> None: ...
        async def action_log(self, code: str) -> tuple[RoomInfo, list[dict[str, Any]]]: ...
        async def touch(self, code: str, now: float | None = None) -> None: ...
        async def sweep_lifecycle(self, now: float | None = None) -> dict[str, int]: ...

    # ---- plumbing -------------------------------------------------------

    async def _tx(self, work: Callable[[Session], T]) -> T:
        """Run `work` in one transaction on a worker thread (commit on success, roll back on error)."""

        def run() -> T:
            with self.sessions.begin() as session:
                return work(session)

        return await asyncio.get_running_loop().run_in_executor(self.db_thread, run)

    async def _tx_play(self, work: Callable[[Connection], T]) -> T:
        """Like `_tx`, on a plain connection: the play path (app.rooms.play_record) uses Core."""

        def run() -> T:
            with self.engine.begin() as conn:
                return work(conn)

        return await asyncio.get_running_loop().run_in_executor(self.db_thread, run)

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
        return await self._tx_play(lambda c: snapshot(play_record.load(c, code, lock=False)))

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
                "host_hash": host.token_hash if (host := info.host()) else None,
            },
        )

    async def _change_lobby(self, code: str, work: Callable[[Session], RoomInfo]) -> RoomInfo:
        """Run a seats/lobby change under the room's lock, then tell the room."""
        async with self.locks[code]:
            info = await self._tx(work)
            await self._publish_room(info)
        return info

    async def _publish_state(self, change: Change) -> None:
        info = change.info
        if info.state is None or info.version == change.first:
            return
        await self.broadcast.publish(
            channel(info.code),
            {
                "kind": "state",
                "from": change.first,
                "v": info.version,
                "state": info.state,
                "events": change.events,
                "log": change.full_log,
                # Local only (a shared backend sends what is JSON and drops "_" keys).
                "_sights": change.sights,
                # When it was committed: the socket measures the fan-out (app.metrics).
                "at": time.time(),
            },
        )

    async def _publish_change(self, change: Change) -> None:
        if change.summary_changed:
            await self._publish_room(change.info)
        await self._publish_state(change)

    def _apply(
        self,
        room: PlayRecord,
        seat: int,
        action: dict[str, Any],
        source: str,
        stepped: tuple[dict[str, Any], list[dict[str, Any]]] | None = None,
    ) -> list[dict[str, Any]]:
        """One accepted action: new state, version + 1, and its log row with the events it
        added (written with the room by `_change`). Returns those events. `stepped`:
        engine.step's result when the caller already has it."""
        assert room.state is not None, "a started room has a state"
        state, events = stepped or engine.step(room.state, seat, action)
        if source == "timer":
            # Said in the log: the timer, not the player, chose this action.
            events = [{"e": TIMER_EVENT, "seat": seat}, *events]
        room.state = state
        room.version += 1
        room.add_action(seat, action, source, events)
        return events

    def _begin(self, room: PlayRecord) -> tuple[int, str, float | None]:
        """What a change is compared against: version, status and deadline before it."""
        return room.version, room.status, room.deadline

    def _change(
        self,
        conn: Connection,
        room: PlayRecord,
        before: tuple[int, str, float | None],
        events: list[dict[str, Any]],
        actors: list[int],
    ) -> Change:
        """After the actions of one transaction: per-seat decisions, the room and its new
        action rows written, the full log at the end, and whether the summary changed
        (status or deadline)."""
        first, status, deadline = before
        sights: dict[int | None, decisions.SeatSight] = {}
        if room.version != first:
            bots = {seat.position for seat in room.seats if seat.is_bot}
            state = room.state
            assert state is not None, "a started room has a state"
            # Every human seat's view and legal actions, and the spectators' view, computed
            # once (the game's public part once for all of them): the decisions need the
            # seats', this process's frames use them all.
            audiences = [seat.position for seat in room.seats if not seat.is_bot]
            seen = engine.views(state, [*audiences, None])
            for audience, audience_view in seen.items():
                sights[audience] = (audience_view, engine.legal_actions(state, audience))
            room.decisions = decisions.update(
                room.decisions, state, room.version, actors, bots, sights.__getitem__
            )
        play_record.save(conn, room, time.time())
        over_now = room.status == "over" and status != "over"
        return Change(
            info=snapshot(room),
            first=first,
            events=events,
            summary_changed=room.status != status or room.deadline != deadline,
            full_log=play_record.events(conn, room.id) if over_now else None,
            sights=sights,
            actors=actors if room.version != first else [],
        )

    def _finish(self, room: PlayRecord, waiting_before: list[int]) -> None:
        assert room.state is not None, "a started room has a state"
        if engine.is_over(room.state):
            room.status = "over"
        self._set_deadline(room, waiting_before, time.time())

    def _set_deadline(self, room: Room | PlayRecord, waiting_before: list[int], now: float) -> None:
        if room.status != "playing":
            room.deadline = None
            return
        assert room.state is not None, "a playing room has a state"
        seconds = timer_seconds(room.state, room.turn_seconds)
        room.deadline = next_deadline(seconds, room.deadline, waiting_before, engine.to_act(room.state), now)
