"""Resolving rounds: secrecy, moves, bets, finishes, discards, the end (PIP-8 to PIP-14)."""

import engine

from .helpers import new_game, play_round, sub


def events(state, seat, name):
    return [e for e in engine.view(state, seat)["log"] if e["e"] == name]


def test_pip_8_submission_secret_changeable_until_last_arrives():
    state = new_game(3)
    state = engine.apply(state, 0, sub("yellow2:move", "black2:move"))
    state = engine.apply(state, 1, sub("white1:bet", "red1:bet"))
    assert engine.to_act(state) == [2]
    assert engine.view(state, None)["submitted"] == [True, True, False]
    assert events(state, None, "submitted") == [
        {"e": "submitted", "seat": 0, "round": 1},
        {"e": "submitted", "seat": 1, "round": 1},
    ]
    assert engine.view(state, 1)["submission"] == [
        {"card": "white1", "use": "bet"},
        {"card": "red1", "use": "bet"},
    ]
    assert engine.view(state, 2)["submission"] is None
    # Seat 0 changes its mind before the last one arrives.
    state = engine.apply(state, 0, sub("blue2:move", "black2:move"))
    assert engine.view(state, 0)["submission"] == [
        {"card": "blue2", "use": "move"},
        {"card": "black2", "use": "move"},
    ]
    assert engine.view(state, None)["round"] == 1
    state = engine.apply(state, 2, sub("blue1:move", "yellow1:bet"))  # the last one resolves it
    view = engine.view(state, None)
    assert view["round"] == 2 and view["submitted"] == [False, False, False]
    assert {p["colour"]: p["position"] for p in view["ponies"]}["blue"] == 3
    assert {p["colour"]: p["position"] for p in view["ponies"]}["yellow"] == 0
    assert engine.view(state, 0)["hand"].count("yellow2") == 2


def test_pip_8_changing_a_submission_tells_nobody():
    """PIP-8: a re-submission adds no event: at most one "seat X is in" per seat and round,
    so the others cannot tell a seat that changed its mind from one that did not."""
    once = engine.apply(new_game(3), 0, sub("yellow2:move", "black2:move"))
    twice = engine.apply(once, 0, sub("blue2:move", "black2:move"))
    thrice = engine.apply(twice, 0, sub("yellow2:move", "black2:move"))
    for seat in (1, 2, None):
        assert engine.view(once, seat) == engine.view(twice, seat) == engine.view(thrice, seat)
    assert events(thrice, None, "submitted") == [{"e": "submitted", "seat": 0, "round": 1}]
    new_events = engine.step(once, 0, sub("blue2:move", "black2:move")).events
    assert new_events == []


def test_pip_9_move_cards_of_one_colour_add_up():
    state = new_game(3)
    state = play_round(
        state,
        {
            0: sub("blue2:move", "red1:move"),
            1: sub("blue1:move", "red1:move"),
            2: sub("wild=blue:move", "yellow2:bet"),
        },
    )
    resolved = events(state, None, "round_resolved")[0]
    assert resolved["moves"] == {"white": 0, "red": 2, "blue": 4, "black": 0, "yellow": 0}
    assert [p["position"] for p in engine.view(state, None)["ponies"]] == [0, 2, 4, 0, 0]


def test_pip_10_bets_add_to_stakes_across_rounds_and_stay_secret():
    state = new_game(2)
    state = play_round(state, {0: sub("blue2:bet", "yellow2:move"), 1: sub("white1:bet", "red1:bet")})
    state = play_round(state, {0: sub("blue1:bet", "yellow2:move"), 1: sub("black1:bet", "red1:bet")})
    assert engine.view(state, 0)["stakes"] == {"white": 0, "red": 0, "blue": 3, "black": 0, "yellow": 0}
    assert engine.view(state, 0)["bet_cards"]["blue"] == 2
    assert engine.view(state, 1)["stakes"] == {"white": 1, "red": 2, "blue": 0, "black": 1, "yellow": 0}
    assert engine.view(state, 1)["stakes"] != engine.view(state, 0)["stakes"]
    assert engine.view(state, None)["stakes"] is None
    assert "blue" not in str([e for e in engine.view(state, 1)["log"] if e["e"] != "round_resolved"])


def test_pip_11_an_overshoot_counts_only_the_steps_to_the_finish():
    """PIP-11: the round's public moves stop at the finish line, so a pony one step from home
    moved by a Blue 2 or by a Blue 1 shows the same outcome (the card value stays secret)."""
    outcomes = []
    for card in ("blue2", "blue1"):
        state = new_game(2)
        state["positions"] = [0, 0, 7, 0, 0]
        state = play_round(state, {0: sub(f"{card}:move", "yellow2:bet"), 1: sub("white1:bet", "red1:bet")})
        resolved = events(state, None, "round_resolved")[0]
        assert resolved["moves"]["blue"] == 1 and resolved["finished"] == ["blue"]
        outcomes.append((resolved, engine.view(state, None)["history"], engine.view(state, 1)))
    assert outcomes[0] == outcomes[1]


