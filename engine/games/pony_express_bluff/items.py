"""Item cards (PEB-29 [house]) and the deck (PEB-5, PEB-26)."""

from __future__ import annotations

from typing import Any

# card: copies. Timing in comments; the engine offers each at its moment.
ITEM_COUNTS = {
    "fresh_horse": 3,  # after your own move resolves: +1 space, no duel/poker/action
    "marked_die": 3,  # during your roll: set one die to any face
    "sheriffs_pardon": 2,  # when you would go to jail: you don't (played automatically)
    "spyglass": 2,  # after another player's claim: look at their hidden dice
    "lucky_horseshoe": 2,  # during your roll: one free re-roll
    "steady_hand": 3,  # before one of your shots: no aim noise (dice: hits on 3-6)
    "bulletproof_vest": 2,  # losing a duel: pay nothing; final duel: ignore one hit (automatic)
    "train_pass": 1,  # at a train station: ride for free
    "sarsaparilla": 2,  # landing on a saloon: skip it
}
ITEMS = tuple(ITEM_COUNTS)


def new_deck(rng: Any) -> list[str]:
    """20 cards, shuffled (PEB-5). Nobody sees the order."""
    deck = [card for card, copies in ITEM_COUNTS.items() for _ in range(copies)]
    rng.shuffle(deck)
    return deck


def draw_two(deck: list[str]) -> list[str]:
    """PEB-26: up to two cards from the top (an empty deck gives nothing)."""
    drawn = deck[:2]
    del deck[:2]
    return drawn


def use(state: dict[str, Any], seat: int, card: str) -> None:
    """Remove a played card from the game (PEB-29)."""
    state["items"][seat].remove(card)
