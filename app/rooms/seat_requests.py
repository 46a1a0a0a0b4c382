""" "I'm one of the players": a seat asked for from a spectator's page, moved only with the
consent of whoever may give it (issue 42).

A spectator connection of a running game asks for a seat (its player's phone died, or they
changed browsers), giving a name ("I'm Ben"). Several spectators may ask for one seat at once;
the room summary lists each request with the name its asker gave and whether a named spectator
of the room goes by that name (`named`), so whoever answers sees who asks. Who may answer:

- the seat's own device (a socket holding its token): "that's me" moves the seat, "no" drops
  the request. While that device is connected, or gone for less than `seat_grace_seconds`,
  nobody else may answer;
- once it has been gone past the grace: the host approves (or drops) a request for another
  player's seat; for the host's own seat, or while the host is not connected either, every
  other connected human player must agree (one "no" drops the request), and never fewer than
  two of them: one other player alone never moves a seat;
- nobody answers a request their own browser made (the same spectator id), and elapsed time
  alone moves nothing.

A request given its consent makes a one-time seat link (app.rooms.seats) that goes to the
asking connection only, marked approved (`APPROVED`), whose page opens it at once; the move is a
public notice naming the seat and the name its asker gave. Nobody else receives the link.

Limits against griefing: a request waits `REQUEST_SECONDS` for its answer; a spectator has one
request in the room at a time (asking again replaces it), an address at most
`PER_ADDRESS` live requests in a room and a seat at most `PER_SEAT` (the socket also counts
requests per address in time, app.core.ratelimit "seat_request"). Seats a bot plays from the
start have no player to ask for them; seats no longer move once the game has ended.
"""

from __future__ import annotations

import hashlib
import logging
import math
import secrets
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session

from app.models import Room, Seat

from . import lobby
from .errors import RoomError
from .names import clean_name, same_name
from .publish import channel
from .seats import APPROVED, grace_wait, presence_unknown
from .snapshot import RoomInfo, hash_token, snapshot
from .spectators import named
from .summary_extras import REQUEST_SECONDS, live_requests

if TYPE_CHECKING:
    from .parts import Parts

log = logging.getLogger("paddock.rooms")

# Live requests per asking address and room, and per seat.
PER_ADDRESS = 2
PER_SEAT = 6


def no_request() -> RoomError:
    return RoomError("no_request", "Nobody is asking for that seat now.", 409)


def address_key(address: str) -> str:
    """What a request keeps of its asker's address (only to count them): a short hash."""
    return hashlib.sha256(f"paddock seat request {address}".encode()).hexdigest()[:16]


def holder(seat: Seat) -> str | None:
    """The token hash of the seat's player (also while a bot plays for them)."""
    return seat.token_hash or seat.reclaim_hash


