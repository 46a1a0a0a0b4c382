"""Whole games: random play accepted to the end, invariants, replay, refusals."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import errors
from engine.games.pony_express_race.cards import full_deck
from tests.utils.play import assert_json_state, play_random, replay

from .helpers import GAME, act, fresh

VARIANTS = [
    {},
    {"opening_odds": "random"},
    {"opening_odds": "chosen", "first_player": 1},
    {"opening_odds": "first-card", "movement": "alternative"},
    {"track_choice": True},
    {"movement": "alternative", "track_choice": True},
]


def cards_everywhere(state):
    cards = [c for slot in state["horses"] for c in slot["cards"]]
    cards += [c for hand in state["hands"] for c in hand] + state["leftover"] + state.get("pack", [])
    return Counter(cards)


def checking_chooser(state, seat, actions, rng):
    """Random choice, checking what stage 1 conserves: chips and cards."""
    if state["race"] is None:
        assert all(state["chips"][s] + sum(state["bets"][s]) == 15 for s in range(state["seats"]))
        assert cards_everywhere(state) == Counter(full_deck())
    else:
        race = state["race"]
        for horse in range(7):
            held = race["hand"][horse] + race["played"][horse]
            assert sorted(held) == sorted(state["horses"][horse]["cards"])
    return rng.choice(actions)


@pytest.mark.parametrize(
    "options, seats", [(VARIANTS[i], 2 + i % 5) for i in range(len(VARIANTS))] + [({}, 6), ({}, 3)]
)
def test_random_games_end_with_every_listed_action_accepted(options, seats):
    state, log = play_random(GAME, seats, seed=seats * 31, options=options, choose=checking_chooser)
    assert engine.is_over(state)
    assert_json_state(state)
    assert len(state["places"]) == 3
    assert all(len(slot["cards"]) == 6 for slot in state["horses"])
    bets = state["bets"]
    assert all(sum(b) == 15 for b in bets)
    settlement = state["settlement"]
    paid = sum(b["paid"] for b in settlement["bets"]) + sum(p["chips"] for p in settlement["prizes"])
    assert sum(state["chips"]) == paid


def test_replay_gives_the_same_game():
    options = {"track_choice": True}
    final, log = play_random(GAME, 3, seed=77, options=options, chooser_seed=5)
    assert replay(GAME, 3, 77, options, log) == final
    other, _ = play_random(GAME, 3, seed=78, options=options, chooser_seed=5)
    assert other != final


def test_refusals_are_clear_and_change_nothing():
    state = fresh(3, 5)
    for seat, action, code in [
        (1, {"type": "bet", "horse": 0}, errors.NOT_YOUR_TURN),
        (0, {"type": "fly"}, errors.BAD_ACTION),
        (0, {"type": "bet", "horse": 9}, errors.BAD_ACTION),
        (0, {"type": "bet"}, errors.BAD_ACTION),
        (0, {"type": "ride", "card": "black-1"}, errors.ILLEGAL_ACTION),
    ]:
        with pytest.raises(engine.EngineError) as info:
            engine.apply(state, seat, action)
        assert info.value.code == code and info.value.message.endswith(".")
    state = act(state, {"type": "bet", "horse": 1})
    with pytest.raises(engine.EngineError) as info:
        act(
            state,
            {"type": "play", "card": "black-1", "horse": 1}
            if "black-1" not in state["hands"][0]
            else {"type": "play", "card": "red-0", "horse": 1},
        )
    assert "not in your hand" in info.value.message


@settings(max_examples=4, deadline=None)
@given(
    seats=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=10**6),
    options=st.sampled_from(VARIANTS),
)
def test_property_any_seed_any_variant_plays_to_the_end(seats, seed, options):
    state, log = play_random(
        GAME, seats, seed=seed, options=options, chooser_seed=seed, choose=checking_chooser
    )
    assert engine.is_over(state) and len(state["places"]) == 3
    winners = engine.result(state)["winners"]
    assert winners and all(state["chips"][w] == max(state["chips"]) for w in winners)
