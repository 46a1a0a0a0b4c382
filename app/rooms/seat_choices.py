"""What a seated player chooses for their own seat during a game, said to the whole room:

- Leaving during a game hands the seat to a bot; the player keeps their token, and their next
  `hello` with it takes the seat back for the rest of the game (app.rooms.seats.resolve). In
  the lobby the seat simply goes away (app.rooms.lobby).
- When the host leaves, the host role moves to the next seated player, and the room is told
  (a `host_changed` notice in the feed, which every page shows).
- A player can mark themselves away: a bot plays their seat (they keep it, and keep seeing
  their own view) until they say they are back.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session

from app.models import Room, Seat

from . import lobby
from .errors import RoomError
from .seat_change import change_and_tell
from .snapshot import RoomInfo, snapshot

if TYPE_CHECKING:
    from .autoplay import Autoplay
    from .feed import RoomFeed
    from .parts import Parts

log = logging.getLogger("paddock.rooms")


def leave_game(session: Session, room: Room, seat: Seat, feed: RoomFeed) -> list[dict[str, Any]]:
    """`seat`'s player leaves a running game: a bot plays it, their token takes it back."""
    seat.reclaim_hash = seat.token_hash
    seat.token_hash = None
    seat.is_bot = True
    seat.has_left = True
    seat.link_hash = None
    seat.link_asked = None
    return [feed.notice(session, room, "seat_left", seat=seat.position, name=seat.name)]


def pass_host(session: Session, room: Room, leaving: Seat, feed: RoomFeed) -> list[dict[str, Any]]:
    """The host left: the next seated player hosts (announced), or the room ends when none is."""
    leaving.is_host = False
    players = [s for s in room.seats if s is not leaving and s.token_hash]
    # A player here rather than one marked away (a bot plays for them), but either hosts.
    successor = next((s for s in players if not s.is_bot), players[0] if players else None)
    if successor is None:  # the last seated player left: the room ends (app.rooms.lifecycle)
        room.status = "closed"
        room.deadline = None
        return []
    successor.is_host = True
    log.info("the host role moved to seat %d", successor.position)
    return [feed.notice(session, room, "host_changed", seat=successor.position, name=successor.name)]


def bots_finish() -> RoomError:
    return RoomError(
        "bots_finish", "The players voted to let bots finish this game; your seat stays with its bot.", 409
    )


class SeatChoices:
    def __init__(self, parts: Parts, autoplay: Autoplay) -> None:
        self.parts = parts
        self.autoplay = autoplay

    async def set_away(self, code: str, token: str | None, away: bool) -> RoomInfo:
        """Mark the caller away (a bot plays their seat) or back (they play it again)."""

        def work(session: Session) -> tuple[RoomInfo, list[dict[str, Any]]]:
            room = self.parts.store.room(session, code)
            seat = lobby._seat_by_token(room, token)
            if room.status != "playing":
                raise RoomError("not_playing", "You can be marked away only during a game.", 409)
            if seat.is_bot == away:
                return snapshot(room), []  # already so: nothing changes
            if not away and room.ended_by == "bots":
                raise bots_finish()
            seat.is_bot = away
            event = "away" if away else "back"
            frames = [self.parts.feed.notice(session, room, event, seat=seat.position, name=seat.name)]
            session.flush()
            return snapshot(room), frames

        info = await change_and_tell(self.parts, self.autoplay, code, work)
        log.info("a player marked themselves %s", "away" if away else "back")
        return info
