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
# How long a reader waits for a subscription's confirmation before reading the room anyway.
CONFIRM_SECONDS = 5.0


class Subscription:
    """One connection's bounded inbox for one channel.

    A plain deque (an asyncio.Queue costs four deques per socket): the listener is woken
    through `waker` after each delivery, or awaits `get()`.

    `confirmed`: every message published from now on reaches this inbox. A shared backend
    confirms a new channel only once its server has the subscription, so a reader that
    awaits `wait_confirmed()` before reading the room's state misses nothing published
    after that read. One that gave up waiting, or whose confirmation was lost with the
    connection, gets one RESYNC when (re)confirmed.
    """

    __slots__ = (
        "channel",
        "items",
        "maxsize",
        "resyncs",
        "waker",
        "confirmed",
        "resync_when_confirmed",
        "_arrived",
        "_confirming",
    )

    def __init__(self, channel: str, queue_size: int) -> None:
        self.channel = channel
        self.items: deque[dict[str, Any]] = deque()
        self.maxsize = max(queue_size, 2)
        self.resyncs = 0
        # Called after each delivery, so an idle listener needs no task of its own waiting.
        self.waker: Callable[[], None] | None = None
        self.confirmed = True
        self.resync_when_confirmed = False
        self._arrived: asyncio.Event | None = None
        # Set while someone awaits the confirmation (created only then).
        self._confirming: asyncio.Event | None = None

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

    def lost(self) -> None:
        """The backend lost what it had confirmed (its connection dropped): unconfirmed again,
        and told to resync once confirmed anew (messages of the gap are gone)."""
        if self.confirmed:
            self.confirmed = False
            self.resync_when_confirmed = True

    def confirm(self) -> None:
        """The backend delivers every message published from now on."""
        if self.confirmed:
            return
        self.confirmed = True
        if self._confirming is not None:
            self._confirming.set()  # the waiter reads the room after this: no resync needed
            self.resync_when_confirmed = False
        elif self.resync_when_confirmed:
            self.resync_when_confirmed = False
            self.deliver(RESYNC)

    async def wait_confirmed(self, timeout: float) -> bool:
        """Wait until `confirmed` (at most `timeout` s). False: not yet; then this inbox gets a
        RESYNC once it is, so a read of the room made meanwhile is refreshed."""
        if self.confirmed:
            return True
        self._confirming = event = asyncio.Event()
        try:
            async with asyncio.timeout(timeout):
                await event.wait()
            return True
        except TimeoutError:
            if self.confirmed:
                return True
            self.resync_when_confirmed = True
            return False
        finally:
            self._confirming = None


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

    async def wait_confirmed(self, subscription: Subscription) -> bool:
        """Wait (bounded) until `subscription` gets every message published from now on; read
        the room only after this. False: not confirmed yet, a RESYNC follows once it is."""
        return await subscription.wait_confirmed(CONFIRM_SECONDS)

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

    async def others_present_counted(self, room: str) -> tuple[set[str], int] | None:
        """Members with an open socket to `room` on other processes, and the room's count of
        changes of presence on every process (None: they could not be read just now). One
        process: nobody else, and no count (0): its summaries go out in the order they are made."""
        return set(), 0

    async def others_present(self, room: str) -> set[str] | None:
        read = await self.others_present_counted(room)
        return None if read is None else read[0]

    async def present(self, room: str, local: set[str]) -> set[str]:
        """`local` (this process's members) and every other process's."""
        return set(local) | (await self.others_present(room) or set())

    async def presence_settled(self) -> bool:
        """Whether `present` can be trusted to list every process's sockets (a shared store that
        just lost its data is not settled until every process has re-asserted its own)."""
        return True
