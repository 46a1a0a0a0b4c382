"""PER-1, PER-2: the seven horses and the 42 movement cards.

A card is a string "<colour>-<value>": colour one of black, yellow, blue, red
(values 1-9) or white (the Move-Up cards, values 1, 1, 1, 2, 2, 2).
"""

from __future__ import annotations

HORSES = ("Brown", "Beige", "Yellow", "Orange", "Red", "Blue", "Green")
HORSE_COUNT = len(HORSES)
SUITS = ("black", "yellow", "blue", "red")
MOVE_UP = "white"
MAX_CARDS_ON_HORSE = 6


def make_card(colour: str, value: int) -> str:
    return f"{colour}-{value}"


def colour_of(card: str) -> str:
    return card.split("-", 1)[0]


def value_of(card: str) -> int:
    return int(card.split("-", 1)[1])


def is_move_up(card: str) -> bool:
    return colour_of(card) == MOVE_UP


def full_deck() -> list[str]:
    """PER-2: Black, Yellow, Blue, Red 1-9 and six white Move-Ups (1, 1, 1, 2, 2, 2)."""
    deck = [make_card(colour, value) for colour in SUITS for value in range(1, 10)]
    deck += [make_card(MOVE_UP, value) for value in (1, 1, 1, 2, 2, 2)]
    return deck


def is_card(card: object) -> bool:
    return isinstance(card, str) and card in set(full_deck())


def sort_key(card: str) -> tuple[int, int]:
    order = (*SUITS, MOVE_UP)
    return (order.index(colour_of(card)), value_of(card))
