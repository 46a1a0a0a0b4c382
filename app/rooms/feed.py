"""The room's feed: chat lines and public notices (a seat handed to a bot, taken back, moved,
the timer set...), stored with the room (the newest CHAT_KEEP) and published on its channel."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Connection, Table, delete, select
from sqlalchemy.orm import Session

from app.models import Room, RoomMessage

from .clock import Clock
from .codes import valid_code
from .errors import not_found
from .play_record import ROOMS
from .shared_reads import SharedReads
from .store import RoomStore

# The newest messages a room keeps (and sends at sync); older ones are deleted.
CHAT_KEEP = 50


class RoomFeed:
    def __init__(self, store: RoomStore, clock: Clock) -> None:
        self.store = store
        self.clock = clock
        self.reads: SharedReads[list[dict[str, Any]]] = SharedReads()

    def store_frame(
        self, session: Session, room: Room, frame: dict[str, Any], address: str | None = None
    ) -> dict[str, Any]:
        """Keep `frame` with the room (only the newest CHAT_KEEP stay) and return it; `address`:
        the digest of a chat line's sender's address (app.rooms.addresses), kept, never sent."""
        session.add(RoomMessage(room_id=room.id, frame=frame, address=address))
        session.flush()
        cutoff = session.scalar(
            select(RoomMessage.id)
            .where(RoomMessage.room_id == room.id)
            .order_by(RoomMessage.id.desc())
            .offset(CHAT_KEEP)
            .limit(1)
        )
        if cutoff is not None:
            session.execute(
                delete(RoomMessage).where(RoomMessage.room_id == room.id, RoomMessage.id <= cutoff)
            )
        return frame

    def notice(self, session: Session, room: Room, event: str, **params: Any) -> dict[str, Any]:
        """A public notice in the room's feed."""
        frame = {"type": "notice", "e": event, **params, "at": round(self.clock(), 3)}
        return self.store_frame(session, room, frame)

    async def history(self, code: str, since: float | None = None) -> list[dict[str, Any]]:
        """The room's last CHAT_KEEP chat lines and notices, oldest first: one statement that
        reads the messages only (every socket's sync asks, so the room's row, its state
        included, is not loaded for it; sockets arriving together share it: `since`, see
        app.rooms.shared_reads)."""
        if not valid_code(code):
            raise not_found()
        return await self.reads.read(
            code, since, lambda: self.store.tx_play(lambda conn: _history(conn, code), "read")
        )


MESSAGES = cast(Table, RoomMessage.__table__)
# The room's row joined to its newest messages: no row at all when there is no such room, one
# row with no frame when it has none.
_HISTORY = (
    select(ROOMS.c.id, MESSAGES.c.frame)
    .select_from(ROOMS.outerjoin(MESSAGES, MESSAGES.c.room_id == ROOMS.c.id))
    .order_by(MESSAGES.c.id.desc())
    .limit(CHAT_KEEP)
)


def _history(conn: Connection, code: str) -> list[dict[str, Any]]:
    rows = conn.execute(_HISTORY.where(ROOMS.c.code == code)).all()
    if not rows:
        raise not_found()
    return [row.frame for row in reversed(rows) if row.frame is not None]


def kept_frames(session: Session, room: Room) -> list[dict[str, Any]]:
    """The room's kept chat lines and notices (the newest CHAT_KEEP), oldest first."""
    frames = session.scalars(
        select(RoomMessage.frame)
        .where(RoomMessage.room_id == room.id)
        .order_by(RoomMessage.id.desc())
        .limit(CHAT_KEEP)
    ).all()
    return list(reversed(frames))
