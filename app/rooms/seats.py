"""Seats you can't lose.

- Grace period: when a seated player's last socket closes, the seat remembers when
  (`away_since`); the host may hand it to a bot only `seat_grace_seconds` later (30 s by
  default), or at once when the player left on purpose or never connected since a restart.
  The page asks the host to confirm. The hand-over is a public notice in the room's feed.
- Reclaim: the bot plays for the player, who keeps their token; their next `hello` with it
  takes the seat back (a public notice too).
- Another device: a one-time code (valid `seat_link_seconds`, 10 minutes by default) opened in
  another browser gives it a NEW token for the seat; the old device's token stops working
  (a lost or shared phone cannot keep playing), and its page turns into a spectator's. The
  seated player asks for their own link; the host can issue one for any player's seat, also
  for a seat a bot took over (claiming it takes the seat back from the bot).
  A seat whose device is connected never moves unasked: the claim asks that device
  (`seat_ask` on its sockets) and fails with `seat_asked` (retry after `seat_ask_seconds`);
  the seat moves only once the device said "that's me" (let it go): silence never moves it
  (issue 42). A device that answers "keep", acts or chats meanwhile keeps the seat (the link
  then fails with `seat_kept`). A device gone moves with the link only after the grace
  period. The old device is told (`seat_taken`). A link made for an approved seat request
  (app.rooms.seat_requests) moves the seat at once.
- Once the game has ended, seats no longer move (no link, no claim): the rematch seat belongs
  to whoever held the seat when the game ended (app.rooms.rematch).
- A room without a timer whose awaited seat is away cannot go on: the host may set the turn
  timer during the game (`set_turn_timer`), and the timer then plays for the away seat.
"""

from __future__ import annotations

import logging
import math
import secrets
from typing import TYPE_CHECKING, Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from app.models import Seat

from .errors import RoomError, bad_token
from .lobby import _require_host, _seat_at, _seat_by_token, _turn_seconds
from .marks import ENDED
from .presence_news import PresenceNews
from .publish import channel
from .snapshot import RoomInfo, hash_token, snapshot
from .timers import room_deadline

if TYPE_CHECKING:
    from .autoplay import Autoplay
    from .lifecycle import Lifecycle
    from .parts import Parts

log = logging.getLogger("paddock.rooms")


# `Seat.link_asked` of a link whose seat's consent was given (its device let it go, or a seat
# request was approved): its claim moves the seat at once.
APPROVED = 0.0


def seats_final() -> RoomError:
    return RoomError(
        "seats_final",
        "The game is over: seats no longer move, and each rematch seat goes to whoever held it at the end.",
        409,
    )


def bad_link() -> RoomError:
    return RoomError("bad_link", "That link has expired or was already used; ask for a new one.", 410)


def seat_kept() -> RoomError:
    return RoomError(
        "seat_kept", "The player kept that seat on their own device; ask them for a new link.", 409
    )


def presence_unknown() -> RoomError:
    return RoomError(
        "presence_unknown",
        "Who is connected is being checked again after a restart; please try in a few seconds.",
        503,
        retry_after=10,
    )


