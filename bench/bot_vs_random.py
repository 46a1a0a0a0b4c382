"""Horse Racing: the bot against random drafting and playing, over many seeded races.

Paired measurement: for every seed the same table is played twice, once with
the measured seat played by the bot and once by a random player; the other
seats play at random in both (each seat has its own chooser, so their streams
do not depend on the measured seat). The deck, the scratches and the dice per
turn come from the game seed, so both games share the luck of the deal and
the dice, and the difference measures the play.

Usage: python bench/bot_vs_random.py [--games 400] [--seats 4 6 8] [--board even-a] [--only draft|race]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine.registry import get_game  # noqa: E402
from engine.rng import Rng  # noqa: E402


def play_table(
    seats: int, seed: int, bot_seats: set[int], options: dict | None = None, only: str | None = None
) -> list[int]:
    """One game: `bot_seats` play the bot, every other seat picks uniformly among its legal actions.

    only="draft" / "race": the bot seats play the bot in that part only, at random in the other.

    Returns each seat's chip gain. Applies actions in place (the listed legal
    actions only) to skip the per-action copy of the state that engine.apply makes.
    """
    game = get_game("horse_racing")
    choosers = [random.Random(f"{seed}:{s}") for s in range(seats)]
    order = random.Random(seed)
    state = engine.setup("horse_racing", options or {}, seats, seed)
    start = state["options"]["starting_chips"]
    while not game.is_over(state):
        seat = order.choice(game.to_act(state))
        actions = game.legal_actions(state, seat)
        drafting = actions[0]["type"] == "pick"
        if seat in bot_seats and only != ("race" if drafting else "draft"):
            action = game.bot_action(engine.view(state, seat), actions, choosers[seat])
        else:
            action = choosers[seat].choice(actions)
        assert action in actions
        game.apply(state, seat, action, Rng(state["rng"]))
    return [c - start for c in state["chips"]]


def measure(
    seats: int, games: int, options: dict | None = None, first_seed: int = 0, only: str | None = None
) -> dict:
    """Mean gain per race of the measured seat as bot and as random player, and the paired difference."""
    bot, rand, diffs = [], [], []
    for seed in range(first_seed, first_seed + games):
        seat = seed % seats
        as_bot = play_table(seats, seed, {seat}, options, only)[seat]
        as_random = play_table(seats, seed, set(), options)[seat]
        bot.append(as_bot)
        rand.append(as_random)
        diffs.append(as_bot - as_random)
    mean = sum(diffs) / games
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (games - 1))
    return {
        "seats": seats,
        "games": games,
        "bot_mean": sum(bot) / games,
        "random_mean": sum(rand) / games,
        "diff_mean": mean,
        "diff_se": spread / math.sqrt(games),
        "bot_ahead": sum(d > 0 for d in diffs) / games,
        "random_ahead": sum(d < 0 for d in diffs) / games,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seats", type=int, nargs="+", default=[4, 6, 8])
    ap.add_argument("--board", default="even-a")
    ap.add_argument("--only", choices=("draft", "race"), help="the bot drafts only, or plays the race only")
    args = ap.parse_args()
    for seats in args.seats:
        t0 = time.perf_counter()
        r = measure(seats, args.games, {"board": args.board}, only=args.only)
        took = time.perf_counter() - t0
        print(
            f"{'bot ' + args.only + ' only, ' if args.only else ''}board {args.board}, {seats} seats, "
            f"{r['games']} paired races: "
            f"bot {r['bot_mean']:+.2f} vs random {r['random_mean']:+.2f} chips/race, "
            f"difference {r['diff_mean']:+.2f} ± {r['diff_se']:.2f} (SE); "
            f"bot ahead in {r['bot_ahead']:.0%}, behind in {r['random_ahead']:.0%} ({took:.1f}s)"
        )


if __name__ == "__main__":
    main()
