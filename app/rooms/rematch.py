"""Rematch: after the end, the host opens a new room with the same game, options, turn timer,
seats (names, order) and bots, and a fresh secret seed (a room created with a fixed
`options.seed` gets a fresh one too: the same deal again is rarely what a group wants, and the
new room is not "seeded"). The new room waits in its lobby until the host starts it; a player
who declines leaves that lobby like any lobby seat (the seat is freed; the host may add a bot).

Seat tokens: the server stores only token hashes, so it cannot mint a player's new token when
the host asks. Instead a seat's new token is derived from the old one,
HMAC-SHA256(key = old token, "paddock-rematch:" + new code), and the new seat remembers the old
token's hash; whoever shows the old token (each of the seat's sockets, when the `rematch`
message passes by or at a later sync) gets the same new token, and nobody else can compute it.
Seats without a player at the end (bots, seats handed to a bot, players who left) are bots in
the new room. Asking again returns the same new room. The new room is the next game of the
evening's series and starts with the old room's chat (app.rooms.series).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import secrets
from typing import TYPE_CHECKING

from sqlalchemy.orm import Session

from app.models import Room, Seat

from .errors import RoomError
from .lobby import MAX_SEED, _require_host, _seat_by_token
from .series import carry_over
from .snapshot import RoomInfo, hash_token, snapshot

if TYPE_CHECKING:
    from .parts import Parts

log = logging.getLogger("paddock.rooms")


def rematch_token(old_token: str, new_code: str) -> str:
    """The seat's token in the rematch room, derived from its token in the old room."""
    digest = hmac.new(old_token.encode(), f"paddock-rematch:{new_code}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def not_finished() -> RoomError:
    return RoomError("not_finished", "A rematch can start once the game is over.", 409)


class Rematch:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts

    async def rematch(self, code: str, token: str | None) -> tuple[str, str, int]:
        """The host's rematch: (new code, the host's token there, the host's seat)."""

        def work(session: Session) -> tuple[str, int, RoomInfo | None, list]:
            room = self.parts.store.room(session, code)
            _require_host(room, token)
            caller = _seat_by_token(room, token)
            if room.status != "over":
                raise not_finished()
            if room.rematch_code:
                return room.rematch_code, caller.position, None, []
            new_code = secrets.token_urlsafe(12)
            new_room = Room(
                code=new_code,
                game=room.game,
                options=dict(room.options),
                seed=secrets.randbelow(MAX_SEED),
                seeded=False,
                status="lobby",
                version=0,
                state=None,
                turn_seconds=room.turn_seconds,
                deadline=None,
                chat_spectators=room.chat_spectators is not False,
                chat_muted=list(room.chat_muted or []),  # the host's mutes carry on
                odds_players=bool(room.odds_players),
                opened_by=room.opened_by,  # the same table: its games running count together
            )
            for seat in sorted(room.seats, key=lambda s: s.position):
                # A seat whose player is away, or let bots finish by vote, still has its player.
                playerless = seat.token_hash is None
                mine = seat is caller
                new_room.seats.append(
                    Seat(
                        position=seat.position,
                        name=seat.name,
                        is_bot=playerless and not mine,
                        is_host=mine,
                        has_left=False,
                        token_hash=hash_token(rematch_token(token, new_code)) if mine and token else None,
                        rematch_hash=None if playerless or mine else seat.token_hash,
                    )
                )
            session.add(new_room)
            session.flush()
            carry_over(session, room, new_room)  # the evening's series and its chat
            room.rematch_code = new_code
            frames = [self.parts.feed.notice(session, room, "rematch", code=new_code)]
            session.flush()
            return new_code, caller.position, snapshot(room), frames

        async with self.parts.locks[code]:
            new_code, seat, info, frames = await self.parts.store.tx(work)
            if info is not None:
                log.info("rematch of a %s room", info.game)
                await self.parts.publisher.room(info)
                await self.parts.publisher.frames(code, frames)
                await self.parts.publisher.other(code, {"kind": "rematch", "code": new_code})
        assert token is not None
        return new_code, rematch_token(token, new_code), seat

    async def claim_rematch_seat(self, new_code: str, old_token: str) -> tuple[str, int] | None:
        """The (token, seat) in the rematch room of the player holding `old_token`, or None
        when that room has no seat for them (declined, or they had no seat)."""
        new_token = rematch_token(old_token, new_code)
        new_hash, old_hash = hash_token(new_token), hash_token(old_token)

        def work(session: Session) -> int | None:
            room = self.parts.store.room(session, new_code)
            for seat in room.seats:
                if seat.token_hash == new_hash:
                    return seat.position
            for seat in room.seats:
                if seat.rematch_hash == old_hash and seat.token_hash is None and not seat.is_bot:
                    seat.token_hash = new_hash
                    seat.rematch_hash = None
                    return seat.position
            return None

        async with self.parts.locks[new_code]:
            position = await self.parts.store.tx(work)
        return None if position is None else (new_token, position)
