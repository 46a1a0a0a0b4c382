"""Does each part of the PEB bot's reading of claims pay? Head-to-head among bots.

Usage: python bench/peb_bot_ablation.py [GAMES]
1. Bayesian caller (truth_chance) among bots that call on the dice odds alone.
2. Claims that predict Bayesian callers (sharp_claim) among bots that claim with the quick estimate.
Four seats; the hero's seat rotates; a fair share is 25 %.
"""

from __future__ import annotations

import random
import sys

import engine
from engine.games.pony_express_bluff import bot

FULL_TRUTH, FULL_SHARP = bot.truth_chance, bot.sharp_claim


def odds_only(view, claim):
    p_roll = bot.turn_odds(view).get(claim, 0.0)
    truthful = p_roll * bot.TRUTH_RATE
    return truthful / (truthful + (1 - p_roll) * bot.BLUFF_RATE) if truthful else 0.0


def quick(view, values):
    return bot.best_claim(view, values, view["dice"]["known"])[1]


def tournament(games: int, hero_parts: dict, others_parts: dict) -> int:
    wins = 0
    for seed in range(games):
        rng = random.Random(seed)
        hero = seed % 4
        state = engine.setup("pony_express_bluff", {}, 4, seed)
        while not engine.is_over(state):
            seat = rng.choice(engine.to_act(state))
            for name, fn in (hero_parts if seat == hero else others_parts).items():
                setattr(bot, name, fn)
            state = engine.apply(state, seat, engine.bot_action(state, seat, rng))
        wins += state["winner"] == hero
    for name, fn in (("truth_chance", FULL_TRUTH), ("sharp_claim", FULL_SHARP)):
        setattr(bot, name, fn)
    return wins


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 120
    wins = tournament(games, {"truth_chance": FULL_TRUTH}, {"truth_chance": odds_only})
    print(
        f"Bayesian caller among odds-only callers: won {wins}/{games} ({100 * wins / games:.1f} %, fair 25 %)"
    )
    wins = tournament(games, {"sharp_claim": FULL_SHARP}, {"sharp_claim": quick})
    print(f"sharp claimer among quick claimers: won {wins}/{games} ({100 * wins / games:.1f} %, fair 25 %)")


if __name__ == "__main__":
    main()
