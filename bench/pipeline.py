"""The room pipeline against the floor, in one run (loopback only; stops by itself).

    python -m bench.pipeline [--seconds 20] [--rooms 30] [--game pony_express_race]
                             [--spectators 1000,5000] [--write]

1. Load: `--rooms` rooms x (3 seats + 2 spectators), every seat acting as soon as it is
   awaited (a random legal action from its own frame), finished rooms replaced by new ones:
   - floor:    bench/floor.py, a bare websockets fan-out of frames of the same size;
   - sqlite:   one `paddock serve` process, SQLite, in-memory fan-out;
   - pg-redis: two processes on one PostgreSQL schema and Redis, each room's sockets spread
               over both (every action crosses processes).
   Reported: accepted actions/s, action -> last connection of the room p50/p99, server CPU
   ms per accepted action (user+system time of the server processes over the window, from
   /proc, divided by the accepted actions), RSS per connection (RSS with every socket open
   minus before, over the sockets), mean frame bytes.
2. Spectators: one room on one SQLite process, N idle spectators (hello'd, synced); RSS per
   idle connection; then a seat acts K times and the time from each act until the last
   spectator has the new version is measured (p50 / max).

Targets (issue 11): throughput >= 0.6 x floor; <= 3 ms CPU per accepted action; 1,000
spectators all updated within 150 ms; <= 40 KiB RSS per idle connection; 5,000 idle sockets
held by one process.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import sqlalchemy as sa
from websockets.asyncio.client import connect

import engine
from app.core.db import normalise_url
from bench.results import write_section
from tests.utils.process_server import ServerProcess, free_port

ROOT = Path(__file__).resolve().parents[1]
DATABASE = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
REDIS = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
SEATS, SPECTATORS = 3, 2
# People-like seats (mode sqlite-people): chance per action of a double click, of an act
# against the previous version first, of a junk message first, of a burst of pings first, and
# of dropping the socket after acting and coming back on a new one.
DOUBLE_CLICK, OLD_VERSION, JUNK, FLOOD, DROP = 0.2, 0.1, 0.05, 0.02, 0.02
FLOOD_PINGS = 20
TICK = os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


# ---- servers ------------------------------------------------------------


class FloorProcess:
    def __init__(self, frame_bytes: int) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bench.floor",
                "--port",
                str(self.port),
                "--frame-bytes",
                str(frame_bytes),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
        )
        assert self.process.stdout is not None
        self.process.stdout.readline()  # "floor on PORT": listening

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


def paddock_servers(n: int, database_url: str, broadcast_url: str, tmp: Path) -> list[ServerProcess]:
    env = {
        "BOT_DELAY": "0",
        "BROADCAST_PREFIX": f"bench:{uuid.uuid4().hex[:8]}:",
        "SWEEP_SECONDS": "10",
        "RATE_LIMITS": "off",
    }
    servers = [
        ServerProcess(database_url, log_path=tmp / f"server{i}.log", broadcast_url=broadcast_url, **env)
        for i in range(n)
    ]
    for server in servers:
        server.start()
    return servers


# ---- load ---------------------------------------------------------------


@dataclass
class Room:
    code: str
    tokens: list[str | None]
    sent_at: dict[int, float] = field(default_factory=dict)
    seen: dict[int, int] = field(default_factory=dict)
    max_v: int = 0


class Load:
    def __init__(
        self, ports: list[int], seconds: float, rooms: int, game: str | None, people: bool = False
    ) -> None:
        self.ports = ports
        # Seats that behave like people, not bots: some clicks are double, some are sent
        # against an old version, some messages are junk (the server must refuse those
        # cheaply and never store them).
        self.people = people
        self.seconds = seconds
        self.rooms = rooms
        self.game = game  # None: the floor
        self.latencies: list[float] = []
        self.accepted = 0
        self.counting = False
        self.frame_bytes: list[int] = []
        self.open_sockets = 0
        self.errors: dict[str, int] = {}
        self.drops = 0
        self.stop = asyncio.Event()
        self.all_open = asyncio.Event()
        self.opened = 0

    async def make_room(self, http: httpx.AsyncClient | None) -> Room:
        if http is None:
            code = uuid.uuid4().hex[:12]
            return Room(code, [f"seat:{i}" for i in range(SEATS)] + [None] * SPECTATORS)
        host = (await http.post("/api/rooms", json={"game": self.game, "name": "P0"})).json()
        tokens: list[str | None] = [host["token"]]
        for i in range(1, SEATS):
            joined = await http.post(f"/api/rooms/{host['code']}/join", json={"name": f"P{i}"})
            tokens.append(joined.json()["token"])
        await http.post(
            f"/api/rooms/{host['code']}/start", headers={"Authorization": f"Bearer {host['token']}"}
        )
        return Room(host["code"], tokens + [None] * SPECTATORS)

    def url(self, port: int, code: str) -> str:
        return f"ws://127.0.0.1:{port}/ws/rooms/{code}"

    async def client(self, room: Room, port: int, token: str | None, ready: asyncio.Event) -> bool:
        """One seat or spectator; returns True when its room's game ended. A people-like seat
        sometimes drops its socket after acting and comes back with a new one (hello again)."""
        rng = random.Random()
        sockets = len(room.tokens)
        counts_versions = token is not None and token == room.tokens[0]  # one seat per room counts
        last_v, acted_v = -1, -1
        while not self.stop.is_set():
            async with connect(self.url(port, room.code), max_size=1 << 22, compression=None) as ws:
                self.open_sockets += 1
                try:
                    hello = {"type": "hello", "token": token} if token else {"type": "hello"}
                    await ws.send(orjson.dumps(hello).decode())
                    dropped = False
                    while not self.stop.is_set() and not dropped:
                        try:
                            async with asyncio.timeout(1.0):
                                raw = await ws.recv()
                        except TimeoutError:
                            continue
                        message = orjson.loads(raw)
                        if message["type"] == "error":
                            self.errors[message["code"]] = self.errors.get(message["code"], 0) + 1
                            continue
                        if message["type"] != "state":
                            continue
                        ready.set()
                        v = message["v"]
                        if v <= last_v and "log" not in message:
                            continue
                        if self.counting and last_v >= 0:
                            self.frame_bytes.append(len(raw))
                        now = time.perf_counter()
                        for old in [u for u in room.sent_at if last_v <= u < v]:
                            room.seen[old] = room.seen.get(old, 0) + 1
                            if room.seen[old] == sockets:
                                sent = room.sent_at.pop(old)
                                room.seen.pop(old)
                                if self.counting:
                                    self.latencies.append(now - sent)
                        if counts_versions and v > last_v >= 0 and self.counting:
                            self.accepted += v - last_v
                        last_v = max(last_v, v)
                        room.max_v = max(room.max_v, v)
                        if message["over"]:
                            return True
                        me = message["view"].get("you") if self.game else None
                        awaited = message["view"]["to_act"]
                        mine = token is not None and (
                            me in awaited if self.game else int(token.split(":")[1]) in awaited
                        )
                        if mine and acted_v != v and message["actions"]:
                            acted_v = v
                            if room.max_v <= v:
                                room.sent_at.setdefault(v, time.perf_counter())
                            action = rng.choice(message["actions"])
                            act = orjson.dumps({"type": "act", "v": v, "action": action}).decode()
                            if self.people:
                                await self.fumble(ws, rng, v, action)
                            await ws.send(act)
                            if self.people:
                                if rng.random() < DOUBLE_CLICK:
                                    await ws.send(act)
                                dropped = rng.random() < DROP
                finally:
                    self.open_sockets -= 1
            if dropped:
                self.drops += 1
        return False

    async def fumble(self, ws: Any, rng: random.Random, v: int, action: dict[str, Any]) -> None:
        """What people do besides acting: an act against an older version, junk, a burst of
        pings (a tab hammering the connection)."""
        if v > 0 and rng.random() < OLD_VERSION:
            await ws.send(orjson.dumps({"type": "act", "v": v - 1, "action": action}).decode())
        if rng.random() < JUNK:
            await ws.send(rng.choice(['{"type": "act", "v": "soon"}', "{not json", '{"type":"dance"}']))
        if rng.random() < FLOOD:
            for _ in range(FLOOD_PINGS):
                await ws.send('{"type":"ping"}')

    async def room_loop(self, index: int) -> None:
        http = (
            httpx.AsyncClient(base_url=f"http://127.0.0.1:{self.ports[index % len(self.ports)]}", timeout=60)
            if self.game
            else None
        )
        first = True
        try:
            while not self.stop.is_set():
                room = await self.make_room(http)
                readies = [asyncio.Event() for _ in room.tokens]
                tasks = [
                    asyncio.create_task(
                        self.client(room, self.ports[(index + i) % len(self.ports)], tok, ready)
                    )
                    for i, (tok, ready) in enumerate(zip(room.tokens, readies, strict=True))
                ]
                if first:
                    await asyncio.gather(*(r.wait() for r in readies))
                    self.opened += 1
                    if self.opened == self.rooms:
                        self.all_open.set()
                    first = False
                await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            if http is not None:
                await http.aclose()

    async def run(self, pids: list[int]) -> dict[str, Any]:
        before = [rss_kib(pid) for pid in pids]
        loops = [asyncio.create_task(self.room_loop(i)) for i in range(self.rooms)]
        await asyncio.wait_for(self.all_open.wait(), 300)
        await asyncio.sleep(1.0)
        held = self.open_sockets
        during = [rss_kib(pid) for pid in pids]
        cpu0 = sum(cpu_seconds(pid) for pid in pids)
        began = time.perf_counter()
        self.counting = True
        await asyncio.sleep(self.seconds)
        self.counting = False
        elapsed = time.perf_counter() - began
        cpu = sum(cpu_seconds(pid) for pid in pids) - cpu0
        self.stop.set()
        await asyncio.gather(*loops, return_exceptions=True)
        return {
            "held": held,
            "actions_per_s": self.accepted / elapsed,
            "accepted": self.accepted,
            "p50_ms": pct(self.latencies, 0.5) * 1000,
            "p99_ms": pct(self.latencies, 0.99) * 1000,
            "cpu_ms_per_action": cpu * 1000 / max(self.accepted, 1),
            "kib_per_conn": (sum(during) - sum(before)) / max(held, 1),
            "frame_bytes": statistics.mean(self.frame_bytes) if self.frame_bytes else 0,
            "errors": dict(self.errors),
            "drops": self.drops,
        }


def with_schema(run):
    """Run `run(database_url)` in a fresh PostgreSQL schema, dropped afterwards."""
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(normalise_url(DATABASE))
    with admin.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    sep = "&" if "?" in DATABASE else "?"
    try:
        return run(f"{DATABASE}{sep}options=-csearch_path%3D{schema}")
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def load_paddock(mode: str, seconds: float, rooms: int, game: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)

        def run(database_url: str, count: int, broadcast: str) -> dict[str, Any]:
            servers = paddock_servers(count, database_url, broadcast, tmp)
            try:
                load = Load([s.port for s in servers], seconds, rooms, game, people=mode.endswith("-people"))
                return asyncio.run(load.run([s.process.pid for s in servers]))
            finally:
                for server in servers:
                    server.stop()

        if mode.startswith("sqlite"):
            result = run(f"sqlite:///{tmp / 'paddock.db'}", 1, "memory://")
        else:
            result = with_schema(lambda url: run(url, 2, REDIS))
    result["mode"] = mode
    return result


def load_floor(seconds: float, rooms: int, frame_bytes: int) -> dict[str, Any]:
    floor = FloorProcess(frame_bytes)
    try:
        result = asyncio.run(Load([floor.port], seconds, rooms, None).run([floor.process.pid]))
    finally:
        floor.stop()
    result["mode"] = "floor"
    return result


# ---- rules only ---------------------------------------------------------


def rules_only(game: str, games: int = 40) -> dict[str, Any]:
    """The CPU the rules alone cost per action, in this process, with no I/O: what the server
    does per accepted action besides storage and sockets (engine.step, the views and legal
    actions of 3 seats and the spectators, the decision digests, the 4 frames' JSON). One core
    doing only this tops out at 1000 / ms actions per second."""
    from app.rooms import decisions
    from app.ws.outgoing import state_message

    rng = random.Random(1)
    count, seconds = 0, 0.0
    for _ in range(games):
        state, _events = engine.start(game, {}, SEATS, rng.randrange(1 << 30))
        entries = decisions.initial(state, set())
        version = 0
        while not engine.is_over(state):
            seat = rng.choice(engine.to_act(state))
            action = rng.choice(engine.legal_actions(state, seat))
            began = time.process_time()
            state, events = engine.step(state, seat, engine.normalize(state, seat, action))
            version += 1
            audiences: list[int | None] = [*range(SEATS), None]
            seen = engine.views(state, audiences)
            sights = {a: (seen[a], engine.legal_actions(state, a)) for a in audiences}
            entries = decisions.update(entries, state, version, [seat], set(), sights.__getitem__)
            for audience in audiences:
                orjson.dumps(state_message(state, version, audience, events, None, sights[audience]))
            seconds += time.process_time() - began
            count += 1
    ms = seconds * 1000 / count
    return {"game": game, "actions": count, "ms_per_action": ms, "ceiling_per_s": 1000 / ms}


# ---- spectators ---------------------------------------------------------


async def spectators_run(port: int, pid: int, count: int, acts: int) -> dict[str, Any]:
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        host = (
            await http.post(
                "/api/rooms", json={"game": "ponies_in_pursuit", "name": "Ann", "options": {"rounds": 6}}
            )
        ).json()
        code = host["code"]
        await http.post(
            f"/api/rooms/{code}/bots", json={"count": 1}, headers={"Authorization": f"Bearer {host['token']}"}
        )
        await http.post(f"/api/rooms/{code}/start", headers={"Authorization": f"Bearer {host['token']}"})
    url = f"ws://127.0.0.1:{port}/ws/rooms/{code}"
    before = rss_kib(pid)
    sockets = []
    for start in range(0, count, 200):
        batch = await asyncio.gather(
            *(
                connect(url, max_size=1 << 22, compression=None, open_timeout=60)
                for _ in range(min(200, count - start))
            )
        )
        for ws in batch:
            await ws.send('{"type":"hello"}')
        sockets += batch
    newest = [-1] * len(sockets)
    arrived: list[float] = [0.0] * len(sockets)

    async def reader(i: int, ws) -> None:
        async for raw in ws:
            if raw.startswith('{"type":"state"'):
                v = orjson.loads(raw)["v"]
                if v > newest[i]:
                    newest[i] = v
                    arrived[i] = time.perf_counter()

    readers = [asyncio.create_task(reader(i, ws)) for i, ws in enumerate(sockets)]
    while min(newest) < 0:  # every spectator has its first (sync) frame
        await asyncio.sleep(0.1)
    await asyncio.sleep(2.0)
    idle_kib = (rss_kib(pid) - before) / len(sockets)
    times = []
    async with connect(url, max_size=1 << 22, compression=None) as seat:
        await seat.send(orjson.dumps({"type": "hello", "token": host["token"]}).decode())
        v = -1
        frame = None
        for _ in range(acts):
            while True:
                message = orjson.loads(await seat.recv())
                if message["type"] == "state" and message["v"] > v and 0 in message["view"]["to_act"]:
                    frame = message
                    break
            v = frame["v"]
            target = v + 1
            sent = time.perf_counter()
            await seat.send(orjson.dumps({"type": "act", "v": v, "action": frame["actions"][0]}).decode())
            while min(newest) < target:
                await asyncio.sleep(0.002)
            times.append(max(arrived) - sent)
    for task in readers:
        task.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    for start in range(0, len(sockets), 500):
        await asyncio.gather(*(ws.close() for ws in sockets[start : start + 500]), return_exceptions=True)
    return {
        "spectators": count,
        "idle_kib_per_conn": idle_kib,
        "p50_ms": statistics.median(times) * 1000,
        "max_ms": max(times) * 1000,
        "acts": len(times),
    }


def spectators(count: int, acts: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        (server,) = paddock_servers(1, f"sqlite:///{tmp / 'paddock.db'}", "memory://", tmp)
        try:
            return asyncio.run(spectators_run(server.port, server.process.pid, count, acts))
        finally:
            server.stop()


# ---- report -------------------------------------------------------------

NAMES = {
    "floor": "floor: bare websockets fan-out",
    "sqlite": "Paddock, 1 process, SQLite",
    "pg-redis": "Paddock, 2 processes, PostgreSQL + Redis",
    "sqlite-people": "Paddock, 1 process, SQLite, people-like seats",
}


def report(
    args: argparse.Namespace, loads: list[dict[str, Any]], crowds: list[dict[str, Any]], rules: dict[str, Any]
) -> str:
    floor = next(r for r in loads if r["mode"] == "floor")
    rows = [
        f"| {NAMES[r['mode']]} | {r['held']} | {r['actions_per_s']:.0f} | "
        f"{r['actions_per_s'] / floor['actions_per_s']:.2f} | {r['p50_ms']:.0f} | {r['p99_ms']:.0f} | "
        f"{r['cpu_ms_per_action']:.2f} | {r['kib_per_conn']:.0f} | {r['frame_bytes']:.0f} |"
        for r in loads
    ]
    crowd_rows = [
        f"| {c['spectators']} | {c['idle_kib_per_conn']:.1f} | {c['p50_ms']:.0f} | "
        f"{c['max_ms']:.0f} | {c['acts']} |"
        for c in crowds
    ]
    load = os.getloadavg()[0]
    return "\n".join(
        [*section_lines(args, rows, crowd_rows, loads, rules, load), *target_lines(loads, crowds)]
    )


def target_lines(loads: list[dict[str, Any]], crowds: list[dict[str, Any]]) -> list[str]:
    """Issue 11's targets against this run's numbers."""
    floor = next(r for r in loads if r["mode"] == "floor")
    paddock = [r for r in loads if r["mode"] in ("sqlite", "pg-redis")]

    def mark(ok: bool) -> str:
        return "met" if ok else "NOT met"

    ratios = ", ".join(f"{r['mode']} {r['actions_per_s'] / floor['actions_per_s']:.2f} x" for r in paddock)
    cpu = ", ".join(f"{r['mode']} {r['cpu_ms_per_action']:.2f} ms" for r in paddock)
    lines = [
        "Issue 11's targets in this run:",
        f"- throughput >= 0.6 x the floor: {ratios}: "
        + mark(all(r["actions_per_s"] >= 0.6 * floor["actions_per_s"] for r in paddock)),
        f"- <= 3 ms server CPU per accepted action: {cpu}: "
        + mark(all(r["cpu_ms_per_action"] <= 3 for r in paddock)),
    ]
    for crowd in crowds:
        if crowd["spectators"] == 1000:
            lines.append(
                f"- 1,000 spectators all updated within 150 ms: slowest of {crowd['acts']} acts "
                f"{crowd['max_ms']:.0f} ms: {mark(crowd['max_ms'] <= 150)}"
            )
    if crowds:
        worst = max(c["idle_kib_per_conn"] for c in crowds)
        lines.append(f"- <= 40 KiB RSS per idle connection: at most {worst:.1f} KiB: {mark(worst <= 40)}")
        held = max(c["spectators"] for c in crowds)
        lines.append(
            f"- 5,000 idle sockets held by one process: {held} held and updated: {mark(held >= 5000)}"
        )
    lines.append("")
    return lines


def section_lines(
    args: argparse.Namespace,
    rows: list[str],
    crowd_rows: list[str],
    loads: list[dict[str, Any]],
    rules: dict[str, Any],
    load: float,
) -> list[str]:
    floor = next(r for r in loads if r["mode"] == "floor")
    return [
        "## Room pipeline against the floor (one run)",
        "",
        f"`python -m bench.pipeline --write` (bench/pipeline.py): {args.rooms} rooms of {args.game} x "
        f"({SEATS} seats + {SPECTATORS} spectators), every seat acting as soon as it is awaited, "
        f"{args.seconds:.0f} s per setup; the floor (bench/floor.py) fans out frames of "
        "Paddock's mean size.",
        "",
        "| setup | sockets | accepted actions/s | x floor | act->last socket p50 ms | p99 ms | "
        "server CPU ms / accepted action | RSS KiB / connection | mean frame bytes |",
        "|---|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        "Refusals seen: " + ", ".join(f"{r['mode']}: {r['errors']}" for r in loads) + ".",
        "",
        f"The rules alone (`rules_only`: engine.step, the views and legal actions of {SEATS} seats and "
        f"the spectators, the decision digests and the frames' JSON, in one process with no I/O) cost "
        f"{rules['ms_per_action']:.3f} ms of CPU per {rules['game']} action over {rules['actions']} "
        f"actions: one core doing nothing else tops out at {rules['ceiling_per_s']:.0f} actions/s; "
        f"0.6 x this run's floor is {0.6 * floor['actions_per_s']:.0f}/s.",
        "",
        "One room, N idle spectators on one process (SQLite): RSS per idle connection, then a seat acts "
        "and the time until the LAST spectator has the new version:",
        "",
        "| spectators | RSS KiB / idle connection | act->last spectator p50 ms | max ms | acts |",
        "|---|---|---|---|---|",
        *crowd_rows,
        "",
        f"Machine: {os.cpu_count()} cores, load average {load:.1f} at the end (other work shares them); "
        f"python {sys.version.split()[0]}; the load generator runs on the same cores.",
        "",
    ]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rooms", type=int, default=30)
    parser.add_argument("--game", default="pony_express_race")
    parser.add_argument("--modes", default="sqlite,pg-redis,sqlite-people")
    parser.add_argument("--spectators", default="1000,5000")
    parser.add_argument("--acts", type=int, default=5)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    loads = []
    for mode in [m for m in args.modes.split(",") if m]:
        result = load_paddock(mode, args.seconds, args.rooms, args.game)
        print(result, flush=True)
        loads.append(result)
    frame = int(statistics.mean(r["frame_bytes"] for r in loads)) if loads else 1500
    floor = load_floor(args.seconds, args.rooms, frame)
    print(floor, flush=True)
    loads.insert(0, floor)
    crowds = []
    for count in [int(n) for n in args.spectators.split(",") if n]:
        crowd = spectators(count, args.acts)
        print(crowd, flush=True)
        crowds.append(crowd)
    rules = rules_only(args.game)
    print(rules, flush=True)
    section = report(args, loads, crowds, rules)
    print(section)
    if args.write:
        write_section(section, "## Room pipeline against the floor", first=True)
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
