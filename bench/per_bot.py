"""Bench: the Pony Express bot against random bettors/riders.

One bot seat (rotating) plays against random-action seats over many seeded
games for each player count; reports the bot's win share (ties shared)
against the fair share 1/n and the mean final chips of bot vs random seats.
Usage: python bench/per_bot.py [GAMES_PER_COUNT] [OPTIONS_JSON]
"""

from __future__ import annotations

import json
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
import engine  # noqa: E402

GAME = "pony_express_race"


def play(seats: int, seed: int, bot_seat: int, options: dict) -> list[int] | tuple:
    rng = random.Random(seed)
    state = engine.setup(GAME, options, seats, seed)
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        if seat == bot_seat:
            action = engine.bot_action(state, seat, rng)
        else:
            action = rng.choice(engine.legal_actions(state, seat))
        state = engine.apply(state, seat, action)
    result = engine.result(state)
    return result["scores"], result["winners"]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    options = json.loads(sys.argv[2]) if len(sys.argv) > 2 else {}
    print(f"options={options} games per player count={games}")
    print("| players | games | bot win share | fair share | bot mean chips | random mean chips |")
    print("| --- | --- | --- | --- | --- | --- |")
    for seats in range(2, 7):
        start = time.time()
        share = bot_chips = other_chips = 0.0
        for g in range(games):
            bot_seat = g % seats
            scores, winners = play(seats, 1000 * seats + g, bot_seat, options)
            if bot_seat in winners:
                share += 1 / len(winners)
            bot_chips += scores[bot_seat]
            other_chips += (sum(scores) - scores[bot_seat]) / (seats - 1)
        print(
            f"| {seats} | {games} | {share / games:.1%} | {1 / seats:.1%} | "
            f"{bot_chips / games:.1f} | {other_chips / games:.1f} |  ({time.time() - start:.0f}s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
