"""The lobby: create, join, bots, leave, start (handing a seat to a bot: app.rooms.seats)."""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session

import engine
from app.models import Room, Seat
from engine.options import validate_options

from . import decisions, seat_choices
from .errors import RoomError, bad_token, not_host
from .names import clean_name, free_default, require_unique
from .publish import Change
from .running import opened_by, require_room_to_run
from .seat_change import change_and_tell
from .snapshot import RoomInfo, hash_token, snapshot
from .spectators import named as named_spectators
from .timers import room_deadline

if TYPE_CHECKING:
    from .autoplay import Autoplay
    from .parts import Parts

log = logging.getLogger("paddock.rooms")

MAX_SEED = 2**63 - 1
# The room's turn timer: from Settings.min_turn_seconds (5 s; a shorter one would let a host make
# the server play thousands of timeout actions) to 24 hours; 0 or none means no timer.
MAX_TURN_SECONDS = 24 * 3600


class Lobby:
    def __init__(self, parts: Parts, autoplay: Autoplay) -> None:
        self.parts = parts
        self.autoplay = autoplay

    async def _change(self, code: str, work: Callable[[Session], RoomInfo]) -> RoomInfo:
        """Run a seats/lobby change under the room's lock, then tell the room."""
        async with self.parts.locks[code]:
            info = await self.parts.store.tx(work)
            await self.parts.publisher.room(info)
        return info

    async def create_room(
        self,
        game_id: str,
        options: dict[str, Any] | None,
        name: Any,
        turn_seconds: Any = None,
        address: str | None = None,
    ) -> tuple[str, str, int]:
        """A new room in the lobby; its creator is the host in seat 0. Returns (code, token, seat).
        `address`: the creator's (the games it runs at once are capped: app.rooms.running)."""
        game = engine.get_game(game_id)
        if options is not None and not isinstance(options, dict):
            raise RoomError("bad_options", "Options must be a set of named values.")
        game_options = dict(options or {})
        seeded = "seed" in game_options
        seed = game_options.pop("seed") if seeded else secrets.randbelow(MAX_SEED)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise RoomError("bad_options", "The seed must be a whole number from 0 to 2^63-1.", option="seed")
        validated = validate_options(game.options, game_options, game.title)
        seconds = _turn_seconds(turn_seconds, self.parts.settings.min_turn_seconds)
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
                opened_by=opened_by(address),
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

        await self.parts.store.tx(work)
        log.info("room created game=%s", game.id)
        return code, token, 0

    async def join(self, code: str, name: Any) -> tuple[str, int]:
        """A new seat before the start. Returns (token, seat)."""
        token = secrets.token_urlsafe(32)
        # One namespace with the named spectators (app.rooms.spectators).
        watching = [n for _, n in named_spectators(await self.parts.publisher.connected(code))]

        def work(session: Session) -> tuple[int, RoomInfo]:
            room = self.parts.store.room(session, code)
            _require_lobby(room)
            game = engine.get_game(room.game)
            if len(room.seats) >= game.max_seats:
                raise RoomError(
                    "room_full", f"This room is full ({game.max_seats} seats).", 409, max=game.max_seats
                )
            position = len(room.seats)
            taken = [seat.name for seat in room.seats]
            player_name = clean_name(name, free_default("Player", position + 1, taken + watching))
            require_unique(player_name, taken + watching)
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

        async with self.parts.locks[code]:
            position, info = await self.parts.store.tx(work)
            await self.parts.publisher.room(info)
        return token, position

    async def add_bots(self, code: str, token: str | None, count: Any) -> RoomInfo:
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise RoomError("bad_request", "Say how many bots to add: a whole number of at least 1.")

        def work(session: Session) -> RoomInfo:
            room = self.parts.store.room(session, code)
            _require_host(room, token)
            _require_lobby(room)
            game = engine.get_game(room.game)
            if len(room.seats) + count > game.max_seats:
                free = game.max_seats - len(room.seats)
                raise RoomError("room_full", f"Only {free} more seat(s) fit in this room.", 409, free=free)
            taken = [seat.name for seat in room.seats]
            for _ in range(count):
                bot_name = free_default("Bot", 1, taken)
                taken.append(bot_name)
                room.seats.append(
                    Seat(
                        position=len(room.seats),
                        name=bot_name,
                        token_hash=None,
                        is_bot=True,
                        is_host=False,
                        has_left=False,
                    )
                )
            session.flush()
            return snapshot(room)

        return await self._change(code, work)

    async def remove_seat(self, code: str, token: str | None, position: int) -> RoomInfo:
        """Before the start the host removes a bot or frees a player's seat (the player watches
        on, and may join again); the host's own seat goes only by leaving. A freed player's seat
        is told to the room."""

        def work(session: Session) -> tuple[RoomInfo, list[dict[str, Any]]]:
            room = self.parts.store.room(session, code)
            _require_host(room, token)
            _require_lobby(room)
            seat = _seat_at(room, position)
            if seat.is_host:
                raise RoomError("own_seat", "The host's own seat goes only by leaving the room.", 409)
            frames = (
                [] if seat.is_bot else [self.parts.feed.notice(session, room, "seat_freed", name=seat.name)]
            )
            _remove_seat(session, room, seat)
            return snapshot(room), frames

        return await change_and_tell(self.parts, self.autoplay, code, work)

    async def leave(self, code: str, token: str | None) -> RoomInfo:
        """Before the start the seat goes away; during a game a bot plays it until its player
        takes it back with their token (app.rooms.seat_choices). A host who leaves passes the
        role on, and the room is told."""

        def work(session: Session) -> tuple[RoomInfo, list[dict[str, Any]]]:
            room = self.parts.store.room(session, code)
            seat = _seat_by_token(room, token)
            frames = []
            if room.status == "lobby":
                _remove_seat(session, room, seat)
            else:
                frames += seat_choices.leave_game(session, room, seat, self.parts.feed)
            if seat.is_host:
                frames += seat_choices.pass_host(session, room, seat, self.parts.feed)
            session.flush()
            return snapshot(room), frames

        return await change_and_tell(self.parts, self.autoplay, code, work)

    async def start(self, code: str, token: str | None) -> RoomInfo:
        def by_the_host(room: Room) -> bool:
            _require_host(room, token)
            return True

        info = await self.start_if(code, by_the_host)
        assert info is not None, "the host's start starts or refuses"
        return info

    async def start_if(self, code: str, check: Callable[[Room], bool]) -> RoomInfo | None:
        """Start the room if `check(room)` (under the room's lock) says so, or raises a refusal;
        None when it said no (e.g. the start once everyone is ready: app.rooms.group_lobby)."""

        def work(session: Session) -> Change | None:
            room = self.parts.store.room(session, code)
            if not check(room):
                return None
            _require_lobby(room)
            game = engine.get_game(room.game)
            require_room_to_run(session, room, self.parts.settings)
            if len(room.seats) < game.min_seats:
                raise RoomError(
                    "too_few_seats",
                    f"{game.title} needs at least {game.min_seats} players; add players or bots first.",
                    409,
                    min=game.min_seats,
                    seats=len(room.seats),
                )
            room.state, room.initial_events = engine.start(
                room.game, room.options, len(room.seats), room.seed
            )
            room.version = 0
            room.status = "over" if engine.is_over(room.state) else "playing"
            room.deadline = room_deadline(room, [], time.time())
            bots = {seat.position for seat in room.seats if seat.is_bot}
            room.decisions = decisions.initial(room.state, bots)
            # Version -1 (no game) -> 0: every socket's first frame, its events the setup's.
            return Change(
                info=snapshot(room),
                first=-1,
                events=list(room.initial_events),
                summary_changed=True,
                full_log=list(room.initial_events) if room.status == "over" else None,
            )

        async with self.parts.locks[code]:
            change = await self.parts.store.tx(work)
            if change is None:
                return None
            await self.parts.publisher.change(change)
            await self.autoplay.follow(change)
        info = change.info
        log.info("room started game=%s seats=%d", info.game, len(info.seats))
        return info


def _turn_seconds(value: Any, minimum: float) -> float | None:
    if value is None or value == 0:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not minimum <= value <= MAX_TURN_SECONDS  # (False for NaN too)
    ):
        raise RoomError(
            "bad_options",
            f"The turn timer 'turn_seconds' must be between {minimum:g} and {MAX_TURN_SECONDS} "
            "seconds (0 for no timer).",
            option="turn_seconds",
            min=minimum,
            max=MAX_TURN_SECONDS,
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
