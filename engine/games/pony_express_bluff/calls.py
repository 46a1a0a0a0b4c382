"""Re-rolls, claims, the call window and its resolution (PEB-9 to PEB-16).

These settle the roll and the claim; the move that follows is turn.py's."""

from __future__ import annotations

from typing import Any

from engine import errors, events

from . import dice as dice_mod
from .hands import CLAIMABLE, FACES, hand_of
from .items import use
from .riders import eligible_callers, reroll_price, send_to_jail

State = dict[str, Any]


def can_reroll(state: State, seat: int) -> bool:
    return state["free_rerolls"] > 0 or state["gold"][seat] >= reroll_price(state, seat)


def reroll(state: State, seat: int, keep_raw: Any, mode: Any, rng: Any) -> None:
    """PEB-9 / PEB-11: pay (or use a free re-roll), keep at least one die, re-roll the rest."""
    keep = dice_mod.parse_indexes(keep_raw, "Kept dice")
    if not 1 <= len(keep) <= 4:
        raise errors.illegal("Keep at least one die and re-roll at least one.")
    if mode not in dice_mod.MODES:
        raise errors.illegal("Re-roll under the cup or by hand.", modes=list(dice_mod.MODES))
    if not can_reroll(state, seat):
        raise errors.illegal("You cannot afford another re-roll.", price=reroll_price(state, seat))
    if state["free_rerolls"] > 0:
        state["free_rerolls"] -= 1
        cost = 0
    else:
        cost = reroll_price(state, seat)
        state["gold"][seat] -= cost
    shown = dice_mod.reroll(state["dice"], keep, mode, rng)
    events.emit(state, "reroll", seat=seat, keep=keep, mode=mode, cost=cost, shown=shown)


def arrange(state: State, seat: int, under_cup_raw: Any) -> None:
    """PEB-10: move dice between cup and table; shown dice go to the public log."""
    under_cup = dice_mod.parse_indexes(under_cup_raw, "Dice under the cup")
    shown = dice_mod.arrange(state["dice"], under_cup)
    events.emit(state, "arrange", seat=seat, under_cup=under_cup, shown=shown)


def marked_die(state: State, seat: int, index: Any, face: Any) -> None:
    """PEB-29 Marked Die: set one die to any face where it lies."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 5:
        raise errors.illegal("Choose a die numbered 0 to 4.")
    if face not in FACES:
        raise errors.illegal("Choose a face: 9, 10, J, Q, K or A.", faces=list(FACES))
    use(state, seat, "marked_die")
    on_table = dice_mod.mark(state["dice"], index, face)
    events.emit(
        state,
        "item",
        seat=seat,
        item="marked_die",
        die=index,
        face=face if on_table else None,
        shown=[[index, face]] if on_table else [],
    )


def lucky_horseshoe(state: State, seat: int) -> None:
    """PEB-29 Lucky Horseshoe: one free re-roll."""
    use(state, seat, "lucky_horseshoe")
    state["free_rerolls"] += 1
    events.emit(state, "item", seat=seat, item="lucky_horseshoe")


def claim(state: State, seat: int, hand: Any) -> bool:
    """PEB-12 / PEB-13: announce a hand (at least a pair); open the call window if anyone may call.
    Returns True when nobody may call (the claim stands at once)."""
    if hand not in CLAIMABLE:
        raise errors.illegal("Claim a hand of at least a pair.", hands=list(CLAIMABLE))
    state["claim"] = {"seat": seat, "hand": hand}
    callers = eligible_callers(state, seat)
    events.emit(state, "claim", seat=seat, hand=hand, callers=callers)
    if not callers:
        return True
    state["call"] = {"eligible": callers, "believed": [], "spied": []}
    state["phase"] = "call"
    return False


def believe(state: State, seat: int) -> bool:
    """PEB-14: True once every eligible rider believes (the claim stands)."""
    call = state["call"]
    call["believed"].append(seat)
    events.emit(state, "believe", seat=seat)
    return all(s in call["believed"] for s in call["eligible"])


def spyglass(state: State, seat: int) -> None:
    """PEB-29 Spyglass: after another player's claim, look at their hidden dice (that player only)."""
    use(state, seat, "spyglass")
    state["call"]["spied"].append(seat)
    dice = state["dice"]
    hidden = [[i, v] for i, (v, h) in enumerate(zip(dice["values"], dice["hidden"], strict=True)) if h]
    events.emit(state, "item", seat=seat, item="spyglass", target=state["active"])
    events.emit_private(state, [seat], "spyglass_seen", seat=seat, target=state["active"], hidden=hidden)


def stands(state: State) -> str:
    """PEB-15: not called; the dice are never shown. Returns the claimed hand (the rider moves it)."""
    state["call"] = None
    hand = state["claim"]["hand"]
    events.emit(state, "claim_stands", seat=state["active"], hand=hand)
    return hand


def call(state: State, seat: int) -> bool:
    """PEB-16: the first caller takes it; every die is shown. Returns True when the claim was
    truthful (the caller goes to jail and the rider moves), False for a bluff (the caller, now
    `state["caller"]`, may move)."""
    active = state["active"]
    hand = state["claim"]["hand"]
    faces = dice_mod.reveal(state["dice"])
    actual = hand_of(faces)
    truthful = actual == hand
    state["call"] = None
    state["caller"] = seat
    state["call_record"][active]["truthful" if truthful else "bluffs"] += 1
    events.emit(
        state, "called", seat=seat, target=active, claim=hand, dice=faces, hand=actual, truthful=truthful
    )
    if truthful:
        send_to_jail(state, seat, "wrong_call")
        state["caller"] = None
    return truthful
