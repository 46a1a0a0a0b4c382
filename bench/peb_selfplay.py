"""PEB bots against each other: how they claim, bluff, call and shoot.

Usage: python bench/peb_selfplay.py [GAMES] [SEATS]
"""

from __future__ import annotations

import random
import sys
from collections import Counter

import engine
from engine.games.pony_express_bluff.hands import hand_of


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seats = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    c: Counter = Counter()
    turns = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = engine.setup("pony_express_bluff", {}, seats, seed)
        while not engine.is_over(state):
            seat = rng.choice(engine.to_act(state))
            action = engine.bot_action(state, seat, rng)
            if action["type"] == "claim":
                c["claims"] += 1
                c["bluffs"] += hand_of(state["dice"]["values"]) != action["hand"]
            state = engine.apply(state, seat, action)
        turns += state["turn_no"]
        for e in state["log"]:
            if e["e"] == "called":
                c["calls"] += 1
                c["calls caught a bluff"] += not e["truthful"]
            elif e["e"] == "reroll":
                c["re-rolls"] += 1
            elif e["e"] == "duel":
                c["duels"] += 1
            elif e["e"] == "shot":
                c["shots"] += 1
                c["shots that hit a rider or Indian"] += bool(e["touched"])
            elif e["e"] == "jail":
                c[f"jail ({e['reason']})"] += 1
            elif e["e"] == "item":
                c["items played"] += 1
            elif e["e"] == "winner":
                c[f"won by {e['how']}"] += 1
    print(f"{games} games, {seats} bots, {turns / games:.1f} turns/game")
    for key, value in sorted(c.items()):
        print(f"  {key}: {value}")


if __name__ == "__main__":
    main()
