"""The broadcast interface and the bounded subscriber queue every backend uses."""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections import defaultdict, deque
from collections.abc import Callable
from typing import Any

# Handed to a subscriber that fell behind: its backlog was dropped, it must
# reload the room instead (the events are snapshots, so nothing is lost).
RESYNC: dict[str, Any] = {"kind": "resync"}


class Subscription:
    """One connection's bounded inbox for one channel.

    A plain deque (an asyncio.Queue costs four deques per socket): the listener is woken
    through `waker` after each delivery, or awaits `get()`.
    """

    __slots__ = ("channel", "items", "maxsize", "resyncs", "waker", "_arrived")

    def __init__(self, channel: str, queue_size: int) -> None:
        self.channel = channel
        self.items: deque[dict[str, Any]] = deque()
        self.maxsize = max(queue_size, 2)
        self.resyncs = 0
        # Called after each delivery, so an idle listener needs no task of its own waiting.
        self.waker: Callable[[], None] | None = None
        self._arrived: asyncio.Event | None = None

    @property
    def queue(self) -> Subscription:
        """The inbox itself (qsize / empty / get_nowait), for callers that read it directly."""
        return self

    def qsize(self) -> int:
        return len(self.items)

    def empty(self) -> bool:
        return not self.items

    def get_nowait(self) -> dict[str, Any]:
        return self.items.popleft()

    def deliver(self, payload: dict[str, Any]) -> None:
        """Queue `payload`; a full inbox is emptied and replaced by one RESYNC."""
        if len(self.items) >= self.maxsize:
            self.items.clear()
            self.resyncs += 1
            payload = RESYNC
        self.items.append(payload)
        if self._arrived is not None:
            self._arrived.set()
        if self.waker is not None:
            self.waker()

    async def get(self) -> dict[str, Any]:
        while not self.items:
            if self._arrived is None:
                self._arrived = asyncio.Event()
            self._arrived.clear()
            await self._arrived.wait()
        return self.items.popleft()


class Broadcast(ABC):
    """A fan-out backend. Every backend keeps this process's subscribers here and
    delivers to them locally; backends differ only in how a publish reaches them."""

    def __init__(self, queue_size: int = 32) -> None:
        self.queue_size = queue_size
        self.subscribers: dict[str, set[Subscription]] = defaultdict(set)
        # Told of every message another process published (channel, payload) before it is
        # delivered here: the room service forgets what it holds of that room in memory.
        self.on_remote: Callable[[str, dict[str, Any]], None] | None = None

    @abstractmethod
    async def publish(self, channel: str, payload: dict[str, Any]) -> None: ...

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

    def hears(self, channel: str) -> bool:
        """Whether every change published on `channel`, by any process, reaches this one (so
        what this process holds of that room in memory can be trusted). One process: always."""
        return True

    def _deliver_local(self, channel: str, payload: dict[str, Any]) -> None:
        for subscription in list(self.subscribers.get(channel, ())):
            subscription.deliver(payload)

    async def connect(self) -> None:  # noqa: B027 - optional hook
        pass

    async def disconnect(self) -> None:  # noqa: B027 - optional hook
        pass

    # Presence: who has an open socket in a room. One process knows its own
    # sockets; a shared backend (Redis) adds the other processes'.
    async def set_present(self, room: str, member: str, present: bool) -> None:  # noqa: B027
        pass

    async def present(self, room: str, local: set[str]) -> set[str]:
        return set(local)

    async def presence_settled(self) -> bool:
        """Whether `present` can be trusted to list every process's sockets (a shared store that
        just lost its data is not settled until every process has re-asserted its own)."""
        return True
