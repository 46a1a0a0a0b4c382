"""Payouts, penalties and the winners (PIP-15, PIP-16, PIP-17, PIP-20)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .cards import PONIES, by_pony

# PIP-15: payout multiplier by finishing place.
PAYOUT = (Fraction(2), Fraction(3, 2), Fraction(1), Fraction(1, 2), Fraction(0))
PENALTY_PER_CARD = 2  # PIP-16


def number(value: Fraction) -> int | float:
    """Whole scores as ints, halves as floats (JSON-friendly)."""
    return int(value) if value.denominator == 1 else float(value)


def seat_score(stakes: list[int], bet_cards: list[int], finish_order: list[str]) -> dict[str, Any]:
    payout, penalty = Fraction(0), 0
    for pony, colour in enumerate(PONIES):
        if colour in finish_order:
            payout += stakes[pony] * PAYOUT[finish_order.index(colour)]
        else:
            penalty += PENALTY_PER_CARD * bet_cards[pony]
    return {"payout": payout, "penalty": penalty, "score": payout - penalty}


def scores(state: dict[str, Any]) -> list[Fraction]:
    return [
        seat_score(state["stakes"][s], state["bet_cards"][s], state["finish_order"])["score"]
        for s in range(state["seats"])
    ]


def winners(values: list[Fraction]) -> list[int]:
    """PIP-17: highest score wins; equal scores share the win."""
    best = max(values)
    return [s for s, v in enumerate(values) if v == best]


def game_result(state: dict[str, Any]) -> dict[str, Any]:
    """The result at the end: scores, winners and everything revealed (PIP-17, PIP-20)."""
    values = scores(state)
    breakdown = [
        seat_score(state["stakes"][s], state["bet_cards"][s], state["finish_order"])
        for s in range(state["seats"])
    ]
    return {
        "scores": [number(v) for v in values],
        "winners": winners(values),
        "revealed": {
            "stakes": [by_pony(row) for row in state["stakes"]],
            "bet_cards": [by_pony(row) for row in state["bet_cards"]],
            "payouts": [number(b["payout"]) for b in breakdown],
            "penalties": [b["penalty"] for b in breakdown],
            "submissions": [
                {"round": n + 1, "cards": [list(plays) for plays in per_seat]}
                for n, per_seat in enumerate(state["played"])
            ],
            "hands": [list(hand) for hand in state["hands"]],
            "garnets": list(state["garnets"]),  # PIP-20: shown, not scored
            "finish_order": list(state["finish_order"]),
        },
    }
