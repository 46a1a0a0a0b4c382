"""When each game's tote closes (engine/tote/closing.py): open at the start, closed at the
game's point (docs/rules/<game>.md) and at the end, never open again once closed, and decided
from the public record alone: a state with the same public record and other secrets (hands,
cups redrawn, sealed submissions withdrawn: engine.odds.determinize) is open or closed alike."""

from __future__ import annotations

import random

import pytest

import engine
from engine.odds.determinize import determinize
from engine.tote import tote_open
from engine.tote.closing import CLOSED
from tests.engine import contract

SHIPPED = ["horse_racing", "ponies_in_pursuit", "pony_express_bluff", "pony_express_race"]


@pytest.mark.parametrize("game_id", SHIPPED)
def test_open_at_the_start_closed_at_the_games_point_and_never_open_again(game_id):
    assert game_id in CLOSED
    seats = max(engine.registry.GAMES[game_id].min_seats, 3)
    for seed in (1, 2, 3):
        states = [state for state, _seat, _rng in contract.states_along(game_id, seats, seed)]
        flags = [tote_open(state) for state in states]
        assert flags[0] is True
        assert flags[-1] is False and engine.is_over(states[-1])
        closed_at = flags.index(False)
        assert not any(flags[closed_at:]), "a closed tote opened again"
        assert CLOSED[game_id](states[closed_at]) or engine.is_over(states[closed_at])


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_closing_point_depends_on_the_public_record_only(game_id):
    seats = max(engine.registry.GAMES[game_id].min_seats, 3)
    rng = random.Random(7)
    compared = 0
    for seed in (1, 2):
        states = [state for state, _seat, _rng in contract.states_along(game_id, seats, seed)]
        for state in contract.spread(states, 12):
            for _ in range(3):
                other = determinize(state, rng)
                assert tote_open(other) == tote_open(state)
                compared += 1
    assert compared > 0
