"""Fan-out through Redis pub/sub, for several server processes.

Every process publishes room events to `<prefix>room:<code>` and listens, on one
pub/sub connection, to the channels of the rooms it has sockets for: the first local
subscription of a channel SUBSCRIBEs it, the last one's end UNSUBSCRIBEs it, so a process
never reads (or parses) the messages of rooms it does not serve. It hands each message to
its local bounded subscriber queues, parsed once and shared by all of them. Its own
messages reach its own subscribers directly (with the views the change already computed)
and their echo is skipped.

`subscribe()` is synchronous; the command is queued to the listener's writer, and the
subscription is *confirmed* when Redis answers (app.broadcast.base.Subscription): a socket
awaits that before it reads the room, so nothing published after its read can be missed.
Pub/sub drops whatever is sent while a listener is away, so after every reconnection each
live channel is subscribed again and each of its local subscribers gets one RESYNC once
Redis confirms it, and reloads the room from the database: no connection stays silently
stale.

Presence (which seat tokens have an open socket) is shared in Redis too: a hash
per room with one field per (process, token) and a heartbeat key per process
with a TTL, so the sockets of a crashed process stop counting once it expires.
Each heartbeat also re-asserts this process's own presence fields, so after Redis
restarts empty (or its keys are flushed) every process's sockets count again within
one heartbeat; until a full heartbeat has passed since the data was lost,
`presence_settled()` says so and nobody's seat is handed to a bot. The hash also counts
the room's changes of presence (field `#`): a summary carries the count it was read at, so a
socket can tell a summary read before one it already showed (app.ws.socket).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import Counter, defaultdict
from typing import Any

import orjson
import redis.asyncio as aioredis
from redis.asyncio.connection import AbstractConnection
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.commands.core import AsyncScript
from redis.exceptions import RedisError

from .base import CONFIRM_SECONDS, RESYNC, Broadcast, Subscription

log = logging.getLogger("paddock.broadcast")

HEARTBEAT_SECONDS = 5.0
PROCESS_TTL_SECONDS = 15
# Presence hashes and the presence-since mark expire unless a live process's heartbeat (or a
# socket) renews them, so a site that stops (or a test run) leaves no key behind for good.
PRESENCE_TTL_SECONDS = 4 * PROCESS_TTL_SECONDS
MAX_BACKOFF_SECONDS = 5.0
# The listener PINGs an idle connection this often, and gives it up after this long without a
# word from Redis (a dead peer that never closed the connection).
KEEPALIVE_SECONDS = 10.0
SILENCE_SECONDS = 30.0
# How long one round of publishes may take before it is given up (its connection is dropped).
PUBLISH_SECONDS = 5.0
# Channels per SUBSCRIBE / UNSUBSCRIBE command (a reconnection resubscribes them all).
CHANNELS_PER_COMMAND = 256
# A room's presence fields ("<process id>|<member>") whose process is alive (its alive key,
# ARGV[1] + process id, exists), after the room's count of presence changes (its field
# CHANGES_FIELD, "0" when absent); the fields of dead processes are deleted.
CHANGES_FIELD = "#"
LIVE_FIELDS = """
local live, alive = {}, {}
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  if field ~= '#' then
    local process = string.match(field, '^([^|]*)|')
    if process ~= nil and alive[process] == nil then
      alive[process] = redis.call('EXISTS', ARGV[1] .. process) == 1
    end
    if process ~= nil and alive[process] then
      table.insert(live, field)
    else
      redis.call('HDEL', KEYS[1], field)
    end
  end
