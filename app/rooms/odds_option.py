"""The host's room option "odds for players" (off by default: live odds would play for them).

Spectators always see the live odds (app.rooms.odds); seated players only once the host
turns this on, before or during the game. The change goes out with the room summary
(`odds_players`), and each socket starts or stops showing the odds accordingly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy.orm import Session

from .lobby import _require_host
from .snapshot import RoomInfo, snapshot

if TYPE_CHECKING:
    from .parts import Parts


class OddsOption:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts

    async def set_odds_players(self, code: str, token: str | None, on: bool) -> RoomInfo:
        def work(session: Session) -> RoomInfo:
            room = self.parts.store.room(session, code)
            _require_host(room, token)
            room.odds_players = on
            session.flush()
            return snapshot(room)

        async with self.parts.locks[code]:
            info = await self.parts.store.tx(work)
            await self.parts.publisher.room(info)
        return info
