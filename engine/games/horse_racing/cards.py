"""HR-3: the deck by player count, the deal, and what each card is.

A card is its rank as a string: "2".."10", "J", "Q" (horse cards for horses
2..12), "K", "A" and "Joker". Suits play no part in the game, so they are not
kept: any two cards of one rank are interchangeable.
"""

from __future__ import annotations

from engine.rng import Rng

SUIT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
KING, ACE, JOKER = "K", "A", "Joker"
CARD_ORDER = {card: i for i, card in enumerate((*SUIT, JOKER))}

# players -> (suits, jokers, cards each, set aside)
DECKS: dict[int, tuple[int, int, int, int]] = {
    4: (2, 1, 6, 3),
    5: (2, 2, 5, 3),
    6: (3, 2, 6, 5),
    7: (3, 2, 5, 6),
    8: (4, 2, 6, 6),
    9: (4, 2, 6, 0),
    10: (4, 2, 5, 4),
    11: (5, 2, 6, 1),
    12: (5, 2, 5, 7),
}


def horse_of(card: str) -> int | None:
    """The horse a card backs (J = 11, Q = 12), or None for K, A and Joker."""
    if card == "J":
        return 11
    if card == "Q":
        return 12
    return int(card) if card.isdigit() else None


def card_of(horse: int) -> str:
    return {11: "J", 12: "Q"}.get(horse, str(horse))


def build_deck(players: int) -> list[str]:
    """HR-3: the suits and Jokers for this many players, unshuffled."""
    suits, jokers, _, _ = DECKS[players]
    return [card for _ in range(suits) for card in SUIT] + [JOKER] * jokers


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=CARD_ORDER.__getitem__)


def deal(players: int, dealer: int, rng: Rng) -> tuple[list[list[str]], list[str]]:
    """HR-3: shuffle and deal `cards each` to every seat; the rest is set aside face down.

    Returns (hands by seat, set-aside cards).
    """
    deck = build_deck(players)
    rng.shuffle(deck)
    _, _, each, aside = DECKS[players]
    hands: list[list[str]] = [[] for _ in range(players)]
    order = [(dealer + 1 + i) % players for i in range(players)]
    pos = 0
    for _ in range(each):
        for seat in order:
            hands[seat].append(deck[pos])
            pos += 1
    rest = deck[pos:]
    assert len(rest) == aside
    return [sort_cards(h) for h in hands], rest
