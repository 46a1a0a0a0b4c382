"""Fan-out of room events to every connection watching a room.

The backend is chosen by URL: `memory://` (one process) or `redis://...`
(several processes; see app.broadcast.redis). Payloads are plain
JSON-able dicts so any backend can carry them.
"""

from __future__ import annotations

from .base import RESYNC, Broadcast, Subscription
from .memory import MemoryBroadcast


def make_broadcast(url: str, queue_size: int, prefix: str = "paddock:") -> Broadcast:
    if url.startswith("memory://") or url == "memory":
        return MemoryBroadcast(queue_size)
    if url.startswith(("redis://", "rediss://", "unix://")):
        from .redis import RedisBroadcast

        return RedisBroadcast(url, queue_size, prefix)
    raise ValueError(
        f"Unsupported BROADCAST_URL {url.split(':', 1)[0]!r}: use memory:// or redis://host:port/db."
    )


__all__ = ["RESYNC", "Broadcast", "MemoryBroadcast", "Subscription", "make_broadcast"]
