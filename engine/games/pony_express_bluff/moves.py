"""Moving riders and what the landing space does.

PEB-15, PEB-17, PEB-18, PEB-22 to PEB-26, PEB-30 to PEB-32.
"""

from __future__ import annotations

from typing import Any

from engine import events

from . import dice as dice_mod
from . import fights, flow
from .board import NEXT_STATION, SACRAMENTO, ST_JOSEPH, STATIONS, space_kind
from .hands import hand_of, move_value
from .items import draw_two, use
from .riders import on_space, send_to_jail, take

State = dict[str, Any]


def step(state: State, seat: int, spaces: int, by: str) -> int:
    """Move a rider forward (never past Sacramento) or back (never before space 1)."""
    start = state["pos"][seat]
    end = max(1, min(SACRAMENTO, start + spaces))
    state["pos"][seat] = end
    events.emit(state, "move", seat=seat, from_space=start, to_space=end, by=by)
    return end


def reach_sacramento(state: State, seat: int, rng: Any) -> bool:
    """PEB-31 / PEB-32: on arriving in Sacramento by any move, take mailbox 1, or duel the rider there.

    Returns True when a final duel started (the turn is then over)."""
    if state["pos"][seat] != SACRAMENTO or state["mailbox"][seat]:
        return False
    there = [s for s in range(state["seats"]) if s != seat and state["pos"][s] == SACRAMENTO]
    if not there:
        state["mailbox"][seat] = 1
        events.emit(state, "mailbox", seat=seat, box=1)
        return False
    fights.start_final_duel(state, there[0], seat)
    return True


def own_move(state: State, spaces: int, rng: Any) -> None:
    """PEB-15 / PEB-17: the active rider's own dice movement, the only one that triggers duels,
    poker and the space's action."""
    seat = state["active"]
    step(state, seat, spaces, "dice")
    state["moved"] = True
    if state["pos"][seat] == SACRAMENTO:
        if not reach_sacramento(state, seat, rng):
            finish_move(state, rng)
        return
    riders_here = on_space(state, seat)
    if state["pos"][seat] not in ST_JOSEPH and len(riders_here) == 1:
        fights.start_duel(state, seat, riders_here[0])  # PEB-18
        return
    if state["pos"][seat] not in ST_JOSEPH and len(riders_here) >= 2:
        fights.poker(state, [seat, *riders_here], rng)  # PEB-18 / PEB-21
    space_action(state, rng)


def holds_cards(state: State, seat: int) -> bool:
    """Whether the table waits for `seat`'s choice of a card at a train, a saloon or after its move.

    The wait depends only on public facts (how many cards the rider holds, its gold), never on
    which cards: pausing only for a holder of a Train Pass, Sarsaparilla or Fresh Horse would
    tell everyone it holds one. A rider with any card gets the step, with or without the card
    that step can use."""
    return bool(state["items"][seat])


def space_action(state: State, rng: Any) -> None:
    """PEB-22 to PEB-26: the landing space's action, after any duel or poker, if not jailed."""
    seat = state["active"]
    if state["jailed"][seat]:
        finish_move(state, rng)
        return
    here = state["pos"][seat]
    kind = space_kind(here)
    if kind == "station" and here in NEXT_STATION:
        if state["gold"][seat] >= STATIONS[here] or holds_cards(state, seat):
            state["phase"] = "train"
            return
    elif kind == "indians":
        fights.start_indians(state, seat)
        return
    elif kind == "mine":
        faces = dice_mod.open_roll(rng)
        gain = move_value(hand_of(faces))
        state["gold"][seat] += gain
        events.emit(state, "mine", seat=seat, dice=faces, hand=hand_of(faces), gold=gain)
    elif kind == "saloon":
        events.emit(state, "toast", seat=seat)
        if holds_cards(state, seat):
            state["phase"] = "saloon"
            return
        drink(state, seat, rng)
    elif kind == "relay":
        if state["deck"]:
            state["offer"] = draw_two(state["deck"])
            state["phase"] = "relay"
            events.emit(state, "relay", seat=seat, drew=len(state["offer"]))
            events.emit_private(state, [seat], "relay_offer", seat=seat, cards=list(state["offer"]))
            return
        events.emit(state, "relay", seat=seat, drew=0)
    finish_move(state, rng)


def drink(state: State, seat: int, rng: Any) -> None:
    """PEB-25: roll openly once and pay the hand's move value; short of gold pays all and goes to jail."""
    faces = dice_mod.open_roll(rng)
    bill = move_value(hand_of(faces))
    paid = take(state, seat, bill)
    events.emit(state, "saloon", seat=seat, dice=faces, hand=hand_of(faces), bill=bill, paid=paid)
    if paid < bill:
        send_to_jail(state, seat, "saloon")


def saloon_choice(state: State, seat: int, skip: bool, rng: Any) -> None:
    """PEB-29 Sarsaparilla: skip the saloon, or drink."""
    if skip:
        use(state, seat, "sarsaparilla")
        events.emit(state, "item", seat=seat, item="sarsaparilla")
    else:
        drink(state, seat, rng)
    finish_move(state, rng)


def train(state: State, seat: int, how: str, rng: Any) -> None:
    """PEB-22: pay the fare (or a Train Pass) and jump to the next station; no duel, poker or action there."""
    here = state["pos"][seat]
    if how == "pass":
        use(state, seat, "train_pass")
        fare = 0
    elif how == "pay":
        fare = STATIONS[here]
        state["gold"][seat] -= fare
    else:
        events.emit(state, "train_skipped", seat=seat)
        finish_move(state, rng)
        return
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
    finish_move(state, rng)


def relay_keep(state: State, seat: int, index: int, rng: Any) -> None:
    """PEB-26: keep one card; the other goes under the deck."""
    offer = state["offer"]
    state["items"][seat].append(offer[index])
    state["deck"].extend(card for i, card in enumerate(offer) if i != index)
    state["offer"] = None
    events.emit(state, "relay_kept", seat=seat)
    finish_move(state, rng)


def finish_move(state: State, rng: Any) -> None:
    """After the move resolves: a rider holding cards may play Fresh Horse (or just end the turn);
    the step is offered to every rider holding cards, so it reveals nothing (see holds_cards)."""
    seat = state["active"]
    if state["phase"] == "over":
        return
    if (
        state["moved"]
        and not state["jailed"][seat]
        and state["pos"][seat] < SACRAMENTO
        and holds_cards(state, seat)
    ):
        state["phase"] = "end"
        return
    flow.end_turn(state, rng)


def fresh_horse(state: State, seat: int, play: bool, rng: Any) -> None:
    """PEB-29 Fresh Horse: +1 space, no duel, poker or action (reaching Sacramento still counts)."""
    if play:
        use(state, seat, "fresh_horse")
        events.emit(state, "item", seat=seat, item="fresh_horse")
        step(state, seat, 1, "fresh_horse")
        if reach_sacramento(state, seat, rng):
            return
    flow.end_turn(state, rng)
