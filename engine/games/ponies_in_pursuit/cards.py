"""The ponies and the cards (PIP-1, PIP-2).

Cards in a hand are card ids; identical cards share an id, so a hand holds
duplicates (`["red1", "red1", ...]`). Ids: `white1 red1 blue1 blue2 black1
black2 yellow1 yellow2 wild`.
"""

from __future__ import annotations

# PIP-1: ponies in track order, shortest first, with their finish distances.
PONIES: tuple[str, ...] = ("white", "red", "blue", "black", "yellow")
DISTANCE: dict[str, int] = {"white": 4, "red": 5, "blue": 8, "black": 9, "yellow": 12}

WILD = "wild"

# card id -> (colour, value); the Wild's colour is declared when played (PIP-5).
CARDS: dict[str, tuple[str | None, int]] = {
    "white1": ("white", 1),
    "red1": ("red", 1),
    "blue1": ("blue", 1),
    "blue2": ("blue", 2),
    "black1": ("black", 1),
    "black2": ("black", 2),
    "yellow1": ("yellow", 1),
    "yellow2": ("yellow", 2),
    WILD: (None, 1),
}
CARD_ORDER: tuple[str, ...] = tuple(CARDS)

# PIP-2: every player's twelve cards.
STARTING_HAND: tuple[str, ...] = (
    "white1",
    "red1",
    "red1",
    "blue1",
    "blue2",
    "black1",
    "black1",
    "black2",
    "yellow1",
    "yellow2",
    "yellow2",
    WILD,
)


def colour_of(card: str) -> str | None:
    return CARDS[card][0]


def value_of(card: str) -> int:
    return CARDS[card][1]


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=CARD_ORDER.index)


def by_pony(row: list[int]) -> dict[str, int]:
    """A per-pony list (PONIES order) as {colour: value}."""
    return dict(zip(PONIES, row, strict=True))
