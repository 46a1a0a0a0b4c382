"""What one seat (or a spectator) sees; the table of "Who sees what" in the spec.

Public: ponies, finish order, round, hand sizes, garnets, who has submitted,
who spied this round, past rounds' outcomes. Own only: hand, stakes, cards
bet, current submission, spy results (PIP-8, PIP-10, PIP-13, PIP-19).
"""

from __future__ import annotations

from typing import Any

from engine import simultaneous

from .cards import DISTANCE, PONIES, by_pony
from .submissions import can_play_two

State = dict[str, Any]
OWN_KEYS = ("hand", "stakes", "bet_cards", "submission", "spy_results", "must_play", "my_plays")


def public_view(state: State) -> dict[str, Any]:
    order = state["finish_order"]
    return {
        "round": state["round"],
        "rounds": state["options"]["rounds"],
        "ponies": [
            {
                "colour": colour,
                "distance": DISTANCE[colour],
                "position": state["positions"][pony],
                "place": order.index(colour) + 1 if colour in order else None,
            }
            for pony, colour in enumerate(PONIES)
        ],
        "finish_order": list(order),
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "garnets": list(state["garnets"]),
        "submitted": simultaneous.has_submitted(state["sub"]),
        "awaited": list(state["sub"]["awaited"]),
        "spied": list(state["spied"]),
        "history": [dict(outcome) for outcome in state["history"]],
    }


def own_view(state: State, seat: int) -> dict[str, Any]:
    """What only `seat` sees (keys OWN_KEYS; the engine shows them as None to everyone else)."""
    hand = state["hands"][seat]
    submission = state["sub"]["submitted"][seat]
    must_play = 0 if not hand else 2 if can_play_two(hand, state["finish_order"]) else 1
    return {
        "hand": list(hand),
        "stakes": by_pony(state["stakes"][seat]),
        "bet_cards": by_pony(state["bet_cards"][seat]),
        "submission": [dict(p) for p in submission] if submission else None,
        "spy_results": [dict(r) for r in state["spy_results"][seat]],
        "must_play": must_play,
        "my_plays": [[dict(p) for p in per_seat[seat]] for per_seat in state["played"]],
    }
