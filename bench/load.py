"""Load generator: many Ponies in Pursuit rooms played through real sockets (loopback only).

    python -m bench.load [--seconds 30] [--rooms 30] [--mode sqlite|pg-redis|both] [--write]

Each room has 3 seats played by this script (each decides with the game's own bot from its
seat's view and legal actions, acting as soon as it is awaited), 1 server bot seat and
2 spectators: 5 sockets per room. A finished room is replaced by a new one until time runs out.
Servers are real `python -m app serve` processes:

- sqlite:   one process, a fresh SQLite file, in-memory fan-out;
- pg-redis: two processes on one fresh PostgreSQL schema and Redis; each room's sockets
            alternate between the two processes, so every action crosses processes.

Reported: connections held, accepted actions/s (client and server-bot actions, from the
stored versions), action-to-last-client latency (first action sent at version v until every
socket of the room has a state newer than v) p50/p99, and server RSS growth per connection
(RSS with all sockets open minus RSS before, over the number of sockets).
`--write` replaces the "Several processes" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
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
from tests.utils.process_server import ServerProcess

PIP = "ponies_in_pursuit"
HUMANS, BOTS, SPECTATORS = 3, 1, 2
ROOT = Path(__file__).resolve().parents[1]
DATABASE = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
REDIS = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


@dataclass
class Room:
    code: str
    sockets: int
    sent_at: dict[int, float] = field(default_factory=dict)  # version -> first act sent at it
    seen: dict[int, int] = field(default_factory=dict)  # version -> sockets past it
    over: asyncio.Event = field(default_factory=asyncio.Event)
    final_v: int = 0
    max_v: int = 0  # newest version any socket of the room has seen


class Load:
    def __init__(self, servers: list[ServerProcess], seconds: float, rooms: int) -> None:
        self.servers = servers
        self.seconds = seconds
        self.rooms = rooms
        self.latencies: list[float] = []
        self.versions = 0
        self.open_sockets = 0
        self.peak_sockets = 0
        self.errors: dict[str, int] = {}
        self.stop = asyncio.Event()
        self.all_open = asyncio.Event()
        self.opened_first = 0
        self.game = engine.get_game(PIP)

    async def make_room(self, http: httpx.AsyncClient) -> tuple[str, list[str]]:
        r = await http.post("/api/rooms", json={"game": PIP, "name": "P0", "options": {"rounds": 6}})
        host = r.json()
        code, tokens = host["code"], [host["token"]]
        for i in range(1, HUMANS):
            joined = await http.post(f"/api/rooms/{code}/join", json={"name": f"P{i}"})
            tokens.append(joined.json()["token"])
        auth = {"Authorization": f"Bearer {host['token']}"}
        await http.post(f"/api/rooms/{code}/bots", json={"count": BOTS}, headers=auth)
        await http.post(f"/api/rooms/{code}/start", headers=auth)
        return code, tokens

    async def client(self, room: Room, port: int, token: str | None, ready: asyncio.Event) -> None:
        rng = random.Random()
        async with connect(f"ws://127.0.0.1:{port}/ws/rooms/{room.code}", max_size=1 << 22) as ws:
            self.open_sockets += 1
            self.peak_sockets = max(self.peak_sockets, self.open_sockets)
            try:
                await ws.send(orjson.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
                last_v, acted_v = -1, -1
                while not self.stop.is_set():
                    try:
                        async with asyncio.timeout(1.0):
                            message = orjson.loads(await ws.recv())
                    except TimeoutError:
                        continue
                    if message["type"] == "error":
                        self.errors[message["code"]] = self.errors.get(message["code"], 0) + 1
                        continue
                    if message["type"] != "state":
                        continue
                    if last_v < 0:
                        ready.set()
                    v = message["v"]
                    now = time.perf_counter()
                    for old in [u for u in room.sent_at if u < v and u >= last_v]:
                        room.seen[old] = room.seen.get(old, 0) + 1
                        if room.seen[old] == room.sockets:
                            self.latencies.append(now - room.sent_at.pop(old))
                            room.seen.pop(old)
                    last_v = max(last_v, v)
                    room.max_v = max(room.max_v, v)
                    if message["over"]:
                        room.final_v = max(room.final_v, v)
                        room.over.set()
                        return
                    view = message["view"]
                    if token and acted_v != v and message["actions"] and not self.stop.is_set():
                        acted_v = v
                        action = self.game.bot_action(view, message["actions"], rng)
                        if room.max_v <= v:  # an act at an already passed version is just stale
                            room.sent_at.setdefault(v, time.perf_counter())
                        await ws.send(orjson.dumps({"type": "act", "v": v, "action": action}))
            finally:
                self.open_sockets -= 1

    async def room_loop(self, index: int) -> None:
        async with httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{self.servers[index % len(self.servers)].port}", timeout=60
        ) as http:
            first = True
            while not self.stop.is_set():
                code, tokens = await self.make_room(http)
                who: list[str | None] = [*tokens, *([None] * SPECTATORS)]
                room = Room(code, len(who))
                readies = [asyncio.Event() for _ in who]
                tasks = [
                    asyncio.create_task(
                        self.client(room, self.servers[(index + i) % len(self.servers)].port, tok, ready)
                    )
                    for i, (tok, ready) in enumerate(zip(who, readies, strict=True))
                ]
                if first:
                    await asyncio.gather(*(r.wait() for r in readies))
                    self.opened_first += 1
                    if self.opened_first == self.rooms:
                        self.all_open.set()
                    first = False
                await asyncio.gather(*tasks, return_exceptions=True)
                # Versions accepted in this room (final when over, else what it reached).
                summary = (await http.get(f"/api/rooms/{code}")).json()
                self.versions += summary["v"]

    async def run(self) -> dict[str, Any]:
        before = [rss_kib(s.process.pid) for s in self.servers]
        loops = [asyncio.create_task(self.room_loop(i)) for i in range(self.rooms)]
        await asyncio.wait_for(self.all_open.wait(), 300)
        await asyncio.sleep(1.0)
        held = self.open_sockets
        during = [rss_kib(s.process.pid) for s in self.servers]
        began = time.perf_counter()
        self.versions = 0
        self.latencies.clear()
        await asyncio.sleep(self.seconds)
        self.stop.set()
        await asyncio.gather(*loops, return_exceptions=True)
        elapsed = time.perf_counter() - began
        lat = sorted(self.latencies)
        return {
            "held": held,
            "actions_per_s": self.versions / elapsed,
            "p50_ms": statistics.median(lat) * 1000 if lat else float("nan"),
            "p99_ms": lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan"),
            "measured": len(lat),
            "kib_per_conn": (sum(during) - sum(before)) / max(held, 1),
            "rss_mib": [round(r / 1024, 1) for r in during],
            "errors": dict(self.errors),
        }


def start_servers(n: int, database_url: str, broadcast_url: str, tmp: Path) -> list[ServerProcess]:
    env = {
        "BOT_DELAY": "0.2",
        "BROADCAST_PREFIX": f"bench:{uuid.uuid4().hex[:8]}:",
        "SWEEP_SECONDS": "10",
        "RATE_LIMITS": "off",  # every client of the benchmark comes from one address
    }
    servers = [
        ServerProcess(database_url, log_path=tmp / f"server{i}.log", broadcast_url=broadcast_url, **env)
        for i in range(n)
    ]
    for server in servers:
        server.start()
    return servers


def measure(mode: str, seconds: float, rooms: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        schema = None
        admin = None
        if mode == "sqlite":
            servers = start_servers(1, f"sqlite:///{tmp / 'paddock.db'}", "memory://", tmp)
        else:
            schema = f"bench_{uuid.uuid4().hex[:12]}"
            admin = sa.create_engine(normalise_url(DATABASE))
            with admin.begin() as conn:
                conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
            sep = "&" if "?" in DATABASE else "?"
            servers = start_servers(2, f"{DATABASE}{sep}options=-csearch_path%3D{schema}", REDIS, tmp)
        try:
            result = asyncio.run(Load(servers, seconds, rooms).run())
        finally:
            for server in servers:
                server.stop()
            if admin is not None:
                with admin.begin() as conn:
                    conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
                admin.dispose()
    result["mode"] = mode
    return result


def line(r: dict[str, Any]) -> str:
    name = {"sqlite": "1 process, SQLite, memory fan-out", "pg-redis": "2 processes, PostgreSQL + Redis"}
    return (
        f"| {name[r['mode']]} | {r['held']} | {r['actions_per_s']:.0f} | {r['p50_ms']:.0f} | "
        f"{r['p99_ms']:.0f} | {r['kib_per_conn']:.0f} | {r['rss_mib']} | {r['measured']} |"
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--rooms", type=int, default=30)
    parser.add_argument("--mode", choices=["sqlite", "pg-redis", "both"], default="both")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    modes = ["sqlite", "pg-redis"] if args.mode == "both" else [args.mode]
    results = []
    for mode in modes:
        result = measure(mode, args.seconds, args.rooms)
        print(result, flush=True)
        results.append(result)
    load = os.getloadavg()[0]
    table = "\n".join(
        [
            f"## Several processes: load through real sockets ({args.rooms} rooms, "
            f"{HUMANS} playing sockets + {BOTS} server bot + {SPECTATORS} spectators each, "
            f"{args.seconds:.0f} s per run)",
            "",
            "`python -m bench.load --write` (bench/load.py). Finished rooms are replaced by new ones.",
            "",
            "| setup | connections held | actions/s | act->last client p50 ms | p99 ms | "
            "server RSS KiB / connection | server RSS MiB | latencies measured |",
            "|---|---|---|---|---|---|---|---|",
            *(line(r) for r in results),
            "",
            f"Stale-version refusals seen (simultaneous submissions racing): "
            f"{', '.join(str(r['errors']) for r in results)}.",
            f"Machine: {os.cpu_count()} cores shared with other work (load average {load:.1f} at the end); "
            f"python {sys.version.split()[0]}; the load generator runs on the same cores.",
            "",
        ]
    )
    print(table)
    if args.write:
        write_section(table, "## Several processes")
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
