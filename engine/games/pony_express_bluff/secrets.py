"""Dice and Bluff's hidden information (engine/hidden.py), the spec's "who sees what" table:
a rider's item cards, its draft offer and its relay offer are its own; dice under the cup
are the roller's (and a Spyglass holder's during the call), unless everyone saw that face
last; the item deck's order is nobody's, after the end too. Keeping a card (the draft, a
relay station) is a face-down play, and so is a Marked Die set on a die under the cup
(everyone sees which die, not the face)."""

from __future__ import annotations

from typing import Any

from engine.hidden import NOBODY, PUBLIC, HiddenInfo, Secret, Seen, nothing_public

from .hands import FACES

State = dict[str, Any]


def over(state: State) -> bool:
    return bool(state["phase"] == "over")


def cup_seers(state: State, die: int) -> Seen:
    """PEB-8, PEB-29 (Spyglass): a die under the cup whose face nobody saw last."""
    dice = state["dice"]
    if over(state) or not dice["hidden"][die] or dice["known"][die] is not None:
        return PUBLIC
    spies = state["call"]["spied"] if state["phase"] == "call" and state["call"] else []
    return (state["active"], *spies)


def relay_holder(state: State, index: int) -> Seen:
    """PEB-26: the two cards drawn at a relay station, the active rider's."""
    return PUBLIC if over(state) else (state["active"],)


def draft_holder(state: State, seat: int) -> Seen:
    return PUBLIC if over(state) else (seat,)


def play_item_seen(state: State, seat: int, action: dict[str, Any]) -> Any:
    """PEB-29: a Marked Die on a die under the cup shows which die was marked, not the face."""
    dice = state["dice"]
    if action["item"] == "marked_die" and dice and dice["hidden"][action.get("die", 0)]:
        return ("marked_die", action["die"])
    return sorted(action.items())


HIDDEN = HiddenInfo(
    secrets=(
        Secret("items", draft_holder),
        Secret("draft.offers", draft_holder),
        Secret("offer", relay_holder, nested=False),
        Secret("deck", NOBODY, nested=False),
        Secret("dice.values", cup_seers, nested=False, values=FACES),
    ),
    deals=(("items", "draft.offers", "offer", "deck"),),
    plays={"keep_item": nothing_public, "play_item": play_item_seen},
)
