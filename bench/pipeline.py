"""Paddock side by side with a boardgame.io peer and the bare fan-out floor, in one run
(loopback only; every server is started and stopped by the run).

    python -m bench.pipeline [--write] [--quick] [--games ponies_in_pursuit,...]
                             [--seconds 20] [--rooms 30] [--human-rooms 300] [--human-seconds 60]
                             [--human-stagger 30]

Per game, heaviest first (Ponies in Pursuit, Dice and Bluff, Horse Racing, Odds and Riders):
`--rooms` rooms x (3 seats, 4 for Horse Racing, its least + 2 spectators), every seat acting as
soon as it may with a random legal action of its own frame, no bots, finished rooms replaced:
- floor:    bench/floor.py, a bare websockets fan-out of frames of Paddock's mean size;
- peer:     boardgame.io (npm, installed by this run into a temporary folder), in memory, with
            our games bench/peer/sealed.js (shaped like Ponies in Pursuit) and bench/peer/bluff.js
            (shaped like Dice and Bluff); only for those two games;
- sqlite:   one Paddock process, SQLite;
- pg-redis-1: one Paddock process on PostgreSQL and Redis (the base 2 processes are
            compared with: the same database and bus);
- pg-redis: two Paddock processes on one PostgreSQL database and Redis, each room's sockets
            spread over both (every action crosses processes);
- pg-redis-rooms: the same two processes, each room's requests and sockets on the process its
            code hashes to, as deploy/nginx.conf routes them (a room crosses processes only
            when its process is lost).
Reported: accepted actions/s, x peer, x floor, action -> last connection p50/p99, server CPU ms
per accepted action (utime + stime of the server processes from /proc/<pid>/stat over the
window, summed), database transactions per accepted action (over the window) and per refusal
(bench/refusals.py, on the idle servers after the load), the refusals the server sent.
Then Ponies in Pursuit at human pace: seats think 1-3 s (uniform) before each act,
`--human-rooms` rooms on one SQLite process, opening over `--human-stagger` seconds (uniform):
a game lasts about 20-25 s at this pace, so rooms opened together would all end, and be
replaced, within a few seconds of each other, a burst no evening of real groups makes.
The report checks issue 19's targets.

Database transactions: PostgreSQL's from pg_stat_database (xact_commit + xact_rollback) of a
database made for the run, so nothing else on the machine is counted; SQLite's by
bench/counted_serve.py (a trace callback on each sqlite3 connection of the server process).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import os
import resource
import shutil
import signal
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx

from bench.refusals import probe
from bench.report import PEER_GAMES, SETUPS, TABLE_HEAD, TITLES, game_rows, target_rows
from bench.results import write_section
from bench.seats import FloorTarget, Load, LoadFailed, PaddockTarget, PeerTarget
from bench.servers import REDIS, FloorServer, PeerServer, PgDatabase, install_peer, paddock_servers

GAMES = ("ponies_in_pursuit", "pony_express_bluff", "horse_racing", "pony_express_race")
MARKER = "## Room pipeline against the peer and the floor"
# How long a database's transaction count must stand still to be read: SQLite's counts are
# written every 0.1 s; a PostgreSQL backend reports its counts within 10 s of going idle.
QUIET = {"sqlite": 1.0, "postgresql": 11.0}
# Paddock's setups: (database, processes).
PADDOCK_SETUPS = {
    "sqlite": ("sqlite", 1),
    "sqlite-people": ("sqlite", 1),
    "pg-redis-1": ("postgresql", 1),
    "pg-redis": ("postgresql", 2),
    "pg-redis-rooms": ("postgresql", 2),
}


def raise_fd_limit() -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the servers inherit it
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def seats_of(port: int, game: str) -> int:
    games = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=60).json()["games"]
    least = next(g["min_seats"] for g in games if g["id"] == game)
    return max(3, least)


def run_paddock(
    setup: str,
    game: str,
    args: argparse.Namespace,
    think: tuple[float, float] | None = None,
    rooms: int | None = None,
    seconds: float | None = None,
    stagger: float = 0.0,
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        kind, processes = PADDOCK_SETUPS[setup]
        database = PgDatabase() if kind == "postgresql" else None
        try:
            if database is not None:
                servers = paddock_servers(processes, database.url, REDIS, tmp)
                database.without_autovacuum()
                read = database.transactions
            else:
                servers = paddock_servers(1, f"sqlite:///{tmp / 'paddock.db'}", "memory://", tmp)

                def read() -> int:
                    return sum(s.sqlite_transactions() for s in servers)

            try:
                ports = [s.port for s in servers]
                seats = seats_of(ports[0], game)
                load = Load(
                    PaddockTarget(ports, game, seats, by_room=setup == "pg-redis-rooms"),
                    seconds or args.seconds,
                    rooms or args.rooms,
                    people=setup.endswith("-people"),
                    think=think,
                    stagger=stagger,
                )
                result = asyncio.run(load.run([s.process.pid for s in servers], read))
                if think is None and args.refusals:
                    quiet = QUIET[kind]
                    found = asyncio.run(probe(ports, game, seats, args.refusals, read, quiet))
                    result["probe"] = found
                    result["tx_per_refusal"] = found["transactions"] / found["refusals"]
            finally:
                for server in servers:
                    server.stop()
        finally:
            if database is not None:
                database.drop()
    result.update(setup=setup, game=game, seats=seats)
    return result


def run_floor(game: str, seats: int, frame_bytes: int, args: argparse.Namespace) -> dict[str, Any]:
    floor = FloorServer(frame_bytes)
    try:
        result = asyncio.run(
            Load(FloorTarget(floor.port, seats), args.seconds, args.rooms).run([floor.process.pid])
        )
    finally:
        floor.stop()
    result.update(setup="floor", game=game, seats=seats)
    return result


def run_peer(game: str, installed: Path, args: argparse.Namespace) -> dict[str, Any]:
    peer = PeerServer(installed)
    try:
        load = Load(PeerTarget(peer.port, PEER_GAMES[game]), args.seconds, args.rooms)
        result = asyncio.run(load.run([peer.process.pid]))
    finally:
        peer.stop()
    result.update(setup="peer", game=game, seats=3)
    return result


def report(
    args: argparse.Namespace,
    results: dict[str, dict[str, dict[str, Any]]],
    human: dict[str, Any] | None,
    crowds: list[dict[str, Any]],
) -> str:
    lines = [
        f"{MARKER} (one run)",
        "",
        f"`python -m bench.pipeline --write{' --quick' if args.quick else ''}` (bench/pipeline.py): per "
        f"game, {args.rooms} rooms x (3 seats, Horse Racing 4, + 2 spectators), every seat acting as soon "
        f"as it may with a random legal action, no bots, {args.seconds:.0f} s per setup. The peer is "
        "boardgame.io (installed from npm by the run into a temporary folder, in memory) with our games "
        "bench/peer/sealed.js (3 seats, sealed submissions, 224 choices, the round resolves when all "
        "submitted; a submission sent against an older state still counts, `ignoreStaleStateID`, as "
        "Paddock takes one while the seat's own decision is unchanged) and bench/peer/bluff.js (liar's "
        "dice: turns rotate, raise to one of the next 24 bids or call); the floor (bench/floor.py) fans "
        "out frames of Paddock's mean size.",
        "",
    ]
    for game, runs in results.items():
        lines += [f"### {TITLES[game]}", "", *TABLE_HEAD, *game_rows(runs), ""]
        probes = [
            f"{SETUPS[s]}: {r['probe']['transactions']} transactions for {r['probe']['refusals']} refusals "
            f"({', '.join(f'{k} {n}' for k, n in sorted(r['probe']['replies'].items()))})"
            for s, r in runs.items()
            if r.get("probe")
        ]
        if probes:
            lines += [
                "Refusal probe (idle servers, one room; kind: the server's answer): "
                + "; ".join(probes)
                + ".",
                "",
            ]
    if human is not None:
        lines += [
            f"### Ponies in Pursuit at human pace ({human['rooms']} rooms, one process, SQLite)",
            "",
            f"Rooms open over {human.get('stagger', 0):.0f} s (uniform, as groups arrive; the window "
            f"starts once all are open), so their games do not all end, and get replaced, together. "
            f"Seats think 1-3 s (uniform) before each act; {human.get('most_open', human['held'])} sockets; "
            f"{human['seconds']:.0f} s "
            f"window: {human['actions_per_s']:.0f} accepted actions/s, act->last connection p50 "
            f"{human['p50_ms']:.0f} ms, p99 {human['p99_ms']:.0f} ms, {human['cpu_ms_per_action']:.2f} ms "
            f"server CPU per accepted action, {human['kib_per_conn']:.0f} KiB RSS per connection; "
            f"refusals: {human['errors'] or 'none'}.",
            "",
        ]
    if crowds:
        lines += [
            "### One room, N idle spectators (one process, SQLite)",
            "",
            "| spectators | RSS KiB / idle connection | act->last spectator p50 ms | max ms | acts |",
            "|---|---|---|---|---|",
            *(
                f"| {c['spectators']} | {c['idle_kib_per_conn']:.1f} | {c['p50_ms']:.0f} | "
                f"{c['max_ms']:.0f} | {c['acts']} |"
                for c in crowds
            ),
            "",
        ]
    lines += [
        "### Issue 19's targets in this run",
        "",
        *target_rows(results, human),
        "",
        "How it was counted: CPU is utime + stime of the server processes (/proc/<pid>/stat), summed, "
        "over the window, divided by the accepted actions. Accepted actions are the versions one seat per"
        " room saw advance (Paddock's `v`, the peer's `_stateID`). The peer answers no refusal (a stale "
        "move is dropped and logged), so its refusals are the acts sent that were not accepted. Database "
        "transactions: PostgreSQL's `xact_commit + xact_rollback` of a database made for the run "
        "(pg_stat_database, after pg_stat_clear_snapshot; a busy backend reports once a second, so a "
        "window's count is off by about a second's worth at each end; autovacuum is off on its tables, "
        "since its workers would count too); SQLite's counted in the server process by "
        "bench/counted_serve.py (every statement that starts outside a transaction: a BEGIN, or an "
        "autocommit statement). Per accepted action: every transaction of the window (rooms made, joined,"
        " started and synced as finished ones are replaced, included) over the accepted actions. Per "
        "refusal: after the load, on the idle servers, one room's seats that are not awaited send stale, "
        "repeated (double-click) and out-of-turn acts, each answered before the next; the count is read "
        "before and after once it stood still (PostgreSQL: 11 s, since an idle backend reports within 10 "
        "s). 2 processes' CPU is compared with one process's on the same PostgreSQL and Redis, and "
        "with one SQLite process's. The last column is the load "
        "generator's own CPU (one Python process on the same cores): where it nears one core per second "
        "the clients, not the server, set the pace (the peer's clients are python-socketio's, which "
        "cost more per frame than the websockets + orjson clients of Paddock and the floor).",
        "",
        f"Machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end (other work "
        f"shares them); python {sys.version.split()[0]}; the load generator runs on the same cores.",
        "",
    ]
    return "\n".join(lines)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rooms", type=int, default=30)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument(
        "--setups", default="sqlite,pg-redis-1,pg-redis,pg-redis-rooms,floor,peer", help="also: sqlite-people"
    )
    parser.add_argument("--refusals", type=int, default=60, help="refusals the probe sends (0: no probe)")
    parser.add_argument("--human-rooms", type=int, default=300, help="0: no human-pace run")
    parser.add_argument("--human-seconds", type=float, default=60)
    parser.add_argument(
        "--human-stagger", type=float, default=30, help="the human-pace rooms open over this many seconds"
    )
    parser.add_argument("--spectators", default="", help="e.g. 1000,5000: the idle spectators run")
    parser.add_argument("--acts", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="a smoke test: few rooms, few seconds")
    parser.add_argument("--write", action="store_true", help="write the section into bench/RESULTS.md")
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds, args.rooms, args.refusals = 3, 4, min(args.refusals, 9)
        args.human_rooms, args.human_seconds, args.human_stagger = min(args.human_rooms, 10), 8, 1
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    # SIGTERM (e.g. `timeout`) unwinds like an exit, so every server started is stopped.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    raise_fd_limit()
    setups = [s for s in args.setups.split(",") if s]
    games = [g for g in args.games.split(",") if g]
    if "peer" in setups and importlib.util.find_spec("socketio") is None:
        print("The peer's clients need python-socketio: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    try:
        return run(args, setups, games)
    except LoadFailed as failed:
        print(f"The bench stopped: {failed}", file=sys.stderr)
        return 1


def run(args: argparse.Namespace, setups: list[str], games: list[str]) -> int:
    installed = install_peer() if "peer" in setups and any(g in PEER_GAMES for g in games) else None
    results: dict[str, dict[str, dict[str, Any]]] = {}
    try:
        for game in games:
            runs: dict[str, dict[str, Any]] = {}
            for setup in [s for s in setups if s in PADDOCK_SETUPS]:
                runs[setup] = run_paddock(setup, game, args)
                print(runs[setup], flush=True)
            if "floor" in setups:
                paddock = [r for r in runs.values() if r["frame_bytes"]]
                frame = int(sum(r["frame_bytes"] for r in paddock) / len(paddock)) if paddock else 1500
                seats = next(iter(runs.values()))["seats"] if runs else 3
                runs["floor"] = run_floor(game, seats, frame, args)
                print(runs["floor"], flush=True)
            if installed is not None and game in PEER_GAMES:
                runs["peer"] = run_peer(game, installed, args)
                print(runs["peer"], flush=True)
            results[game] = runs
    finally:
        if installed is not None:
            shutil.rmtree(installed, ignore_errors=True)
    human = None
    if args.human_rooms:
        human = run_paddock(
            "sqlite",
            "ponies_in_pursuit",
            args,
            think=(1.0, 3.0),
            rooms=args.human_rooms,
            seconds=args.human_seconds,
            stagger=args.human_stagger,
        )
        human["stagger"] = args.human_stagger
        human["rooms"] = args.human_rooms
        print(human, flush=True)
    crowds = []
    if args.spectators:
        from bench.spectators import spectators

        for count in [int(n) for n in args.spectators.split(",") if n]:
            crowds.append(spectators(count, args.acts))
            print(crowds[-1], flush=True)
    section = report(args, results, human, crowds)
    print(section)
    if args.write:
        write_section(section, MARKER, first=True)
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
