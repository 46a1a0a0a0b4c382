"""What every part of the room service shares, handed to each part explicitly: the settings,
the store, rooms in memory, the publisher, the rooms' locks, the clock and the room's feed."""

from __future__ import annotations

from dataclasses import dataclass

from app.core.config import Settings

from .clock import Clock
from .feed import RoomFeed
from .locks import RoomLocks
from .memory import RoomMemory
from .publish import Publisher
from .store import RoomStore


@dataclass(frozen=True)
class Parts:
    settings: Settings
    store: RoomStore
    memory: RoomMemory
    publisher: Publisher
    locks: RoomLocks
    clock: Clock
    feed: RoomFeed
