"""Ponies in Pursuit's hidden information (engine/hidden.py), the spec's "who sees what"
table: a seat's hand, stakes, cards bet, current submission, past plays (which cards it
moved or bet with) and what it spied are its own until the end. Submitting and spying are
sealed moves (game.MOVES): hidden while other seats are still awaited."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.hidden import HiddenInfo, Secret


def possible(state: dict[str, Any]) -> bool:
    """A sealed submission holds cards of its seat's own hand (PIP-8)."""
    for hand, submission in zip(state["hands"], state["sub"]["submitted"], strict=True):
        if submission and Counter(play["card"] for play in submission) - Counter(hand):
            return False
    return True


HIDDEN = HiddenInfo(
    secrets=(
        Secret("hands"),
        Secret("stakes"),
        Secret("bet_cards"),
        Secret("sub.submitted"),
        Secret("played.*"),
        Secret("spy_results"),
    ),
    possible=possible,
)
