"""Live odds (engine/odds, app/rooms/odds): are they calibrated, what do they cost, and do they
delay the rooms' frames? `python -m bench.odds_calibration [--games 200] [--write]` writes
bench/RESULTS-odds.md.

1. Calibration, per game: seeded games played by the game's own bots (4 seats); at two steps
   of each game drawn at random (seeded) every player's estimated chance is recorded with
   whether that player won (a shared win counts as a share). A reliability table bins the
   estimates by tens of percent: the mean estimate, how often those players won, and a 95 %
   Wilson interval on that frequency. The estimates run with the server's playout counts.
2. Cost per update: the CPU milliseconds of each of those estimates (one core).
3. Frames with odds on and off, same run: one Paddock process (SQLite) at a time, first with
   ODDS_WORKERS=0 then with ODDS_WORKERS=1, each serving the same load: ROOMS Horse Racing rooms
   of four bots (BOT_DELAY 0.2 s) with one spectator socket each. Every spectator pings its
   room every 50 ms (Ann, the host's seat, plays a random legal action 0.2 s after each frame
   that awaits her): the pong is a frame on the same socket, so its round trip measures how
   long the process takes to answer a socket; and from each of Ann's acts until the spectator
   has the frame of the version it made (act→frame), the delay odds could add. Counted too:
   the state frames and the odds messages the spectators got, and so the room versions per
   second the odds kept up with (a room skips to its newest version when the worker is behind).
The machine is shared with other work: numbers move from run to run; the run takes minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import statistics
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect

import engine
from bench.results import write_section
from bench.servers import PaddockServer
from engine.odds import PLAYOUTS, estimate
from engine.registry import GAMES

RESULTS = Path(__file__).resolve().parent / "RESULTS-odds.md"
SEATS = 4
SAMPLES_PER_GAME = 2
BINS = 10
ROOMS = 6
SERVE_SECONDS = 40.0
FRAMES_ONLY = False


# ---- 1 and 2: calibration and cost ----------------------------------------------------------


def one_game(game_id: str, seed: int) -> dict[str, Any]:
    """One bot game: (estimate, outcome share) per seat at SAMPLES_PER_GAME steps, and their CPU ms."""
    rng = random.Random(seed)
    state = engine.setup(game_id, None, SEATS, seed)
    states = []
    for _ in range(5000):
        if engine.is_over(state):
            break
        states.append({**state, "log": []})
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, engine.bot_action(state, seat, rng))
        state["log"] = []
    if not engine.is_over(state):
        return {"pairs": [], "ms": []}
    winners = engine.result(state)["winners"]
    share = [1 / len(winners) if s in winners else 0.0 for s in range(SEATS)]
    pairs, costs = [], []
    for at in sorted(rng.sample(range(len(states)), min(SAMPLES_PER_GAME, len(states)))):
        began = time.process_time()
        chances = estimate(states[at]).chances
        costs.append((time.process_time() - began) * 1000)
        pairs += [(chances[str(s)], share[s]) for s in range(SEATS)]
    return {"pairs": pairs, "ms": costs}


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def calibration(games: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    with ProcessPoolExecutor(max_workers=2) as pool:
        for game_id in sorted(GAMES):
            if game_id not in PLAYOUTS:
                continue
            runs = list(pool.map(one_game, [game_id] * games, range(1, games + 1), chunksize=4))
            pairs = [pair for run in runs for pair in run["pairs"]]
            costs = [ms for run in runs for ms in run["ms"]]
            rows = []
            for b in range(BINS):
                inside = [
                    (p, w) for p, w in pairs if b / BINS <= p < (b + 1) / BINS or (b == BINS - 1 and p == 1)
                ]
                if not inside:
                    continue
                won = sum(w for _, w in inside)
                low, high = wilson(won, len(inside))
                mean = statistics.fmean(p for p, _ in inside)
                rows.append((b, len(inside), mean, won / len(inside), low, high))
            out[game_id] = {"rows": rows, "ms": costs, "games": games, "pairs": len(pairs)}
            print(game_id, "done", flush=True)
    return out


# ---- 3: frames with odds on and off ------------------------------------------------------------


async def serve_load(port: int) -> dict[str, Any]:
    base = f"http://127.0.0.1:{port}"
    codes = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for _ in range(ROOMS):
            host = (await http.post("/api/rooms", json={"game": "horse_racing", "name": "Ann"})).json()
            auth = {"Authorization": f"Bearer {host['token']}"}
            await http.post(f"/api/rooms/{host['code']}/bots", json={"count": SEATS - 1}, headers=auth)
            await http.post(f"/api/rooms/{host['code']}/start", headers=auth)
            codes.append((host["code"], host["token"]))
    counts = {"state": 0, "odds": 0}
    odds_versions: set[tuple[str, int]] = set()
    newest: dict[str, int] = {}
    rtts: list[float] = []
    # Ann's act at version v (sent when) -> the state frame past v at the room's spectator.
    acted: dict[str, tuple[int, float]] = {}
    frame_delays: list[float] = []
    end = time.monotonic() + SERVE_SECONDS

    async def play(code: str, token: str) -> None:
        """Ann's seat: a random legal action BOT_DELAY after each frame that awaits her."""
        url = f"ws://127.0.0.1:{port}/ws/rooms/{code}"
        rng = random.Random(code)
        async with connect(url, max_size=1 << 22, compression=None) as ws:
            await ws.send(orjson.dumps({"type": "hello", "token": token}).decode())
            while time.monotonic() < end:
                try:
                    message = orjson.loads(await asyncio.wait_for(ws.recv(), timeout=1))
                except TimeoutError:
                    continue
                if message.get("type") == "state" and message["actions"] and 0 in message["view"]["to_act"]:
                    await asyncio.sleep(0.2)
                    action = rng.choice(message["actions"])
                    acted[code] = (message["v"], time.perf_counter())
                    await ws.send(orjson.dumps({"type": "act", "v": message["v"], "action": action}).decode())

    async def watch(code: str) -> None:
        async with connect(
            f"ws://127.0.0.1:{port}/ws/rooms/{code}", max_size=1 << 22, compression=None
        ) as ws:
            await ws.send('{"type":"hello"}')
            sent: list[float] = []

            async def pinger() -> None:
                while time.monotonic() < end:
                    sent.append(time.perf_counter())
                    await ws.send('{"type":"ping"}')
                    await asyncio.sleep(0.05)

            task = asyncio.create_task(pinger())
            try:
                while time.monotonic() < end:
                    try:
                        message = orjson.loads(await asyncio.wait_for(ws.recv(), timeout=1))
                    except TimeoutError:
                        continue
                    kind = message.get("type")
                    if kind == "pong" and sent:
                        rtts.append(time.perf_counter() - sent.pop(0))
                    elif kind == "state":
                        counts["state"] += 1
                        newest[code] = max(newest.get(code, 0), message["v"])
                        pending = acted.get(code)
                        if pending is not None and message["v"] > pending[0]:
                            frame_delays.append(time.perf_counter() - pending[1])
                            del acted[code]
                    elif kind == "odds":
                        counts["odds"] += 1
                        odds_versions.add((code, message["v"]))
            finally:
                task.cancel()

    began = time.monotonic()
    await asyncio.gather(*(watch(code) for code, _ in codes), *(play(code, token) for code, token in codes))
    seconds = time.monotonic() - began
    rtts.sort()
    frame_delays.sort()
    return {
        "frame_p50_ms": 1000 * frame_delays[len(frame_delays) // 2] if frame_delays else None,
        "frame_p99_ms": 1000 * frame_delays[int(len(frame_delays) * 0.99)] if frame_delays else None,
        "frames_timed": len(frame_delays),
        "versions_per_s": sum(newest.values()) / seconds,
        "states": counts["state"],
        "odds": counts["odds"],
        "odds_per_s": len(odds_versions) / seconds,
        "p50_ms": 1000 * rtts[len(rtts) // 2] if rtts else None,
        "p99_ms": 1000 * rtts[int(len(rtts) * 0.99)] if rtts else None,
        "pings": len(rtts),
    }


def frames(workers: int) -> dict[str, Any]:
    env = {
        "BOT_DELAY": "0.2",
        "SWEEP_SECONDS": "3600",
        "RATE_LIMITS": "off",
        "CONNECTIONS_PER_ADDRESS": "0",
        "ODDS_WORKERS": str(workers),
    }
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        server = PaddockServer(f"sqlite:///{tmp / 'paddock.db'}", "memory://", tmp, env)
        try:
            return asyncio.run(serve_load(server.port))
        finally:
            server.stop()


# ---- the report -----------------------------------------------------------------------------


def report(cal: dict[str, Any], off: dict[str, Any], on: dict[str, Any]) -> str:
    lines = [
        "## Live odds: calibration, cost, frames (bench/odds_calibration.py)",
        "",
        f"Run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on the shared 2-core machine (other",
        "helpers' tests and benchmarks ran beside it: CPU times and latencies are noisy).",
        f"Games played by each game's own bots, {SEATS} seats; estimates at {SAMPLES_PER_GAME} random steps",
        "per game with the server's playout counts (random legal play from states redrawn from the",
        "public record, engine/odds). Contenders: the players. A tie's win counts as a share.",
        "",
    ]
    for game_id, found in cal.items():
        ms = sorted(found["ms"])
        lines += [
            f"### {GAMES[game_id].title} ({found['games']} games, {found['pairs']} estimates, "
            f"{PLAYOUTS[game_id]} playouts each)",
            "",
            "| estimate | n | mean estimate | won | 95 % interval |",
            "| --- | ---: | ---: | ---: | --- |",
        ]
        for b, n, mean, won, low, high in found["rows"]:
            mark = " **(20–30 %)**" if b == 2 else ""
            lines.append(
                f"| {b * 10}–{(b + 1) * 10} %{mark} | {n} | {mean:.1%} | {won:.1%} | {low:.1%} – {high:.1%} |"
            )
        lines += [
            "",
            f"Cost per update (CPU ms, one core): median {statistics.median(ms):.0f}, "
            f"p95 {ms[int(len(ms) * 0.95)]:.0f}, max {ms[-1]:.0f}.",
            "",
        ]
    lines += [
        f"### Frames with live odds off and on (same run, {ROOMS} Horse Racing rooms of bots, "
        f"{SERVE_SECONDS:.0f} s each)",
        "",
        "Act→frame: from the host seat's act until the room's spectator has the state frame of",
        "the version it made (the frames the odds could delay); ping→pong: how long the process",
        "takes to answer a socket.",
        "",
        "| odds | room versions/s | odds updates/s (distinct versions) | act→frame p50 | p99 (n) "
        "| ping→pong p50 | p99 |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, run in (("off (ODDS_WORKERS=0)", off), ("on (ODDS_WORKERS=1)", on)):
        lines.append(
            f"| {name} | {run['versions_per_s']:.1f} | {run['odds_per_s']:.1f} | "
            f"{run['frame_p50_ms']:.1f} ms | {run['frame_p99_ms']:.1f} ms ({run['frames_timed']}) | "
            f"{run['p50_ms']:.1f} ms | {run['p99_ms']:.1f} ms |"
        )
    per_update = statistics.median(ms for found in cal.values() for ms in found["ms"])
    lines += [
        "",
        f"One worker process computes about {1000 / per_update:.0f} updates a second at the median",
        f"cost ({per_update:.0f} ms in this run): the largest room rate (versions per second,",
        "all rooms together) one process keeps up with, every version estimated. Beyond it rooms",
        "skip to their newest version: the odds update less often, the frames do not wait (the",
        "worker runs at a lower priority, off the event loop). On a loaded machine the niced worker",
        "gets less CPU, so fewer updates get through than that (the table's odds updates/s).",
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    cal = calibration(args.games)
    off = frames(0)
    on = frames(1)
    text = report(cal, off, on)
    print(text)
    if args.write:
        write_section(text, "## Live odds", path=RESULTS)


if __name__ == "__main__":
    main()
