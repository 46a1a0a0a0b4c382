"""What happens next in a turn: the one owner of the turn's continuation.

A turn runs: roll and claim (calls.py) -> the claim stands or is called -> the
active rider's own move (PEB-15, PEB-16 truthful) -> a duel or poker where it
lands (PEB-18) -> the landing space's action (PEB-22 to PEB-26) -> Fresh Horse
(PEB-29) -> the next rider's turn (flow.py). A called bluff instead lets the
caller move (PEB-16) and ends the turn. Arriving in Sacramento by any move
takes a mailbox or starts the final duel (PEB-31, PEB-32).

The rule modules settle effects and report what happened (calls: whether the
claim stands or was truthful; fights: `FightOutcome`; moves: the phase a space
waits in); only this module decides which step comes next. It imports them,
none of them imports it.
"""

from __future__ import annotations

from typing import Any

from engine import events

from . import calls, fights, flow, moves
from .board import SACRAMENTO, ST_JOSEPH
from .hands import move_value
from .items import use
from .riders import on_space, step

State = dict[str, Any]


# --- claims -------------------------------------------------------------------------------


def claim(state: State, seat: int, hand: Any, rng: Any) -> None:
    """PEB-12 / PEB-13: a claim nobody may call stands at once."""
    if calls.claim(state, seat, hand):
        claim_stands(state, rng)


def believe(state: State, seat: int, rng: Any) -> None:
    """PEB-14: the claim stands once every eligible rider believes."""
    if calls.believe(state, seat):
        claim_stands(state, rng)


def claim_stands(state: State, rng: Any) -> None:
    """PEB-15: not called; the rider moves the claimed spaces and the dice are never shown."""
    hand = calls.stands(state)
    own_move(state, move_value(hand), rng)


def call(state: State, seat: int, rng: Any) -> None:
    """PEB-16: truthful: the caller went to jail and the rider moves; a bluff: the caller may move."""
    if calls.call(state, seat):
        own_move(state, move_value(state["claim"]["hand"]), rng)
    else:
        state["phase"] = "bluff_move"


def bluff_move(state: State, seat: int, advance: bool, rng: Any) -> None:
    """PEB-16 / PEB-17: the caller may move the claimed spaces (no duel, poker or action) or decline."""
    state["caller"] = None
    if advance:
        step(state, seat, move_value(state["claim"]["hand"]), "bluff_call")
        if reach_sacramento(state, seat):
            return
    else:
        events.emit(state, "decline_move", seat=seat)
    flow.end_turn(state, rng)


# --- the active rider's move --------------------------------------------------------------


def own_move(state: State, spaces: int, rng: Any) -> None:
    """PEB-15 / PEB-17: the active rider's own dice movement, the only one that triggers duels,
    poker and the space's action."""
    seat = state["active"]
    step(state, seat, spaces, "dice")
    state["moved"] = True
    if state["pos"][seat] == SACRAMENTO:
        if not reach_sacramento(state, seat):
            finish_move(state, rng)
        return
    riders_here = on_space(state, seat)
    if state["pos"][seat] not in ST_JOSEPH and len(riders_here) == 1:
        fights.start_duel(state, seat, riders_here[0])  # PEB-18
        return
    if state["pos"][seat] not in ST_JOSEPH and len(riders_here) >= 2:
        fights.poker(state, [seat, *riders_here], rng)  # PEB-18 / PEB-21
    space_action(state, rng)


def reach_sacramento(state: State, seat: int) -> bool:
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


def space_action(state: State, rng: Any) -> None:
    """PEB-22 to PEB-26: the landing space's action, after any duel or poker, if not jailed."""
    seat = state["active"]
    if state["jailed"][seat]:
        finish_move(state, rng)
        return
    waiting = moves.landing(state, seat, rng)
    if waiting == "indians":
        fights.start_indians(state, seat)
    elif waiting is not None:
        state["phase"] = waiting
    else:
        finish_move(state, rng)


def finish_move(state: State, rng: Any) -> None:
    """After the move resolves: a rider holding cards may play Fresh Horse (or just end the turn);
    the step is offered to every rider holding cards, so it reveals nothing (moves.holds_cards)."""
    seat = state["active"]
    if state["phase"] == "over":
        return
    if (
        state["moved"]
        and not state["jailed"][seat]
        and state["pos"][seat] < SACRAMENTO
        and moves.holds_cards(state, seat)
    ):
        state["phase"] = "end"
        return
    flow.end_turn(state, rng)


# --- choices on the way -------------------------------------------------------------------


def shoot(state: State, seat: int, angle: float, power: float, rng: Any) -> None:
    """PEB-19 / PEB-23 / PEB-32: after a shot, the fight goes on, or the turn does."""
    outcome = fights.shoot(state, seat, angle, power, rng)
    if outcome == "duel_over":
        space_action(state, rng)
    elif outcome == "indians_over":
        finish_move(state, rng)
    elif outcome == "final_over":
        flow.win(state, state["winner"], "final_duel")


def train(state: State, seat: int, how: str, rng: Any) -> None:
    """PEB-22: ride ("pay" or "pass") or stay; then the move is resolved."""
    if how == "stay":
        events.emit(state, "train_skipped", seat=seat)
    else:
        moves.ride(state, seat, how)
    finish_move(state, rng)


def saloon(state: State, seat: int, skip: bool, rng: Any) -> None:
    """PEB-25 / PEB-29: drink, or skip the saloon with a Sarsaparilla."""
    if skip:
        moves.skip_saloon(state, seat)
    else:
        moves.drink(state, seat, rng)
    finish_move(state, rng)


def relay_keep(state: State, seat: int, index: int, rng: Any) -> None:
    """PEB-26: keep one of the two cards drawn."""
    moves.keep_relay_card(state, seat, index)
    finish_move(state, rng)


def fresh_horse(state: State, seat: int, play: bool, rng: Any) -> None:
    """PEB-29 Fresh Horse: +1 space, no duel, poker or action (reaching Sacramento still counts)."""
    if play:
        use(state, seat, "fresh_horse")
        events.emit(state, "item", seat=seat, item="fresh_horse")
        step(state, seat, 1, "fresh_horse")
        if reach_sacramento(state, seat):
            return
    flow.end_turn(state, rng)
