"""Shared set-ups for the Horse Racing tests: scripted dice and race states built by hand."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.games.horse_racing import race
from engine.rng import Rng

GAME = "horse_racing"


REAL_ROLL = Rng.roll


class ScriptedDice:
    """Replaces Rng.roll: once `script(...)` is called, hands out those rolls in order.

    Before that the seeded dice roll as usual (set-ups run on them).
    """

    def __init__(self) -> None:
        self.rolls: list[list[int]] = []
        self.armed = False

    def script(self, *rolls: list[int]) -> None:
        self.rolls = [list(r) for r in rolls]
        self.armed = True

    def __call__(self, rng: Rng, count: int, sides: int = 6) -> list[int]:
        if not self.armed:
            return REAL_ROLL(rng, count, sides)
        assert self.rolls, "the test ran out of scripted dice"
        roll = self.rolls.pop(0)
        assert len(roll) == count, f"scripted {roll} but the game rolled {count} dice"
        return list(roll)


@pytest.fixture
def dice(monkeypatch) -> ScriptedDice:
    scripted = ScriptedDice()
    monkeypatch.setattr(Rng, "roll", lambda rng, count, sides=6: scripted(rng, count, sides))
    return scripted


def finish_draft(state: dict[str, Any]) -> dict[str, Any]:
    """Every seat keeps the first card offered until the draft ends."""
    while state["phase"] == "draft":
        for seat in engine.to_act(state):
            state = engine.apply(state, seat, engine.legal_actions(state, seat)[0])
            if state["phase"] != "draft":
                break
    return state


def race_state(
    seats: int = 4,
    hands: list[list[str]] | None = None,
    scratched: dict[int, int] | None = None,
    positions: dict[int, int] | None = None,
    active: int = 1,
    options: dict[str, Any] | None = None,
    seed: int = 3,
    chips: int | None = None,
) -> dict[str, Any]:
    """A race under way with the given hands, scratches ({horse: position}) and positions.

    The draft and scratches here run on the seeded dice; script dice after.
    """
    state = engine.setup(GAME, options or {}, seats, seed)
    state = finish_draft(state)
    assert state["phase"] == "race"
    if hands is not None:
        state["hands"] = [list(h) for h in hands]
    if scratched is not None:
        state["scratched"] = [0] * 11
        for horse, position in scratched.items():
            state["scratched"][horse - 2] = position
    state["positions"] = [0] * 11
    for horse, steps in (positions or {}).items():
        state["positions"][horse - 2] = steps
    state["chips"] = [state["options"]["starting_chips"] if chips is None else chips] * seats
    state["race_pot"] = 0
    state["jockey_pot"] = 0
    state["advantage"] = [0] * seats
    race.new_turn(state, active)
    return state


def act(state: dict[str, Any], seat: int, **action: Any) -> dict[str, Any]:
    return engine.apply(state, seat, action)


def events(state: dict[str, Any], name: str) -> list[dict[str, Any]]:
    return [e for e in state["log"] if e["e"] == name]
