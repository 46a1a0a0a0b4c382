"""Ponies in Pursuit: the bot (seat 0) against random players and against players who never bet.

Usage (from the repo root): python bench/pip_bot.py [GAMES_PER_TABLE] [--seats 2 3 4 5 6]
(default 500 games per seat count and opponent kind; seeds 0..GAMES-1, reproducible).

Opponents:
- random: a uniformly random legal action (submissions and spying);
- never-bet: a uniformly random submission with every card used to move; never spies.
  Its score is always 0, so the bot beats it exactly when it ends above zero.

A win is a top score, shared wins included (PIP-17). "Beats" means the bot wins more often than
the average opponent and scores more on average.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

import engine  # noqa: E402

GAME = "ponies_in_pursuit"


def random_player(state, seat, rng):
    return rng.choice(engine.all_actions(state, seat))


def never_bet_player(state, seat, rng):
    moves = [
        a
        for a in engine.all_actions(state, seat)
        if a["type"] == "submit" and all(p["use"] == "move" for p in a["cards"])
    ]
    return rng.choice(moves)


OPPONENTS = {"random": random_player, "never-bet": never_bet_player}


def play(seats: int, seed: int, opponent) -> dict:
    """One game, the bot at seat 0; returns the result."""
    order = random.Random(seed)
    choosers = [random.Random(f"{seed}:{s}") for s in range(seats)]
    state = engine.setup(GAME, {}, seats, seed)
    while not engine.is_over(state):
        seat = order.choice(engine.to_act(state))
        if seat == 0:
            action = engine.bot_action(state, 0, choosers[0])
            if action["type"] == "spy":  # spying does not end the bot's turn
                state = engine.apply(state, 0, action)
                action = engine.bot_action(state, 0, choosers[0])
        else:
            action = opponent(state, seat, choosers[seat])
        state = engine.apply(state, seat, action)
    return engine.result(state)


def measure(seats: int, games: int, opponent: str, first_seed: int = 0) -> dict[str, float]:
    choose = OPPONENTS[opponent]
    bot_wins = other_wins = 0.0
    bot_total = other_total = 0.0
    below = above = 0
    for seed in range(first_seed, first_seed + games):
        result = play(seats, seed, choose)
        scores, winners = result["scores"], result["winners"]
        bot_wins += 0 in winners
        other_wins += sum(s in winners for s in range(1, seats)) / (seats - 1)
        bot_total += scores[0]
        other_total += sum(scores[1:]) / (seats - 1)
        below += scores[0] < 0
        above += scores[0] > 0
    return {
        "bot_win": bot_wins / games,
        "other_win": other_wins / games,
        "bot_mean": bot_total / games,
        "other_mean": other_total / games,
        "bot_below_zero": below / games,
        "bot_above_zero": above / games,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="?", type=int, default=500)
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--opponents", nargs="+", default=list(OPPONENTS))
    args = parser.parse_args()
    print(f"{args.games} games per row, bot at seat 0, seeds 0..{args.games - 1}")
    print(
        "opponents | seats | bot wins | opponent wins (mean) | bot mean | opponent mean "
        "| bot < 0 | bot > 0 | time"
    )
    for opponent in args.opponents:
        for seats in args.seats:
            start = time.perf_counter()
            m = measure(seats, args.games, opponent)
            print(
                f"{opponent} | {seats} | {m['bot_win']:.1%} | {m['other_win']:.1%} | {m['bot_mean']:.2f} | "
                f"{m['other_mean']:.2f} | {m['bot_below_zero']:.1%} | {m['bot_above_zero']:.1%} | "
                f"{time.perf_counter() - start:.0f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
