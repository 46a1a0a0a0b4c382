"""HR-5, HR-6, HR-16..HR-18: chips, the race pot and the jockey pot, and settlement.

Chips may go below zero (HR-5, house rule): the table shows the debt. Pots
are whole chips; every payment moves chips, so the total over chips and pots
never changes.
"""

from __future__ import annotations

from typing import Any

from engine import events

from .cards import ACE, JOKER, KING, horse_of

# HR-16: what each leftover costs, in base antes.
LEFTOVER_COST = {"advantage": 1, KING: 2, ACE: 3, JOKER: 4}


def pay_race_pot(state: dict[str, Any], seat: int, amount: int) -> None:
    state["chips"][seat] -= amount
    state["race_pot"] += amount


def collect_antes(state: dict[str, Any]) -> None:
    """HR-6: every player pays `base_ante` into the race pot and `jockey_ante` into the jockey pot."""
    base = state["options"]["base_ante"]
    jockey = state["options"]["jockey_ante"]
    for seat in range(state["seats"]):
        pay_race_pot(state, seat, base)
        state["chips"][seat] -= jockey
        state["jockey_pot"] += jockey
    events.emit(state, "antes", base=base, jockey=jockey)


def leftover_penalty(hand: list[str], advantage_dice: int, base: int) -> int:
    """HR-16: what a player pays for leftover advantage dice, Kings, Aces and Jokers."""
    units = advantage_dice * LEFTOVER_COST["advantage"]
    units += sum(LEFTOVER_COST.get(card, 0) for card in hand)
    return units * base


def settle(state: dict[str, Any], winner: int, jockey: int) -> dict[str, Any]:
    """HR-16..HR-18: penalties, the jockey pot, then the race pot in whole shares.

    Returns the public settlement record (hands revealed: the race is over).
    """
    seats = state["seats"]
    base = state["options"]["base_ante"]
    hands = [list(h) for h in state["hands"]]
    penalties = [leftover_penalty(hands[s], state["advantage"][s], base) for s in range(seats)]
    for seat, amount in enumerate(penalties):
        pay_race_pot(state, seat, amount)
    payouts = [0] * seats
    jockey_pot = state["jockey_pot"]
    payouts[jockey] += jockey_pot
    pot = state["race_pot"]
    winning_cards = [sum(1 for card in hands[s] if horse_of(card) == winner) for s in range(seats)]
    total = sum(winning_cards)
    share = pot // total if total else 0
    remainder = pot - share * total
    for seat in range(seats):
        payouts[seat] += share * winning_cards[seat]
    payouts[jockey] += remainder
    for seat in range(seats):
        state["chips"][seat] += payouts[seat]
    state["race_pot"] = 0
    state["jockey_pot"] = 0
    state["advantage"] = [0] * seats
    record = {
        "race": state["race_no"],
        "winner": winner,
        "jockey": jockey,
        "positions": list(state["positions"]),
        "scratched": list(state["scratched"]),
        "hands": hands,
        "drafted": [list(h) for h in state["drafted"]],
        "penalties": penalties,
        "race_pot": pot,
        "jockey_pot": jockey_pot,
        "winning_cards": winning_cards,
        "share": share,
        "remainder": remainder,
        "payouts": payouts,
        "chips": list(state["chips"]),
    }
    events.emit(
        state,
        "settled",
        race=state["race_no"],
        winner=winner,
        jockey=jockey,
        share=share,
        remainder=remainder,
        payouts=list(payouts),
    )
    return record
