"""HR-7..HR-10: scratching four horses before the race.

Both methods roll without asking anyone (nobody has a choice to make: HR-10
keeps Kings and Aces out of the scratch phase), and every roll is logged.
"""

from __future__ import annotations

from typing import Any

from engine import events
from engine.rng import Rng

from .cards import horse_of
from .money import pay_race_pot

SCRATCHES = 4


def scratch_ante(state: dict[str, Any], horse: int) -> int:
    """HR-7: scratch position n costs n x base_ante (per card, or once for a roll)."""
    return state["scratched"][horse - 2] * state["options"]["base_ante"]


def scratch_horse(state: dict[str, Any], horse: int, roller: int, dice: list[int]) -> None:
    """HR-7/HR-8: the horse takes the next scratch position; every holder discards and pays per card."""
    position = sum(1 for p in state["scratched"] if p) + 1
    state["scratched"][horse - 2] = position
    per_card = position * state["options"]["base_ante"]
    discarded = [0] * state["seats"]
    for seat, hand in enumerate(state["hands"]):
        discarded[seat] = sum(1 for card in hand if horse_of(card) == horse)
        state["hands"][seat] = [card for card in hand if horse_of(card) != horse]
        if discarded[seat]:
            pay_race_pot(state, seat, per_card * discarded[seat])
    events.emit(
        state,
        "scratch",
        horse=horse,
        position=position,
        roller=roller,
        dice=dice,
        discarded=discarded,
        per_card=per_card,
    )


def run_quick(state: dict[str, Any], rng: Rng) -> int:
    """HR-8: the dealer rolls until four different sums came up; returns who starts the race."""
    dealer = state["dealer"]
    while sum(1 for p in state["scratched"] if p) < SCRATCHES:
        dice = rng.roll(2)
        horse = sum(dice)
        if state["scratched"][horse - 2]:
            events.emit(state, "scratch_repeat", horse=horse, roller=dealer, dice=dice, paid=0)
            continue
        scratch_horse(state, horse, dealer, dice)
    return (dealer + 1) % state["seats"]


def run_orbit(state: dict[str, Any], rng: Rng) -> int:
    """HR-9: players roll in turn from the dealer's left; a repeat costs the roller alone, once."""
    roller = state["dealer"]
    while True:
        roller = (roller + 1) % state["seats"]
        dice = rng.roll(2)
        horse = sum(dice)
        if state["scratched"][horse - 2]:
            amount = scratch_ante(state, horse)
            pay_race_pot(state, roller, amount)
            events.emit(state, "scratch_repeat", horse=horse, roller=roller, dice=dice, paid=amount)
            continue
        scratch_horse(state, horse, roller, dice)
        if sum(1 for p in state["scratched"] if p) == SCRATCHES:
            return (roller + 1) % state["seats"]


def run_scratches(state: dict[str, Any], rng: Rng) -> int:
    """HR-8/HR-9 by the `scratch` option; returns the seat that starts the race."""
    if state["options"]["scratch"] == "orbit":
        return run_orbit(state, rng)
    return run_quick(state, rng)