end
return {redis.call('HGET', KEYS[1], '#') or '0', live}
"""


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
        # Publishes go on a client of their own: redis-py bounds each command's write with
        # asyncio.wait_for (a task per command in Python 3.11) and each read with a timeout of
        # its own; this one has none, and each round of publishes has one deadline instead.
        self.sender_client: aioredis.Redis | None = None
        self.publish_seconds = PUBLISH_SECONDS
        self._live_fields: AsyncScript | None = None  # LIVE_FIELDS, registered at connect
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
        # The listener's channels (local names, without the prefix), on its current connection:
        # SUBSCRIBEd and not UNSUBSCRIBEd since; confirmed by Redis; SUBSCRIBE answers due.
        self.sent: set[str] = set()
        self.live: set[str] = set()
        self.answers_due: Counter[str] = Counter()
        # Channels whose first subscriber came or last one went, for the writer to reconcile.
        self.dirty: set[str] = set()
        self.changed = asyncio.Event()
        self.keepalive_seconds = KEEPALIVE_SECONDS
        self.silence_seconds = SILENCE_SECONDS
        self.confirm_seconds = CONFIRM_SECONDS
        self.retry_seconds = 0.1  # the first wait before reconnecting (doubling up to the max)
        # Room messages this process's listener has read from Redis (its own echo included).
        self.messages_read = 0
        # Publishes waiting for the sender task (channel, message, answered when sent).
        self.outbox: list[tuple[str, bytes, asyncio.Future[BaseException | None]]] = []
        self.sender: asyncio.Task[None] | None = None

    # ---- lifecycle --------------------------------------------------------

    async def connect(self) -> None:
        # One retry on a fresh connection: after Redis restarts, the pooled connections are dead,
        # and a publish lost there would leave the other processes' sockets stale.
        self.client = aioredis.from_url(self.url, health_check_interval=10, retry=Retry(NoBackoff(), 1))
        self.sender_client = aioredis.from_url(
            self.url, health_check_interval=10, retry=Retry(NoBackoff(), 1), socket_timeout=None
        )
        self.listen_client = aioredis.from_url(
            self.url,
            health_check_interval=10,
            retry=Retry(NoBackoff(), 0),
            client_name=self.listener_name,
        )
        await self.client.ping()
        self._live_fields = self.client.register_script(LIVE_FIELDS)
        await self._beat()
        self.listener = asyncio.create_task(self._listen())
        self.heartbeat = asyncio.create_task(self._heartbeat())
        async with asyncio.timeout(10):
            await self.listening.wait()

    async def disconnect(self) -> None:
        if self.sender is not None:  # what was published before this goes out first
            await asyncio.gather(self.sender, return_exceptions=True)
        for task in (self.listener, self.heartbeat):
            if task is not None:
                task.cancel()
        await asyncio.gather(*(t for t in (self.listener, self.heartbeat) if t), return_exceptions=True)
        if self.client is not None:
            with contextlib.suppress(RedisError, OSError):
                await self.client.delete(self._alive_key(self.process_id))
            await self.client.aclose()
        if self.sender_client is not None:
            await self.sender_client.aclose()
        if self.listen_client is not None:
            await self.listen_client.aclose()

    # ---- publish / subscribe ---------------------------------------------

    def _channel(self, channel: str) -> str:
        return f"{self.prefix}{channel}"

    async def publish(self, channel: str, payload: dict[str, Any]) -> None:
        """This process's subscribers get `payload` itself at once, with its local-only "_" keys
        (the views the change computed, the frames built from them); the other processes get
        it through Redis, marked with this process's id so that its echo here is skipped.

        Returns once Redis has it. The publishes issued together (the rooms of one group
        commit, a change and its summary) go out in one pipeline, in the order they came:
        a third of the client's CPU per message, against one command each."""
        assert self.client is not None, "connect() first"
        self._deliver_local(channel, payload)
        shared = {key: value for key, value in payload.items() if not key.startswith("_")}
        sent: asyncio.Future[BaseException | None] = asyncio.get_running_loop().create_future()
        self.outbox.append((self._channel(channel), self.origin + orjson.dumps(shared), sent))
        loop = asyncio.get_running_loop()
        if self.sender is not None and self.sender.get_loop() is not loop:  # a loop run before
            self.outbox = [waiting for waiting in self.outbox if waiting[2].get_loop() is loop]
            self.sender = None
        if self.sender is None or self.sender.done():
            self.sender = asyncio.ensure_future(self._send_outbox())
        if await asyncio.shield(sent) is not None:
            # The action is stored; listeners resync when Redis is back (see _listen).
            log.warning("could not publish to Redis; listeners will resync on reconnect")

    async def _send_outbox(self) -> None:
        """Send the waiting publishes, one pipeline per round, until none wait. Each publisher
        hears whether its message went (None) or what failed; none waits for ever (a round
        that outlasts `publish_seconds` fails; redis-py drops a connection cut off mid-command)."""
        assert self.sender_client is not None
        while self.outbox:
            batch, self.outbox = self.outbox, []
            failed: BaseException | None = None
            try:
                async with asyncio.timeout(self.publish_seconds):
                    async with self.sender_client.pipeline(transaction=False) as pipe:
                        for channel, data, _ in batch:
                            pipe.publish(channel, data)
                        await pipe.execute()
            except (RedisError, OSError, TimeoutError) as exc:
                failed = exc
            except BaseException as exc:  # cancelled (the process stops): answer everyone
                batch, self.outbox = batch + self.outbox, []
                failed = exc
                raise
            finally:
                for *_, sent in batch:
                    if not sent.done():
                        sent.set_result(failed)

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
        """Only the channels Redis has confirmed on the current connection (this process has
        sockets in the room and hears every change of it since the confirmation)."""
        return channel in self.live

    def subscribe(self, channel: str) -> Subscription:
        subscription = super().subscribe(channel)
        if channel not in self.live:
            subscription.confirmed = False
            self._reconcile(channel)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        super().unsubscribe(subscription)
        if subscription.channel not in self.subscribers:
            self._reconcile(subscription.channel)

    async def wait_confirmed(self, subscription: Subscription) -> bool:
        if not subscription.confirmed and not self.listening.is_set():
            # Redis is away: nothing to wait for; the reconnection resyncs this subscriber.
            subscription.resync_when_confirmed = True
            return False
        return await subscription.wait_confirmed(self.confirm_seconds)

    def _reconcile(self, channel: str) -> None:
        self.dirty.add(channel)
        self.changed.set()

    def _connected(self) -> None:
        """A new connection has no channels: every one with local subscribers is sent again."""
        self.sent.clear()
        self.live.clear()
        self.answers_due.clear()
        self.dirty = set(self.subscribers)
        self.changed.set()

    def _disconnected(self) -> None:
        """Messages may be missed from now on: every subscriber resyncs once confirmed again."""
        self.listening.clear()
        self.sent.clear()
        self.live.clear()
        self.answers_due.clear()
        for subs in self.subscribers.values():
            for subscription in subs:
                subscription.lost()

    def _confirmed(self, channel: str) -> None:
        """Redis answered a SUBSCRIBE: once the newest one is answered, the channel is live."""
        due = self.answers_due[channel] - 1
        if due > 0:
            self.answers_due[channel] = due
            return
        self.answers_due.pop(channel, None)
        if channel in self.sent:
            self.live.add(channel)
            if self.on_remote is not None:
                # Heard from now on; what this process holds of the room from before may have
                # missed changes (not heard yet, or lost with a connection): read it again.
                self.on_remote(channel, RESYNC)
            for subscription in list(self.subscribers.get(channel, ())):
                subscription.confirm()

    async def _write(self, conn: AbstractConnection) -> None:
        """The listener connection's writer: SUBSCRIBE / UNSUBSCRIBE what changed, PING when idle."""
        while True:
            if not self.dirty:
                self.changed.clear()
                try:
                    async with asyncio.timeout(self.keepalive_seconds):
                        await self.changed.wait()
                except TimeoutError:
                    await conn.send_command("PING", check_health=False)
                continue
            dirty, self.dirty = self.dirty, set()
            wanted = sorted(c for c in dirty if c in self.subscribers and c not in self.sent)
            unwanted = sorted(c for c in dirty if c not in self.subscribers and c in self.sent)
            for name in wanted:
                self.sent.add(name)
                self.answers_due[name] += 1
            for name in unwanted:
                self.sent.discard(name)
                self.live.discard(name)
            commands = [
                (verb, *(self._channel(name) for name in names[i : i + CHANNELS_PER_COMMAND]))
                for verb, names in (("SUBSCRIBE", wanted), ("UNSUBSCRIBE", unwanted))
                for i in range(0, len(names), CHANNELS_PER_COMMAND)
            ]
            if commands:
                await self._send(conn, commands)

    async def _send(self, conn: AbstractConnection, commands: list[tuple[str, ...]]) -> None:
        await conn.send_packed_command(conn.pack_commands(commands), check_health=False)

    async def _read(self, conn: AbstractConnection) -> None:
        """The listener connection's reader: messages to the local subscribers, confirmations."""
        skip = len(self.prefix)
        while True:
            response = await conn.read_response(timeout=self.silence_seconds, push_request=True)
            if response is None:
                raise ConnectionError(f"Redis said nothing for {self.silence_seconds:g} s")
            if not isinstance(response, list):
                continue  # the PONG of an idle connection
            kind = response[0]
            if kind == b"message":
                self.messages_read += 1
                channel = response[1][skip:].decode()
                if channel in self.subscribers:
                    payload = self._payload(response[2])
                    if payload is not None:
                        if self.on_remote is not None:  # the room service's memory first
                            self.on_remote(channel, payload)
                        self._deliver_local(channel, payload)
            elif kind == b"subscribe":
                self._confirmed(response[1][skip:].decode())

    async def _listen(self) -> None:
        """Listen forever; reconnect with backoff, resubscribe and resync after a gap."""
        assert self.listen_client is not None
        pool = self.listen_client.connection_pool
        backoff = self.retry_seconds
        first = True
        while True:
            conn = None
            tasks: list[asyncio.Task[None]] = []
            try:
                conn = await pool.get_connection()
                self._connected()
                tasks = [asyncio.create_task(self._read(conn)), asyncio.create_task(self._write(conn))]
                self.listening.set()
                if not first:
                    self.reconnects += 1
                    log.info("Redis pub/sub reconnected; resubscribing and resyncing local connections")
                first = False
                backoff = self.retry_seconds
                done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
                for task in done:
                    task.result()  # raises what ended it
            except (RedisError, OSError) as exc:
                log.warning("Redis pub/sub lost (%s); retrying in %.1f s", exc.__class__.__name__, backoff)
            except Exception:
                log.exception("Redis pub/sub listener failed; retrying in %.1f s", backoff)
            finally:
                self._disconnected()
                for task in tasks:
                    task.cancel()
                if tasks:
                    await asyncio.gather(*tasks, return_exceptions=True)
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await conn.disconnect(nowait=True)
                        await pool.release(conn)
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
            pipe.expire(self._since_key(), PRESENCE_TTL_SECONDS)
            for room, members in list(self.local_presence.items()):
                if members:
                    pipe.hset(
                        self._presence_key(room),
                        mapping={f"{self.process_id}|{member}": b"1" for member in members},
                    )
                    pipe.expire(self._presence_key(room), PRESENCE_TTL_SECONDS)
            had_alive, since, *_ = await pipe.execute()
        if self.beats and had_alive is None:
            # Our own key vanished: Redis lost its data (restart, flush, or a long outage), and
            # the other processes' presence is missing until their next heartbeat.
            await self.client.set(self._since_key(), repr(time.time()).encode(), ex=PRESENCE_TTL_SECONDS)
        elif since is None:
            # A fresh store at this process's start: nobody else can have lost anything.
            await self.client.set(self._since_key(), b"0", nx=True, ex=PRESENCE_TTL_SECONDS)
        self.beats += 1

    async def presence_settled(self) -> bool:
        assert self.client is not None
        try:
            since = await self.client.get(self._since_key())
            if since is None:  # lost just now: mark it (this process's next beat would)
                await self.client.set(
                    self._since_key(), repr(time.time()).encode(), nx=True, ex=PRESENCE_TTL_SECONDS
                )
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
            async with self.client.pipeline(transaction=False) as pipe:
                if present:
                    pipe.hset(self._presence_key(room), field, b"1")
                else:
                    pipe.hdel(self._presence_key(room), field)
                pipe.hincrby(self._presence_key(room), CHANGES_FIELD, 1)
                pipe.expire(self._presence_key(room), PRESENCE_TTL_SECONDS)
                await pipe.execute()
        except (RedisError, OSError):
            log.warning("could not record presence in Redis")

    async def others_present_counted(self, room: str) -> tuple[set[str], int] | None:
        """Members connected to any other live process, and how many changes of presence the
        room has had (any process's). One round trip: a script reads the room's presence
        fields, keeps those of live processes and deletes the others."""
        assert self.client is not None and self._live_fields is not None
        try:
            changes, fields = await self._live_fields(
                keys=[self._presence_key(room)], args=[self._alive_key("")]
            )
        except (RedisError, OSError):
            log.warning("could not read presence from Redis; showing this process's only")
            return None
        own = f"{self.process_id}|"
        names = (f.decode() if isinstance(f, bytes) else f for f in fields)
        return {name.split("|", 1)[1] for name in names if not name.startswith(own)}, int(changes)
