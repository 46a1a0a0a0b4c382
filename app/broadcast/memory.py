"""In-process fan-out: one set of bounded subscriber queues per channel."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from .base import Broadcast, Subscription


class MemoryBroadcast(Broadcast):
    def __init__(self, queue_size: int = 32) -> None:
        self.queue_size = queue_size
        self.subscribers: dict[str, set[Subscription]] = defaultdict(set)

    async def publish(self, channel: str, payload: dict[str, Any]) -> None:
        for subscription in list(self.subscribers.get(channel, ())):
            subscription.deliver(payload)

    def subscribe(self, channel: str) -> Subscription:
        subscription = Subscription(channel, self.queue_size)
        self.subscribers[channel].add(subscription)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        subs = self.subscribers.get(subscription.channel)
        if subs is not None:
            subs.discard(subscription)
            if not subs:
                del self.subscribers[subscription.channel]
