"""What the group-play parts share (chat, rematch, seats you can't lose): the clock, the
room's message feed (chat lines and public seat notices, stored and published), and the extra
fields of the room summary (when a bot may take an away seat, the chat settings, the rematch).

The clock is an attribute so tests can move time instead of sleeping (`rooms.clock = ...`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from app.models import Room, RoomMessage

from .core import RoomCore, channel
from .snapshot import RoomInfo

# The newest messages a room keeps (and sends at sync); older ones are deleted.
CHAT_KEEP = 50


class GroupCore(RoomCore):
    clock: Callable[[], float] = staticmethod(time.time)

    # ---- the room's feed: chat lines and public notices -------------------

    def _store_frame(self, session: Session, room: Room, frame: dict[str, Any]) -> dict[str, Any]:
        """Keep `frame` with the room (only the newest CHAT_KEEP stay) and return it."""
        session.add(RoomMessage(room_id=room.id, frame=frame))
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

    def _notice(self, session: Session, room: Room, event: str, **params: Any) -> dict[str, Any]:
        """A public notice in the room's feed (a seat handed to a bot, taken back, moved, ...)."""
        frame = {"type": "notice", "e": event, **params, "at": round(self.clock(), 3)}
        return self._store_frame(session, room, frame)

    async def _publish_frames(self, code: str, frames: list[dict[str, Any]]) -> None:
        for frame in frames:
            await self.broadcast.publish(channel(code), {"kind": "chat", "frame": frame})

    async def chat_history(self, code: str) -> list[dict[str, Any]]:
        """The room's last CHAT_KEEP chat lines and notices, oldest first."""

        def work(session: Session) -> list[dict[str, Any]]:
            room = self._room(session, code, lock=False)
            frames = session.scalars(
                select(RoomMessage.frame)
                .where(RoomMessage.room_id == room.id)
                .order_by(RoomMessage.id.desc())
                .limit(CHAT_KEEP)
            ).all()
            return list(reversed(frames))

        return await self._tx(work)

    # ---- summary ----------------------------------------------------------

    async def summary(self, info: RoomInfo) -> dict[str, Any]:
        """The public summary plus: for each away seat of a running game `bot_in` (seconds until
        the host may hand it to a bot; absent for connected seats, bots, and outside a game),
        the grace period, the chat settings and the rematch room's code."""
        out = await super().summary(info)
        now = self.clock()
        grace = self.settings.seat_grace_seconds
        away_since = {seat.position: seat.away_since for seat in info.seats}
        for seat in out["seats"]:
            if info.status == "playing" and not seat["bot"] and not seat["connected"]:
                since = away_since.get(seat["seat"])
                left = 0.0 if since is None or seat["left"] else max(0.0, grace - (now - since))
                seat["bot_in"] = round(left, 3)
        out["grace_seconds"] = grace
        out["chat"] = {"spectators": info.chat_spectators, "muted": list(info.chat_muted)}
        out["rematch"] = info.rematch_code
        return out