class Seats:
    def __init__(self, parts: Parts, autoplay: Autoplay, lifecycle: Lifecycle) -> None:
        self.parts = parts
        self.autoplay = autoplay
        self.lifecycle = lifecycle
        # A burst of arrivals and departures in a room is told in one summary.
        self.presence_news = PresenceNews(self._publish_presence)

    # ---- away and back -----------------------------------------------------

    async def connect(self, code: str, token_hash: str) -> None:
        if await self.parts.publisher.arrive(code, token_hash):
            self.presence_news.note(code, stored=False)  # presence lives in the broadcast

    async def disconnect(self, code: str, token_hash: str) -> None:
        """Note when the seat's last socket (on this process) closed, then tell the room. In a
        room whose game has ended there is nothing to note (no bot takes a seat over, no idle
        game to close), so the last sockets leaving a finished game write nothing."""
        publisher = self.parts.publisher
        ended = await self._ended(code)
        if not ended and publisher.local_count(code, token_hash) <= 1:
            await self._mark_away(code, token_hash)
        if await publisher.depart(code, token_hash):
            if not ended:
                await self.lifecycle.touch(code)  # the idle time of the room starts now
            self.presence_news.note(code, stored=not ended)

    async def _ended(self, code: str) -> bool:
        try:
            return (await self.parts.memory.info(code)).status in ENDED
        except RoomError:
            return True  # gone: nothing to note

    async def _publish_presence(self, code: str, stored: bool) -> None:
        """`stored`: the seat's away mark was written too (other processes read the room again).
        Under the room's lock, as every change that publishes a summary: one read while another
        change is written (a seat handed to a bot) would go out after that change's summary and
        show the room as it was before it."""
        async with self.parts.locks[code]:
            try:
                info = await self.parts.memory.info(code)
            except RoomError:
                return
            await self.parts.publisher.room(info, presence_only=not stored)

    async def _mark_away(self, code: str, token_hash: str) -> None:
        """Stamp the seat's `away_since`: one UPDATE naming the room by its id (single-shard
        when the database is distributed by room, docs/scaling.md), without loading the room
        (an ORM load read its whole row, state included, for every player who left)."""
        now = self.parts.clock()
        try:
            async with self.parts.locks[code]:
                room_id = (await self.parts.memory.record(code)).id
                mark = (
                    update(Seat)
                    .where(Seat.room_id == room_id, Seat.token_hash == token_hash)
                    .values(away_since=now)
                    .execution_options(synchronize_session=False)
                )
                await self.parts.store.tx(lambda session: session.execute(mark))
                self.parts.memory.forget(code)  # the seats held differ from the stored ones now
        except RoomError:
            pass

    async def resolve(self, code: str, token: str) -> tuple[str, RoomInfo]:
        """The token's hash if it holds a seat in the room, or the token of a player whose seat
        a bot plays: that takes it back (raises bad_token otherwise)."""
        token_hash = hash_token(token)
        info = await self.parts.memory.info(code)
        if info.seat_of(token_hash) is not None:
            return token_hash, info
        # Only a token whose seat a bot plays takes the lock and writes.
        if not any(seat.reclaim_hash == token_hash for seat in info.seats):
            raise bad_token()
        reclaimed = await self.reclaim(code, token_hash)
        if reclaimed is None:
            raise bad_token()
        return token_hash, reclaimed

    async def reclaim(self, code: str, token_hash: str) -> RoomInfo | None:
        """Give the seat a bot plays back to its player (None when no such seat)."""

        def work(session: Session) -> tuple[RoomInfo, list[dict[str, Any]]] | None:
            room = self.parts.store.room(session, code)
            seat = next((s for s in room.seats if s.reclaim_hash == token_hash and s.is_bot), None)
            if seat is None or room.ended_by == "bots":  # the players voted to let bots finish
                return None
            seat.is_bot = False
            seat.token_hash = token_hash
            seat.reclaim_hash = None
            seat.has_left = False
            seat.away_since = None
            frames = [self.parts.feed.notice(session, room, "seat_back", seat=seat.position, name=seat.name)]
            session.flush()
            return snapshot(room), frames

        async with self.parts.locks[code]:
            done = await self.parts.store.tx(work)
            if done is None:
                return None
            info, frames = done
            log.info("a player took their seat back from the bot")
            await self.parts.publisher.room(info)
            await self.parts.publisher.frames(code, frames)
        return info

    async def hand_to_bot(self, code: str, token: str | None, position: int) -> RoomInfo:
        """The host gives an away seat to a bot, after the grace period (the player may come back)."""
        if not await self.parts.publisher.broadcast.presence_settled():  # never hand away a held seat
            raise presence_unknown()
        connected = await self.parts.publisher.connected(code)
        now = self.parts.clock()
        grace = self.parts.settings.seat_grace_seconds

        def work(session: Session) -> tuple[RoomInfo, list[dict[str, Any]]]:
            room = self.parts.store.room(session, code)
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
            if not seat.has_left:
                if seat.token_hash in connected:
                    raise RoomError("seat_in_use", "That player is still connected.", 409)
                wait = grace_wait(seat, now, grace)
                if wait:
                    raise RoomError(
                        "too_soon",
                        f"That player may be back in a moment; you can hand the seat to a bot in {wait} s.",
                        409,
                        retry_after=wait,
                    )
                seat.reclaim_hash = seat.token_hash
            seat.is_bot = True
            seat.token_hash = None
            seat.link_hash = None
            frames = [self.parts.feed.notice(session, room, "seat_bot", seat=seat.position, name=seat.name)]
            session.flush()
            return snapshot(room), frames

        async with self.parts.locks[code]:
            info, frames = await self.parts.store.tx(work)
            log.info("the host handed seat %d to a bot", position)
            await self.parts.publisher.room(info)
            await self.parts.publisher.frames(code, frames)
            self.autoplay.schedule_bots(info)
        return info

    # ---- another device ----------------------------------------------------

    async def seat_link(self, code: str, token: str | None, position: int | None = None) -> tuple[str, int]:
        """A one-time code for a seat: the caller's own seat, or (host only) seat `position`."""
        link = secrets.token_urlsafe(18)
        expires = self.parts.clock() + self.parts.settings.seat_link_seconds

        def work(session: Session) -> int:
            room = self.parts.store.room(session, code)
            if not token:
                raise RoomError("no_token", "This needs your seat token.", 401)
            if room.status in ENDED:
                raise seats_final()
            if position is None:
                seat = _seat_by_token(room, token)
            else:
                _require_host(room, token)
                seat = _seat_at(room, position)
                if seat.is_bot and seat.reclaim_hash is None and seat.token_hash is None:
                    raise RoomError(
                        "not_a_player", "A bot plays that seat; there is nobody to send it to.", 409
                    )
            seat.link_hash = hash_token(link)
            seat.link_expires = expires
            seat.link_asked = None
            return seat.position

        async with self.parts.locks[code]:
            seat = await self.parts.store.tx(work)
        return link, seat

    async def claim_link(self, code: str, link: Any) -> tuple[str, int]:
        """Open a one-time code: this browser gets a new token for the seat (the old one stops):
        at once when its consent was given (APPROVED) or no device holds it; a connected device
        is asked and must let it go; a device gone only a moment ago is waited for (the grace)."""
        if not isinstance(link, str) or not 0 < len(link) <= 64:
            raise bad_link()
        if not await self.parts.publisher.broadcast.presence_settled():  # never move a held seat unasked
            raise presence_unknown()
        connected = await self.parts.publisher.connected(code)
        token = secrets.token_urlsafe(32)
        now = self.parts.clock()
        link_hash = hash_token(link)
        ask_for = self.parts.settings.seat_ask_seconds
        grace = self.parts.settings.seat_grace_seconds

        def work(session: Session) -> tuple[str, int, str | None, float, RoomInfo | None, list[Any]]:
            room = self.parts.store.room(session, code)
            seat = next((s for s in room.seats if s.link_hash == link_hash), None)
            if seat is None:
                raise bad_link()
            if seat.link_expires is None:
                raise seat_kept()
            if seat.link_expires < now:
                raise bad_link()
            if room.status in ENDED:
                raise seats_final()
            old = seat.token_hash
            # (A seat its player marked away is still theirs: its device is asked too.) Only the
            # device's own answer moves it: silence, however long, does not.
            if seat.link_asked == APPROVED:
                pass
            elif old is not None and old in connected:
                if seat.link_asked is None:
                    seat.link_asked = now
                    return "ask", seat.position, old, ask_for, None, []
                return "wait", seat.position, old, ask_for, None, []
            elif old is not None and seat.away_since is not None:
                left = grace - (now - seat.away_since)  # its device may be back in a moment
                if left > 0:
                    return "away", seat.position, None, left, None, []
            _take_seat(seat, hash_token(token))
            if seat.is_bot and room.ended_by != "bots":  # it was away: its player is back
                seat.is_bot = False
            frames = [self.parts.feed.notice(session, room, "seat_moved", seat=seat.position, name=seat.name)]
            session.flush()
            return "moved", seat.position, old, 0.0, snapshot(room), frames

        async with self.parts.locks[code]:
            outcome, position, old, left, info, frames = await self.parts.store.tx(work)
            if outcome == "moved":
                assert info is not None
                log.info("a seat moved to another device")
                await self.parts.publisher.room(info)
                await self.parts.publisher.frames(code, frames)
        wait = max(1, math.ceil(left))
        if outcome == "ask":
            log.info("a seat link asked the seat's connected device first")
        if outcome == "away":
            raise RoomError(
                "seat_away",
                f"That seat's player dropped out only a moment ago; the seat moves to this device in "
                f"{wait} s unless they are back first. Try again then.",
                409,
                retry_after=wait,
                seat=position,
            )
        if outcome != "moved" or old is not None:
            kind = "seat_taken" if outcome == "moved" else "seat_ask"
            await self.parts.publisher.broadcast.publish(
                channel(code), {"kind": kind, "to": old, "seat": position, "seconds": wait}
            )
        if outcome != "moved":
            raise RoomError(
                "seat_asked",
                "That seat's device is still connected, so its player was asked first; the seat moves "
                "to this device once they answer there that it is them.",
                409,
                retry_after=wait,
                seat=position,
            )
        return token, position

    async def answer_seat_ask(self, code: str, token_hash: str, keep: bool) -> bool:
        """The asked device keeps its seat (the link then fails with `seat_kept`) or lets it go
        (the next claim moves it); False when no claim of this seat waits for an answer."""

        def work(session: Session) -> bool:
            room = self.parts.store.room(session, code)
            seat = next((s for s in room.seats if s.token_hash == token_hash), None)
            if seat is None or seat.link_asked is None:
                return False
            if keep:
                seat.link_expires = None
                seat.link_asked = None
            else:
                seat.link_asked = APPROVED
            return True

        async with self.parts.locks[code]:
            answered = await self.parts.store.tx(work)
        if answered:
            log.info("a seat's device %s its seat", "kept" if keep else "let go")
        return answered

    # ---- the turn timer during the game --------------------------------------

    async def set_turn_timer(self, code: str, token: str | None, seconds: Any) -> RoomInfo:
        """The host sets (or, with None/0, removes) the room's turn timer, also mid-game; a
        running wait gets the new limit from now."""
        turn_seconds = _turn_seconds(seconds, self.parts.settings.min_turn_seconds)

        def work(session: Session) -> tuple[RoomInfo, list[dict[str, Any]]]:
            room = self.parts.store.room(session, code)
            _require_host(room, token)
            if room.status not in ("lobby", "playing"):
                raise RoomError(
                    "not_playing", "The turn timer can be changed only before or during a game.", 409
                )
            room.turn_seconds = turn_seconds
            if room.status == "playing":
                room.deadline = None
                room.deadline = room_deadline(room, [], self.parts.clock())
            frames = [self.parts.feed.notice(session, room, "timer_set", seconds=turn_seconds)]
            session.flush()
            return snapshot(room), frames

        async with self.parts.locks[code]:
            info, frames = await self.parts.store.tx(work)
            await self.parts.publisher.room(info)
            await self.parts.publisher.frames(code, frames)
            self.autoplay.arm_timer(info)
        return info


def grace_wait(seat: Seat, now: float, grace: float) -> int:
    """Whole seconds until the grace of the seat's dropped device is over (0: over, or never
    began: the device never connected since a restart)."""
    if seat.away_since is None or now - seat.away_since >= grace:
        return 0
    return max(1, math.ceil(grace - (now - seat.away_since)))


def _take_seat(seat: Seat, token_hash: str) -> None:
    seat.token_hash = token_hash
    seat.link_hash = None
    seat.link_expires = None
    seat.link_asked = None
    if seat.reclaim_hash is not None:  # a bot was playing for them: the player is back
        seat.is_bot = False
        seat.reclaim_hash = None
    seat.has_left = False
    seat.away_since = None
