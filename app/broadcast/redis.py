"""Fan-out through Redis pub/sub, for several server processes.

Every process publishes room events to `<prefix>room:<code>` and listens to
`<prefix>room:*` on one pub/sub connection, handing each message to its local
bounded subscriber queues. Its own messages reach its own subscribers directly
(with the views the change already computed) and their echo is skipped.
Pub/sub drops whatever is sent while a listener is away, so after every
(re)connection each local subscriber gets one RESYNC and reloads the room from
the database: no connection stays silently stale.

Presence (which seat tokens have an open socket) is shared in Redis too: a hash
per room with one field per (process, token) and a heartbeat key per process
with a TTL, so the sockets of a crashed process stop counting once it expires.
Each heartbeat also re-asserts this process's own presence fields, so after Redis
restarts empty (or its keys are flushed) every process's sockets count again within
one heartbeat; until a full heartbeat has passed since the data was lost,
`presence_settled()` says so and nobody's seat is handed to a bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import defaultdict
from typing import Any

import orjson
import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError

from .base import RESYNC, Broadcast

log = logging.getLogger("paddock.broadcast")

HEARTBEAT_SECONDS = 5.0
PROCESS_TTL_SECONDS = 15
MAX_BACKOFF_SECONDS = 5.0


class RedisBroadcast(Broadcast):
    def __init__(self, url: str, queue_size: int = 32, prefix: str = "paddock:") -> None:
        super().__init__(queue_size)
        self.url = url
        self.prefix = prefix
        self.process_id = secrets.token_hex(8)
        # Every published message starts with this (the process id and a space).
        self.origin = f"{self.process_id} ".encode()
        # CLIENT LIST shows the pub/sub connection under this name.
        self.listener_name = f"paddock-listen-{self.process_id}"
        self.client: aioredis.Redis | None = None
        # The listener's own client never retries silently: redis-py would
        # reconnect and resubscribe behind our back, hiding the gap in messages.
        self.listen_client: aioredis.Redis | None = None
        self.listener: asyncio.Task[None] | None = None
        self.heartbeat: asyncio.Task[None] | None = None
        # Set while the pub/sub connection is up; tests wait on it after a drop.
        self.listening = asyncio.Event()
        self.reconnects = 0
        # This process's own presence: room -> members, re-asserted by every heartbeat.
        self.local_presence: defaultdict[str, set[str]] = defaultdict(set)
        self.heartbeat_seconds = HEARTBEAT_SECONDS
        self.beats = 0

    # ---- lifecycle --------------------------------------------------------

    async def connect(self) -> None:
        self.client = aioredis.from_url(self.url, health_check_interval=10)
        self.listen_client = aioredis.from_url(
            self.url,
            health_check_interval=10,
            retry=Retry(NoBackoff(), 0),
            client_name=self.listener_name,
        )
        await self.client.ping()
        await self._beat()
        self.listener = asyncio.create_task(self._listen())
        self.heartbeat = asyncio.create_task(self._heartbeat())
        async with asyncio.timeout(10):
            await self.listening.wait()

    async def disconnect(self) -> None:
        for task in (self.listener, self.heartbeat):
            if task is not None:
                task.cancel()
        await asyncio.gather(*(t for t in (self.listener, self.heartbeat) if t), return_exceptions=True)
        if self.client is not None:
            with contextlib.suppress(RedisError, OSError):
                await self.client.delete(self._alive_key(self.process_id))
            await self.client.aclose()
        if self.listen_client is not None:
            await self.listen_client.aclose()

    # ---- publish / subscribe ---------------------------------------------

    def _channel(self, channel: str) -> str:
        return f"{self.prefix}{channel}"

    async def publish(self, channel: str, payload: dict[str, Any]) -> None:
        """This process's subscribers get `payload` itself at once, with its local-only "_" keys
        (the views the change computed, the frames built from them); the other processes get
        it through Redis, marked with this process's id so that its echo here is skipped."""
        assert self.client is not None, "connect() first"
        self._deliver_local(channel, payload)
        try:
            shared = {key: value for key, value in payload.items() if not key.startswith("_")}
            await self.client.publish(self._channel(channel), self.origin + orjson.dumps(shared))
        except (RedisError, OSError):
            # The action is stored; listeners resync when Redis is back (see _listen).
            log.warning("could not publish to Redis; listeners will resync on reconnect")

    def _payload(self, data: bytes) -> dict[str, Any] | None:
        """A message from another process (`<its id> <json>`, or plain JSON); None for this
        process's own echo and for anything unreadable."""
        if data.startswith(self.origin):
            return None
        if not data.startswith(b"{"):
            data = data.partition(b" ")[2]
        try:
            payload = orjson.loads(data)
        except orjson.JSONDecodeError:
            log.warning("skipped an unreadable message on the room channel")
            return None
        return payload if isinstance(payload, dict) else None

    def hears(self, channel: str) -> bool:
        """Only while listening, and only the channels this process has subscribers for."""
        return self.listening.is_set() and channel in self.subscribers

    def _resync_all(self) -> None:
        for channel, subs in list(self.subscribers.items()):
            if self.on_remote is not None:  # whatever was missed meanwhile is read again
                self.on_remote(channel, RESYNC)
            for subscription in list(subs):
                subscription.deliver(RESYNC)

    async def _listen(self) -> None:
        """Listen forever; reconnect with backoff and resync every local subscriber after a gap."""
        assert self.listen_client is not None
        backoff = 0.1
        first = True
        while True:
            pubsub = self.listen_client.pubsub()
            try:
                await pubsub.psubscribe(self._channel("*"))
                # Wait for the subscription to be confirmed before declaring ourselves live.
                while (await pubsub.get_message(timeout=1.0)) is None:
                    pass
                self.listening.set()
                if not first:
                    self.reconnects += 1
                    log.info("Redis pub/sub reconnected; resyncing local connections")
                    self._resync_all()
                first = False
                backoff = 0.1
                skip = len(self.prefix)
                while True:
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=30.0)
                    if message is None or message["type"] != "pmessage":
                        continue
                    channel = message["channel"].decode()[skip:]
                    if channel in self.subscribers:
                        payload = self._payload(message["data"])
                        if payload is not None:
                            if self.on_remote is not None:
                                self.on_remote(channel, payload)
                            self._deliver_local(channel, payload)
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                raise
            except (RedisError, OSError) as exc:
                self.listening.clear()
                log.warning("Redis pub/sub lost (%s); retrying in %.1f s", exc.__class__.__name__, backoff)
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, MAX_BACKOFF_SECONDS)

    # ---- presence ---------------------------------------------------------

    def _alive_key(self, process_id: str) -> str:
        return f"{self.prefix}alive:{process_id}"

    def _presence_key(self, room: str) -> str:
        return f"{self.prefix}presence:{room}"

    def _since_key(self) -> str:
        return f"{self.prefix}presence-since"

    async def _beat(self) -> None:
        """Say this process is alive and re-assert its presence fields (lost if Redis restarted)."""
        assert self.client is not None
        async with self.client.pipeline(transaction=False) as pipe:
            pipe.set(self._alive_key(self.process_id), b"1", ex=PROCESS_TTL_SECONDS, get=True)
            pipe.get(self._since_key())
            for room, members in list(self.local_presence.items()):
                if members:
                    pipe.hset(
                        self._presence_key(room),
                        mapping={f"{self.process_id}|{member}": b"1" for member in members},
                    )
            had_alive, since, *_ = await pipe.execute()
        if self.beats and had_alive is None:
            # Our own key vanished: Redis lost its data (restart, flush, or a long outage), and
            # the other processes' presence is missing until their next heartbeat.
            await self.client.set(self._since_key(), repr(time.time()).encode())
        elif since is None:
            # A fresh store at this process's start: nobody else can have lost anything.
            await self.client.set(self._since_key(), b"0", nx=True)
        self.beats += 1

    async def presence_settled(self) -> bool:
        assert self.client is not None
        try:
            since = await self.client.get(self._since_key())
            if since is None:  # lost just now: mark it (this process's next beat would)
                await self.client.set(self._since_key(), repr(time.time()).encode(), nx=True)
                return False
            return time.time() - float(since) >= self.heartbeat_seconds * 1.5
        except (RedisError, OSError, ValueError):
            return False

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat_seconds)
            try:
                await self._beat()
            except (RedisError, OSError):
                log.warning("Redis heartbeat failed")

    async def set_present(self, room: str, member: str, present: bool) -> None:
        assert self.client is not None
        field = f"{self.process_id}|{member}"
        if present:
            self.local_presence[room].add(member)
        else:
            self.local_presence[room].discard(member)
            if not self.local_presence[room]:
                del self.local_presence[room]
        try:
            if present:
                await self.client.hset(self._presence_key(room), field, b"1")
            else:
                await self.client.hdel(self._presence_key(room), field)
        except (RedisError, OSError):
            log.warning("could not record presence in Redis")

    async def present(self, room: str, local: set[str]) -> set[str]:
        """Members connected to any live process (always including this process's own)."""
        assert self.client is not None
        try:
            keys = await self.client.hkeys(self._presence_key(room))
            fields = [f.decode() if isinstance(f, bytes) else f for f in keys]
            if not fields:
                return set(local)
            pairs = [f.split("|", 1) for f in fields]
            processes = sorted({pid for pid, _ in pairs})
            alive_flags = await self.client.mget([self._alive_key(pid) for pid in processes])
            alive = {pid for pid, flag in zip(processes, alive_flags, strict=True) if flag is not None}
            dead = [f for f, (pid, _) in zip(fields, pairs, strict=True) if pid not in alive]
            if dead:
                await self.client.hdel(self._presence_key(room), *dead)
            return set(local) | {member for pid, member in pairs if pid in alive}
        except (RedisError, OSError):
            log.warning("could not read presence from Redis; showing this process's only")
            return set(local)
