"""The load: rooms of seats and spectators driven through each server's public protocol.

Three targets, one client shape (every socket reads frames; a seat that is awaited acts with a
random legal action of what it was sent, at once or after thinking; finished rooms are
replaced by new ones):
- Paddock: HTTP to make, join and start rooms; `WS /ws/rooms/{code}` hello / act / state / error;
- the floor (bench/floor.py): the same socket protocol, no HTTP, no rules;
- the peer (boardgame.io, bench/peer/): its lobby REST API, then socket.io: `sync` with
  (matchID, playerID, credentials, numPlayers), `update` with (action, stateID, matchID,
  playerID); it answers `sync` and broadcasts `update` (the whole filtered state). A stale or
  illegal move is dropped without an answer, so its refusals are counted as acts sent minus
  actions accepted.

Accepted actions: one seat per room counts the versions it sees (Paddock's `v`, the peer's
`_stateID`). Action -> last connection: from an act against the room's newest version until
every socket of the room has a frame at a newer version.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import statistics
import time
import uuid
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect

from app.core import collector
from bench.report import pct

SPECTATORS = 2
# People-like seats (Paddock only): chance per action of a double click, of an act against the
# previous version first, of a junk message first, of a burst of pings first, and of dropping
# the socket after acting and coming back on a new one.
DOUBLE_CLICK, OLD_VERSION, JUNK, FLOOD, DROP = 0.2, 0.1, 0.05, 0.02, 0.02
FLOOD_PINGS = 20
PEER_RAISES = 24  # bench/peer/bluff.js: RAISES
PEER_FACES = 6

Chooser = Callable[[random.Random], Any]


@dataclass
class Frame:
    v: int
    over: bool
    awaited: bool  # this socket's seat may act now
    choose: Chooser | None  # a random legal action of this frame
    size: int | None  # bytes (None: not measured)
    sync: bool = False  # a full resend (sent again at a version already seen)


@dataclass
class Room:
    code: str
    seats: list[Any]  # per seat: what its socket says hello with
    spectators: int = SPECTATORS
    sent_at: dict[int, float] = field(default_factory=dict)
    # version -> the socket whose act set `sent_at` (a refusal of that act drops the entry)
    sent_by: dict[int, int] = field(default_factory=dict)
    seen: dict[int, int] = field(default_factory=dict)
    max_v: int = 0

    @property
    def sockets(self) -> int:
        return len(self.seats) + self.spectators


# ---- waiting without hanging ------------------------------------------------

OPEN_SECONDS = 600  # every room open (the first frame on every socket), or the load fails
STOP_SECONDS = 60


class LoadFailed(RuntimeError):
    """The load cannot go on (a client that cannot connect, a missing client library)."""


def failure(task: asyncio.Future[Any]) -> BaseException | None:
    return None if task.cancelled() else task.exception()


async def all_ready(readies: list[asyncio.Event], clients: list[asyncio.Task[Any]]) -> None:
    """Until every client of a new room has its first frame. A client that fails first ends the
    load with its error, instead of a wait for a frame that never comes."""
    ready = asyncio.ensure_future(asyncio.gather(*(r.wait() for r in readies)))
    running: set[asyncio.Future[Any]] = set(clients)
    try:
        while not ready.done():
            if not running:
                raise LoadFailed("every client of a room ended before its first frame")
            done, _ = await asyncio.wait({ready, *running}, return_when=asyncio.FIRST_COMPLETED)
            for task in done - {ready}:
                running.discard(task)
                if (error := failure(task)) is not None:
                    raise LoadFailed(f"a client failed before its room opened: {error!r}") from error
    finally:
        ready.cancel()
        await asyncio.gather(ready, return_exceptions=True)  # its cancellation read, not logged


async def opened_or_failed(opened: asyncio.Event, loops: list[asyncio.Task[Any]], seconds: float) -> None:
    """Until `opened` is set; a room loop that ends before (it failed) ends the load with its
    error, and so does `seconds` passing."""
    waiting = asyncio.ensure_future(opened.wait())
    try:
        done, _ = await asyncio.wait({waiting, *loops}, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
        if waiting in done:
            return
        for loop in done:
            if (error := failure(loop)) is not None:
                raise LoadFailed(str(error)) from error
        raise LoadFailed(f"the rooms were not all open after {seconds:g} s")
    finally:
        waiting.cancel()
        await asyncio.gather(waiting, return_exceptions=True)


# ---- sockets --------------------------------------------------------------


class WsSocket:
    """Paddock's room socket (and the floor's, which speaks the same)."""

    def __init__(self, url: str, token: str | None, floor: bool) -> None:
        self.url, self.token, self.floor = url, token, floor
        self.ws: Any = None

    async def open(self) -> None:
        self.ws = await connect(self.url, max_size=1 << 22, compression=None, open_timeout=120)
        hello = {"type": "hello", "token": self.token} if self.token else {"type": "hello"}
        await self.ws.send(orjson.dumps(hello).decode())

    async def recv(self) -> Frame | str | None:
        raw = await self.ws.recv()
        message = orjson.loads(raw)
        if message["type"] == "error":
            return str(message["code"])
        if message["type"] != "state":
            return None
        if self.floor:
            awaited = self.token is not None and int(self.token.split(":")[1]) in message["view"]["to_act"]
        else:
            awaited = self.token is not None and message["view"].get("you") in message["view"]["to_act"]
        actions = message["actions"]
        return Frame(
            message["v"],
            bool(message["over"]),
            awaited,
            (lambda rng: rng.choice(actions)) if actions else None,
            len(raw),
            "log" in message,
        )

    async def act(self, v: int, action: Any) -> None:
        await self.ws.send(orjson.dumps({"type": "act", "v": v, "action": action}).decode())

    async def send_raw(self, text: str) -> None:
        await self.ws.send(text)

    async def close(self) -> None:
        await self.ws.close()


def sealed_chooser(state: dict[str, Any], me: str) -> Chooser | None:
    """bench/peer/sealed.js: two different cards of my hand, each to move or to bet."""
    active = state["ctx"].get("activePlayers") or {}
    if me not in active or me in state["G"]["sealed"]:
        return None
    cards = len(state["G"]["hands"][me])

    def choose(rng: random.Random) -> Any:
        first, second = rng.sample(range(cards), 2)
        return ("submit", [first, second, rng.choice(["move", "bet"]), rng.choice(["move", "bet"])])

    return choose


def bluff_chooser(state: dict[str, Any], me: str) -> Chooser | None:
    """bench/peer/bluff.js: one of the next PEER_RAISES bids, or call the standing bid."""
    G, ctx = state["G"], state["ctx"]
    if ctx.get("currentPlayer") != me or ctx.get("activePlayers") or not isinstance(G["dice"].get(me), list):
        return None
    total = sum(len(d) if isinstance(d, list) else int(d) for d in G["dice"].values())
    bid = G["bid"]
    floor = -1 if bid is None else (bid["quantity"] - 1) * PEER_FACES + bid["face"] - 1
    raises = range(floor + 1, min(floor + PEER_RAISES, total * PEER_FACES - 1) + 1)

    def choose(rng: random.Random) -> Any:
        pick = rng.randrange(len(raises) + (bid is not None))
        if pick == len(raises):
            return ("call", [])
        rank = raises[pick]
        return ("raise", [rank // PEER_FACES + 1, rank % PEER_FACES + 1])

    return choose


PEER_CHOOSERS = {"sealed": sealed_chooser, "bluff": bluff_chooser}


class OrjsonCodec:
    """python-socketio's `json` option: its packets parsed by orjson, as Paddock's clients do."""

    @staticmethod
    def dumps(value: Any, **_options: Any) -> str:
        return orjson.dumps(value).decode()

    @staticmethod
    def loads(text: str | bytes, **_options: Any) -> Any:
        return orjson.loads(text)


class PeerSocket:
    """A boardgame.io socket.io client (python-socketio), seat or spectator. socket.io hands
    over parsed frames, so only seat 0 measures their size (serialised again)."""

    def __init__(self, port: int, game: str, match: str, player: dict[str, str] | None) -> None:
        import socketio  # the `bench` extra (pyproject.toml), so the tests need not install it

        self.url, self.namespace = f"http://127.0.0.1:{port}", f"/{game}"
        self.game, self.match = game, match
        self.player_id = player["playerID"] if player else None
        self.credentials = player["playerCredentials"] if player else None
        self.queue: asyncio.Queue[tuple[dict[str, Any], bool]] = asyncio.Queue()
        self.client = socketio.AsyncClient(reconnection=False, handle_sigint=False, json=OrjsonCodec)
        self.client.on("sync", self.on_sync, namespace=self.namespace)
        self.client.on("update", self.on_update, namespace=self.namespace)

    async def on_sync(self, _match: str, info: dict[str, Any]) -> None:
        self.queue.put_nowait((info["state"], True))

    async def on_update(self, _match: str, state: dict[str, Any], *_log: Any) -> None:
        self.queue.put_nowait((state, False))

    async def open(self) -> None:
        await self.client.connect(
            self.url, namespaces=[self.namespace], transports=["websocket"], wait_timeout=60
        )
        args = (self.match, self.player_id, self.credentials, 3)
        await self.client.emit("sync", args, namespace=self.namespace)

    async def recv(self) -> Frame | str | None:
        state, sync = await self.queue.get()
        choose = None
        if self.player_id is not None and state["ctx"].get("gameover") is None:
            choose = PEER_CHOOSERS[self.game](state, self.player_id)
        return Frame(
            state["_stateID"],
            state["ctx"].get("gameover") is not None,
            choose is not None,
            choose,
            len(orjson.dumps(state)) if self.player_id == "0" else None,
            sync,
        )

    async def act(self, v: int, action: Any) -> None:
        move, args = action
        payload = {"type": move, "args": args, "playerID": self.player_id, "credentials": self.credentials}
        message = {"type": "MAKE_MOVE", "payload": payload}
        await self.client.emit("update", (message, v, self.match, self.player_id), namespace=self.namespace)

    async def close(self) -> None:
        await self.client.disconnect()


# ---- targets: how rooms are made and sockets opened --------------------------


class PaddockTarget:
    name = "paddock"

    def __init__(
        self,
        ports: list[int],
        game: str,
        seats: int,
        options: dict[str, Any] | None = None,
        by_room: bool = False,
    ) -> None:
        """`by_room`: every request and socket of a room goes to the process its code hashes to
        (as deploy/nginx.conf routes); else a room's sockets alternate over the processes."""
        self.ports, self.game, self.seats, self.options = ports, game, seats, options or {}
        self.by_room = by_room
        self.http = [httpx.AsyncClient(base_url=f"http://127.0.0.1:{p}", timeout=120) for p in ports]

    def home(self, code: str) -> int:
        """The process a room's code hashes to."""
        return zlib.crc32(code.encode()) % len(self.ports)

    async def make_room(self, index: int) -> Room:
        body = {"game": self.game, "name": "P0", "options": self.options}
        made = await self.http[index % len(self.http)].post("/api/rooms", json=body)
        host = made.raise_for_status().json()
        http = self.http[self.home(host["code"])] if self.by_room else self.http[index % len(self.http)]
        tokens = [host["token"]]
        for i in range(1, self.seats):
            joined = await http.post(f"/api/rooms/{host['code']}/join", json={"name": f"P{i}"})
            tokens.append(joined.raise_for_status().json()["token"])
        started = await http.post(
            f"/api/rooms/{host['code']}/start", headers={"Authorization": f"Bearer {host['token']}"}
        )
        started.raise_for_status()
        return Room(host["code"], tokens)

    def socket(self, room: Room, index: int, seat: Any) -> WsSocket:
        port = self.ports[self.home(room.code) if self.by_room else index % len(self.ports)]
        return WsSocket(f"ws://127.0.0.1:{port}/ws/rooms/{room.code}", seat, floor=False)

    async def close(self) -> None:
        for http in self.http:
            await http.aclose()


