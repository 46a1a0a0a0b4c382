"""Ponies in Pursuit: how often the bot (seat 0) wins against random legal players.

Usage (from the repo root): python bench/pip_bot.py [GAMES_PER_TABLE]
(default 500; fixed seeds, reproducible).
A shared win (equal top scores, PIP-17) counts as a win. "fair share" is 1/seats.
"""

from __future__ import annotations

import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from tests.utils.play import play_bots  # noqa: E402

GAME = "ponies_in_pursuit"


def measure(seats: int, games: int) -> dict[str, float]:
    wins = 0
    bot_total = other_total = 0.0
    bot_penalised = 0
    for seed in range(games):
        final = play_bots(GAME, seats, seed, bot_seats={0}, chooser_seed=seed)
        result = engine.result(final)
        wins += 0 in result["winners"]
        bot_total += result["scores"][0]
        other_total += sum(result["scores"][1:]) / (seats - 1)
        bot_penalised += result["revealed"]["penalties"][0] > 0
    return {
        "win_rate": wins / games,
        "bot_mean": bot_total / games,
        "random_mean": other_total / games,
        "bot_penalised": bot_penalised / games,
    }


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    print(f"{games} games per table, bot at seat 0, others random legal actions")
    print("seats | bot win rate | fair share | bot mean score | random mean score | bot games with a penalty")
    for seats in range(2, 7):
        start = time.perf_counter()
        m = measure(seats, games)
        print(
            f"{seats} | {m['win_rate']:.1%} | {1 / seats:.1%} | {m['bot_mean']:.2f} | "
            f"{m['random_mean']:.2f} | {m['bot_penalised']:.1%}  ({time.perf_counter() - start:.1f} s)"
        )


if __name__ == "__main__":
    main()
