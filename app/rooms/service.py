"""The room service: the only place that changes rooms.

Every change takes the room's lock (an asyncio lock in this process, plus the
row lock `SELECT ... FOR UPDATE` on PostgreSQL / `BEGIN IMMEDIATE` on SQLite
across processes), calls the engine, stores the new state, version and the
action-log rows in ONE transaction, and only then publishes to the room's
channel. Sockets and HTTP routes call these methods and know no rules.
"""

from __future__ import annotations

from .autoplay import Autoplay
from .chat import Chat
from .core import channel
from .lobby import Lobby
from .play import Play
from .rematch import Rematch
from .replays import Replays
from .seats import SeatKeeping

__all__ = ["RoomService", "channel"]


class RoomService(SeatKeeping, Chat, Rematch, Lobby, Play, Autoplay, Replays):
    """Every room operation the HTTP routes and the socket call (group play: app.rooms.seats,
    chat and rematch, which extend the summary, `resolve`, `disconnect` and `hand_to_bot`)."""
