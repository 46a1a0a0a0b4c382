"""Horse Racing's last race under way, worked out instead of played out.

Once the meeting's last race runs, who wins is the settlement (HR-16..HR-19) of the horse that
finishes first: the chips now, less each hand's leftover Kings and Aces (HR-16, they pay into
the pot: the policy plays its Jokers at once), the jockey pot to the jockey (HR-17) and the
race pot in whole shares to the winning horse's cards (HR-18). So for each redrawn hand set
(engine/odds/horse_racing.py) every seat's chance is summed exactly over the horse that wins
(a dice race from the remaining steps: engine/games/horse_racing/odds.win_chances_from, its
samples drawn from the room-stable stream) and the jockey (any seat alike). What this leaves
out: antes still to be owed in the race, and the Jokers' steps.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from engine.games.horse_racing.cards import ACE, KING, horse_of
from engine.games.horse_racing.odds import win_chances_from

State = dict[str, Any]
RACES = 4000  # dice races sampled for the horses' chances


def applies(state: State) -> bool:
    return state["phase"] == "race" and state["race_no"] >= state["races_total"]


def horse_chances(state: State, seed: str) -> list[float]:
    left = [max(0, b - p) for b, p in zip(state["board"], state["positions"], strict=True)]
    racing = [not s for s in state["scratched"]]
    gen = np.random.default_rng(random.Random(f"{seed}:horses").getrandbits(63))
    return [float(p) for p in win_chances_from(left, racing, RACES, gen)]


def seat_chances(state: State, horses: list[float]) -> list[float]:
    """Each seat's chance to end with the most chips (a tie shares), for the state's hands."""
    seats, base = state["seats"], state["options"]["base_ante"]
    hands = state["hands"]
    penalties = [base * (2 * hand.count(KING) + 3 * hand.count(ACE)) for hand in hands]
    chips = [c - p for c, p in zip(state["chips"], penalties, strict=True)]
    pot = state["race_pot"] + sum(penalties)
    held = [[0] * 11 for _ in range(seats)]
    for seat, hand in enumerate(hands):
        for card in hand:
            horse = horse_of(card)
            if horse is not None:
                held[seat][horse - 2] += 1
    chances = [0.0] * seats
    for index, p_horse in enumerate(horses):
        if p_horse <= 0:
            continue
        cards = [held[s][index] for s in range(seats)]
        total = sum(cards)
        share = pot // total if total else 0
        remainder = pot - share * total
        for jockey in range(seats):
            final = [chips[s] + share * cards[s] for s in range(seats)]
            final[jockey] += state["jockey_pot"] + remainder
            best = max(final)
            winners = [s for s in range(seats) if final[s] == best]
            for s in winners:
                chances[s] += p_horse / seats / len(winners)
    return chances
