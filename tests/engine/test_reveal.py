"""engine.reveal_view: the spectator's view plus every seat's secrets and the whole log (replays)."""

from __future__ import annotations

import pytest

import engine
from engine.registry import GAMES
from tests.utils.play import play_random


@pytest.mark.parametrize("game", sorted(GAMES))
def test_reveal_view_holds_every_seats_own_view(game):
    seats = max(GAMES[game].min_seats, min(GAMES[game].max_seats, 3))
    final, log = play_random(game, seats, seed=11)
    state = engine.setup(game, None, seats, 11)
    for number, (seat, action) in enumerate(log):
        if number % 5 == 0:
            revealed = engine.reveal_view(state)
            spectator = engine.view(state, None)
            assert revealed["log"] == state["log"]  # private events too
            assert {k: v for k, v in revealed.items() if k not in ("log", "secrets")} == {
                k: v for k, v in spectator.items() if k != "log"
            }
            for s in range(seats):
                own = engine.view(state, s)
                merged = {**spectator, **revealed["secrets"][s]}
                assert {k: merged[k] for k in own if k not in ("you", "log")} == {
                    k: v for k, v in own.items() if k not in ("you", "log")
                }
        state = engine.apply(state, seat, action)
    assert state == final


def test_reveal_view_shows_a_hand_nobody_else_sees():
    state = engine.setup("ponies_in_pursuit", None, 3, 4)
    revealed = engine.reveal_view(state)
    assert engine.view(state, None)["hand"] is None
    assert [s["hand"] for s in revealed["secrets"]] == [engine.view(state, s)["hand"] for s in range(3)]
    assert all(s["hand"] for s in revealed["secrets"])
