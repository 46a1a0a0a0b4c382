"""Every game's bot against random and simple heuristic players: win shares with 95% Wilson intervals.

One bot seat (rotating round the table: game g seats it at g mod seats) against opponents
of one kind (bench/opponents.py), seeds 0..N-1 per row, default options. Win share counts a
shared win as 1/k (every game's result names its winners). Each seat decides from its own
view (engine.view) and its legal actions; the bot and each opponent have their own seeded
generator, so every row repeats exactly.

Usage: python -m bench.bots [--games 1000] [--only hr,per,pip,peb] [--workers 2] [--write]
--write puts the table in bench/RESULTS-bots.md.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import engine
from engine.games.horse_racing.bot import choose_action as hr_bot
from engine.registry import get_game
from engine.rng import Rng

from .opponents import OPPONENTS

RESULTS = Path(__file__).resolve().parent / "RESULTS-bots.md"
GAMES = {
    "hr": "horse_racing",
    "per": "pony_express_race",
    "pip": "ponies_in_pursuit",
    "peb": "pony_express_bluff",
}
# (game key, seats, opponent kind, the row it is compared with in today's RESULTS files)
ROWS: list[tuple[str, int, str, str]] = [
    ("hr", 4, "random", "RESULTS-hr.md: +6.85 chips/race over a random player; audit: 0.349"),
    ("hr", 4, "greedy-drafter", "target ≥ 0.33 (audit: 0.264)"),
    ("per", 2, "random", "RESULTS-per.md: 97.0% (100 games)"),
    ("per", 2, "favourite-bettor", "target ≥ 0.55 (audit: 0.49)"),
    ("per", 3, "random", "RESULTS-per.md: 91.0% (100 games)"),
    ("pip", 4, "random", "RESULTS-pip.md: 76.2% wins (500 games)"),
    ("pip", 4, "never-bet", "RESULTS-pip.md: 100.0% wins (500 games)"),
    ("peb", 3, "random-claim", "RESULTS-peb.md: 89.7-93.0% (300 games)"),
]


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (shared wins count fractionally)."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(game_key: str, seats: int, opponent: str, seed: int, bot: Any = None) -> tuple[float, float]:
    """One seeded game; (the bot seat's win share, its chips or score).

    `bot` replaces the game's bot (a function like choose_action), for trying variants."""
    game = get_game(GAMES[game_key])
    bot_seat = seed % seats
    choose = OPPONENTS[opponent]
    bot_choose = bot or game.bot_action
    order = random.Random(f"order:{seed}")
    rngs = [random.Random(f"{seed}:{s}") for s in range(seats)]
    state = engine.setup(game.id, {}, seats, seed)
    while not game.is_over(state):
        seat = order.choice(game.to_act(state))
        actions = game.legal_actions(state, seat)
        seen = engine.view(state, seat, with_log=False)
        chooser = bot_choose if seat == bot_seat else choose
        action = chooser(seen, actions, rngs[seat])
        if action not in actions:
            action = engine.normalize(state, seat, action)  # e.g. a spy target the listing leaves open
        game.apply(state, seat, action, Rng(state["rng"]))
        state["log"] = []  # in place (no per-action copy); the log is not needed here
    result = game.result(state)
    winners = result["winners"]
    return (1 / len(winners) if bot_seat in winners else 0.0), float(result["scores"][bot_seat])


def _job(args: tuple[str, int, str, int]) -> tuple[float, float]:
    return play(*args)


def measure(game_key: str, seats: int, opponent: str, games: int, workers: int = 1) -> dict[str, Any]:
    jobs = [(game_key, seats, opponent, seed) for seed in range(games)]
    start = time.perf_counter()
    if workers > 1:
        with Pool(workers) as pool:
            outcomes = pool.map(_job, jobs, chunksize=10)
    else:
        outcomes = [_job(j) for j in jobs]
    share = sum(o[0] for o in outcomes)
    low, high = wilson(share, games)
    return {
        "share": share / games,
        "low": low,
        "high": high,
        "mean_score": sum(o[1] for o in outcomes) / games,
        "seconds": time.perf_counter() - start,
    }


def hr_decision_cost(decisions: int = 400) -> dict[str, float]:
    """Milliseconds per Horse Racing bot decision over seeded 4-seat bot games (mean, p95, max)."""
    game = get_game("horse_racing")
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        state = engine.setup(game.id, {}, 4, 10_000 + seed)
        rng = random.Random(seed)
        while not game.is_over(state) and len(times) < decisions:
            seat = rng.choice(game.to_act(state))
            actions = game.legal_actions(state, seat)
            seen = engine.view(state, seat, with_log=False)
            t0 = time.perf_counter()
            action = hr_bot(seen, actions, rng)
            times.append((time.perf_counter() - t0) * 1000)
            game.apply(state, seat, action, Rng(state["rng"]))
        seed += 1
    times.sort()
    return {"mean": sum(times) / len(times), "p95": times[int(0.95 * len(times))], "max": times[-1]}


def per_decision_cost(decisions: int = 400) -> dict[str, float]:
    """Milliseconds per Odds and Riders bot decision over seeded 2-seat bot games."""
    game = get_game("pony_express_race")
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        state = engine.setup(game.id, {}, 2, 10_000 + seed)
        rng = random.Random(seed)
        while not game.is_over(state) and len(times) < decisions:
            seat = game.to_act(state)[0]
            actions = game.legal_actions(state, seat)
            seen = engine.view(state, seat, with_log=False)
            t0 = time.perf_counter()
            action = game.bot_action(seen, actions, rng)
            times.append((time.perf_counter() - t0) * 1000)
            game.apply(state, seat, action, Rng(state["rng"]))
        seed += 1
    times.sort()
    return {"mean": sum(times) / len(times), "p95": times[int(0.95 * len(times))], "max": times[-1]}


def table(rows: list[tuple[tuple[str, int, str, str], dict[str, Any]]], games: int) -> str:
    lines = [
        "| game | seats | opponents | games | bot win share [95% Wilson] | fair share "
        "| bot mean chips/score | compared with | s/game |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for (key, seats, opponent, before), m in rows:
        lines.append(
            f"| {GAMES[key]} | {seats} | {opponent} | {games} "
            f"| {m['share']:.3f} [{m['low']:.3f}, {m['high']:.3f}] "
            f"| {1 / seats:.3f} | {m['mean_score']:.2f} | {before} | {m['seconds'] / games:.3f} |"
        )
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--only", default=",".join(GAMES))
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    keys = args.only.split(",")
    done = []
    for row in ROWS:
        if row[0] not in keys:
            continue
        m = measure(row[0], row[1], row[2], args.games, min(args.workers, 2))
        done.append((row, m))
        print(table([(row, m)], args.games).splitlines()[-1], flush=True)
    cost = {"hr": hr_decision_cost(), "per": per_decision_cost()}
    for key, c in cost.items():
        print(
            f"{GAMES[key]} bot decision: mean {c['mean']:.2f} ms, "
            f"p95 {c['p95']:.2f} ms, max {c['max']:.2f} ms"
        )
    if args.write:
        RESULTS.write_text(report(done, args.games, cost))


def report(done: list, games: int, cost: dict[str, dict[str, float]]) -> str:
    head = (RESULTS.read_text().split("\n## Table", 1)[0] if RESULTS.exists() else "# Bots\n").rstrip()
    costs = "\n".join(
        f"- {GAMES[k]}: mean {c['mean']:.2f} ms, 95th percentile {c['p95']:.2f} ms, max {c['max']:.2f} ms"
        for k, c in cost.items()
    )
    return (
        f"{head}\n\n## Table (`python -m bench.bots --write`, {games} games per row)\n\n"
        f"{table(done, games)}\n\n## Bot decision cost (400 decisions, bot-only games)\n\n{costs}\n"
    )


if __name__ == "__main__":
    main()
