"""Live odds worth watching (issue 39): skill, steadiness, cost, the replay chart.
`python -m bench.odds_skill --out FILE.json [--games 40] [--charts 50]` measures the code
as it is; `python -m bench.odds_skill --table BEFORE.json AFTER.json` writes the before/after
section of bench/RESULTS-odds.md.

Per game, seeded games played by the game's own bots (4 seats):
- Brier skill score against the uniform forecast (1/4 each) at 25 %, 50 % and 75 % of each
  game's steps: 1 - Brier(estimate) / Brier(uniform), over every seat of every game (a shared
  win counts as a share). Above 0: better than saying 25 % for everyone.
- Jitter: the mean absolute change of a seat's chance, in points, between the update before
  and the update after one sealed step (a sealed submission, a draft pick or keep; Odds and
  Riders has none), at JITTER steps per game drawn at random (seeded); and after one public
  step of any kind, for comparison.
- CPU milliseconds of every estimate (one core, process time), median and p95.
- The replay chart (app/rooms/odds_history.py, its points and playouts): in how many of CHARTS
  Horse Racing and Ponies in Pursuit games the eventual winner's chance at the point before the
  last is above its chance at the first point ("rises"), and in how many the winner then has
  the highest chance of the table ("leads").
The machine is shared with other work: CPU times are noisy.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import orjson

import engine
from app.rooms.odds_history import history
from bench.results import write_section
from engine.odds import estimate
from engine.odds.estimate import forget
from engine.registry import GAMES

RESULTS = Path(__file__).resolve().parent / "RESULTS-odds.md"
SEATS = 4
FRACTIONS = (0.25, 0.5, 0.75)
JITTER = 3
GAMES_ORDER = ("horse_racing", "ponies_in_pursuit", "pony_express_bluff", "pony_express_race")
CHART_GAMES = ("horse_racing", "ponies_in_pursuit")
ROUND_SECONDS = 30.0  # a Ponies in Pursuit round at human pace: four people choose two cards each
ROOMS_AT_PACE = 300


def bot_game(game_id: str, seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
    """A seeded game of bots: the states before each step, the steps (seat, action), the end."""
    rng = random.Random(seed)
    state = engine.setup(game_id, None, SEATS, seed)
    state["log"] = []
    states, rows = [], []
    for _ in range(5000):
        if engine.is_over(state):
            break
        states.append(state)
        seat = engine.to_act(state)[0]
        action = engine.bot_action(state, seat, rng)
        rows.append({"seat": seat, "action": action})
        state = engine.apply(state, seat, action)
        state["log"] = []
    return states, rows, state


def timed(state: dict[str, Any]) -> tuple[dict[str, float], float]:
    began = time.process_time()
    chances = estimate(state).chances
    return chances, (time.process_time() - began) * 1000


def one_game(game_id: str, seed: int) -> dict[str, Any]:
    states, rows, end = bot_game(game_id, seed)
    if not engine.is_over(end):
        return {}
    winners = engine.result(end)["winners"]
    share = [1 / len(winners) if s in winners else 0.0 for s in range(SEATS)]
    moves = GAMES[game_id].moves.by_type
    out: dict[str, Any] = {"share": share, "at": {}, "ms": [], "sealed": [], "any": []}
    for fraction in FRACTIONS:
        chances, ms = timed(states[round(fraction * (len(states) - 1))])
        out["at"][str(fraction)] = [chances[str(s)] for s in range(SEATS)]
        out["ms"].append(ms)
    rng = random.Random(seed * 7919)
    steps = list(range(len(states) - 1))
    sealed = [k for k in steps if moves[rows[k]["action"]["type"]].sealed]
    for kind, pool in (("sealed", sealed), ("any", steps)):
        for k in sorted(rng.sample(pool, min(JITTER, len(pool)))):
            before, ms_before = timed(states[k])
            after, ms_after = timed(states[k + 1])
            out["ms"] += [ms_before, ms_after]
            out[kind].append(statistics.fmean(abs(after[s] - before[s]) * 100 for s in before))
    return out


def one_chart(game_id: str, seed: int) -> dict[str, Any]:
    states, rows, end = bot_game(game_id, seed)
    if not engine.is_over(end):
        return {}
    points = history(game_id, dict(states[0]["options"]), SEATS, seed, rows) or []
    winners = engine.result(end)["winners"]
    if len(points) < 3:
        return {}
    first, before_last = points[0]["chances"], points[-2]["chances"]
    top = max(before_last.values())
    return {
        "rises": any(before_last[str(w)] > first[str(w)] for w in winners),
        "leads": any(before_last[str(w)] == top for w in winners),
    }


def fresh_cpu(game_id: str, seed: int) -> list[float]:
    """CPU ms of the estimates at FRACTIONS computed afresh (no memo: what a new position costs)."""
    states, _rows, end = bot_game(game_id, seed)
    costs = []
    for fraction in FRACTIONS:
        forget()
        costs.append(timed(states[round(fraction * (len(states) - 1))])[1])
    return costs


def worker_game(seed: int) -> dict[str, Any]:
    """A Ponies in Pursuit game of bots as the odds worker sees it: every version estimated in
    turn, the memo on. Its CPU in all, its versions and its rounds."""
    states, _rows, end = bot_game("ponies_in_pursuit", seed)
    forget()
    began = time.process_time()
    for state in [*states, end]:
        estimate(state)
    return {
        "ms": (time.process_time() - began) * 1000,
        "versions": len(states) + 1,
        "rounds": len(end["history"]),
    }


def cpu(games: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    with ProcessPoolExecutor(max_workers=2) as pool:
        for game_id in GAMES_ORDER:
            ms = sorted(m for run in pool.map(fresh_cpu, [game_id] * games, range(1, games + 1)) for m in run)
            out[game_id] = {"median": statistics.median(ms), "p95": ms[int(len(ms) * 0.95)], "n": len(ms)}
            print(game_id, out[game_id], flush=True)
        runs = list(pool.map(worker_game, range(1, games + 1)))
    seconds = sum(r["rounds"] for r in runs) * ROUND_SECONDS
    out["worker"] = {
        "games": len(runs),
        "ms_per_version": sum(r["ms"] for r in runs) / sum(r["versions"] for r in runs),
        "versions_per_game": sum(r["versions"] for r in runs) / len(runs),
        "share_300": ROOMS_AT_PACE * sum(r["ms"] for r in runs) / 1000 / seconds,
    }
    print(out["worker"], flush=True)
    return out


def brier(forecasts: list[list[float]], shares: list[list[float]]) -> float:
    return statistics.fmean(
        sum((p - o) ** 2 for p, o in zip(f, s, strict=True)) for f, s in zip(forecasts, shares, strict=True)
    )


def skill(forecasts: list[list[float]], shares: list[list[float]]) -> float:
    uniform = [[1 / SEATS] * SEATS for _ in forecasts]
    return 1 - brier(forecasts, shares) / brier(uniform, shares)


def flat(runs: list[dict[str, Any]], key: str) -> list[float]:
    return [j for r in runs for j in r[key]]


def measure(games: int, charts: int) -> dict[str, Any]:
    found: dict[str, Any] = {}
    with ProcessPoolExecutor(max_workers=2) as pool:
        for game_id in GAMES_ORDER:
            runs = [r for r in pool.map(one_game, [game_id] * games, range(1, games + 1)) if r]
            shares = [r["share"] for r in runs]
            ms = sorted(m for r in runs for m in r["ms"])
            found[game_id] = {
                "games": len(runs),
                "skill": {f: skill([r["at"][str(f)] for r in runs], shares) for f in map(str, FRACTIONS)},
                "sealed": statistics.fmean(sealed) if (sealed := flat(runs, "sealed")) else None,
                "any": statistics.fmean(j for r in runs for j in r["any"]),
                "ms_median": statistics.median(ms),
                "ms_p95": ms[int(len(ms) * 0.95)],
                "updates": len(ms),
            }
            if game_id in CHART_GAMES and charts:
                marks = [c for c in pool.map(one_chart, [game_id] * charts, range(1001, 1001 + charts)) if c]
                found[game_id]["charts"] = {
                    "n": len(marks),
                    "rises": sum(c["rises"] for c in marks),
                    "leads": sum(c["leads"] for c in marks),
                }
            print(game_id, found[game_id], flush=True)
    return found


def table(before: dict[str, Any], after: dict[str, Any], note: str) -> str:
    lines = [
        "## Live odds: skill, steadiness, cost, before and after issue 39 (bench/odds_skill.py)",
        "",
        note,
        "",
        "Brier skill over the uniform forecast (0 = no better than 25 % each; 4 seats, bots' games)",
        "at 25 / 50 / 75 % of each game; jitter: mean absolute change of a seat's chance between",
        "two consecutive updates, in points, across one sealed step (a sealed submission, a draft",
        "pick or keep) and across one step of any kind; CPU per update (ms, one core).",
        "",
        "| game | code | games | skill 25 % | 50 % | 75 % | jitter sealed | jitter any | CPU median | p95 |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for game_id in GAMES_ORDER:
        for name, run in (("before", before), ("after", after)):
            r = run[game_id]
            s = r["skill"]
            sealed = f"{r['sealed']:.1f}" if r["sealed"] is not None else "–"
            lines.append(
                f"| {GAMES[game_id].title} | {name} | {r['games']} | {s['0.25']:.3f} | {s['0.5']:.3f} | "
                f"{s['0.75']:.3f} | {sealed} | {r['any']:.1f} | {r['ms_median']:.0f} | {r['ms_p95']:.0f} |"
            )
    lines += [
        "",
        "The replay chart (app/rooms/odds_history.py): games whose eventual winner's chance at the",
        "point before the last is above its first point (rises), and where it is then the highest",
        "of the table (leads).",
        "",
        "| game | code | games | winner rises | winner leads |",
        "| --- | --- | ---: | ---: | ---: |",
    ]
    for game_id in CHART_GAMES:
        for name, run in (("before", before), ("after", after)):
            c = run[game_id].get("charts")
            if c:
                lines.append(f"| {GAMES[game_id].title} | {name} | {c['n']} | {c['rises']} | {c['leads']} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--charts", type=int, default=50)
    parser.add_argument("--out")
    parser.add_argument("--table", nargs=2)
    parser.add_argument("--note", default="")
    parser.add_argument(
        "--cpu", help="measure CPU only (fresh estimates, the worker at human pace) into this file"
    )
    args = parser.parse_args()
    if args.table:
        before, after = (orjson.loads(Path(p).read_bytes()) for p in args.table)
        text = table(before, after, args.note)
        print(text)
        write_section(text, "## Live odds: skill", path=RESULTS)
        return
    if args.cpu:
        Path(args.cpu).write_bytes(orjson.dumps(cpu(args.games), option=orjson.OPT_INDENT_2))
        return
    found = measure(args.games, args.charts)
    if args.out:
        Path(args.out).write_bytes(orjson.dumps(found, option=orjson.OPT_INDENT_2))


if __name__ == "__main__":
    main()
