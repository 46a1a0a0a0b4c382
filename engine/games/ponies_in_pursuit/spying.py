"""PIP-19: pay 5 garnets to see one player's previous-round cards (not move/bet).

Decisions where the spec is silent (docs/rules/ponies_in_pursuit.md):
- the spy's target is known only to the spy: everyone sees that a seat spied
  (its garnets drop), not on whom;
- a spied Wild shows as the Wild with the colour it was declared as, never as
  an ordinary card of that colour.
"""

from __future__ import annotations

from typing import Any

from engine import errors, events

from .submissions import play_colour, play_value

SPY_COST = 5
State = dict[str, Any]


def spy_targets(state: State, seat: int) -> list[int]:
    """Seats `seat` may spy on now: once per round, garnets enough, a previous round to see."""
    if state["spied"][seat] or state["garnets"][seat] < SPY_COST or not state["played"]:
        return []
    last = state["played"][-1]
    return [t for t in range(state["seats"]) if t != seat and last[t]]


def spy(state: State, seat: int, target: int) -> None:
    if target not in spy_targets(state, seat):
        if state["spied"][seat]:
            raise errors.illegal("You have already spied this round.")
        if state["garnets"][seat] < SPY_COST:
            raise errors.illegal("Spying costs 5 garnets.", cost=SPY_COST)
        if not state["played"]:
            raise errors.illegal("There is no previous round to spy on yet.")
        raise errors.illegal("You cannot spy on that player.", target=target)
    state["garnets"][seat] -= SPY_COST
    state["spied"][seat] = True
    of_round = len(state["played"])
    cards = [
        {"card": p["card"], "colour": play_colour(p), "value": play_value(p)}
        for p in state["played"][-1][target]
    ]
    report = {"round": state["round"], "target": target, "of_round": of_round, "cards": cards}
    state["spy_results"][seat].append(report)
    events.emit(state, "spied", seat=seat, round=state["round"])  # not on whom
    events.emit_private(state, [seat], "spy_result", seat=seat, **report)
