"""The PEB bot against random-claim players: win rate over many seeded games.

Usage: python bench/peb_bot.py [GAMES] [SEATS]
Each game seats one bot (rotating seat) among random-claim players, `shots=aim`.
"""

from __future__ import annotations

import random
import sys
import time

import engine
from engine.games.pony_express_bluff.baseline import random_claim


def play(seed: int, seats: int, bot_seat: int, options: dict | None = None) -> dict:
    rng = random.Random(seed * 7919 + 1)
    state = engine.setup("pony_express_bluff", options or {}, seats, seed)
    for _ in range(20_000):
        if engine.is_over(state):
            return state
        seat = rng.choice(engine.to_act(state))
        if seat == bot_seat:
            action = engine.bot_action(state, seat, rng)
        else:
            action = random_claim(engine.view(state, seat), engine.legal_actions(state, seat), rng)
        state = engine.apply(state, seat, action)
    raise AssertionError("game did not end")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    for shots_mode in ("aim", "dice"):
        start = time.time()
        wins = 0
        turns = 0
        for seed in range(games):
            bot_seat = seed % seats
            state = play(seed, seats, bot_seat, {"shots": shots_mode})
            wins += state["winner"] == bot_seat
            turns += state["turn_no"]
        print(
            f"shots={shots_mode} seats={seats} games={games}: bot won {wins} ({100 * wins / games:.1f} %, "
            f"fair share {100 / seats:.1f} %), {turns / games:.1f} turns/game, {time.time() - start:.1f} s"
        )


if __name__ == "__main__":
    main()
