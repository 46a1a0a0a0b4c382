"""Ponies in Pursuit's determinization: every secret redrawn from public information.

Which cards a seat bet (and so its hand and stakes) is its own until the end, and not even
the cards' total is public (PIP-13's discards are private), so the generic redeal cannot be
used. The public record holds the hand sizes, the finished ponies and each round's moves:
- a hand: that many cards drawn from a full starting hand without the finished colours;
- the cards the seat played: the rest of that starting hand (every card not held and not of a
  finished colour was played), and of the finished colours' cards as many as its played count
  (two a round) leaves over: a seat whose hand shrank less when a pony finished had played
  more of that pony's cards before, and so may hold bets on it;
- which of them were bets: as many as the rounds' public moves leave unexplained (a round
  whose ponies moved little was mostly bets), the higher cards first (the bots bet their 2s,
  engine/odds/ponies_in_pursuit_policy.py); a played Wild counts as a random open pony;
- past plays and spy results are emptied (they only feed spying and the final reveal).
"""

from __future__ import annotations

import random
from typing import Any

from engine.games.ponies_in_pursuit.cards import CARD_ORDER, CARDS, PONIES, STARTING_HAND, WILD
from engine.hidden import HiddenInfo

State = dict[str, Any]
MEAN_VALUE = sum(CARDS[c][1] for c in STARTING_HAND) / len(STARTING_HAND)
HIGH_BET_WEIGHT = 3.0  # a 2 is this many times likelier than a 1 to be one of the bets


def resample(hidden: HiddenInfo, state: State, rng: random.Random) -> None:
    finished = set(state["finish_order"])
    pool = [card for card in STARTING_HAND if card == WILD or CARDS[card][0] not in finished]
    gone = [card for card in STARTING_HAND if card != WILD and CARDS[card][0] in finished]
    seats = state["seats"]
    bet_share = _bet_shares(state)
    for seat in range(seats):
        size = min(len(state["hands"][seat]), len(pool))
        kept = rng.sample(range(len(pool)), size)
        state["hands"][seat] = sorted((pool[i] for i in kept), key=CARD_ORDER.index)
        played = [pool[i] for i in range(len(pool)) if i not in kept]
        extra = max(0, min(len(gone), 2 * len(bet_share) - len(played)))
        played += rng.sample(gone, extra)
        stakes, bet_cards = [0] * len(PONIES), [0] * len(PONIES)
        bets = min(len(played), sum(rng.random() < share for share in bet_share for _ in range(2)))
        for card in _weighted_sample(played, bets, rng):
            colour = CARDS[card][0]
            pony = PONIES.index(colour) if colour is not None else rng.randrange(len(PONIES))
            stakes[pony] += CARDS[card][1]
            bet_cards[pony] += 1
        state["stakes"][seat], state["bet_cards"][seat] = stakes, bet_cards
        state["spy_results"][seat] = []
    state["played"] = [[[] for _ in range(seats)] for _ in state["played"]]


def _bet_shares(state: State) -> list[float]:
    """Per completed round, the share of its cards that were bets, from its public moves."""
    cards = 2 * state["seats"]
    shares = []
    for outcome in state["history"]:
        moved = sum(outcome["moves"].values())
        shares.append(min(1.0, max(0.0, 1 - moved / (cards * MEAN_VALUE))))
    return shares


def _weighted_sample(cards: list[str], count: int, rng: random.Random) -> list[str]:
    """`count` of `cards` without replacement, a 2 HIGH_BET_WEIGHT times likelier than a 1."""

    def key(card: str) -> float:
        return rng.random() ** (1 / (HIGH_BET_WEIGHT if CARDS[card][1] > 1 else 1.0))

    return sorted(cards, key=key, reverse=True)[:count]
