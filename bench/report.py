"""The pure part of bench/pipeline.py's report: percentiles, the side-by-side tables and issue
19's targets, from the numbers of one run (no I/O here; tests/bench/test_report.py)."""

from __future__ import annotations

import itertools
import math
from typing import Any

# Setups in the order they are reported; the key is what `results[game]` holds.
SETUPS = {
    "floor": "floor: bare websockets fan-out",
    "peer": "peer: boardgame.io, in memory",
    "sqlite": "Paddock, 1 process, SQLite",
    "pg-redis-1": "Paddock, 1 process, PostgreSQL + Redis",
    "pg-redis": "Paddock, 2 processes, PostgreSQL + Redis",
    "pg-redis-rooms": "Paddock, 2 processes, PostgreSQL + Redis, each room on one",
    "sqlite-people": "Paddock, 1 process, SQLite, people-like seats",
}
PADDOCK = ("sqlite", "pg-redis-1", "pg-redis", "pg-redis-rooms", "sqlite-people")
TWO_PROCESSES = ("pg-redis", "pg-redis-rooms")
PEER_GAMES = {"ponies_in_pursuit": "sealed", "pony_express_bluff": "bluff"}
TITLES = {
    "ponies_in_pursuit": "Ponies in Pursuit",
    "pony_express_bluff": "Dice and Bluff",
    "horse_racing": "Horse Racing",
    "pony_express_race": "Odds and Riders",
}
THROUGHPUT_TARGET = 0.5  # x the peer's accepted actions/s
HUMAN_P99_MS = 150.0
CPU_RATIO_TARGET = 1.3  # 2 processes' CPU per action over one process's


def pct(values: list[float], q: float) -> float:
    """The q-quantile (nearest rank, lower); NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def ratio(numerator: float | None, denominator: float | None) -> float | None:
    if numerator is None or not denominator or math.isnan(denominator):
        return None
    return numerator / denominator


def num(value: float | None, digits: int = 0) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:.{digits}f}"


def times(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f} x"


def mark(ok: bool) -> str:
    return "met" if ok else "missed"


def refusals_text(result: dict[str, Any]) -> str:
    """Refusals during the window: what the server sent (Paddock, by code) or, for the peer
    (which drops a stale move without answering), the acts sent that were not accepted."""
    if result["setup"] in ("peer", "floor"):
        unanswered = max(result["sent"] - result["accepted"], 0)
        return f"{unanswered / result['seconds']:.0f}/s unanswered"
    codes = ", ".join(f"{code} {n}" for code, n in sorted(result["errors"].items()))
    return f"{result['refused_per_s']:.0f}/s" + (f" ({codes})" if codes else "")


def game_rows(runs: dict[str, dict[str, Any]]) -> list[str]:
    floor = runs.get("floor", {}).get("actions_per_s")
    peer = runs.get("peer", {}).get("actions_per_s")
    rows = []
    for setup in SETUPS:
        if setup not in runs:
            continue
        r = runs[setup]
        rows.append(
            f"| {SETUPS[setup]} | {r.get('most_open', r['held'])} | {r['actions_per_s']:.0f} | "
            f"{times(ratio(r['actions_per_s'], peer))} | {times(ratio(r['actions_per_s'], floor))} | "
            f"{num(r['p50_ms'])} | {num(r['p99_ms'])} | {r['cpu_ms_per_action']:.2f} | "
            f"{num(r.get('tx_per_action'), 2)} | {num(r.get('tx_per_refusal'), 2)} | "
            f"{refusals_text(r)} | {r['sent'] / r['seconds']:.0f} | {r['frame_bytes']:.0f} | "
            f"{num(r.get('client_cpu_ms_per_action'), 2)} ({num(r.get('client_cores'), 2)} cores) |"
        )
    return rows


TABLE_HEAD = [
    "| setup | sockets (most open at once) | accepted actions/s | x peer | x floor | "
    "act->last connection p50 ms | p99 ms | "
    "server CPU ms / accepted action | DB transactions / accepted action | DB transactions / refusal | "
    "refusals | acts sent/s | mean frame bytes | load generator CPU ms / accepted action |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
]


def target_rows(results: dict[str, dict[str, dict[str, Any]]], human: dict[str, Any] | None) -> list[str]:
    """Issue 19's targets: | target | game / setup | number | met or missed |."""
    rows = []
    for game in PEER_GAMES:
        runs = results.get(game, {})
        peer = runs.get("peer", {}).get("actions_per_s")
        for setup in ("sqlite", "pg-redis-1", *TWO_PROCESSES):
            if setup in runs and peer:
                r = ratio(runs[setup]["actions_per_s"], peer)
                assert r is not None
                rows.append(
                    f"| >= {THROUGHPUT_TARGET} x peer's accepted actions/s | "
                    f"{TITLES[game]}, {SETUPS[setup]} | "
                    f"{runs[setup]['actions_per_s']:.0f}/s vs {peer:.0f}/s = {r:.2f} x | "
                    f"{mark(r >= THROUGHPUT_TARGET)} |"
                )
    for game, runs in results.items():
        for setup in PADDOCK:
            probe = runs.get(setup, {}).get("probe")
            if probe:
                tx = probe["transactions"]
                rows.append(
                    f"| 0 DB transactions per stale / no-op refusal | {TITLES[game]}, {SETUPS[setup]} | "
                    f"{tx} transactions for {probe['refusals']} refusals | {mark(tx == 0)} |"
                )
    if human is not None:
        rows.append(
            f"| Ponies in Pursuit at human pace, {human['rooms']} rooms, p99 <= {HUMAN_P99_MS:.0f} ms | "
            f"{SETUPS['sqlite']} | p99 {num(human['p99_ms'])} ms (p50 {num(human['p50_ms'])} ms) | "
            f"{mark(human['p99_ms'] <= HUMAN_P99_MS)} |"
        )
    # 2 processes against 1 on the same database and bus (like with like), and against SQLite.
    for game, runs in results.items():
        for setup, base in itertools.product(TWO_PROCESSES, ("pg-redis-1", "sqlite")):
            if base not in runs or setup not in runs:
                continue
            one, two = runs[base]["cpu_ms_per_action"], runs[setup]["cpu_ms_per_action"]
            r = ratio(two, one)
            if r is not None:
                rows.append(
                    f"| 2 processes <= {CPU_RATIO_TARGET} x one process's CPU per accepted action | "
                    f"{TITLES[game]}, {SETUPS[setup]}, against {SETUPS[base]} | "
                    f"{two:.2f} ms vs {one:.2f} ms = {r:.2f} x | {mark(r <= CPU_RATIO_TARGET)} |"
                )
    return ["| target | where | this run | |", "|---|---|---|---|", *rows]
