"""The one action pipeline: a player's action, a bot's move and a timer's firing all go
through `Pipeline.submit`.

The walk of one action (under the room's asyncio lock, so a room's actions are decided and
stored one at a time in this process):
1. the room's play record comes from memory (app.rooms.memory; read from the database only
   when this process does not hold it);
2. the move decides what to play against that record (`PlayerMove.plan`, `BotMove.plan`,
   `TimerMove.plan`): a stale act, a seat that may not act, a room not playing is refused
   here, with no database transaction;
3. the engine applies it (`engine.step`: validated once; the new state, its events, who is
   awaited, the end, the rules' timer and every human seat's and the spectators' view, legal
   actions and decision digest, computed once, outside any database thread); the same
   sealed submission again changes nothing and is answered without a write;
4. the new record (version + 1 per action, per-seat decisions, deadline, status) is written
   by compare-and-set on the version the action was decided on (app.rooms.commit: several
   rooms' writes share one transaction); a lost compare-and-set (another process moved the
   room, or the seat changed hands) decides once more, against the winner's change as soon as
   this process hears it (it is published at once), else against the room read again;
5. only once durable: memory holds the new record, the change is published on the room's
   channel (app.rooms.publish), and the bots and the timer follow it (app.rooms.autoplay).
"""

from __future__ import annotations

import dataclasses
import logging
import random
import secrets
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Protocol

import engine
from app import metrics
from engine import EngineError, Outcome

from . import decisions
from .commit import GroupCommit
from .errors import RoomError, StaleVersion
from .locks import RoomLocks
from .memory import RoomMemory
from .play_record import Guard, PlayRecord, action_row
from .publish import Change, Publisher
from .snapshot import snapshot
from .store import RoomStore
from .timers import next_deadline

log = logging.getLogger("paddock.rooms")

TIMER_EVENT = "timer_played"
# A compare-and-set lost to another writer is decided again at most this many times.
ATTEMPTS = 3
# After a lost compare-and-set, how long to wait for the winner's published change before
# reading the room instead (the change usually arrives within a millisecond or two).
HEAR_WINNER_SECONDS = 0.05

Planned = list[tuple[int, dict[str, Any]]]


class Move(Protocol):
    source: str

    # The seat whose holder the write must still match (app.rooms.play_record.Guard).
    def plan(self, room: PlayRecord, now: float) -> Planned | None: ...
    def guard(self, room: PlayRecord, planned: Planned) -> Guard: ...
    # Whether to read the room rather than use memory (`lost`: the last write lost and the
    # winner's change was not heard).
    def fresh(self, lost: bool) -> bool: ...


@dataclass(slots=True)
class PlayerMove:
    """A player's action against version `v` of the room."""

    token_hash: str
    v: int
    action: Any
    claimed_seat: int | None = None
    source: str = "player"

    def plan(self, room: PlayRecord, now: float) -> Planned:
        seat = next((s for s in room.seats if s.token_hash == self.token_hash), None)
        if seat is None:
            raise RoomError("no_seat", "You no longer hold a seat in this room.", 403)
        if seat.is_bot:  # marked away, or the players voted to let bots finish
            raise RoomError("bot_plays", "A bot plays your seat now; say you are back to play it again.", 409)
        if self.claimed_seat is not None and self.claimed_seat != seat.position:
            raise RoomError("not_your_seat", "You can only act for your own seat.", 403)
        if room.status == "lobby":
            raise RoomError("not_started", "The game has not started yet.", 409)
        if room.status == "over":
            raise EngineError(engine.errors.GAME_OVER, "The game is over.")
        if room.status != "playing":
            raise RoomError("closed", "This room is closed.", 409)
        if decisions.is_stale(room.decisions, seat.position, self.v, room.version):
            raise StaleVersion(room.version)
        return [(seat.position, self.action)]

    def guard(self, room: PlayRecord, planned: Planned) -> Guard:
        return Guard("player", planned[0][0], self.token_hash)

    def fresh(self, lost: bool) -> bool:
        return lost


@dataclass(slots=True)
class BotMove:
    """The first awaited bot seat's move (its bot decides from its own view only)."""

    source: str = "bot"

    def plan(self, room: PlayRecord, now: float) -> Planned | None:
        if room.status != "playing" or room.state is None or room.rest_since is not None:
            return None  # (a resting room's bots wait for someone to connect: app.rooms.rest)
        waiting = awaited(room)
        bots = [seat.position for seat in room.seats if seat.is_bot and seat.position in waiting]
        if not bots:
            return None
        seat = bots[0]
        try:
            action = engine.bot_action(room.state, seat, random.Random(secrets.randbits(64)))
        except Exception:  # a faulty bot must not stall the table: play its first legal action
            log.exception("bot of %s failed; playing its first legal action", room.game)
            action = engine.legal_actions(room.state, seat)[0]
        return None if action is None else [(seat, action)]

    def guard(self, room: PlayRecord, planned: Planned) -> Guard:
        return Guard("bot", planned[0][0])

    def fresh(self, lost: bool) -> bool:
        return lost


@dataclass(slots=True)
class TimerMove:
    """The timer fired: every awaited seat gets the engine's timeout action (PIP-18)."""

    source: str = "timer"

    def plan(self, room: PlayRecord, now: float) -> Planned | None:
        # Against the stored deadline: when several processes wait for the same one, the
        # first fires and moves it, the others find it in the future and do nothing.
        if room.status != "playing" or room.deadline is None or room.deadline > now + 0.05:
            return None
        if room.rest_since is not None:  # a resting room's timer waits (app.rooms.rest)
            return None
        assert room.state is not None, "a playing room has a state"
        rng = random.Random(secrets.randbits(64))
        planned: Planned = []
        for seat in awaited(room):
            action = engine.timeout_action(room.state, seat, rng)
            if action is not None:
                planned.append((seat, action))
        return planned or None

    def guard(self, room: PlayRecord, planned: Planned) -> Guard:
        return Guard()

    def fresh(self, lost: bool) -> bool:
        return True  # the deadline may have moved elsewhere without a new version: read it


