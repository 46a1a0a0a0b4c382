"""Poker dice: faces, hands, comparison and the move table (PEB-1, PEB-2)."""

from __future__ import annotations

from collections import Counter

# PEB-1: faces low to high.
FACES = ("9", "10", "J", "Q", "K", "A")
RANK = {face: i for i, face in enumerate(FACES)}

# PEB-1: hands, worst first (index = category strength).
HANDS = (
    "nothing",
    "pair",
    "two_pairs",
    "three_kind",
    "straight",
    "full_house",
    "four_kind",
    "five_kind",
)
CATEGORY = {hand: i for i, hand in enumerate(HANDS)}
CLAIMABLE = HANDS[1:]  # PEB-12: at least a pair

# PEB-2 [house]: spaces moved per hand (nothing moves 0; also the gold-mine/saloon value).
MOVE_TABLE = {
    "nothing": 0,
    "pair": 1,
    "two_pairs": 2,
    "three_kind": 3,
    "straight": 4,
    "full_house": 5,
    "four_kind": 6,
    "five_kind": 7,
}

STRAIGHTS = ({"9", "10", "J", "Q", "K"}, {"10", "J", "Q", "K", "A"})


def hand_of(dice: list[str]) -> str:
    """PEB-1: the poker hand of five dice."""
    counts = sorted(Counter(dice).values(), reverse=True)
    if counts[0] == 5:
        return "five_kind"
    if counts[0] == 4:
        return "four_kind"
    if counts[:2] == [3, 2]:
        return "full_house"
    if set(dice) in STRAIGHTS:
        return "straight"
    if counts[0] == 3:
        return "three_kind"
    if counts[:2] == [2, 2]:
        return "two_pairs"
    if counts[0] == 2:
        return "pair"
    return "nothing"


def hand_key(dice: list[str]) -> tuple[int, tuple[int, ...]]:
    """PEB-21: comparable strength: category, then group ranks (biggest groups first), then kickers."""
    counts = Counter(dice)
    groups = sorted(((n, RANK[face]) for face, n in counts.items()), reverse=True)
    return (CATEGORY[hand_of(dice)], tuple(rank for _, rank in groups))


def move_value(hand: str) -> int:
    """PEB-2: spaces (or gold) a hand is worth."""
    return MOVE_TABLE[hand]


def best_seats(rolls: list[tuple[int, list[str]]]) -> list[int]:
    """The seats whose roll is best (several when tied)."""
    top = max(hand_key(dice) for _, dice in rolls)
    return [seat for seat, dice in rolls if hand_key(dice) == top]
