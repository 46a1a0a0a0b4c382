"""Resolving a round: moves, bets, finishes and private discards (PIP-8 to PIP-14).

The state keys this module owns (all lists indexed by seat or by pony in
PONIES order):
- `round` (1-based), `positions`, `finish_order` (colours);
- `hands`, `stakes` (chips bet per pony), `bet_cards` (cards bet per pony);
- `sub`: the simultaneous-submission slot of the open round;
- `played`: per finished round, every seat's submission (secret until the end);
- `history`: per finished round, its public outcome;
- `spied` (this round), `spy_results` and `garnets` belong to `spying`.
"""

from __future__ import annotations

from typing import Any

from engine import events, simultaneous

from .cards import DISTANCE, PONIES, WILD, by_pony, colour_of
from .submissions import play_colour, play_value

State = dict[str, Any]


def open_round(state: State) -> None:
    """PIP-6: a seat with an empty hand is not awaited."""
    awaited = [s for s, hand in enumerate(state["hands"]) if hand]
    state["sub"] = simultaneous.open_round(state["seats"], awaited)
    state["spied"] = [False] * state["seats"]


def finished(state: State) -> list[str]:
    return list(state["finish_order"])


def resolve(state: State) -> None:
    """Resolve the open round once every awaited seat is in: bets, moves, finishes, discards.

    Only the public outcome (steps each pony actually went, positions, finishers) is announced.
    """
    submissions = state["sub"]["submitted"]
    moves = [0] * len(PONIES)
    for seat, plays in enumerate(submissions):
        for play in plays or []:
            pony = PONIES.index(play_colour(play))
            state["hands"][seat].remove(play["card"])
            if play["use"] == "move":
                moves[pony] += play_value(play)  # PIP-9: moves of one colour add up
            else:
                state["stakes"][seat][pony] += play_value(play)  # PIP-10
                state["bet_cards"][seat][pony] += 1
    before = list(state["positions"])
    newly = advance_ponies(state, moves)
    discard_finished(state, newly)
    state["played"].append([list(plays) if plays else [] for plays in submissions])
    # Public: how far each pony actually went. Movement past the finish line is not
    # counted, so an overshoot never tells which cards moved it (Blue 2 or Blue 1).
    moved = [after - start for after, start in zip(state["positions"], before, strict=True)]
    outcome = {
        "round": state["round"],
        "moves": by_pony(moved),
        "positions": by_pony(state["positions"]),
        "finished": newly,
    }
    state["history"].append(outcome)
    events.emit(state, "round_resolved", **outcome)
    if is_last_round(state):
        state["over"] = True
    else:
        state["round"] += 1
        open_round(state)


def advance_ponies(state: State, moves: list[int]) -> list[str]:
    """PIP-11/PIP-12: move ponies; those reaching their distance finish, longer tracks first."""
    newly = []
    for pony, colour in enumerate(PONIES):
        if colour in state["finish_order"] or not moves[pony]:
            continue
        state["positions"][pony] = min(DISTANCE[colour], state["positions"][pony] + moves[pony])
        if state["positions"][pony] >= DISTANCE[colour]:
            newly.append(colour)
    newly.sort(key=lambda c: DISTANCE[c], reverse=True)
    state["finish_order"].extend(newly)
    return newly


def discard_finished(state: State, colours: list[str]) -> None:
    """PIP-13: every seat privately discards its cards of a finished colour (Wilds stay)."""
    if not colours:
        return
    for seat, hand in enumerate(state["hands"]):
        gone = [c for c in hand if c != WILD and colour_of(c) in colours]
        if not gone:
            continue
        state["hands"][seat] = [c for c in hand if c not in gone]
        events.emit_private(state, [seat], "discarded", seat=seat, round=state["round"], cards=gone)


def is_last_round(state: State) -> bool:
    """PIP-14: after the last round, or when every pony has finished.

    Also when no seat holds a card any more (nobody could play on).
    """
    return (
        state["round"] >= state["options"]["rounds"]
        or len(state["finish_order"]) == len(PONIES)
        or not any(state["hands"])
    )
