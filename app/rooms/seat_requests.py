""" "I'm one of the players": a seat asked for from a spectator's page and given with one click.

A spectator connection of a running game asks for a seat (its player's phone died, or they
changed browsers). The room summary marks the seat as asked for (`requested`); the host, or
while the host is not here (not connected, or marked away) any other seated player, gives it
with one click. Giving makes a one-time seat link (app.rooms.seats) that goes to the asking
connection only, whose page opens it at once: so the seat moves exactly as a seat link moves
it. A seat whose device is still connected is asked first and moves only if that device stays
silent for `seat_ask_seconds` (it can answer "Keep it here"); a seat nobody holds moves at
once. Nobody else ever receives the link, so the giver never holds the seat's token.

A request waits `REQUEST_SECONDS` for an answer; meanwhile another request for the same seat
is refused. Seats a bot plays from the start have no player to ask for them.
"""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session

from . import lobby
from .errors import RoomError
from .publish import channel
from .snapshot import RoomInfo, hash_token, snapshot
from .summary_extras import pending

if TYPE_CHECKING:
    from .parts import Parts

log = logging.getLogger("paddock.rooms")


def no_request() -> RoomError:
    return RoomError("no_request", "Nobody is asking for that seat now.", 409)


class SeatRequests:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts

    async def request(self, code: str, asker: str, position: Any) -> str:
        """Spectator connection `asker` asks for seat `position`; returns the seat's name."""
        now = self.parts.clock()

        def work(session: Session) -> tuple[RoomInfo, str]:
            room = self.parts.store.room(session, code)
            if room.status != "playing" or room.ended_by is not None:
                raise RoomError("not_playing", "Seats can be asked for only while a game runs.", 409)
            seat = lobby._seat_at(room, position)
            if seat.token_hash is None and seat.reclaim_hash is None:
                raise RoomError("not_a_player", "A bot plays that seat; there is nobody to send it to.", 409)
            if pending(seat, now) and seat.request_from != asker:
                raise RoomError(
                    "seat_requested",
                    f"Someone already asked for {seat.name}'s seat; the host answers that first.",
                    409,
                    name=seat.name,
                )
            seat.request_from = asker
            seat.request_at = now
            session.flush()
            return snapshot(room), seat.name

        async with self.parts.locks[code]:
            info, name = await self.parts.store.tx(work)
            await self.parts.publisher.room(info)
        log.info("a spectator asked for seat %s", position)
        return name

    async def give(self, code: str, giver_hash: str, position: Any) -> None:
        """The host (or, with the host not here, another seated player) gives the asked-for seat:
        a one-time link goes to the asking connection only."""
        connected = await self.parts.publisher.connected(code)
        now = self.parts.clock()
        link = secrets.token_urlsafe(18)
        expires = now + self.parts.settings.seat_link_seconds

        def work(session: Session) -> tuple[RoomInfo, str]:
            room = self.parts.store.room(session, code)
            giver = next((s for s in room.seats if s.token_hash == giver_hash), None)
            if giver is None:
                raise RoomError("not_seated", "Only a seated player can give a seat.", 403)
            host = next((s for s in room.seats if s.is_host), None)
            host_here = host is not None and not host.is_bot and host.token_hash in connected
            if not giver.is_host and host_here:
                raise RoomError("give_host_only", "Only the host gives seats while the host is here.", 403)
            seat = lobby._seat_at(room, position)
            if not pending(seat, now) or room.status != "playing":
                raise no_request()
            asker = seat.request_from
            assert asker is not None
            seat.request_from = None
            seat.request_at = None
            seat.link_hash = hash_token(link)
            seat.link_expires = expires
            seat.link_asked = None
            session.flush()
            return snapshot(room), asker

        async with self.parts.locks[code]:
            info, asker = await self.parts.store.tx(work)
            await self.parts.publisher.room(info)
        # Only the asking connection's socket passes it on (app.ws.seat_asks).
        await self.parts.publisher.broadcast.publish(
            channel(code), {"kind": "seat_given", "for": asker, "seat": position, "link": link}
        )
        log.info("seat %s was given to the spectator who asked for it", position)
