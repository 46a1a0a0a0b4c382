"""PER-30..PER-32: prizes to owners, bet payouts by final row and place, the winner."""

from __future__ import annotations

from typing import Any

from engine import events

from .cards import HORSE_COUNT
from .odds import payout

PRIZES = (15, 10, 5)


def settle(state: dict[str, Any]) -> None:
    """PER-30 prizes, PER-31 bets; the game is over afterwards."""
    prizes = []
    for place, horse in enumerate(state["places"], start=1):
        owner = state["owners"][horse]
        if owner is not None:
            state["chips"][owner] += PRIZES[place - 1]
            prizes.append({"seat": owner, "horse": horse, "place": place, "chips": PRIZES[place - 1]})
    paid = []
    for seat, seat_bets in enumerate(state["bets"]):
        for horse in range(HORSE_COUNT):
            stake = seat_bets[horse]
            if not stake:
                continue
            finish = state["places"].index(horse) + 1 if horse in state["places"] else None
            row = state["horses"][horse]["row"]
            chips = payout(stake, row, finish)
            state["chips"][seat] += chips
            paid.append(
                {"seat": seat, "horse": horse, "stake": stake, "row": row, "place": finish, "paid": chips}
            )
    state["settlement"] = {"prizes": prizes, "bets": paid}
    state["phase"] = "over"
    events.emit(state, "settled", chips=list(state["chips"]), places=list(state["places"]))


def winners(chips: list[int]) -> list[int]:
    """PER-32: most chips wins; ties share."""
    best = max(chips)
    return [seat for seat, c in enumerate(chips) if c == best]
