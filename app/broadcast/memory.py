"""In-process fan-out: one set of bounded subscriber queues per channel."""

from __future__ import annotations

from typing import Any

from .base import Broadcast


class MemoryBroadcast(Broadcast):
    async def publish(self, channel: str, payload: dict[str, Any]) -> None:
        self._deliver_local(channel, payload)
