"""Steady live odds (engine/odds/estimate.py): the same public record gives the same numbers,
computed afresh; a sealed step that does not close its round keeps them exactly; the playouts'
random streams are the same at every update of a room (common random numbers)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.odds import estimate
from engine.odds.estimate import forget, stream_seed
from tests.engine import contract

FEW = 8


def fresh(state: dict[str, Any]) -> dict[str, float]:
    forget()
    return estimate(state, FEW).chances


def sealed_steps(game_id: str, seats: int, seed: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(state, next state) where the step is a sealed move and the round stays open."""
    moves = engine.registry.GAMES[game_id].moves.by_type
    states = list(contract.states_along(game_id, seats, seed))
    out = []
    for (before, seat, _rng), (after, _s, _r) in zip(states, states[1:], strict=False):
        if seat is None:
            continue
        closed = {"round_resolved", "draft_pass"} & {e.get("e") for e in after["log"][len(before["log"]) :]}
        if closed:
            continue
        last = _last_action(before, after, seat)
        if last is not None and moves[last].sealed:
            out.append((before, after))
    return out


def _last_action(before: dict[str, Any], after: dict[str, Any], seat: int) -> str | None:
    """The sealed move a step made, told apart by which seat's sealed slot filled."""
    for key in ("sub", "picks"):
        slot_b, slot_a = before.get(key), after.get(key)
        if not (isinstance(slot_b, dict) and isinstance(slot_a, dict)):
            continue
        same_round = slot_b.get("awaited") == slot_a.get("awaited")
        if same_round and slot_b["submitted"][seat] is None and slot_a["submitted"][seat] is not None:
            return "submit" if key == "sub" else "pick"
    return None


@pytest.mark.parametrize("game_id", ["ponies_in_pursuit", "horse_racing"])
def test_a_sealed_step_that_leaves_the_round_open_keeps_the_numbers(game_id):
    seats = 4
    compared = 0
    for seed in (1, 2):
        for before, after in sealed_steps(game_id, seats, seed)[:4]:
            assert contract_public(before) != contract_public(after)  # who has sealed shows
            assert fresh(after) == fresh(before), f"{game_id}: a sealed step moved the odds"
            compared += 1
    assert compared >= 2


def contract_public(state: dict[str, Any]) -> Any:
    return engine.view(state, None, with_log=False)


SHIPPED = ["ponies_in_pursuit", "horse_racing", "pony_express_bluff", "pony_express_race"]


@pytest.mark.parametrize("game_id", SHIPPED)
def test_same_state_same_numbers_and_one_stream_per_room(game_id):
    states = [s for s, _seat, _rng in contract.states_along(game_id, 4, 7)]
    middle = states[len(states) // 2]
    assert fresh(middle) == fresh(middle)
    assert estimate(middle, FEW) == estimate(middle, FEW)  # the memo answers the same
    assert len({stream_seed(s) for s in states}) == 1


def test_a_spy_keeps_the_numbers_in_ponies_in_pursuit():
    """Spying (PIP-19) shows only garnets going down: nothing a playout reads."""
    compared = 0
    for seed in (1, 2, 3):
        for state, seat, _rng in contract.states_along("ponies_in_pursuit", 4, seed):
            if seat is None or compared >= 3:
                continue
            spies = [a for a in engine.legal_actions(state, seat) if a["type"] == "spy"]
            if not spies:
                continue
            after = engine.apply(state, seat, spies[0])
            assert contract_public(after) != contract_public(state)
            assert fresh(after) == fresh(state)
            forget()
            assert estimate(after, FEW) == estimate(state, FEW)
            compared += 1
    assert compared == 3
