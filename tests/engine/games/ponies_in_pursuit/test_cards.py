"""Components: ponies, tracks, cards, garnets (PIP-1, PIP-2, PIP-3)."""

import engine
from engine.games.ponies_in_pursuit.cards import DISTANCE, PONIES, STARTING_HAND, value_of

from .helpers import new_game


def test_pip_1_five_ponies_with_their_distances_start_at_zero():
    view = engine.view(new_game(), None)
    assert [(p["colour"], p["distance"], p["position"]) for p in view["ponies"]] == [
        ("white", 4, 0),
        ("red", 5, 0),
        ("blue", 8, 0),
        ("black", 9, 0),
        ("yellow", 12, 0),
    ]
    assert PONIES == ("white", "red", "blue", "black", "yellow")
    assert DISTANCE["yellow"] == 12


def test_pip_2_every_player_gets_the_same_twelve_cards():
    state = new_game(3)
    for seat in range(3):
        hand = engine.view(state, seat)["hand"]
        assert len(hand) == 12
        assert sorted(hand) == sorted(STARTING_HAND)
    counts = {card: STARTING_HAND.count(card) for card in set(STARTING_HAND)}
    assert counts == {
        "white1": 1,
        "red1": 2,
        "blue1": 1,
        "blue2": 1,
        "black1": 2,
        "black2": 1,
        "yellow1": 1,
        "yellow2": 2,
        "wild": 1,
    }
    assert sum(value_of(c) for c in STARTING_HAND) == 16
    assert engine.view(state, None)["hand_sizes"] == [12, 12, 12]


def test_pip_3_purse_of_garnets_option_and_zero_turns_spying_off():
    assert engine.view(new_game(4), None)["garnets"] == [10] * 4
    rich = new_game(3, garnets=20)
    assert engine.view(rich, 1)["garnets"] == [20] * 3
    poor = new_game(2, garnets=0)
    poor = engine.apply(
        poor,
        0,
        {"type": "submit", "cards": [{"card": "white1", "use": "bet"}, {"card": "red1", "use": "bet"}]},
    )
    poor = engine.apply(
        poor,
        1,
        {"type": "submit", "cards": [{"card": "white1", "use": "bet"}, {"card": "red1", "use": "bet"}]},
    )
    assert engine.view(poor, 0)["round"] == 2
    assert not [a for a in engine.legal_actions(poor, 0) if a["type"] == "spy"]
