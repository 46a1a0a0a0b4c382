"""Set-up and the turn cycle: draft, first player, jail, Sacramento's mailboxes, the roll
(PEB-5, PEB-6, PEB-7, PEB-8, PEB-11, PEB-28, PEB-30, PEB-31)."""

from __future__ import annotations

from typing import Any

from engine import events, simultaneous

from . import dice as dice_mod
from .board import SACRAMENTO
from .hands import CATEGORY, hand_of
from .items import draw_two, new_deck
from .riders import alone_last, charity

State = dict[str, Any]
COLOURS = ("red", "blue", "white", "green", "brown")


def setup(state: State, rng: Any) -> None:
    """PEB-5: 3 gold each, riders at St. Joseph (space 1), draw 2 item cards each, keep 1."""
    n = state["seats"]
    state.update(
        colours=list(COLOURS[:n]),
        pos=[1] * n,
        gold=[3] * n,
        jailed=[False] * n,
        mailbox=[0] * n,
        # each rider's public record of its claims that were called (PEB-16): how many were
        # truthful and how many bluffs; what any player remembers of the table, kept for the bots
        call_record=[{"truthful": 0, "bluffs": 0} for _ in range(n)],
        items=[[] for _ in range(n)],
        deck=new_deck(rng),
        phase="draft",
        first_player=None,
        turn_no=0,
        last_shot=None,
        winner=None,
    )
    reset_turn(state, None)
    offers = [draw_two(state["deck"]) for _ in range(n)]
    state["draft"] = {"offers": offers, "slot": simultaneous.open_round(n, list(range(n)))}
    for seat, cards in enumerate(offers):
        events.emit_private(state, [seat], "draft_offer", seat=seat, cards=list(cards))


def draft_keep(state: State, seat: int, index: int, rng: Any) -> None:
    """PEB-5: keep one of the two cards; once everyone has chosen, the others go under the deck."""
    draft = state["draft"]
    if not simultaneous.submit(draft["slot"], seat, index):
        return
    for s, cards in enumerate(draft["offers"]):
        kept = draft["slot"]["submitted"][s]
        state["items"][s].append(cards[kept])
        state["deck"].extend(card for i, card in enumerate(cards) if i != kept)
    state["draft"] = None
    events.emit(state, "draft_done", items=[len(cards) for cards in state["items"]])
    first = first_player(state, rng)
    state["first_player"] = first
    start_turn(state, first, rng)


def first_player(state: State, rng: Any) -> int:
    """PEB-6: everyone rolls openly; the best hand starts; tied best re-roll."""
    first = dice_mod.roll_off(state, list(range(state["seats"])), rng, "first_roll")
    events.emit(state, "first_player", seat=first)
    return first


def reset_turn(state: State, seat: int | None) -> None:
    """Clear everything that lives for one turn only."""
    state.update(
        active=seat,
        dice=None,
        free_rerolls=0,
        claim=None,
        call=None,
        caller=None,
        fight=None,
        offer=None,
        moved=False,
        steady=False,
    )


def start_turn(state: State, seat: int, rng: Any) -> None:
    """A new turn: a jailed rider first decides how to leave jail (PEB-28)."""
    reset_turn(state, seat)
    state["turn_no"] += 1
    events.emit(state, "turn", seat=seat, n=state["turn_no"])
    if state["jailed"][seat]:
        state["phase"] = "jail"
        return
    play_turn(state, seat, rng)


def play_turn(state: State, seat: int, rng: Any) -> None:
    """Sacramento's mailboxes (PEB-30, PEB-31), else charity (PEB-7) and the roll (PEB-8)."""
    if state["pos"][seat] == SACRAMENTO:
        state["mailbox"][seat] += 1
        events.emit(state, "mailbox", seat=seat, box=state["mailbox"][seat])
        if state["mailbox"][seat] >= 3:
            win(state, seat, "mailboxes")
        else:
            end_turn(state, rng)
        return
    charity(state, seat)
    state["dice"] = dice_mod.fresh(rng)
    state["free_rerolls"] = 1 if alone_last(state, seat) else 0  # PEB-11
    state["phase"] = "dice"
    events.emit(state, "roll", seat=seat, free_rerolls=state["free_rerolls"])


def pay_bail(state: State, seat: int, rng: Any) -> None:
    """PEB-28: pay 3 gold and play normally (charity applies if that leaves 0)."""
    state["gold"][seat] -= 3
    state["jailed"][seat] = False
    events.emit(state, "bail", seat=seat)
    play_turn(state, seat, rng)


def jail_roll(state: State, seat: int, rng: Any) -> None:
    """PEB-28: two pairs or better escapes and plays now; else the turn is lost and the rider stands up."""
    faces = dice_mod.open_roll(rng)
    hand = hand_of(faces)
    escaped = CATEGORY[hand] >= CATEGORY["two_pairs"]
    state["jailed"][seat] = False
    events.emit(state, "jail_roll", seat=seat, dice=faces, hand=hand, escaped=escaped)
    if escaped:
        play_turn(state, seat, rng)
    else:
        end_turn(state, rng)


def end_turn(state: State, rng: Any) -> None:
    """Clockwise to the next seat; the cup's secrets of this turn are gone."""
    if state["phase"] == "over":
        return
    nxt = (state["active"] + 1) % state["seats"]
    start_turn(state, nxt, rng)


def win(state: State, seat: int, how: str) -> None:
    state.update(phase="over", winner=seat, fight=None, call=None, caller=None, offer=None)
    events.emit(state, "winner", seat=seat, how=how)
