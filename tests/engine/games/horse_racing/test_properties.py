"""Whole games: random play ends and conserves chips, replay is exact, secrets stay, the bot plays well."""

import copy
import random

import pytest

import engine
from bench.bot_vs_random import measure
from tests.engine.games.horse_racing.helpers import GAME, race_state
from tests.utils.play import assert_json_state, play_bots, play_random, replay


@pytest.mark.parametrize(
    "seats, options",
    [
        (4, {}),
        (5, {"scratch": "orbit", "board": "classic"}),
        (6, {"races": 2, "base_ante": 2, "jockey_ante": 0}),
        (7, {"board": "short"}),
        (8, {"scratch": "orbit"}),
        (9, {"board": "even-c"}),
        (10, {}),
        (11, {"board": [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]}),
        (12, {"starting_chips": 5}),
    ],
)
def test_random_play_ends_accepts_every_listed_action_and_conserves_chips(seats, options):
    """HR-3..HR-19 together: every listed action is accepted (play_random checks) and chips never vanish."""
    state, log = play_random(GAME, seats, seed=seats * 7, options=options, chooser_seed=seats)
    assert engine.is_over(state)
    assert_json_state(state)
    start = state["options"]["starting_chips"]
    assert sum(state["chips"]) == seats * start
    for record in state["results"]:
        assert sum(record["chips"]) == seats * start
    assert engine.result(state)["scores"] == state["chips"]


def test_replay_is_exact():
    options = {"races": 2, "scratch": "orbit"}
    state, log = play_random(GAME, 4, seed=99, options=options, chooser_seed=4)
    again = replay(GAME, 4, 99, options, log)
    assert again == state
    assert engine.setup(GAME, options, 4, 98) != engine.setup(GAME, options, 4, 99)


def test_hands_are_secret_during_the_race():
    """HR-4 / who sees what: two races differing only in seat 0's hand look the same to everyone else."""
    a = race_state(hands=[["K", "5"], ["2"], ["A"], []], scratched={7: 1, 8: 2, 9: 3, 6: 4})
    b = copy.deepcopy(a)
    b["hands"][0] = ["Joker", "Q"]
    for seat in (None, 1, 2, 3):
        assert engine.view(a, seat) == engine.view(b, seat)
    assert engine.view(a, 0)["hand"] == ["K", "5"] and engine.view(a, None)["hand"] is None
    assert engine.view(a, 1)["hand_sizes"] == [2, 1, 1, 0]
    assert "rng" not in engine.view(a, 1) and "set_aside" not in engine.view(a, 1)


def test_no_view_ever_holds_another_seats_cards_in_a_whole_game():
    """Every view along a random game: a seat's own cards only, hands public only in finished races."""
    state = engine.setup(GAME, {"races": 2}, 4, seed=17)
    chooser = random.Random(2)
    while not engine.is_over(state):
        for seat in (None, 0, 1, 2, 3):
            seen = engine.view(state, seat)
            if seat is None:
                assert seen["hand"] is None and seen["packet"] is None and seen["pick"] is None
            else:
                assert seen["hand"] == state["hands"][seat]
            assert all("to" not in e or seat in e["to"] for e in seen["log"])
        mover = chooser.choice(engine.to_act(state))
        state = engine.apply(state, mover, chooser.choice(engine.legal_actions(state, mover)))


@pytest.mark.parametrize("seats", [4, 7, 12])
def test_bots_play_whole_games(seats):
    state = play_bots(GAME, seats, seed=seats, options={"races": 2})
    assert engine.is_over(state)
    assert sum(state["chips"]) == seats * 80


@pytest.mark.slow  # statistical: many whole games
def test_bot_beats_random_drafting_and_playing():
    """The bot (one seat) against random players, paired seeds: it wins clearly more chips per race."""
    result = measure(4, games=300, first_seed=1000)
    assert result["diff_mean"] > 3 * result["diff_se"] > 0
    assert result["bot_mean"] > result["random_mean"] + 5
    assert result["bot_ahead"] > result["random_ahead"] + 0.15


def test_timeout_and_bot_actions_are_listed_actions():
    state = engine.setup(GAME, {}, 5, seed=3)
    rng = random.Random(1)
    for _ in range(300):
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        action = engine.timeout_action(state, seat, rng)
        assert action in engine.legal_actions(state, seat)
        state = engine.apply(state, seat, action)
