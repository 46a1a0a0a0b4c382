"""Horse Racing's determinization: in the draft the generic redeal, in the race hands drawn as
the bots draft them.

In the draft every hand and packet is hidden and the seats look alike to a spectator, so the
generic redeal (engine/odds/redeal.py) is right: the playouts then draft with the policy
(engine/odds/horse_racing_policy.py). Once the race is on, a hand is its public size of cards
from the deck without the scratched horses (every copy of a scratched horse left the hands
with the scratches, HR-8), drawn one by one with the weight the bots give a card when they
draft it (the policy's table of the board's odds): the bots keep the horses likely to win,
and a uniform redeal would hand out cards that left, or that nobody keeps. The cards drafted
are the hand again and the set-aside cards are dropped (neither plays a part in the race).
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine.games.horse_racing.cards import build_deck, horse_of, sort_cards
from engine.hidden import HiddenInfo

from .horse_racing_policy import card_values
from .redeal import redeal

State = dict[str, Any]
TEMPERATURE = 2.0  # base antes of card value per e-fold of weight


def resample(hidden: HiddenInfo, state: State, rng: random.Random) -> None:
    if state["phase"] != "race":
        redeal(hidden, state, rng)
        return
    values = card_values(tuple(state["board"]))
    pool = [
        card
        for card in build_deck(state["seats"])
        if (horse := horse_of(card)) is None or not state["scratched"][horse - 2]
    ]
    weight = {card: math.exp(values[card] / TEMPERATURE) for card in set(pool)}
    for seat, hand in enumerate(state["hands"]):
        drawn = []
        for _ in range(min(len(hand), len(pool))):
            drawn.append(pool.pop(_weighted_index(pool, weight, rng)))
        state["hands"][seat] = sort_cards(drawn)
    state["drafted"] = [list(h) for h in state["hands"]]
    state["set_aside"] = []


def _weighted_index(pool: list[str], weight: dict[str, float], rng: random.Random) -> int:
    """A position in `pool`, each card as likely as its weight."""
    pick = rng.random() * sum(weight[c] for c in pool)
    for index, card in enumerate(pool):
        pick -= weight[card]
        if pick <= 0:
            return index
    return len(pool) - 1