def awaited(room: PlayRecord) -> list[int]:
    """The seats the room's game awaits (known with the record, else asked once)."""
    if room.awaited is None:
        room.awaited = engine.to_act(room.state) if room.state is not None else []
    return room.awaited


class Pipeline:
    def __init__(
        self,
        store: RoomStore,
        memory: RoomMemory,
        commits: GroupCommit,
        publisher: Publisher,
        locks: RoomLocks,
    ) -> None:
        self.store = store
        self.memory = memory
        self.commits = commits
        self.publisher = publisher
        self.locks = locks
        # Called with every accepted change while the room's lock is held (bots, timers).
        self.followers: list[Callable[[Change], Coroutine[Any, Any, None]]] = []

    async def submit(self, code: str, move: Move) -> Change | None:
        """Decide, apply, store and publish one move. Returns the change (no new version when
        it changed nothing), or None when the move had nothing to do (a bot or timer that
        found the room moved on). A player's refusal raises RoomError / StaleVersion /
        EngineError and changes nothing."""
        arrived = time.perf_counter()
        async with self.locks[code]:
            change = await self._decide_and_store(code, move)
            if change is None:
                return None
            if change.actors:
                seconds = time.perf_counter() - arrived if move.source == "player" else None
                metrics.actions_committed(code, change.first, change.actors, move.source, seconds)
                await self.publisher.change(change)
                for follow in self.followers:
                    await follow(change)
        return change

    async def _decide_and_store(self, code: str, move: Move) -> Change | None:
        lost = False
        for _ in range(ATTEMPTS):
            generation = self.memory.generation(code)
            room = await self.memory.record(code, fresh=move.fresh(lost))
            if isinstance(move, PlayerMove) and move.v > room.version and not move.fresh(lost):
                # The client saw a newer version than memory holds (another process moved the
                # room): read it before deciding.
                room = await self.memory.record(code, fresh=True)
                generation = self.memory.generation(code)
            now = time.time()
            planned = move.plan(room, now)
            if not planned:
                return None
            stepped = self._apply(room, planned, move.source, now)
            if stepped is None:
                return Change(info=await self.memory.info(code), first=room.version)
            record, change = stepped
            if await self.commits.write(record, room.version, move.guard(room, planned)):
                self.memory.keep(record, generation, written=True)
                if record.status == "over":
                    change.full_log = await self.store.log(record.id)
                return change
            # Another writer got there first: decide again against its change once heard,
            # else against the room read again.
            lost = await self.memory.newer(code, room.version, HEAR_WINNER_SECONDS) is None
            if lost:
                self.memory.forget(code)
            metrics.cas_lost("heard" if not lost else "read")
            log.info("room %s moved under a %s move; deciding again", code, move.source)
        if isinstance(move, PlayerMove):
            raise StaleVersion((await self.memory.record(code)).version)
        return None

    def _apply(
        self, room: PlayRecord, planned: Planned, source: str, now: float
    ) -> tuple[PlayRecord, Change] | None:
        """The record after the planned actions (None: a player's action changed nothing)."""
        assert room.state is not None, "a playing room has a state"
        bots = {seat.position for seat in room.seats if seat.is_bot}
        audiences: list[int | None] = [s.position for s in room.seats if not s.is_bot]
        audiences.append(None)
        state = room.state
        version = room.version
        rows: list[dict[str, Any]] = []
        events: list[dict[str, Any]] = []
        actors: list[int] = []
        outcome: Outcome | None = None
        for index, (seat, action) in enumerate(planned):
            last = index == len(planned) - 1
            try:
                outcome = engine.step(state, seat, action, audiences if last else ())
            except EngineError as exc:
                if source == "player":
                    raise
                log.warning("%s action refused: %s", source, exc.code)
                continue
            if not outcome.changed and source == "player":
                return None
            added = (
                [{"e": TIMER_EVENT, "seat": seat}, *outcome.events] if source == "timer" else outcome.events
            )
            state = outcome.state
            version += 1
            rows.append(action_row(room.id, version, seat, outcome.action or action, source, added))
            events += added
            actors.append(seat)
        if not actors:
            return None
        assert outcome is not None
        if outcome.state is not state or not outcome.sights:  # the last action was refused
            outcome = engine.observe(state, audiences)
        status = "over" if outcome.over else room.status
        seconds = outcome.timer_seconds or (float(room.turn_seconds) if room.turn_seconds else None)
        if status != "playing":
            deadline = None
        elif source == "timer":
            deadline = next_deadline(seconds, None, [], outcome.to_act, now)
        else:
            deadline = next_deadline(seconds, room.deadline, awaited(room), outcome.to_act, now)
        digests = {a: sight.digest for a, sight in outcome.sights.items() if a is not None}
        record = dataclasses.replace(
            room,
            state=state,
            version=version,
            status=status,
            deadline=deadline,
            decisions=decisions.update(room.decisions, state["seats"], version, actors, bots, digests),
            new_actions=rows,
            awaited=outcome.to_act,
        )
        change = Change(
            info=snapshot(record),
            first=room.version,
            events=events,
            summary_changed=status != room.status,
            sights={a: (sight.view, sight.actions) for a, sight in outcome.sights.items()},
            actors=actors,
            decisions=record.decisions,
        )
        return record, change
