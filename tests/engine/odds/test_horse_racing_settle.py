"""Horse Racing's last race worked out (engine/odds/horse_racing_settle.py), against answers
computed by hand from HR-16..HR-18."""

from __future__ import annotations

from typing import Any

import pytest

from engine.odds import horse_racing_settle
from tests.engine import contract


def race_state() -> dict[str, Any]:
    for state, _seat, _rng in contract.states_along("horse_racing", 4, 1):
        if state["phase"] == "race":
            return {**state, "log": []}
    raise AssertionError("no race in the game")


def table(state: dict[str, Any]) -> dict[str, Any]:
    # Chips 80 each, a race pot of 20 and a jockey pot of 8. Seat 0 holds two 5s, seat 1 one
    # 5, seat 2 a King (2 chips into the pot at the end, HR-16), seat 3 nothing of use.
    return {
        **state,
        "chips": [80, 80, 80, 80],
        "race_pot": 20,
        "jockey_pot": 8,
        "hands": [["5", "5"], ["5"], ["K"], ["9"]],
        "options": {**state["options"], "base_ante": 1},
    }


def test_the_winning_horse_known_the_jockey_decides_by_hand():
    # Horse 5 wins: pot 20 + 2 = 22 in 3 shares of 7, remainder 1 to the jockey with the
    # jockey pot (9 in all). Chips: seat 0 94, seat 1 87, seat 2 78, seat 3 80, plus 9 for the
    # jockey: seat 0 wins unless seat 1 is the jockey (96 > 94). Each seat is the jockey alike.
    horses = [0.0] * 11
    horses[5 - 2] = 1.0
    chances = horse_racing_settle.seat_chances(table(race_state()), horses)
    assert chances == pytest.approx([0.75, 0.25, 0.0, 0.0])


def test_a_horse_nobody_holds_pays_the_jockey_everything():
    # Half the time horse 12 wins, held by nobody: the whole pot (22) and the jockey pot go to
    # the jockey, who wins whoever it is (a quarter each); the other half as above.
    horses = [0.0] * 11
    horses[5 - 2], horses[12 - 2] = 0.5, 0.5
    chances = horse_racing_settle.seat_chances(table(race_state()), horses)
    assert chances == pytest.approx([0.5, 0.25, 0.125, 0.125])


def test_a_horse_at_its_finish_wins_the_dice_race():
    state = race_state()
    racing = next(i for i in range(11) if not state["scratched"][i])
    positions = list(state["positions"])
    positions[racing] = state["board"][racing]
    chances = horse_racing_settle.horse_chances({**state, "positions": positions}, "seed")
    assert chances[racing] == pytest.approx(1.0)
    assert sum(chances) == pytest.approx(1.0)