class FloorTarget:
    name = "floor"

    def __init__(self, port: int, seats: int) -> None:
        self.port, self.seats = port, seats

    async def make_room(self, index: int) -> Room:
        return Room(uuid.uuid4().hex[:12], [f"seat:{i}" for i in range(self.seats)])

    def socket(self, room: Room, index: int, seat: Any) -> WsSocket:
        return WsSocket(f"ws://127.0.0.1:{self.port}/{room.code}", seat, floor=True)

    async def close(self) -> None:
        pass


class PeerTarget:
    name = "peer"

    def __init__(self, port: int, game: str, seats: int = 3) -> None:
        self.port, self.game, self.seats = port, game, seats
        self.http = httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=120)

    async def make_room(self, index: int) -> Room:
        created = await self.http.post(f"/games/{self.game}/create", json={"numPlayers": self.seats})
        match = created.raise_for_status().json()["matchID"]
        players = []
        for i in range(self.seats):
            joined = await self.http.post(
                f"/games/{self.game}/{match}/join", json={"playerID": str(i), "playerName": f"P{i}"}
            )
            players.append(joined.raise_for_status().json())
        return Room(match, players)

    def socket(self, room: Room, index: int, seat: Any) -> PeerSocket:
        return PeerSocket(self.port, self.game, room.code, seat)

    async def close(self) -> None:
        await self.http.aclose()


