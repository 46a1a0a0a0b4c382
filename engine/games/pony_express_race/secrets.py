"""Odds and Riders' hidden information (engine/hidden.py), the spec's "who sees what" table:
a seat's stage-1 hand is its own; the cards left over and the undealt pack are nobody's
(what can still open a horse is public, never the order); in the race a ridden horse's
cards in hand and played face down are its rider's until the end, a greenhorn's pile is
nobody's and its turned cards are public. Riding is a face-down play: the others learn
whether it was a Move-Up to the horse ahead, whether the card's colour matched the space
(it decides the sure move), and, with the alternative movement (an immediate roll
against the card), its value."""

from __future__ import annotations

from typing import Any

from engine.hidden import NOBODY, PUBLIC, HiddenInfo, Secret, Seen

from .cards import value_of
from .race import colour_bonus

State = dict[str, Any]


def over(state: State) -> bool:
    return bool(state["phase"] == "over")


def in_hand(state: State, horse: int) -> Seen:
    owner = state["owners"][horse]
    if owner is None:
        return ()  # PER-27: the greenhorn's shuffled pile
    return PUBLIC if over(state) else (owner,)


def played(state: State, horse: int) -> Seen:
    owner = state["owners"][horse]
    return PUBLIC if owner is None or over(state) else (owner,)


def history_entry(state: State, index: int) -> Seen:
    return played(state, state["race"]["history"][index]["horse"])


def ride_seen(state: State, seat: int, action: dict[str, Any]) -> Any:
    """What everyone learns of a card ridden face down (PER-21, PER-24, PER-29)."""
    if action.get("move_up"):
        return ("move_up",)
    horse = state["race"]["turn"]["horse"]
    bonus = colour_bonus(state, horse, action["card"])
    if state["options"]["movement"] == "alternative":
        return ("card", bonus, value_of(action["card"]))
    return ("card", bonus)


HIDDEN = HiddenInfo(
    secrets=(
        Secret("hands"),
        Secret("leftover", NOBODY, nested=False),
        Secret("pack", NOBODY, nested=False),
        Secret("race.hand", in_hand),
        Secret("race.played", played),
        Secret("race.history", history_entry, nested=False),
    ),
    deals=(("hands", "leftover"), ("race.hand", "race.played")),
    plays={"ride": ride_seen},
)
