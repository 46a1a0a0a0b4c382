"""The bot: legal, sensible choices from its own view; it beats random bettors/riders."""

import random

import pytest

import engine
from bench.bots import play
from engine.games.pony_express_race.bot import choose_pace, choose_ride, pace_value
from tests.utils.play import play_bots

from .helpers import GAME, act, race_state


def test_bots_finish_games_with_legal_actions_in_every_variant():
    for options in ({}, {"opening_odds": "chosen", "track_choice": True}, {"movement": "alternative"}):
        state = play_bots(GAME, 4, seed=3, options=options)
        assert engine.is_over(state)


def test_bot_pace_follows_expected_progress():
    assert pace_value(0.9, 1, 19, "fast") > 2.4  # push fast and risky with a 9
    assert pace_value(0.3, 1, 19, "fast") == 1  # a 3 is not worth the risk
    state = race_state(2, rolls=[1])
    state = act(state, {"type": "ride", "card": "blue-9"})
    assert choose_pace(engine.view(state, 0)) is True
    low = act(race_state(2), {"type": "ride", "card": "black-5"})
    assert choose_pace(engine.view(low, 0)) is False  # 0.5 x 2 is no better than a sure 1
    near = act(race_state(2, positions=[17, 0, 0, 0, 0, 0, 0]), {"type": "ride", "card": "black-6"})
    assert choose_pace(engine.view(near, 0)) is True  # 0.6 x 2 (town) beats a sure 1


def test_bot_plays_a_colour_match_when_it_can():
    state = race_state(2, positions=[1, 0, 0, 0, 0, 0, 0])  # blue space
    view = engine.view(state, 0)
    action = choose_ride(view, engine.legal_actions(state, 0))
    assert action["card"] == "blue-9"


def test_bot_uses_its_own_view_only():
    games = []
    for secret in ("black-5", "black-6"):  # the card seat 1 played face down on Beige
        state = race_state(2)
        hand = state["race"]["hand"][1]
        hand.remove(secret)
        state["race"]["played"][1] = [secret]
        games.append(state)
    assert games[0] != games[1]
    choices = [engine.bot_action(g, 0, random.Random(1)) for g in games]
    assert choices[0] == choices[1]
    assert choices[0] in engine.legal_actions(games[0], 0)


@pytest.mark.slow  # statistical: many whole games
def test_bot_beats_random_bettors_and_riders():
    games, share = 12, 0.0
    for g in range(games):
        seats = 3
        bot_seat = g % seats
        rng = random.Random(g)
        state = engine.setup(GAME, None, seats, 500 + g)
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            if seat == bot_seat:
                action = engine.bot_action(state, seat, rng)
            else:
                action = rng.choice(engine.legal_actions(state, seat))
            state = engine.apply(state, seat, action)
        winners = engine.result(state)["winners"]
        share += (bot_seat in winners) / len(winners)
    assert share / games > 0.6  # fair share is 1/3; bench/RESULTS-per.md has the long run


def test_timeout_plays_the_bots_legal_choice_in_every_decision():
    state = race_state(2, rolls=[9])
    for expected in ("ride", "pace", "dice_card"):
        seat = engine.to_act(state)[0]
        action = engine.timeout_action(state, seat, random.Random(2))
        assert action["type"] == expected and action in engine.legal_actions(state, seat)
        if expected == "pace":
            action = {"type": "pace", "push": True}  # force the failed roll to reach the dice card
        state = engine.apply(state, seat, action)
        if expected == "ride":
            state["race"]["turn"]["card"] = "black-5"


def test_game_is_described_with_its_options():
    (described,) = [g for g in engine.describe_games() if g["id"] == GAME]
    assert (described["min_seats"], described["max_seats"]) == (2, 6)
    names = {o["name"]: o for o in described["options"]}
    assert names["opening_odds"]["choices"] == ["standard", "random", "chosen", "first-card"]
    assert names["movement"]["choices"] == ["standard", "alternative"]
    assert names["track_choice"]["default"] is False


@pytest.mark.slow  # statistical: many whole games
def test_bot_beats_a_player_who_always_bets_the_favourite_at_two_seats():
    """Issue 21: at 2 seats against "always bet the favourite" (bench/opponents.py, riding like
    the bot) the bot wins clearly more than half (bench/RESULTS-bots.md has the 1,000-game row)."""
    games = 200
    share = sum(play("per", 2, "favourite-bettor", seed)[0] for seed in range(5000, 5000 + games))
    assert share / games > 0.56
