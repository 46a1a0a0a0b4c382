"""The room service: the only place that changes rooms.

Every change takes the room's lock (an asyncio lock in this process, plus the
row lock `SELECT ... FOR UPDATE` on PostgreSQL / `BEGIN IMMEDIATE` on SQLite
across processes), calls the engine, stores the new state, version and the
action-log rows in ONE transaction, and only then publishes to the room's
channel. Sockets and HTTP routes call these methods and know no rules.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

import engine
from app.broadcast import Broadcast
from app.core.config import Settings
from app.models import ActionRow, Room, Seat
from engine import EngineError
from engine.options import validate_options

from .errors import RoomError, StaleVersion, bad_token, not_found, not_host
from .names import clean_name
from .snapshot import RoomInfo, hash_token, snapshot
from .summary import public_summary
from .timers import next_deadline, timer_seconds

log = logging.getLogger("paddock.rooms")
T = TypeVar("T")

MAX_SEED = 2**63 - 1
MAX_TURN_SECONDS = 24 * 3600


def channel(code: str) -> str:
    return f"room:{code}"


class RoomService:
    def __init__(self, sessions: sessionmaker[Session], broadcast: Broadcast, settings: Settings) -> None:
        self.sessions = sessions
        self.broadcast = broadcast
        self.settings = settings
        self.locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        # token hash -> open connections, per room (this process).
        self.presence: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.timers: dict[str, tuple[float, asyncio.Task[None]]] = {}

    # ---- plumbing -------------------------------------------------------

    async def _tx(self, work: Callable[[Session], T]) -> T:
        """Run `work` in one transaction on a worker thread (commit on success, roll back on error)."""

        def run() -> T:
            with self.sessions.begin() as session:
                return work(session)

        return await asyncio.to_thread(run)

    @staticmethod
    def _room(session: Session, code: str, lock: bool = True) -> Room:
        query = select(Room).where(Room.code == code)
        if lock:
            query = query.with_for_update()
        room = session.scalar(query)
        if room is None:
            raise not_found()
        return room

    async def load(self, code: str) -> RoomInfo:
        return await self._tx(lambda s: snapshot(self._room(s, code, lock=False)))

    def connected(self, code: str) -> set[str]:
        return {token_hash for token_hash, count in self.presence[code].items() if count > 0}

    def summary(self, info: RoomInfo) -> dict[str, Any]:
        return public_summary(info, self.connected(info.code), time.time())

    async def _publish_room(self, info: RoomInfo) -> None:
        await self.broadcast.publish(
            channel(info.code),
            {
                "kind": "room",
                "summary": self.summary(info),
                "deadline": info.deadline,
                "seat_of": {s.token_hash: s.position for s in info.seats if s.token_hash},
                "host_hash": (info.host().token_hash if info.host() else None),
            },
        )

    async def _publish_state(self, info: RoomInfo) -> None:
        if info.state is None:
            return
        await self.broadcast.publish(
            channel(info.code), {"kind": "state", "v": info.version, "state": info.state}
        )

    # ---- lobby ----------------------------------------------------------

    async def create_room(
        self, game_id: str, options: dict[str, Any] | None, name: Any, turn_seconds: Any = None
    ) -> tuple[str, str, int]:
        """A new room in the lobby; its creator is the host in seat 0. Returns (code, token, seat)."""
        game = engine.get_game(game_id)
        if options is not None and not isinstance(options, dict):
            raise RoomError("bad_options", "Options must be a set of named values.")
        game_options = dict(options or {})
        seeded = "seed" in game_options
        seed = game_options.pop("seed") if seeded else secrets.randbelow(MAX_SEED)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise RoomError("bad_options", "The seed must be a whole number from 0 to 2^63-1.", option="seed")
        validated = validate_options(game.options, game_options, game.title)
        seconds = _turn_seconds(turn_seconds)
        player_name = clean_name(name, "Player 1")
        code = secrets.token_urlsafe(12)
        token = secrets.token_urlsafe(32)

        def work(session: Session) -> None:
            room = Room(
                code=code,
                game=game.id,
                options=validated,
                seed=seed,
                seeded=seeded,
                status="lobby",
                version=0,
                state=None,
                turn_seconds=seconds,
                deadline=None,
            )
            room.seats.append(
                Seat(
                    position=0,
                    name=player_name,
                    token_hash=hash_token(token),
                    is_host=True,
                    is_bot=False,
                    has_left=False,
                )
            )
            session.add(room)

        await self._tx(work)
        log.info("room created game=%s", game.id)
        return code, token, 0

    async def join(self, code: str, name: Any) -> tuple[str, int]:
        """A new seat before the start. Returns (token, seat)."""
        token = secrets.token_urlsafe(32)

        def work(session: Session) -> tuple[int, RoomInfo]:
            room = self._room(session, code)
            _require_lobby(room)
            game = engine.get_game(room.game)
            if len(room.seats) >= game.max_seats:
                raise RoomError(
                    "room_full", f"This room is full ({game.max_seats} seats).", 409, max=game.max_seats
                )
            position = len(room.seats)
            player_name = clean_name(name, f"Player {position + 1}")
            room.seats.append(
                Seat(
                    position=position,
                    name=player_name,
                    token_hash=hash_token(token),
                    is_bot=False,
                    is_host=False,
                    has_left=False,
                )
            )
            session.flush()
            return position, snapshot(room)

        async with self.locks[code]:
            position, info = await self._tx(work)
            await self._publish_room(info)
        return token, position

    async def add_bots(self, code: str, token: str | None, count: Any) -> RoomInfo:
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise RoomError("bad_request", "Say how many bots to add: a whole number of at least 1.")

        def work(session: Session) -> RoomInfo:
            room = self._room(session, code)
            _require_host(room, token)
            _require_lobby(room)
            game = engine.get_game(room.game)
            if len(room.seats) + count > game.max_seats:
                free = game.max_seats - len(room.seats)
                raise RoomError("room_full", f"Only {free} more seat(s) fit in this room.", 409, free=free)
            taken = {seat.name for seat in room.seats}
            number = 1
            for _ in range(count):
                while f"Bot {number}" in taken:
                    number += 1
                taken.add(f"Bot {number}")
                room.seats.append(
                    Seat(
                        position=len(room.seats),
                        name=f"Bot {number}",
                        token_hash=None,
                        is_bot=True,
                        is_host=False,
                        has_left=False,
                    )
                )
            session.flush()
            return snapshot(room)

        async with self.locks[code]:
            info = await self._tx(work)
            await self._publish_room(info)
        return info

    async def remove_bot(self, code: str, token: str | None, position: int) -> RoomInfo:
        def work(session: Session) -> RoomInfo:
            room = self._room(session, code)
            _require_host(room, token)
            _require_lobby(room)
            seat = _seat_at(room, position)
            if not seat.is_bot:
                raise RoomError(
                    "not_a_bot", "Only bot seats can be removed; players leave by themselves.", 409
                )
            _remove_seat(session, room, seat)
            return snapshot(room)

        async with self.locks[code]:
            info = await self._tx(work)
            await self._publish_room(info)
        return info

    async def leave(self, code: str, token: str | None) -> RoomInfo:
        """Before the start the seat goes away; during a game it stays, abandoned, for a bot to take."""

        def work(session: Session) -> RoomInfo:
            room = self._room(session, code)
            seat = _seat_by_token(room, token)
            was_host = seat.is_host
            if room.status == "lobby":
                _remove_seat(session, room, seat)
            else:
                seat.has_left = True
                seat.token_hash = None
                seat.is_host = False
            if was_host:
                successor = next((s for s in room.seats if not s.is_bot and s.token_hash), None)
                if successor is not None:
                    successor.is_host = True
                elif room.status == "lobby":
                    room.status = "closed"
            session.flush()
            return snapshot(room)

        async with self.locks[code]:
            info = await self._tx(work)
            await self._publish_room(info)
        return info

    async def start(self, code: str, token: str | None) -> RoomInfo:
        def work(session: Session) -> RoomInfo:
            room = self._room(session, code)
            _require_host(room, token)
            _require_lobby(room)
            game = engine.get_game(room.game)
            if len(room.seats) < game.min_seats:
                raise RoomError(
                    "too_few_seats",
                    f"{game.title} needs at least {game.min_seats} players; add players or bots first.",
                    409,
                    min=game.min_seats,
                    seats=len(room.seats),
                )
            room.state = engine.setup(room.game, room.options, len(room.seats), room.seed)
            room.version = 0
            room.status = "over" if engine.is_over(room.state) else "playing"
            self._set_deadline(room, [], time.time())
            return snapshot(room)

        async with self.locks[code]:
            info = await self._tx(work)
            await self._after_change(info)
        log.info("room started game=%s seats=%d", info.game, len(info.seats))
        return info

    async def hand_to_bot(self, code: str, token: str | None, position: int) -> RoomInfo:
        """The host gives a seat whose player left (or is not connected) to a bot."""
        connected = self.connected(code)

        def work(session: Session) -> RoomInfo:
            room = self._room(session, code)
            _require_host(room, token)
            if room.status != "playing":
                raise RoomError("not_playing", "Seats can be handed to bots only during a game.", 409)
            seat = _seat_at(room, position)
            if seat.is_bot:
                raise RoomError("already_bot", "A bot already plays that seat.", 409)
            if seat.is_host:
                raise RoomError(
                    "own_seat", "The host cannot hand their own seat to a bot; leave instead.", 409
                )
            if not seat.has_left and seat.token_hash in connected:
                raise RoomError("seat_in_use", "That player is still connected.", 409)
            seat.is_bot = True
            seat.token_hash = None
            seat.has_left = True
            session.flush()
            return snapshot(room)

        async with self.locks[code]:
            info = await self._tx(work)
            await self._publish_room(info)
            self._schedule_bots(info)
        return info

    # ---- play -----------------------------------------------------------

    async def act(
        self, code: str, token_hash: str, v: int, action: dict[str, Any], claimed_seat: int | None = None
    ) -> RoomInfo:
        """Apply a player's action. Raises RoomError / StaleVersion / EngineError and changes nothing then."""

        def work(session: Session) -> RoomInfo:
            room = self._room(session, code)
            seat = next((s for s in room.seats if s.token_hash == token_hash), None)
            if seat is None:
                raise RoomError("no_seat", "You no longer hold a seat in this room.", 403)
            if claimed_seat is not None and claimed_seat != seat.position:
                raise RoomError("not_your_seat", "You can only act for your own seat.", 403)
            if room.status == "lobby":
                raise RoomError("not_started", "The game has not started yet.", 409)
            if room.status == "over":
                raise EngineError(engine.errors.GAME_OVER, "The game is over.")
            if room.status != "playing":
                raise RoomError("closed", "This room is closed.", 409)
            if v != room.version:
                raise StaleVersion(room.version)
            waiting = engine.to_act(room.state)
            self._apply(session, room, seat.position, action, "player")
            self._finish(room, waiting)
            return snapshot(room)

        async with self.locks[code]:
            info = await self._tx(work)
            await self._after_change(info)
        return info

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
        seconds = timer_seconds(room.state["options"], room.turn_seconds)
        room.deadline = next_deadline(seconds, room.deadline, waiting_before, engine.to_act(room.state), now)

    async def _after_change(self, info: RoomInfo) -> None:
        """Publish, then wake the bots and (re)arm the timer. Called with the room's lock held."""
        await self._publish_room(info)
        await self._publish_state(info)
        self._schedule_bots(info)
        self._arm_timer(info)

    # ---- bots -----------------------------------------------------------

    def _schedule_bots(self, info: RoomInfo) -> None:
        """Start the room's bot task if a bot seat is awaited (call with the room's lock held)."""
        if info.status != "playing" or info.code in self.bot_tasks:
            return
        bots = {seat.position for seat in info.seats if seat.is_bot}
        if bots & set(engine.to_act(info.state)):
            self.bot_tasks[info.code] = asyncio.create_task(self._run_bots(info.code))

    async def _run_bots(self, code: str) -> None:
        try:
            while True:
                await asyncio.sleep(self.settings.bot_delay)
                async with self.locks[code]:
                    info = await self._tx(lambda s: self._bot_step(s, code))
                    if info is None:
                        self.bot_tasks.pop(code, None)
                        return
                    await self._publish_room(info)
                    await self._publish_state(info)
                    self._arm_timer(info)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot task failed")
            self.bot_tasks.pop(code, None)

    def _bot_step(self, session: Session, code: str) -> RoomInfo | None:
        """One bot action, if a bot seat is awaited; None when no bot has anything to do."""
        room = self._room(session, code)
        if room.status != "playing":
            return None
        waiting = engine.to_act(room.state)
        bots = [seat.position for seat in room.seats if seat.is_bot and seat.position in waiting]
        if not bots:
            return None
        seat = bots[0]
        action = engine.bot_action(room.state, seat, random.Random(secrets.randbits(64)))
        if action is None:
            return None
        self._apply(session, room, seat, action, "bot")
        self._finish(room, waiting)
        return snapshot(room)

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
                info = await self._tx(lambda s: self._timeout_step(s, code))
                entry = self.timers.get(code)
                if entry is not None and entry[1] is asyncio.current_task():
                    del self.timers[code]
                if info is not None:
                    await self._after_change(info)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("timer task failed")

    def _timeout_step(self, session: Session, code: str) -> RoomInfo | None:
        """The timer fired: every awaited seat gets the engine's timeout action (PIP-18)."""
        room = self._room(session, code)
        now = time.time()
        if room.status != "playing" or room.deadline is None or room.deadline > now + 0.05:
            return None
        waiting = engine.to_act(room.state)
        rng = random.Random(secrets.randbits(64))
        for seat in waiting:
            action = engine.timeout_action(room.state, seat, rng)
            if action is None:
                continue
            try:
                self._apply(session, room, seat, action, "timer")
            except EngineError as exc:
                log.warning("timeout action refused: %s", exc.code)
        if engine.is_over(room.state):
            room.status = "over"
            room.deadline = None
        else:
            room.deadline = None
            self._set_deadline(room, [], now)
        return snapshot(room)

    # ---- connections ----------------------------------------------------

    async def resolve(self, code: str, token: str) -> tuple[str, RoomInfo]:
        """The token's hash if it holds a seat in the room (raises bad_token otherwise)."""
        token_hash = hash_token(token)
        info = await self.load(code)
        if info.seat_of(token_hash) is None:
            raise bad_token()
        return token_hash, info

    async def connect(self, code: str, token_hash: str) -> None:
        self.presence[code][token_hash] += 1
        if self.presence[code][token_hash] == 1:
            await self._publish_presence(code)

    async def disconnect(self, code: str, token_hash: str) -> None:
        counts = self.presence[code]
        counts[token_hash] -= 1
        if counts[token_hash] <= 0:
            del counts[token_hash]
            if not counts:
                del self.presence[code]
            await self._publish_presence(code)

    async def _publish_presence(self, code: str) -> None:
        try:
            info = await self.load(code)
        except RoomError:
            return
        await self._publish_room(info)

    async def action_log(self, code: str) -> tuple[RoomInfo, list[dict[str, Any]]]:
        def work(session: Session) -> tuple[RoomInfo, list[dict[str, Any]]]:
            room = self._room(session, code, lock=False)
            rows = session.scalars(
                select(ActionRow).where(ActionRow.room_id == room.id).order_by(ActionRow.seq)
            ).all()
            return snapshot(room), [
                {"seq": r.seq, "seat": r.seat, "action": r.action, "source": r.source} for r in rows
            ]

        return await self._tx(work)

    # ---- start-up / shut-down --------------------------------------------

    async def resume(self) -> int:
        """After a (re)start: re-arm stored timers and wake bots in running games."""
        codes = await self._tx(
            lambda s: list(s.scalars(select(Room.code).where(Room.status == "playing")).all())
        )
        for code in codes:
            async with self.locks[code]:
                info = await self.load(code)
                self._schedule_bots(info)
                self._arm_timer(info)
        return len(codes)

    async def close(self) -> None:
        tasks = list(self.bot_tasks.values()) + [task for _, task in self.timers.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bot_tasks.clear()
        self.timers.clear()


def _turn_seconds(value: Any) -> float | None:
    if value is None or value == 0:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= MAX_TURN_SECONDS:
        raise RoomError(
            "bad_options",
            "The turn timer must be a number of seconds between 0 and 86400.",
            option="turn_seconds",
        )
    return float(value)


def _require_lobby(room: Room) -> None:
    if room.status == "closed":
        raise RoomError("closed", "This room is closed.", 409)
    if room.status != "lobby":
        raise RoomError("already_started", "The game in this room has already started.", 409)


def _require_host(room: Room, token: str | None) -> None:
    if not token:
        raise RoomError("no_token", "This needs the host's seat token.", 401)
    seat = _seat_by_token(room, token)
    if not seat.is_host:
        raise not_host()


def _seat_by_token(room: Room, token: str | None) -> Seat:
    token_hash = hash_token(token) if token else None
    seat = next((s for s in room.seats if token_hash and s.token_hash == token_hash), None)
    if seat is None:
        raise bad_token()
    return seat


def _seat_at(room: Room, position: Any) -> Seat:
    seat = next((s for s in room.seats if s.position == position), None)
    if seat is None:
        raise RoomError("no_such_seat", "There is no such seat in this room.", 404)
    return seat


def _remove_seat(session: Session, room: Room, seat: Seat) -> None:
    """Remove a lobby seat; later seats move up so seats stay numbered 0..n-1."""
    room.seats.remove(seat)  # delete-orphan removes the row
    for position, other in enumerate(sorted(room.seats, key=lambda s: s.position)):
        other.position = position
    session.flush()
