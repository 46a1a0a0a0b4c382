"""What one seat (or a spectator) sees of a Horse Racing state (see the package docstring).

Public: board, horses, scratches, chips, pots, hand sizes, advantage dice,
the turn's dice and cards played, the owed ante, who has picked in the draft,
and every finished race's settlement (all hands revealed after the race).
Private: the seat's own hand, the packet in front of it, its pending pick.
Never: set-aside cards, the generator.
"""

from __future__ import annotations

from typing import Any

from engine import simultaneous

PRIVATE_KEYS = ("hand", "packet", "pick")


def public_view(state: dict[str, Any]) -> dict[str, Any]:
    """Everyone's view: the table, the turn, the draft's progress, finished races."""
    drafting = state["phase"] == "draft"
    seen: dict[str, Any] = {
        "phase": state["phase"],
        "race": state["race_no"],
        "races": state["races_total"],
        "dealer": state["dealer"],
        "board": list(state["board"]),
        "positions": list(state["positions"]),
        "scratched": list(state["scratched"]),
        "chips": list(state["chips"]),
        "race_pot": state["race_pot"],
        "jockey_pot": state["jockey_pot"],
        "hand_sizes": [len(h) for h in state["hands"]],
        "advantage": list(state["advantage"]),
        "active": state["active"] if state["phase"] == "race" else None,
        "turn": dict(state["turn"], dice=list(state["turn"]["dice"])) if state["turn"] else None,
        "debt": dict(state["debt"]) if state["debt"] else None,
        "draft": None,
        "results": [dict(r) for r in state["results"]],
    }
    if drafting and state["picks"] is not None:
        seen["draft"] = {
            "round": state["draft_round"],
            "packet_sizes": [len(p) for p in state["packets"]],
            "picked": simultaneous.has_submitted(state["picks"]),
        }
    return seen


def own_view(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """Only `seat`'s: its hand; in the draft the packet in front of it and its pending pick."""
    drafting = state["phase"] == "draft" and state["picks"] is not None
    return {
        "hand": list(state["hands"][seat]),
        "packet": list(state["packets"][seat]) if drafting else None,
        "pick": state["picks"]["submitted"][seat] if drafting else None,
    }
