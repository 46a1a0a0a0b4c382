"""Does the PEB bot's Bayesian reading of claims pay? Head-to-head among bots.

Usage: python bench/peb_bot_ablation.py [GAMES]
The full bot calls on truth_chance (Bayes over the roller's possible hands and
the claim it would make with each). The ablated bot calls on the dice odds
alone (odds_only). Four seats; the hero's seat rotates; a fair share is 25 %.
"""

from __future__ import annotations

import random
import sys

import engine
from engine.games.pony_express_bluff import bot

BAYES = bot.truth_chance


def odds_only(view, claim):
    p_roll = bot.turn_odds(view).get(claim, 0.0)
    truthful = p_roll * bot.TRUTH_RATE
    return truthful / (truthful + (1 - p_roll) * bot.BLUFF_RATE) if truthful else 0.0


def tournament(games: int, hero_reader, others_reader) -> int:
    wins = 0
    for seed in range(games):
        rng = random.Random(seed)
        hero = seed % 4
        state = engine.setup("pony_express_bluff", {}, 4, seed)
        while not engine.is_over(state):
            seat = rng.choice(engine.to_act(state))
            bot.truth_chance = hero_reader if seat == hero else others_reader
            state = engine.apply(state, seat, engine.bot_action(state, seat, rng))
        wins += state["winner"] == hero
    bot.truth_chance = BAYES
    return wins


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 120
    wins = tournament(games, BAYES, odds_only)
    print(
        f"Bayesian caller among odds-only callers: won {wins}/{games} ({100 * wins / games:.1f} %, fair 25 %)"
    )
    wins = tournament(games, odds_only, BAYES)
    print(
        f"odds-only caller among Bayesian callers: won {wins}/{games} ({100 * wins / games:.1f} %, fair 25 %)"
    )


if __name__ == "__main__":
    main()
