"""What the landing space does (PEB-22 to PEB-26) and the item cards played there (PEB-29).

Each function settles one effect; which step of the turn comes next is turn.py's.
"""

from __future__ import annotations

from typing import Any

from engine import events

from . import dice as dice_mod
from .board import NEXT_STATION, STATIONS, space_kind
from .hands import hand_of, move_value
from .items import draw_two, use
from .riders import send_to_jail, take

State = dict[str, Any]


def holds_cards(state: State, seat: int) -> bool:
    """Whether the table waits for `seat`'s choice of a card at a train, a saloon or after its move.

    The wait depends only on public facts (how many cards the rider holds, its gold), never on
    which cards: pausing only for a holder of a Train Pass, Sarsaparilla or Fresh Horse would
    tell everyone it holds one. A rider with any card gets the step, with or without the card
    that step can use."""
    return bool(state["items"][seat])


def landing(state: State, seat: int, rng: Any) -> str | None:
    """PEB-22 to PEB-26: the landing space's action. Settles what needs no choice (a gold mine,
    a saloon's bill, an empty relay deck) and returns the phase that waits for one: "train",
    "saloon", "relay" or "indians"; None when the space is done with."""
    here = state["pos"][seat]
    kind = space_kind(here)
    if kind == "station" and here in NEXT_STATION:
        if state["gold"][seat] >= STATIONS[here] or holds_cards(state, seat):
            return "train"
    elif kind == "indians":
        return "indians"
    elif kind == "mine":
        faces = dice_mod.open_roll(rng)
        gain = move_value(hand_of(faces))
        state["gold"][seat] += gain
        events.emit(state, "mine", seat=seat, dice=faces, hand=hand_of(faces), gold=gain)
    elif kind == "saloon":
        events.emit(state, "toast", seat=seat)
        if holds_cards(state, seat):
            return "saloon"
        drink(state, seat, rng)
    elif kind == "relay":
        if state["deck"]:
            state["offer"] = draw_two(state["deck"])
            events.emit(state, "relay", seat=seat, drew=len(state["offer"]))
            events.emit_private(state, [seat], "relay_offer", seat=seat, cards=list(state["offer"]))
            return "relay"
        events.emit(state, "relay", seat=seat, drew=0)
    return None


def drink(state: State, seat: int, rng: Any) -> None:
    """PEB-25: roll openly once and pay the hand's move value; short of gold pays all and goes to jail."""
    faces = dice_mod.open_roll(rng)
    bill = move_value(hand_of(faces))
    paid = take(state, seat, bill)
    events.emit(state, "saloon", seat=seat, dice=faces, hand=hand_of(faces), bill=bill, paid=paid)
    if paid < bill:
        send_to_jail(state, seat, "saloon")


def skip_saloon(state: State, seat: int) -> None:
    """PEB-29 Sarsaparilla: skip the saloon."""
    use(state, seat, "sarsaparilla")
    events.emit(state, "item", seat=seat, item="sarsaparilla")


def ride(state: State, seat: int, how: str) -> None:
    """PEB-22: pay the fare (or a Train Pass, `how` = "pass") and jump to the next station; no
    duel, poker or action there."""
    here = state["pos"][seat]
    if how == "pass":
        use(state, seat, "train_pass")
        fare = 0
    else:
        fare = STATIONS[here] or 0
        state["gold"][seat] -= fare
    state["pos"][seat] = NEXT_STATION[here]
    events.emit(
        state,
        "train",
        seat=seat,
        from_space=here,
        to_space=NEXT_STATION[here],
        fare=fare,
        used_pass=how == "pass",
    )


def keep_relay_card(state: State, seat: int, index: int) -> None:
    """PEB-26: keep one card; the other goes under the deck."""
    offer = state["offer"]
    state["items"][seat].append(offer[index])
    state["deck"].extend(card for i, card in enumerate(offer) if i != index)
    state["offer"] = None
    events.emit(state, "relay_kept", seat=seat)