class SeatRequests:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts

    async def request(self, code: str, asker: str, position: Any, name: Any, address: str) -> str:
        """Spectator connection `asker` asks for seat `position` as `name` (empty: the seat's
        name); returns the seat's name."""
        now = self.parts.clock()
        spectators = [n for _, n in named(await self.parts.publisher.connected(code))]
        addr = address_key(address)

        def work(session: Session) -> tuple[RoomInfo, str]:
            room = self.parts.store.room(session, code)
            if room.status != "playing" or room.ended_by is not None:
                raise RoomError("not_playing", "Seats can be asked for only while a game runs.", 409)
            seat = lobby._seat_at(room, position)
            if holder(seat) is None:
                raise RoomError("not_a_player", "A bot plays that seat; there is nobody to send it to.", 409)
            given = clean_name(name, seat.name)
            # Requests past their time go; a spectator has one request in the room (asking
            # again replaces the old one).
            for other in room.seats:
                kept = [r for r in live_requests(other, now) if r["from"] != asker]
                if len(kept) != len(other.requests or ()):
                    other.requests = kept or None
            from_address = sum(1 for s in room.seats for r in s.requests or () if r.get("addr") == addr)
            if from_address >= PER_ADDRESS:
                raise RoomError(
                    "seat_requests_address",
                    f"Your address already asks for {PER_ADDRESS} seats here; wait for an answer first.",
                    429,
                    n=PER_ADDRESS,
                    retry_after=math.ceil(_next_expiry(room, now, addr)),
                )
            if len(seat.requests or ()) >= PER_SEAT:
                raise RoomError(
                    "seat_requested",
                    f"{PER_SEAT} people already ask for {seat.name}'s seat; wait for an answer first.",
                    409,
                    name=seat.name,
                )
            entry = {
                "from": asker,
                "name": given,
                "named": any(same_name(given, n) for n in spectators),
                "at": now,
                "yes": [],
                "addr": addr,
            }
            seat.requests = [*(seat.requests or ()), entry]
            session.flush()
            return snapshot(room), seat.name

        async with self.parts.locks[code]:
            info, seat_name = await self.parts.store.tx(work)
            await self.parts.publisher.room(info)
        log.info("a spectator asked for seat %s", position)
        return seat_name

    async def answer(
        self, code: str, answerer_hash: str, answerer_id: str, position: Any, asker: Any, yes: bool
    ) -> str:
        """A seated player answers `asker`'s request for seat `position` (rules in the module
        docstring). Returns "moved" (the link went to the asker), "agreed" (more players must
        agree) or "dropped"."""
        if not await self.parts.publisher.broadcast.presence_settled():  # never move a held seat unasked
            raise presence_unknown()
        connected = await self.parts.publisher.connected(code)
        now = self.parts.clock()
        grace = self.parts.settings.seat_grace_seconds
        link = secrets.token_urlsafe(18)
        expires = now + self.parts.settings.seat_link_seconds

        def work(session: Session) -> tuple[str, RoomInfo, list[dict[str, Any]], dict[str, Any]]:
            room = self.parts.store.room(session, code)
            answerer = next((s for s in room.seats if s.token_hash == answerer_hash and not s.is_bot), None)
            if answerer is None:
                raise RoomError("not_seated", "Only a seated player can answer a seat request.", 403)
            seat = lobby._seat_at(room, position)
            waiting = live_requests(seat, now)
            if asker is None and len(waiting) > 1:
                raise RoomError("which_request", "Several people ask for that seat: say whose request.", 409)
            request = next((r for r in waiting if asker in (None, r["from"])), None)
            if request is None or room.status != "playing":
                raise no_request()
            who = request["from"]
            if answerer is not seat:
                _may_answer_for(room, seat, answerer, connected, now, grace)
                if answerer_id == who:
                    raise RoomError(
                        "own_request", "Your own browser asked for that seat; others answer it.", 403
                    )
            by = _who_decides(room, seat, answerer, connected)
            if not yes:
                seat.requests = [r for r in live_requests(seat, now) if r["from"] != who]
                session.flush()
                return "dropped", snapshot(room), [], request
            if by == "players":
                voters = _voters(room, seat, connected)
                agreed = {*request["yes"], answerer.position}
                if len(voters) < 2:
                    raise RoomError(
                        "too_few_players",
                        "With the host not here, at least two other players who are here must agree; "
                        "the seat's own device can still say it is them.",
                        409,
                    )
                if not voters <= agreed:
                    request = {**request, "yes": sorted(agreed)}
                    seat.requests = [request if r["from"] == who else r for r in live_requests(seat, now)]
                    session.flush()
                    return "agreed", snapshot(room), [], request
            seat.requests = None
            seat.link_hash = hash_token(link)
            seat.link_expires = expires
            seat.link_asked = APPROVED
            frames = [
                self.parts.feed.notice(
                    session, room, "seat_given", seat=seat.position, name=seat.name, to=request["name"], by=by
                )
            ]
            session.flush()
            return "moved", snapshot(room), frames, request

        async with self.parts.locks[code]:
            outcome, info, frames, request = await self.parts.store.tx(work)
            await self.parts.publisher.room(info)
            await self.parts.publisher.frames(code, frames)
        if outcome == "moved":
            # Only the asking connection's socket passes it on (app.ws.seat_asks).
            await self.parts.publisher.broadcast.publish(
                channel(code), {"kind": "seat_given", "for": request["from"], "seat": position, "link": link}
            )
        log.info("a seat request for seat %s: %s", position, outcome)
        return outcome


def _may_answer_for(
    room: Room, seat: Seat, answerer: Seat, connected: set[str], now: float, grace: float
) -> None:
    """Someone other than the seat's device answers: only once that device has been gone past
    the grace (raises otherwise)."""
    own = holder(seat)
    if own is not None and own in connected:
        raise RoomError(
            "seat_device_here",
            f"{seat.name}'s device is still connected: only it can say whether this is {seat.name}.",
            409,
            name=seat.name,
        )
    wait = grace_wait(seat, now, grace)
    if wait:
        raise RoomError(
            "seat_grace",
            f"{seat.name}'s device may be back in a moment; you can answer in {wait} s.",
            409,
            retry_after=wait,
            name=seat.name,
        )


def _who_decides(room: Room, seat: Seat, answerer: Seat, connected: set[str]) -> str:
    """ "device" (the seat's own), "host" (another player's seat, the host here) or "players"
    (the host's seat, or the host not here); raises for a player who may not answer alone."""
    if answerer is seat:
        return "device"
    host = next((s for s in room.seats if s.is_host), None)
    host_here = host is not None and not host.is_bot and host.token_hash in connected
    if host_here and not seat.is_host:
        if answerer is not host:
            raise RoomError(
                "give_host_only", "Only the host answers seat requests while the host is here.", 403
            )
        return "host"
    return "players"


def _voters(room: Room, seat: Seat, connected: set[str]) -> set[int]:
    """The connected human players other than the seat asked for: all must agree."""
    return {s.position for s in room.seats if s is not seat and not s.is_bot and s.token_hash in connected}


def _next_expiry(room: Room, now: float, addr: str) -> float:
    ats = [r["at"] for s in room.seats for r in s.requests or () if r.get("addr") == addr]
    return max(1.0, min(ats, default=now) + REQUEST_SECONDS - now)
