"""HR-4: the simultaneous secret draft, passing left.

Each seat has a packet in front of it. Every seat secretly keeps one card of
its packet (it may change its pick until the last seat has picked); then all
packets pass to the left (seat s -> seat s + 1). The last card of a packet is
kept without asking. Packets and picks are secret: only the holder sees its
packet, only the picker its pick.
"""

from __future__ import annotations

from typing import Any

from engine import errors, events, simultaneous

from .cards import sort_cards


def start_draft(state: dict[str, Any], packets: list[list[str]]) -> None:
    seats = state["seats"]
    state["packets"] = packets
    state["hands"] = [[] for _ in range(seats)]
    state["draft_round"] = 1
    state["picks"] = simultaneous.open_round(seats, list(range(seats)))


def pick(state: dict[str, Any], seat: int, card: Any) -> bool:
    """HR-4: record `seat`'s pick; True when the draft is over (every card kept)."""
    if not isinstance(card, str) or card not in state["packets"][seat]:
        raise errors.illegal("Keep one of the cards in front of you.", card=str(card)[:12])
    if not simultaneous.submit(state["picks"], seat, card):
        return False
    _keep_picks_and_pass(state)
    return state["picks"] is None


def _keep_picks_and_pass(state: dict[str, Any]) -> None:
    seats = state["seats"]
    packets = state["packets"]
    for s, card in enumerate(state["picks"]["submitted"]):
        packets[s].remove(card)
        state["hands"][s] = sort_cards(state["hands"][s] + [card])
    events.emit(state, "draft_pass", round=state["draft_round"], left=len(packets[0]))
    state["packets"] = [packets[(s - 1) % seats] for s in range(seats)]
    state["draft_round"] += 1
    if len(state["packets"][0]) == 1:  # the last card of a packet is kept without asking
        for s in range(seats):
            state["hands"][s] = sort_cards(state["hands"][s] + state["packets"][s])
            state["packets"][s] = []
    if state["packets"][0]:
        state["picks"] = simultaneous.open_round(seats, list(range(seats)))
    else:
        state["picks"] = None
