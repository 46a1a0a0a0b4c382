"""What a seat (None = spectator) may see (the spec's "Who sees what" table).

public_view is the table everyone sees: the table dice, claims, calls and revealed
dice, gold, positions, item counts. private_view holds a seat's own secrets under
PRIVATE_KEYS: its item cards, the cup (the roller's own, or a Spyglass holder's during
the call window), its relay offer and its draft offer. Nobody sees the deck's order.
"""

from __future__ import annotations

from typing import Any

from . import dice as dice_mod
from . import fights
from .board import geometry
from .calls import can_reroll
from .hands import MOVE_TABLE
from .riders import eligible_callers, reroll_price

State = dict[str, Any]


def may_see_cup(state: State, seat: int) -> bool:
    if state["dice"] is None:
        return False
    if seat == state["active"] or state["phase"] == "over":
        return True
    return state["phase"] == "call" and seat in state["call"]["spied"]


PRIVATE_KEYS = ("items", "cup", "offer", "draft_mine")


def private_view(state: State, seat: int) -> dict[str, Any]:
    """Only `seat`'s: its cards, the cup if it may see it, its relay offer, its draft offer."""
    dice = state["dice"]
    draft = state.get("draft")
    return {
        "items": list(state["items"][seat]),
        "cup": (
            [v if h else None for v, h in zip(dice["values"], dice["hidden"], strict=True)]
            if may_see_cup(state, seat)
            else None
        ),
        "offer": list(state["offer"]) if state["offer"] and seat == state["active"] else None,
        "draft_mine": (
            {"offer": list(draft["offers"][seat]), "kept": draft["slot"]["submitted"][seat]}
            if draft
            else None
        ),
    }


def public_view(state: State) -> dict[str, Any]:
    n = state["seats"]
    out: dict[str, Any] = {
        "phase": state["phase"],
        "active": state["active"],
        "turn_no": state["turn_no"],
        "first_player": state["first_player"],
        "colours": list(state["colours"]),
        "positions": list(state["pos"]),
        "gold": list(state["gold"]),
        "jailed": list(state["jailed"]),
        "mailboxes": list(state["mailbox"]),
        "call_record": [dict(record) for record in state["call_record"]],
        "item_counts": [len(state["items"][s]) for s in range(n)],
        "deck_count": len(state["deck"]),
        "claim": dict(state["claim"]) if state["claim"] else None,
        "call": _call(state),
        "caller": state["caller"],
        "fight": _fight(state),
        "steady": state["steady"],
        "last_shot": fights.shot_from_hundredths(state["last_shot"]) if state["last_shot"] else None,
        "winner": state["winner"],
        "dice": _dice(state),
        "draft": _draft(state),
        "board": geometry(),
        "move_table": dict(MOVE_TABLE),
    }
    if state["active"] is not None and state["phase"] == "dice":
        out["would_call"] = eligible_callers(state, state["active"])
    return out


def _dice(state: State) -> dict[str, Any] | None:
    dice = state["dice"]
    if dice is None:
        return None
    out = dice_mod.public(dice)
    active = state["active"]
    out["free_rerolls"] = state["free_rerolls"]
    out["reroll_price"] = reroll_price(state, active)
    out["can_reroll"] = state["phase"] == "dice" and can_reroll(state, active)
    return out


def _call(state: State) -> dict[str, Any] | None:
    call = state["call"]
    if call is None:
        return None
    return {
        "eligible": list(call["eligible"]),
        "believed": list(call["believed"]),
        "spied": list(call["spied"]),
        "seconds": state["options"]["call_seconds"],
    }


def _fight(state: State) -> dict[str, Any] | None:
    fight = state["fight"]
    if fight is None:
        return None
    out: dict[str, Any] = {key: (list(v) if isinstance(v, list) else v) for key, v in fight.items()}
    shooter = fights.shooter(state)
    out["shooter"] = shooter
    out["start"] = list(fights.shot_start(state, shooter))
    out["targets"] = [{"label": lab, "xy": list(xy)} for lab, xy in fights.targets(state, shooter)]
    return out


def _draft(state: State) -> dict[str, Any] | None:
    draft = state.get("draft")
    if not draft:
        return None
    return {"chosen": [s is not None for s in draft["slot"]["submitted"]]}
