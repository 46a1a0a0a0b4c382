"""Bench: the Pony Express bot against random bettors/riders.

One bot seat (rotating round the table) plays against seats that choose
uniformly among their legal actions, over seeded games for each player
count. Reports the bot's win share (ties shared) against the fair share 1/n,
and the mean final chips of the bot and of the random seats.

--mode full: the bot plays the whole game; `rider`: the bot seat bets and
plays cards at random in stage 1 and only rides with the bot; `bettor`: the
bot bets and plays cards, then rides at random.

Usage: python bench/per_bot.py [--games N] [--options JSON] [--mode full|rider|bettor] [--seats 2,3]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
import engine  # noqa: E402

GAME = "pony_express_race"
STAGE_ONE = ("opening", "bet", "play")


def play(seats: int, seed: int, bot_seat: int, options: dict, mode: str) -> tuple[list[int], list[int]]:
    rng = random.Random(seed)
    state = engine.setup(GAME, options, seats, seed)
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        in_stage_one = state["phase"] in STAGE_ONE
        bot_turn = seat == bot_seat and (mode == "full" or (mode == "bettor") == in_stage_one)
        if bot_turn:
            action = engine.bot_action(state, seat, rng)
        else:
            action = rng.choice(engine.legal_actions(state, seat))
        state = engine.apply(state, seat, action)
    result = engine.result(state)
    return result["scores"], result["winners"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--options", default="{}")
    ap.add_argument("--mode", choices=("full", "rider", "bettor"), default="full")
    ap.add_argument("--seats", default="2,3,4,5,6")
    args = ap.parse_args()
    options = json.loads(args.options)
    print(f"mode={args.mode} options={options} games per player count={args.games}")
    print("| players | games | bot win share | fair share | bot mean chips | random mean chips | s/game |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for seats in (int(s) for s in args.seats.split(",")):
        start = time.time()
        share = bot_chips = other_chips = 0.0
        for g in range(args.games):
            bot_seat = g % seats
            scores, winners = play(seats, 1000 * seats + g, bot_seat, options, args.mode)
            if bot_seat in winners:
                share += 1 / len(winners)
            bot_chips += scores[bot_seat]
            other_chips += (sum(scores) - scores[bot_seat]) / (seats - 1)
        n = args.games
        print(
            f"| {seats} | {n} | {share / n:.1%} | {1 / seats:.1%} | {bot_chips / n:.1f} | "
            f"{other_chips / n:.1f} | {(time.time() - start) / n:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
