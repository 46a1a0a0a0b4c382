"""Ponies in Pursuit's determinization: every secret redrawn from public information.

Which cards a seat bet (and so its hand and stakes) is its own until the end, and not even
the cards' total is public (PIP-13's discards are private), so the generic redeal cannot be
used. The public record holds the hand sizes, the finished ponies and the rounds played:
- a hand: that many cards drawn from a full starting hand without the finished colours;
- stakes: one bet per completed round (no more than the cards the seat has spent), on a
  pony drawn uniformly, of a value its cards have;
- past plays and spy results are emptied (they only feed spying and the final reveal).
"""

from __future__ import annotations

import random
from typing import Any

from engine.games.ponies_in_pursuit.cards import CARD_ORDER, CARDS, PONIES, STARTING_HAND, WILD
from engine.hidden import HiddenInfo

State = dict[str, Any]


def resample(hidden: HiddenInfo, state: State, rng: random.Random) -> None:
    finished = set(state["finish_order"])
    pool = [card for card in STARTING_HAND if card == WILD or CARDS[card][0] not in finished]
    rounds_done = len(state["history"])
    seats = state["seats"]
    for seat in range(seats):
        size = min(len(state["hands"][seat]), len(pool))
        state["hands"][seat] = sorted(rng.sample(pool, size), key=CARD_ORDER.index)
        stakes, bet_cards = [0] * len(PONIES), [0] * len(PONIES)
        for _ in range(min(rounds_done, len(STARTING_HAND) - size)):
            pony = rng.randrange(len(PONIES))
            values = sorted({v for c, (colour, v) in CARDS.items() if colour == PONIES[pony]})
            stakes[pony] += rng.choice(values)
            bet_cards[pony] += 1
        state["stakes"][seat], state["bet_cards"][seat] = stakes, bet_cards
        state["spy_results"][seat] = []
    state["played"] = [[[] for _ in range(seats)] for _ in state["played"]]