def test_pip_11_reaching_or_passing_finishes_in_order_of_rounds():
    state = new_game(2)
    state["positions"] = [3, 4, 0, 0, 0]
    state = play_round(state, {0: sub("red1:move", "yellow2:bet"), 1: sub("blue2:bet", "yellow2:bet")})
    assert engine.view(state, None)["finish_order"] == ["red"]
    state = play_round(state, {0: sub("white1:move", "blue2:move"), 1: sub("wild=white:move", "black2:bet")})
    view = engine.view(state, None)
    assert view["finish_order"] == ["red", "white"]
    white = view["ponies"][0]
    assert white["position"] == 4 and white["place"] == 2  # passing the line stops at it
    assert events(state, None, "round_resolved")[1]["finished"] == ["white"]


def test_pip_12_same_round_finishers_longer_track_first():
    state = new_game(3)
    state["positions"] = [3, 4, 7, 8, 11]
    state = play_round(
        state,
        {
            0: sub("white1:move", "yellow1:move"),
            1: sub("red1:move", "black1:move"),
            2: sub("blue1:move", "yellow2:bet"),
        },
    )
    assert engine.view(state, None)["finish_order"] == ["yellow", "black", "blue", "red", "white"]
    assert events(state, None, "round_resolved")[0]["finished"] == ["yellow", "black", "blue", "red", "white"]


def test_pip_13_finished_colour_discarded_privately_wild_stays():
    state = new_game(3)
    state["positions"] = [0, 4, 0, 0, 0]
    state = play_round(
        state,
        {
            0: sub("red1:move", "blue1:bet"),
            1: sub("white1:bet", "blue2:bet"),
            2: sub("wild=red:bet", "black1:bet"),
        },
    )
    hands = [engine.view(state, s)["hand"] for s in range(3)]
    assert all("red1" not in hand for hand in hands)
    assert "wild" in hands[0] and "wild" in hands[1]
    assert engine.view(state, None)["hand_sizes"] == [9, 8, 8]
    mine = events(state, 1, "discarded")
    assert mine == [{"e": "discarded", "to": [1], "seat": 1, "round": 1, "cards": ["red1", "red1"]}]
    assert events(state, 0, "discarded")[0]["cards"] == ["red1"]
    assert events(state, None, "discarded") == []
    assert all(e["seat"] == 2 for e in events(state, 2, "discarded"))


def test_pip_14_game_ends_after_the_last_round():
    state = new_game(2, rounds=2)
    state = play_round(state, {0: sub("white1:bet", "red1:bet"), 1: sub("white1:bet", "red1:bet")})
    assert not engine.is_over(state)
    state = play_round(state, {0: sub("blue1:bet", "red1:bet"), 1: sub("blue1:bet", "red1:bet")})
    assert engine.is_over(state) and engine.to_act(state) == []
    assert events(state, None, "game_over")[0]["winners"] == [0, 1]


def test_pip_14_game_ends_as_soon_as_every_pony_finished():
    state = new_game(2)
    state["positions"] = [3, 4, 7, 8, 10]
    state = play_round(state, {0: sub("white1:move", "yellow2:move"), 1: sub("red1:move", "blue1:move")})
    assert not engine.is_over(state)  # black still running
    # Only Black is left: Wilds can only be Black, so everyone plays one card (PIP-6, PIP-7).
    assert engine.view(state, 0)["must_play"] == 1
    state = play_round(state, {0: sub("black1:move"), 1: sub("black2:bet")})
    assert engine.is_over(state)
    assert engine.result(state)["revealed"]["finish_order"] == ["yellow", "blue", "red", "white", "black"]
    assert engine.view(state, None)["round"] == 2


def test_pip_14_game_ends_when_no_hand_holds_a_card():
    """Decision: once no player holds a card the game ends, even before its last round and with
    ponies still running: nobody could play on (PIP-6 awaits only players with cards)."""
    state = new_game(2)
    state["hands"] = [["white1", "red1"], ["blue1", "blue2"]]
    state = play_round(state, {0: sub("white1:bet", "red1:bet"), 1: sub("blue1:bet")})
    assert not engine.is_over(state) and engine.to_act(state) == [1]  # seat 0 has nothing to play
    state = play_round(state, {1: sub("blue2:bet")})
    assert engine.is_over(state) and engine.to_act(state) == []
    assert engine.view(state, None)["round"] == 2 and state["options"]["rounds"] == 5
    assert engine.result(state)["revealed"]["finish_order"] == []
    assert engine.result(state)["scores"] == [-4, -4]  # PIP-16: 2 per card bet on a pony that did not finish
