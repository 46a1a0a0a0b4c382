"""The PEB bot against random-claim players: win rate over many seeded games; and how well
the bot answers claims.

Usage: python bench/peb_bot.py [GAMES] [SEATS]
       python bench/peb_bot.py calls [GAMES] [SEATS]
The first seats one bot (rotating seat) among random-claim players, `shots=aim` and `dice`.
`calls` counts every call-or-believe decision of a bot, in bot-only games and with one bot
among random-claim players: how often it calls a truthful claim, a claim the open dice prove
true (whatever the hidden dice), and believes one the open dice prove false.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

import engine
from engine.games.pony_express_bluff.baseline import random_claim
from engine.games.pony_express_bluff.bot import hand_odds
from engine.games.pony_express_bluff.hands import hand_of


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


def proof(dice: dict, claim: str) -> str | None:
    """ "true" / "false" when the dice everyone has seen settle the claim whatever the others are."""
    seen = tuple(sorted(face for face in dice["known"] if face is not None))
    p = hand_odds(seen, 5 - len(seen)).get(claim, 0.0)
    return "true" if p == 1.0 else "false" if p == 0.0 else None


def showing_claimer(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """A random-claim player that first shows some dice (PEB-10) and claims the truth half the time,
    so the open dice often settle its claim."""
    dice = view["dice"]
    if view["phase"] == "dice" and len(dice["history"]) == 0 and all(dice["under_cup"]):
        if rng.random() < 0.7:
            shown = rng.sample(range(5), rng.randint(2, 5))
            return {"type": "arrange", "under_cup": [i for i in range(5) if i not in shown]}
    if view["phase"] == "dice" and rng.random() < 0.5:
        faces = [c if c is not None else t for c, t in zip(dice["cup"], dice["table"], strict=True)]
        truth = hand_of(faces)
        if truth != "nothing":
            return {"type": "claim", "hand": truth}
    return random_claim(view, legal, rng)


def answer_counts(seed: int, seats: int, bots: set[int], other=random_claim) -> Counter:
    """One seeded game; counts of the bots' answers to claims, by the claim's truth."""
    rng = random.Random(seed * 7919 + 1)
    state = engine.setup("pony_express_bluff", {"shots": "dice"}, seats, seed)
    counts: Counter = Counter()
    for _ in range(20_000):
        if engine.is_over(state):
            return counts
        seat = rng.choice(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        if seat in bots:
            action = engine.bot_action(state, seat, rng)
        else:
            action = other(engine.view(state, seat), legal, rng)
        if seat in bots and action["type"] in ("call", "believe"):
            claim = state["claim"]["hand"]
            truthful = hand_of(state["dice"]["values"]) == claim
            proven = proof(state["dice"], claim)
            called = action["type"] == "call"
            counts["answers"] += 1
            counts["truthful"] += truthful
            counts["truthful called"] += truthful and called
            counts["bluff"] += not truthful
            counts["bluff called"] += not truthful and called
            counts["proven true"] += proven == "true"
            counts["proven true called"] += proven == "true" and called
            counts["proven false"] += proven == "false"
            counts["proven false believed"] += proven == "false" and not called
        state = engine.apply(state, seat, action)
    raise AssertionError("game did not end")


def pct(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.1f} %)" if whole else "0/0"


def calls_main(games: int, seats: int) -> None:
    for label, bots_of, other in (
        (f"{seats} bots", lambda seed: set(range(seats)), random_claim),
        ("1 bot among random claimers", lambda seed: {seed % seats}, random_claim),
        ("1 bot among dice-showing claimers", lambda seed: {seed % seats}, showing_claimer),
    ):
        start = time.time()
        total: Counter = Counter()
        for seed in range(games):
            total += answer_counts(seed, seats, bots_of(seed), other)
        print(
            f"{label}, {games} games: {total['answers']} answers; truthful claims called "
            f"{pct(total['truthful called'], total['truthful'])}; bluffs called "
            f"{pct(total['bluff called'], total['bluff'])}; proven true called "
            f"{pct(total['proven true called'], total['proven true'])}; proven false believed "
            f"{pct(total['proven false believed'], total['proven false'])}; {time.time() - start:.1f} s"
        )


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "calls":
        games = int(sys.argv[2]) if len(sys.argv) > 2 else 200
        seats = int(sys.argv[3]) if len(sys.argv) > 3 else 4
        calls_main(games, seats)
        return
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
