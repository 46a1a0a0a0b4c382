"""Riders on the trail: moving, gold, jail, last place and who may call (PEB-7, PEB-11, PEB-13, PEB-27)."""

from __future__ import annotations

from typing import Any

from engine import events

from .board import DESERT_START, SACRAMENTO
from .items import use

State = dict[str, Any]


def step(state: State, seat: int, spaces: int, by: str) -> int:
    """Move a rider forward (never past Sacramento) or back (never before space 1)."""
    start = state["pos"][seat]
    end = max(1, min(SACRAMENTO, start + spaces))
    state["pos"][seat] = end
    events.emit(state, "move", seat=seat, from_space=start, to_space=end, by=by)
    return end


def others_standing(state: State, seat: int) -> list[int]:
    """Every other rider not in jail (PEB-27: jailed riders are ignored)."""
    return [s for s in range(state["seats"]) if s != seat and not state["jailed"][s]]


def on_space(state: State, seat: int) -> list[int]:
    """Other standing riders on `seat`'s space (PEB-18)."""
    return [s for s in others_standing(state, seat) if state["pos"][s] == state["pos"][seat]]


def eligible_callers(state: State, seat: int) -> list[int]:
    """PEB-13: riders on the active rider's space, else the nearest rider(s) either way; jailed ignored."""
    others = others_standing(state, seat)
    if not others:
        return []
    here = state["pos"][seat]
    nearest = min(abs(state["pos"][s] - here) for s in others)
    return [s for s in others if abs(state["pos"][s] - here) == nearest]


def alone_last(state: State, seat: int) -> bool:
    """PEB-11: strictly behind every other rider."""
    return all(state["pos"][seat] < state["pos"][s] for s in range(state["seats"]) if s != seat)


def reroll_price(state: State, seat: int) -> int:
    """PEB-9: 1 gold, 2 from the desert (space 25) on."""
    return 2 if state["pos"][seat] >= DESERT_START else 1


def charity(state: State, seat: int) -> None:
    """PEB-7: a rider with no gold at the start of its turn takes 1."""
    if state["gold"][seat] == 0:
        state["gold"][seat] = 1
        events.emit(state, "charity", seat=seat)


def send_to_jail(state: State, seat: int, reason: str) -> bool:
    """PEB-27 / PEB-29: jail the rider unless it holds a Sheriff's Pardon (played automatically).

    Returns True when the rider is now in jail.
    """
    if "sheriffs_pardon" in state["items"][seat]:
        use(state, seat, "sheriffs_pardon")
        events.emit(state, "pardon", seat=seat, reason=reason)
        return False
    state["jailed"][seat] = True
    events.emit(state, "jail", seat=seat, reason=reason)
    return True


def take(state: State, payer: int, amount: int) -> int:
    """Take up to `amount` from a rider; return what was actually paid."""
    paid = min(amount, state["gold"][payer])
    state["gold"][payer] -= paid
    return paid
