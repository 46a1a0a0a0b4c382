"""Ending a game nobody wants to finish, by vote.

Any seated player proposes "let bots finish" (`bots`) or "abandon" (`abandon`); the proposer
votes yes. It passes once more than half of the humans seated (players holding their seat,
away or not) said yes, and is declined once that can no longer happen. A declined kind can be
proposed again `RETRY_SECONDS` later (the room's clock). One proposal is open at a time. The
proposal, the decline times and the result are stored with the room (they survive a restart),
and the result is logged and announced in the room's feed:
- `bots`: a bot plays every seat to the end (the players keep their seats and their view, and
  cannot take them back from the bots: app.rooms.seat_choices);
- `abandon`: the room ends where it stands (status "closed").
Spectators cannot propose or vote.
"""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session

from app.models import Room, Seat

from .errors import RoomError, bad_token
from .seat_change import change_and_tell
from .snapshot import RoomInfo, hash_token, snapshot

if TYPE_CHECKING:
    from .autoplay import Autoplay
    from .parts import Parts

log = logging.getLogger("paddock.rooms")

KINDS = ("bots", "abandon")
# A declined proposal of one kind can be made again this long after.
RETRY_SECONDS = 60.0


def _voters(room: Room) -> list[Seat]:
    """The humans seated: players who hold their seat (a seat a player left is not counted)."""
    return [seat for seat in room.seats if seat.token_hash is not None]


def _voter(room: Room, token: str | None) -> Seat:
    if not token:
        raise RoomError("spectator_vote", "Only the players seated in this game can vote on ending it.", 403)
    token_hash = hash_token(token)
    seat = next((s for s in room.seats if s.token_hash == token_hash), None)
    if seat is None:
        raise bad_token()
    return seat


def _require_playing(room: Room) -> None:
    if room.status != "playing" or room.ended_by is not None:
        raise RoomError("not_playing", "A vote to end the game is possible only while it runs.", 409)


def summary_part(info: RoomInfo) -> dict[str, Any] | None:
    """The open proposal as the room summary shows it (no tokens: seats only)."""
    vote = info.end_vote
    if not vote or info.status != "playing":
        return None
    voters = sum(1 for seat in info.seats if seat.token_hash is not None)
    return {
        "kind": vote["kind"],
        "by": vote["by"],
        "yes": list(vote["yes"]),
        "no": list(vote["no"]),
        "needed": voters // 2 + 1,
    }


class EndVote:
    def __init__(self, parts: Parts, autoplay: Autoplay) -> None:
        self.parts = parts
        self.autoplay = autoplay

    async def propose(self, code: str, token: str | None, kind: Any) -> RoomInfo:
        if kind not in KINDS:
            raise RoomError("bad_request", "Propose either letting bots finish or abandoning the game.")
        now = self.parts.clock()

        def work(session: Session) -> tuple[RoomInfo, list[dict[str, Any]]]:
            room = self.parts.store.room(session, code)
            seat = _voter(room, token)
            _require_playing(room)
            if room.end_vote:
                raise RoomError("vote_open", "A vote to end the game is already open; answer it first.", 409)
            declined = (room.end_declined or {}).get(kind)
            if declined is not None and now - declined < RETRY_SECONDS:
                wait = math.ceil(RETRY_SECONDS - (now - declined))
                raise RoomError(
                    "vote_too_soon",
                    f"That proposal was just declined; it can be made again in {wait} s.",
                    409,
                    retry_after=wait,
                )
            room.end_vote = {"kind": kind, "by": seat.position, "yes": [seat.position], "no": [], "at": now}
            opened = self.parts.feed.notice(
                session, room, "vote_open", kind=kind, seat=seat.position, name=seat.name
            )
            frames = [opened]
            return self._tally(session, room, now, frames)

        return await self._change(code, work)

    async def vote(self, code: str, token: str | None, yes: bool) -> RoomInfo:
        now = self.parts.clock()

        def work(session: Session) -> tuple[RoomInfo, list[dict[str, Any]]]:
            room = self.parts.store.room(session, code)
            seat = _voter(room, token)
            _require_playing(room)
            vote = room.end_vote
            if not vote:
                raise RoomError("no_vote", "No vote to end the game is open.", 409)
            if seat.position in vote["yes"] or seat.position in vote["no"]:
                raise RoomError("already_voted", "You have already voted on this proposal.", 409)
            side = "yes" if yes else "no"
            room.end_vote = {**vote, side: [*vote[side], seat.position]}
            return self._tally(session, room, now, [])

        return await self._change(code, work)

    def _tally(
        self, session: Session, room: Room, now: float, frames: list[dict[str, Any]]
    ) -> tuple[RoomInfo, list[dict[str, Any]]]:
        """Pass or decline the open proposal once its outcome is certain."""
        vote = room.end_vote
        assert vote is not None
        voters = {seat.position for seat in _voters(room)}
        yes = len(voters & set(vote["yes"]))
        no = len(voters & set(vote["no"]))
        kind = vote["kind"]
        if 2 * yes > len(voters):
            room.end_vote = None
            room.ended_by = kind
            if kind == "bots":
                for seat in room.seats:
                    seat.is_bot = True
            else:
                room.status = "closed"
                room.deadline = None
            frames.append(self.parts.feed.notice(session, room, "vote_passed", kind=kind))
            what = "let bots finish" if kind == "bots" else "abandon"
            log.info("room %s: the players voted to %s", room.code, what)
        elif 2 * (len(voters) - no) <= len(voters):
            room.end_vote = None
            room.end_declined = {**(room.end_declined or {}), kind: now}
            frames.append(self.parts.feed.notice(session, room, "vote_declined", kind=kind))
            log.info("room %s: a vote to end the game was declined", room.code)
        session.flush()
        return snapshot(room), frames

    async def _change(self, code: str, work: Any) -> RoomInfo:
        return await change_and_tell(self.parts, self.autoplay, code, work)
