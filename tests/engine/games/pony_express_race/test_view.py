"""Who sees what: hands and race cards stay with their owner until the end (spec table)."""

import copy

import engine

from .helpers import act, fresh, race_state


def assert_same_for_others(game_a, game_b, secret_seat, seats):
    for seat in [None, *[s for s in range(seats) if s != secret_seat]]:
        assert engine.view(game_a, seat) == engine.view(game_b, seat), f"seat {seat} sees the secret"


def test_hands_and_undealt_cards_are_hidden():
    base = fresh(2, 21)
    other = copy.deepcopy(base)
    mine = other["hands"][0]
    spare = next(c for c in mine if c not in base["hands"][1])
    mine[mine.index(spare)], other["leftover"][0] = other["leftover"][0], spare
    other["hands"][0].sort()
    assert base["hands"][0] != other["hands"][0]
    assert_same_for_others(base, other, 0, 2)
    assert engine.view(base, 0)["hand"] != engine.view(other, 0)["hand"]
    common = next(c for c in base["hands"][0] if c in other["hands"][0])
    for game in (base, other):
        game = act(game, {"type": "bet", "horse": 2})
        game = act(game, {"type": "play", "card": common, "horse": 3})
    assert_same_for_others(base, other, 0, 2)
    spectator = engine.view(base, None)
    assert spectator["hand"] is None and "rng" not in spectator and "leftover" not in spectator


def test_race_card_played_face_down_is_hidden_until_the_end():
    start = race_state(3)
    games = []
    for card in ("black-5", "black-6"):
        game = act(start, {"type": "ride", "card": card})
        assert engine.view(game, 0)["ride"]["card"] == card
        games.append(game)
    assert_same_for_others(games[0], games[1], 0, 3)
    games = [act(g, {"type": "pace", "push": False}) for g in games]
    assert games[0]["race"]["pos"] == games[1]["race"]["pos"]
    assert_same_for_others(games[0], games[1], 0, 3)
    assert engine.view(games[0], 0)["race_played_own"][0] == ["black-5"]
    assert engine.view(games[0], 1)["race_played_own"][0] is None
    assert engine.view(games[0], 0)["horses"][0]["race_played"] is None  # the public part


def test_race_cards_revealed_after_the_race():
    state = race_state(3, positions=[19, 19, 18, 2, 2, 2, 2], places=[1, 0], track=3)
    state = act(state, {"type": "ride", "card": "black-6"})
    spectator = engine.view(state, None)
    assert spectator["result"]["revealed"]["race_cards"] == [{"round": 1, "horse": 2, "card": "black-6"}]
    assert {"e": "race_card", "to": [2], "horse": 2, "card": "black-6"} in spectator["log"]
    assert spectator["horses"][2]["race_played"] == ["black-6"]


def test_greenhorn_pile_order_is_hidden():
    owners = [0, 1, 0, None, 1, 0, 1]
    pile = ["black-5", "black-6", "black-7", "red-8", "blue-9", "yellow-4"]
    a = race_state(2, owners=owners, piles={3: pile})
    b = race_state(2, owners=owners, piles={3: list(reversed(pile))})
    for seat in (None, 0, 1):
        assert engine.view(a, seat) == engine.view(b, seat)