# ---- the load -----------------------------------------------------------------


class Load:
    def __init__(
        self,
        target: Any,
        seconds: float,
        rooms: int,
        people: bool = False,
        think: tuple[float, float] | None = None,
        stagger: float = 0.0,
    ) -> None:
        self.target = target
        self.seconds = seconds
        self.rooms = rooms
        # Seats that behave like people: double clicks, acts against an old version, junk
        # (the server must refuse those cheaply and never store them).
        self.people = people
        self.think = think  # seconds a seat thinks before each act (uniform), None: at once
        # Rooms open over the first `stagger` seconds (uniform), as groups arrive; else all at
        # once, and at human pace their games would all end, and be replaced, together.
        self.stagger = stagger
        self.latencies: list[float] = []
        self.accepted = 0
        self.sent = 0
        self.counting = False
        self.frame_bytes: list[int] = []
        self.open_sockets = 0
        self.most_open = 0  # the most sockets open at once during the window
        self.errors: dict[str, int] = {}
        self.drops = 0
        self.stop = asyncio.Event()
        self.all_open = asyncio.Event()
        self.opened = 0

    def arrived(self, room: Room, frame: Frame, last_v: int, counts_versions: bool) -> None:
        now = time.perf_counter()
        if self.counting and last_v >= 0 and frame.size is not None:
            self.frame_bytes.append(frame.size)
        for old in [u for u in room.sent_at if last_v <= u < frame.v]:
            room.seen[old] = room.seen.get(old, 0) + 1
            if room.seen[old] == room.sockets:
                sent = room.sent_at.pop(old)
                room.sent_by.pop(old, None)
                room.seen.pop(old)
                if self.counting:
                    self.latencies.append(now - sent)
        if counts_versions and frame.v > last_v >= 0 and self.counting:
            self.accepted += frame.v - last_v
        room.max_v = max(room.max_v, frame.v)

    def refused(self, room: Room, sock: Any, v: int) -> None:
        """This socket's act at `v` was refused: when it alone timed that version, no version
        follows from it, so it times nothing (else a refusal would count as an action slow by
        however long the room then waited for its next act: seconds at human pace)."""
        if room.sent_by.get(v) == id(sock) and room.seen.get(v, 0) == 0:
            room.sent_at.pop(v, None)
            room.sent_by.pop(v, None)

    async def act(self, room: Room, sock: Any, rng: random.Random, frame: Frame) -> bool:
        """Act on `frame`; True when a people-like seat drops its socket afterwards."""
        assert frame.choose is not None
        if room.max_v <= frame.v and frame.v not in room.sent_at:
            room.sent_at[frame.v] = time.perf_counter()
            room.sent_by[frame.v] = id(sock)
        action = frame.choose(rng)
        if self.people:
            await self.fumble(sock, rng, frame.v, action)
        await sock.act(frame.v, action)
        if self.counting:
            self.sent += 1
        if self.people:
            if rng.random() < DOUBLE_CLICK:
                await sock.act(frame.v, action)
            return rng.random() < DROP
        return False

    async def client(self, room: Room, index: int, seat: Any, ready: asyncio.Event) -> bool:
        """One seat (seat given) or spectator; True when its room's game ended."""
        rng = random.Random()
        counts_versions = seat is not None and seat is room.seats[0]
        last_v, acted_v = -1, -1
        while not self.stop.is_set():
            sock = self.target.socket(room, index, seat)
            await sock.open()
            self.open_sockets += 1
            if self.counting:
                self.most_open = max(self.most_open, self.open_sockets)
            latest: list[Frame] = []  # the newest frame of this socket (read after thinking)
            thinker: asyncio.Task[bool] | None = None

            async def think_then_act(sock: Any = sock, latest: list[Frame] = latest) -> bool:
                nonlocal acted_v
                assert self.think is not None
                await asyncio.sleep(rng.uniform(*self.think))
                frame = latest[-1]
                if not frame.awaited or frame.choose is None or acted_v == frame.v:
                    return False
                acted_v = frame.v
                return await self.act(room, sock, rng, frame)

            try:
                dropped = False
                while not self.stop.is_set() and not dropped:
                    if thinker is not None and thinker.done():
                        dropped = thinker.result()
                        thinker = None
                        continue
                    try:
                        async with asyncio.timeout(0.5):
                            got = await sock.recv()
                    except TimeoutError:
                        continue
                    if isinstance(got, str):
                        self.errors[got] = self.errors.get(got, 0) + 1
                        if not self.people:  # people-like seats' junk is refused too
                            self.refused(room, sock, acted_v)
                        continue
                    if got is None:
                        continue
                    ready.set()
                    if got.v <= last_v and not got.sync:
                        continue
                    self.arrived(room, got, last_v, counts_versions)
                    last_v = max(last_v, got.v)
                    latest[:] = [got]
                    if got.over:
                        return True
                    if not got.awaited or got.choose is None or acted_v == got.v:
                        continue
                    if self.think is None:
                        acted_v = got.v
                        dropped = await self.act(room, sock, rng, got)
                    elif thinker is None:
                        thinker = asyncio.create_task(think_then_act())
            finally:
                if thinker is not None:
                    thinker.cancel()
                self.open_sockets -= 1
                with contextlib.suppress(Exception):
                    await sock.close()
            if dropped:
                self.drops += 1
        return False

    async def fumble(self, sock: Any, rng: random.Random, v: int, action: Any) -> None:
        """What people do besides acting: an act against an older version, junk, a burst of
        pings (a tab hammering the connection)."""
        if v > 0 and rng.random() < OLD_VERSION:
            await sock.act(v - 1, action)
        if rng.random() < JUNK:
            await sock.send_raw(rng.choice(['{"type": "act", "v": "soon"}', "{not json", '{"type":"dance"}']))
        if rng.random() < FLOOD:
            for _ in range(FLOOD_PINGS):
                await sock.send_raw('{"type":"ping"}')

    async def room_loop(self, index: int) -> None:
        if self.stagger:
            await asyncio.sleep(random.Random(index).uniform(0, self.stagger))
        first = True
        while not self.stop.is_set():
            room = await self.target.make_room(index)
            members = [*room.seats, *([None] * room.spectators)]
            readies = [asyncio.Event() for _ in members]
            tasks = [
                asyncio.create_task(self.client(room, index + i, seat, ready))
                for i, (seat, ready) in enumerate(zip(members, readies, strict=True))
            ]
            if first:
                try:
                    await all_ready(readies, tasks)
                except LoadFailed:
                    for task in tasks:
                        task.cancel()
                    await asyncio.gather(*tasks, return_exceptions=True)  # their errors are read
                    raise
                self.opened += 1
                if self.opened == self.rooms:
                    self.all_open.set()
                first = False
            for failed in await asyncio.gather(*tasks, return_exceptions=True):
                if isinstance(failed, Exception):  # counted, and the room is replaced
                    self.errors[f"client {type(failed).__name__}"] = (
                        self.errors.get(f"client {type(failed).__name__}", 0) + 1
                    )

    async def run(self, pids: list[int], transactions: Callable[[], int] | None = None) -> dict[str, Any]:
        from bench.servers import cpu_seconds, rss_kib

        before = [rss_kib(pid) for pid in pids]
        loops = [asyncio.create_task(self.room_loop(i)) for i in range(self.rooms)]
        thresholds = gc.get_threshold()
        try:
            await opened_or_failed(self.all_open, loops, OPEN_SECONDS)
            # The load generator's own full collections (150-200 ms with 1,500 sockets held)
            # would stop every client at once and count as the server's latency: it tunes its
            # collector as a Paddock server does (app.core.collector).
            collector.tune(collector.DEFAULT)
            await asyncio.sleep(1.0)
            held = self.open_sockets
            during = [rss_kib(pid) for pid in pids]
            tx0 = await asyncio.to_thread(transactions) if transactions else 0
            cpu0 = sum(cpu_seconds(pid) for pid in pids)
            client0 = time.process_time()
            began = time.perf_counter()
            self.counting = True
            await asyncio.sleep(self.seconds)
            self.counting = False
            elapsed = time.perf_counter() - began
            cpu = sum(cpu_seconds(pid) for pid in pids) - cpu0
            client = time.process_time() - client0
            tx = (await asyncio.to_thread(transactions) - tx0) if transactions else None
        finally:
            gc.unfreeze()
            gc.set_threshold(*thresholds)
            self.stop.set()
            # Every client ends within its next half-second read once stopped; a loop still
            # running after that is stuck and cancelled, so a run always ends.
            _, stuck = await asyncio.wait(loops, timeout=STOP_SECONDS)
            for loop in stuck:
                loop.cancel()
            await asyncio.gather(*loops, return_exceptions=True)
            await self.target.close()
        accepted = max(self.accepted, 1)
        return {
            "held": held,
            # Rooms opened together end together at full speed: at one instant, all may be
            # between games. The most open at once during the window says what the load held.
            "most_open": max(self.most_open, held),
            "seconds": elapsed,
            "actions_per_s": self.accepted / elapsed,
            "accepted": self.accepted,
            "sent": self.sent,
            "p50_ms": pct(self.latencies, 0.5) * 1000,
            "p99_ms": pct(self.latencies, 0.99) * 1000,
            "cpu_ms_per_action": cpu * 1000 / accepted,
            # The load generator's own CPU (this process): where it nears a core's worth per
            # second, the clients, not the server, set the pace.
            "client_cpu_ms_per_action": client * 1000 / accepted,
            "client_cores": client / elapsed,
            "tx_per_action": None if tx is None else tx / accepted,
            "kib_per_conn": (sum(during) - sum(before)) / max(held, 1),
            "frame_bytes": statistics.mean(self.frame_bytes) if self.frame_bytes else 0,
            "errors": dict(self.errors),
            "refused_per_s": sum(self.errors.values()) / elapsed,
            "drops": self.drops,
        }
