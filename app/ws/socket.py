"""WS /ws/rooms/{code}: moves messages between one client and the room service.

No rules here: incoming text is parsed by app.ws.incoming, actions go to the
room service, and updates from the room's broadcast channel go out as the
frame of this connection's audience (app.ws.frames: built once per version and
audience, the same text for every socket of it). Flood control (app.ws.flood)
refuses acts, pings and malformed messages beyond their rates before anything
else happens.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import orjson
from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from app import metrics
from app.broadcast import RESYNC, Subscription
from app.core.storage import STORAGE_ERRORS, STORAGE_UNAVAILABLE
from app.rooms.codes import valid_code
from app.rooms.errors import RoomError, StaleVersion, error_message
from app.rooms.service import RoomService, channel
from app.rooms.snapshot import RoomInfo
from engine import EngineError

from . import seat_asks
from .flood import FloodControl, slow_down
from .frames import SyncFrames, update_frame
from .group import KINDS as GROUP_KINDS
from .group import GroupSocket, identity_of, spectator_id
from .guard import HELLO_TIMEOUT, SocketGuard
from .incoming import (
    Act,
    Back,
    BadMessage,
    Chat,
    Hello,
    Ping,
    SeatAnswer,
    SeatGive,
    SeatRequest,
    Spectate,
    parse,
)
from .odds import OddsSocket
from .outgoing import room_message
from .refusals import RefusalLog
from .tote import KIND as TOTE_KIND
from .tote import ToteSocket

log = logging.getLogger("paddock.ws")

ROOM_NOT_FOUND = 4404
SEND_TIMEOUT = 15.0
# Sync frames (whole visible log) of the rooms this process serves, per version and audience.
SYNC_FRAMES = SyncFrames()


async def room_socket(websocket: WebSocket, code: str) -> None:
    guard = SocketGuard(websocket, code)
    refusal = guard.admit()  # the page's origin, sockets per address and room (app.ws.guard)
    await websocket.accept()
    if refusal is not None:
        message, close_code = refusal
        await websocket.send_text(orjson.dumps(message).decode())
        await websocket.close(code=close_code)
        return
    metrics.socket_opened()
    try:
        await RoomConnection(websocket, code, websocket.app.state.rooms, guard).run()
    finally:
        guard.release()
        metrics.socket_closed()


class RoomConnection:
    __slots__ = (
        "websocket",
        "code",
        "rooms",
        "max_bytes",
        "greeted",
        "token_hash",
        "seat",
        "last_v",
        "last_frame",
        "sent_v",
        "has_statics",
        "last_room_v",
        "last_presence",
        "send_lock",
        "closed",
        "flood",
        "subscription",
        "drainer",
        "heard_since",
        "subscribed_since",
        "token",
        "group",
        "guard",
        "refusals",
        "odds",
        "tote",
        "watching",
    )

    def __init__(
        self, websocket: WebSocket, code: str, rooms: RoomService, guard: SocketGuard | None = None
    ) -> None:
        settings = rooms.settings
        self.websocket = websocket
        self.guard = guard  # None only in tests that drive a connection by hand
        self.code = code
        self.rooms = rooms
        self.max_bytes = settings.max_message_bytes
        self.greeted = False
        self.token_hash: str | None = None
        # The seat token itself, kept in memory only: a rematch derives the new seat's from it.
        self.token: str | None = None
        self.seat: int | None = None
        # Version of the newest state frame sent (-1: none yet).
        self.last_v = -1
        # The text of that frame (shared with every socket of the audience, so it costs a
        # reference): a stale act of a connection that is up to date gets it again.
        self.last_frame: str | None = None
        # Version of the newest state frame already written to the socket (for pongs).
        self.sent_v = -1
        # Whether this connection has had a frame with the game's static keys (its first
        # frame carries them; later ones leave them out: app.ws.outgoing).
        self.has_statics = False
        # Version of the newest room summary sent: with several processes publishing,
        # an older summary can arrive after a newer one and must not replace it.
        self.last_room_v = -1
        # The room's count of changes of presence that the last summary sent showed.
        self.last_presence = -1
        self.send_lock = asyncio.Lock()
        self.closed = False
        self.flood = FloodControl.from_settings(settings)
        self.subscription: Subscription | None = None
        # Since when every change of the room reaches this socket's handlers (see
        # `hear_from_now`); None: not yet. A read in flight that started since then may be
        # shared with it (app.rooms.shared_reads).
        self.heard_since: float | None = None
        # Since when the room's channel reaches this socket's inbox (its subscription confirmed,
        # or its last RESYNC): a sync read started since then may be shared (its version is
        # checked against the room held here, see `sync`).
        self.subscribed_since: float | None = None
        # Runs only while broadcasts wait to be sent: an idle socket holds no task for them.
        self.drainer: asyncio.Task[None] | None = None
        self.group = GroupSocket(self)
        self.refusals = RefusalLog(settings.refusal_log_seconds)
        self.odds = OddsSocket(self)
        self.tote = ToteSocket(self)
        # A spectator's socket counts as someone in the room (a room with nobody rests:
        # app.rooms.rest) from its hello to its close.
        self.watching = False

    async def run(self) -> None:
        # The room's channel is heard before the room is read: the first socket of a room in
        # this process waits for it (one round trip to Redis), and the room it reads is then
        # held in memory for every hello that follows (read before that, it could not be
        # trusted, and each step of each hello read it again).
        broadcast = self.rooms.broadcast
        subscription = broadcast.subscribe(channel(self.code)) if valid_code(self.code) else None
        try:
            if subscription is not None and not subscription.confirmed:
                await broadcast.wait_confirmed(subscription)
            if subscription is not None and subscription.confirmed:
                self.subscribed_since = time.monotonic()
            await self.rooms.load(self.code)
        except RoomError as exc:
            if subscription is not None:
                broadcast.unsubscribe(subscription)
            await self.send(error_message(exc))
            await self.websocket.close(code=ROOM_NOT_FOUND)
            return
        except BaseException:
            if subscription is not None:
                broadcast.unsubscribe(subscription)
            raise
        assert subscription is not None, "a room that was read has a valid code"
        self.listen(subscription)
        try:
            await self.read_loop()
        except WebSocketDisconnect:
            pass
        finally:
            # Presence first: nothing below may keep the others from seeing this seat go.
            self.rooms.broadcast.unsubscribe(subscription)
            try:
                await self.group.close()
                if self.token_hash is not None:
                    await self.rooms.disconnect(self.code, self.token_hash)
                if self.watching:
                    self.watching = False
                    await self.rooms.unwatch(self.code)
            finally:
                self.refusals.close(self.code)
                self.odds.close()
                self.closed = True
                drainer = self.drainer
                while drainer is not None and not drainer.done():
                    drainer.cancel()
                    await asyncio.wait([drainer], timeout=1)

    # ---- client -> server ----------------------------------------------

    async def read_loop(self) -> None:
        while True:
            received = (
                await self.websocket.receive()
                if self.guard is None
                else await self.guard.receive(self.greeted)
            )
            if received is None:  # no hello in time
                assert self.guard is not None
                await self.send(self.guard.hello_timeout_error())
                await self.websocket.close(code=HELLO_TIMEOUT)
                return
            message = received
            if message["type"] == "websocket.disconnect":
                return
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes")
            try:
                parsed = parse(raw, self.max_bytes)
            except BadMessage as exc:
                self.refusals.message(self.code, exc.code)
                wait = self.flood.junk.take()
                await self.send(
                    slow_down(wait)
                    if wait
                    else {"type": "error", "code": exc.code, "message": exc.message, "params": exc.params}
                )
                continue
            if self.group.asked and isinstance(parsed, (Act, Chat)):
                await self.group.answer(keep=True)  # a seat in use is never taken
            if isinstance(parsed, Hello):
                await self.on_hello(parsed)
            elif isinstance(parsed, Act):
                wait = self.flood.acts.take()
                if wait:
                    self.refused(parsed.v, "slow_down")
                await (self.send(slow_down(wait)) if wait else self.on_act(parsed))
            elif isinstance(parsed, Ping):
                wait = self.flood.pings.take()
                # The pong says the newest version sent to this socket, so a client that
                # lost a frame on the way can tell and resync.
                await self.send(slow_down(wait) if wait else {"type": "pong", "v": self.sent_v})
            elif isinstance(parsed, Chat):
                await self.group.on_chat(parsed)
            elif isinstance(parsed, SeatAnswer):
                wait = self.flood.junk.take()
                await (self.send(slow_down(wait)) if wait else self.group.answer(parsed.keep))
            elif isinstance(parsed, (SeatRequest, SeatGive)):
                wait = self.flood.junk.take()
                await (self.send(slow_down(wait)) if wait else seat_asks.on_message(self, parsed))
            elif isinstance(parsed, Spectate):
                await self.group.on_spectate(parsed)
                if self.tote.board is not None:  # "your chips" under the new name
                    await self.tote.show(self.tote.board)
            elif isinstance(parsed, Back):
                wait = self.flood.junk.take()
                await (self.send(slow_down(wait)) if wait else self.tote.on_back(parsed))

    @property
    def address(self) -> str:
        """The client's address as limits count it (app.core.ratelimit.limit_key)."""
        return self.guard.client if self.guard is not None else "unknown"

    @property
    def spectator(self) -> str | None:
        """The name this spectator socket watches under (app.rooms.spectators); None for a
        seat's socket and an anonymous spectator."""
        return self.group.spectator

    async def on_hello(self, hello: Hello) -> None:
        if self.greeted:
            await self.error("already_greeted", "This connection has already said hello.")
            return
        if self.guard is not None and (refusal := self.guard.hello()) is not None:  # hellos per address
            await self.send(refusal)
            return
        if hello.token is not None:
            try:
                token_hash, info = await self.rooms.resolve(self.code, hello.token)
            except RoomError as exc:
                await self.send(error_message(exc))
                return
            self.token_hash = token_hash
            self.token = hello.token
            seat = info.seat_of(token_hash)
            self.seat = seat.position if seat else None
        if hello.spectator is not None:  # (a seated page's too: it may not answer its own seat request)
            self.group.spectator_id = spectator_id(self.code, hello.spectator)
            self.group.identity = identity_of(hello.spectator)
        self.greeted = True
        self.hear_from_now()
        if self.token_hash is not None:
            await self.rooms.connect(self.code, self.token_hash)
        else:
            self.watching = True
            await self.rooms.watch(self.code)
        info = await self.sync()
        self.group.after_hello(info)
        await self.tote.after_sync(info.status)
        # Any process serving the room takes care of its bots and timer (e.g. after
        # the process that ran them died); the database lets only one act per version.
        # A room that rested because nobody was here plays on (app.rooms.rest).
        await self.rooms.come_back(info)

    async def on_act(self, act: Act) -> None:
        if not self.greeted:
            self.refused(act.v, "hello_first")
            await self.error("hello_first", "Say hello first: send your seat token, or watch as a spectator.")
            return
        if self.token_hash is None:
            self.refused(act.v, "spectator")
            await self.error("spectator", "Spectators cannot act; join the room to play.")
            return
        try:
            await self.rooms.act(self.code, self.token_hash, act.v, act.action, act.seat)
        except StaleVersion as exc:
            self.refused(act.v, exc.code)
            await self.send(error_message(exc))
            current = exc.params.get("v")
            if current == self.last_v and self.last_frame is not None:
                # Already sent the current version (e.g. the second click of a double click):
                # the fresh state is that frame again, with no database read and no log.
                await self.send_text(self.last_frame)
            elif isinstance(current, int) and current < self.last_v:
                await self.sync(force=True)
            # Otherwise the newer frames are on their way through this socket's subscription
            # (a gap among them resyncs), so the refusal costs nothing more.
        except (RoomError, EngineError) as exc:
            self.refused(act.v, exc.code)
            await self.send(error_message(exc))
        except STORAGE_ERRORS:
            await self.error("storage_unavailable", STORAGE_UNAVAILABLE, retry_after=5)
        except Exception:
            log.exception("action failed")
            self.refused(act.v, "server_error")
            await self.error("server_error", "Something went wrong on the server; please try again.")

    def refused(self, version: int | None, code: str) -> None:
        """Count a refused action (the log gets at most one line per interval: app.ws.refusals)."""
        metrics.action_refused(code)
        self.refusals.action(self.code, version, code, self.seat)

    # ---- server -> client ----------------------------------------------

    def listen(self, subscription: Subscription) -> None:
        """Take the room's broadcasts from `subscription` (drained by a task while any wait)."""
        self.subscription = subscription
        subscription.waker = self.wake

    def wake(self) -> None:
        if not self.closed and (self.drainer is None or self.drainer.done()):
            self.drainer = asyncio.create_task(self.drain())

    def hear_from_now(self, resync: bool = False) -> None:
        """Mark that from now on every change of the room reaches this socket's handlers: at
        its hello (before it, what it heard was dropped) and at a RESYNC (a gap before it in
        its inbox too), once its subscription is confirmed."""
        subscription = self.subscription
        now = time.monotonic() if subscription is not None and subscription.confirmed else None
        self.heard_since = now
        if resync or self.subscribed_since is None:
            self.subscribed_since = now

    async def drain(self) -> None:
        """Forward the waiting broadcasts: this audience's frame of each change, summaries."""
        assert self.subscription is not None
        queue = self.subscription.queue
        try:
            while not self.closed and not queue.empty():
                payload = queue.get_nowait()
                if not self.greeted:
                    continue
                kind = payload.get("kind")
                if payload is RESYNC or kind == "resync":
                    self.hear_from_now(resync=True)
                    info = await self.sync()
                    await self.group.after_sync(info)
                    await self.tote.after_sync(info.status)
                elif kind == TOTE_KIND:
                    await self.tote.on_broadcast(payload)
                elif kind in GROUP_KINDS:
                    await self.group.on_broadcast(payload)
                elif kind == "room":
                    await self.on_room(payload)
                elif kind == "state":
                    try:
                        await self.on_state(payload)
                    except (KeyError, TypeError, ValueError, EngineError):
                        # A change this process cannot read (e.g. from a newer server version):
                        # the stored room is the truth.
                        log.warning("unreadable state message; reloading the room", exc_info=True)
                        await self.sync(force=True)
        except (WebSocketDisconnect, RuntimeError):
            return

    async def on_state(self, payload: dict[str, Any]) -> None:
        if payload["v"] <= self.last_v:
            return  # already had it (e.g. from the sync at hello)
        if payload.get("from") != self.last_v:
            # Updates were missed (e.g. Redis dropped them): reload everything.
            await self.sync(force=True)
            return
        frame = update_frame(payload, self.seat, full=not self.has_statics)
        self.has_statics = True
        self.last_v = payload["v"]
        self.last_frame = frame
        await self.send_text(self.last_frame)
        self.sent_v = max(self.sent_v, payload["v"])
        self.odds.on_state(payload)
        await self.tote.on_state(payload)
        if "at" in payload:
            metrics.fanout(time.time() - payload["at"])

    async def on_room(self, payload: dict[str, Any]) -> None:
        presence = payload.get("presence_count")
        older_presence = presence is not None and presence < self.last_presence
        if payload["summary"]["v"] < self.last_room_v or older_presence:
            # Built by a process that had not yet heard a change this socket has (two processes
            # move a room along, e.g. each adopting its bots), or read who is connected before a
            # summary this socket showed did (each process hands its own summaries to its
            # sockets at once and the other's through Redis): its news (a seat arriving or
            # going away) must not be dropped, nor its older seats, status or presence shown,
            # so the summary is built again here from the room as this process holds it.
            try:
                payload = await self.rooms.publisher.room_message(await self.rooms.load(self.code))
            except (RoomError, *STORAGE_ERRORS):
                return  # gone, or unreadable for now: the next summary or sync brings it
            if payload["summary"]["v"] < self.last_room_v:
                return  # this process is behind too: the change's own summary follows
        self.last_room_v = payload["summary"]["v"]
        if payload.get("presence_count") is not None:
            # Every summary published reads who is in afresh: a lower count than shown before
            # (after the rebuild above) means Redis lost its data and counts anew.
            self.last_presence = payload["presence_count"]
        seat = payload["seat_of"].get(self.token_hash) if self.token_hash else None
        seat_changed = seat != self.seat
        self.seat = seat
        is_host = self.token_hash is not None and payload["host_hash"] == self.token_hash
        await self.send(room_message(payload["summary"], seat, is_host))
        await self.group.on_room(payload["summary"])
        self.odds.on_room(payload["summary"])
        await self.tote.on_room()
        if seat_changed and self.last_v >= 0:
            await self.sync(force=True)

    async def sync(self, force: bool = False) -> RoomInfo:
        """The room and, once started, this connection's whole view: the state and its log
        (unless this connection already sent that version; `force`: the audience changed).

        Read only once the room's channel is confirmed (app.broadcast), so every change
        stored after this read reaches the socket; if Redis is slow to confirm, the read goes
        ahead and the confirmation brings a RESYNC."""
        subscription = self.subscription
        if subscription is not None and not subscription.confirmed:
            await self.rooms.broadcast.wait_confirmed(subscription)
            if self.greeted:
                self.hear_from_now()
        info: RoomInfo = await self.rooms.load(self.code)
        self.last_room_v = max(self.last_room_v, info.version)
        seat = info.seat_of(self.token_hash)
        self.seat = seat.position if seat else None
        host = info.host()
        is_host = host is not None and self.token_hash is not None and host.token_hash == self.token_hash
        summary, presence = await self.rooms.publisher.summary_counted(info)
        if presence is not None and presence < self.last_presence:  # kept from before a summary sent
            summary, presence = await self.rooms.publisher.summary_counted(info, fresh=True)
        if presence is not None:
            self.last_presence = presence
        await self.send(room_message(summary, self.seat, is_host))
        if info.state is not None:
            text = SYNC_FRAMES.lookup(info.code, info.version, self.seat)
            if text is None:
                source = SYNC_FRAMES.source(info.code, info.version)
                if source is None:
                    # A read in flight is shared, unless it shows an older version than the
                    # room held here: it began before a change this socket's inbox dropped
                    # before its hello (or lost before a RESYNC), so it reads for itself.
                    read, log = await self.rooms.load_with_log(self.code, self.subscribed_since)
                    if read.version < info.version:
                        read, log = await self.rooms.load_with_log(self.code)
                    info = read
                    assert info.state is not None, "a started room keeps its state"
                    source = (info.state, log)
                text = SYNC_FRAMES.get(info.code, info.version, *source, self.seat)
            if info.version > self.last_v or (force and info.version == self.last_v):
                self.last_v = info.version
                self.last_frame = text
                await self.send_text(text)
                self.has_statics = True  # a sync frame carries the game's static keys
                self.sent_v = max(self.sent_v, info.version)
        self.odds.after_sync(info)
        return info

    async def error(self, code: str, message: str, **params: Any) -> None:
        await self.send({"type": "error", "code": code, "message": message, "params": params})

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_text(orjson.dumps(message).decode())

    async def send_text(self, text: str) -> None:
        """Send, or drop a client that stopped reading (its queue is bounded; its socket must be too)."""
        async with self.send_lock:
            websocket = self.websocket
            # A send that found the client gone (raised WebSocketDisconnect once, maybe in another
            # task of this socket) leaves the application side DISCONNECTED: Starlette would
            # raise a RuntimeError for every later send, which the read loop's tasks do not expect.
            if (
                websocket.client_state != WebSocketState.CONNECTED
                or websocket.application_state != WebSocketState.CONNECTED
            ):
                return
            try:
                # asyncio.timeout, not wait_for: on 3.11 wait_for can swallow a cancellation.
                async with asyncio.timeout(SEND_TIMEOUT):
                    await self.websocket.send_text(text)
            except TimeoutError:
                log.info("dropping a client that stopped reading")
                with contextlib.suppress(Exception):
                    await self.websocket.close(code=1013)
                raise WebSocketDisconnect(1013) from None
