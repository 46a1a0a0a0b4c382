"""Fan-out of room events to every connection watching a room.

The backend is chosen by URL (`memory://` now; a Redis backend can be added
under `redis://` without touching the rooms or sockets). Payloads are plain
JSON-able dicts so any backend can carry them.
"""

from __future__ import annotations

from .base import RESYNC, Broadcast, Subscription
from .memory import MemoryBroadcast


def make_broadcast(url: str, queue_size: int) -> Broadcast:
    if url.startswith("memory://") or url == "memory":
        return MemoryBroadcast(queue_size)
    raise ValueError(f"Unsupported BROADCAST_URL {url.split(':', 1)[0]!r}: only memory:// is built in.")


__all__ = ["RESYNC", "Broadcast", "MemoryBroadcast", "Subscription", "make_broadcast"]
