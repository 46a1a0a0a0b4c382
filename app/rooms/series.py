"""An evening is a series: a rematch room belongs to the series of the room it follows (the
code of the evening's first room, `rooms.series_code`) and is its next game
(`rooms.series_game`: 1, 2, ...). Both are stored with the room, so the series survives a
restart. A rematch carries the room's chat (the kept lines and notices are copied to the new
room, app.rooms.feed) and the lobby's "start when everyone is ready"; its spectators follow
by themselves (every socket gets the `rematch` message, app.ws.group) and a named spectator's
page asks for its name again there.

The tally (`GET /api/rooms/{code}/series`) is read from the finished games of the series:
per player name (names carry over with the seats), the games played, the wins and the sum of
the game's scores (chips or points: each game's `result.scores`), best first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

import engine
from app.models import Room, RoomMessage

from .feed import kept_frames
from .lobby_state import lobby_state

if TYPE_CHECKING:
    from .parts import Parts


def carry_over(session: Session, old: Room, new: Room) -> None:
    """Make `new` (flushed, so it has an id) the next game of `old`'s series, with its chat."""
    new.series_code = old.series_code or old.code
    new.series_game = (old.series_game or 1) + 1
    if lobby_state(old)["auto_start"]:  # the group's "start when everyone is ready" stays on
        new.lobby = {"auto_start": True}
    for frame in kept_frames(session, old):
        session.add(RoomMessage(room_id=new.id, frame=dict(frame)))


def game_result(room: Room) -> dict[str, Any] | None:
    """The finished game's result ({scores, winners}) by seat, or None while it is not over."""
    if room.status != "over" or room.state is None:
        return None
    return engine.result(room.state)


def tally(rooms: list[Room], current: Room) -> dict[str, Any]:
    """The series as the API gives it (see the module docstring)."""
    games = []
    rows: dict[str, dict[str, Any]] = {}
    for room in rooms:
        result = game_result(room)
        names = {seat.position: seat.name for seat in room.seats}
        entry: dict[str, Any] = {"code": room.code, "game": room.series_game or 1, "status": room.status}
        if result is not None:
            scores = result.get("scores") or []
            winners = [names.get(seat, "") for seat in result.get("winners") or []]
            entry["winners"] = winners
            entry["scores"] = {names.get(seat, ""): score for seat, score in enumerate(scores)}
            for seat, name in sorted(names.items()):
                row = rows.setdefault(name, {"name": name, "games": 0, "wins": 0, "score": 0})
                row["games"] += 1
                row["wins"] += name in winners
                row["score"] += scores[seat] if seat < len(scores) else 0
        games.append(entry)
    ranked = sorted(rows.values(), key=lambda row: (-row["wins"], -row["score"], row["name"].casefold()))
    return {
        "code": current.code,
        "series": current.series_code or current.code,
        "game": current.series_game or 1,
        "games": games,
        "finished": sum(1 for game in games if "winners" in game),
        "tally": ranked,
    }


class Series:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts

    async def tally(self, code: str) -> dict[str, Any]:
        def work(session: Session) -> dict[str, Any]:
            current = self.parts.store.room(session, code, lock=False)
            first = current.series_code or current.code
            rooms = session.scalars(
                select(Room)
                .where(or_(Room.code == first, Room.series_code == first))
                .order_by(Room.series_game, Room.id)
            ).all()
            # The evening up to this room's game (a rematch of a rematch is not yet tonight's past).
            return tally(
                [room for room in rooms if (room.series_game or 1) <= (current.series_game or 1)], current
            )

        return await self.parts.store.tx(work)
