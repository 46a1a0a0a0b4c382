"""Setup: opening odds methods, the deal, chips and the first player (PER-6..PER-8)."""

import random
from collections import Counter

import pytest

import engine
from engine import errors
from engine.games.pony_express_race.cards import full_deck
from engine.games.pony_express_race.deal import new_horses, random_opening

from .helpers import act, fresh


def all_cards(state):
    cards = [c for slot in state["horses"] for c in slot["cards"]]
    cards += [c for hand in state["hands"] for c in hand] + state["leftover"] + state.get("pack", [])
    return Counter(cards)


def test_per_6_standard_opening_cards_and_rows():
    colours = set()
    for seed in range(12):
        state = fresh(3, seed)
        firsts = [slot["cards"][0] for slot in state["horses"]]
        assert [int(c.split("-")[1]) for c in firsts] == [9, 8, 7, 6, 5, 4, 3]
        assert {c.split("-")[0] for c in firsts} <= {"black", "yellow"}
        colours |= {c.split("-")[0] for c in firsts}
        assert [slot["row"] for slot in state["horses"]] == [1, 2, 3, 4, 5, 6, 7]
        assert all_cards(state) == Counter(full_deck())
    assert colours == {"black", "yellow"}  # the shuffle decides the colour


def test_per_6_random_opening_redeals_move_ups():
    state = {"horses": new_horses()}
    pack = ["white-1", "red-2", "white-2", "black-9", "blue-5", "yellow-3", "red-7", "black-4", "red-1"]
    random_opening(state, pack)
    assert [slot["cards"] for slot in state["horses"]] == [
        ["red-2"],
        ["black-9"],
        ["blue-5"],
        ["yellow-3"],
        ["red-7"],
        ["black-4"],
        ["red-1"],
    ]
    assert [slot["row"] for slot in state["horses"]] == [8, 1, 5, 7, 3, 6, 8]
    assert pack == ["white-1", "white-2"]
    for seed in range(10):
        game = fresh(4, seed, opening_odds="random")
        assert all(len(s["cards"]) == 1 and not s["cards"][0].startswith("white") for s in game["horses"])
        assert all_cards(game) == Counter(full_deck())


def test_per_6_chosen_opening_in_turn_from_first_player():
    state = fresh(3, 5, opening_odds="chosen", first_player=1)
    assert state["phase"] == "opening" and engine.to_act(state) == [1]
    assert not any(state["hands"])
    state = act(state, {"type": "open", "horse": 2, "card": "red-9"}, seat=1)
    assert state["horses"][2]["cards"] == ["red-9"] and state["horses"][2]["row"] == 1
    assert engine.to_act(state) == [2]
    with pytest.raises(engine.EngineError) as info:
        act(state, {"type": "open", "horse": 2, "card": "red-8"})
    assert info.value.code == errors.ILLEGAL_ACTION
    with pytest.raises(engine.EngineError) as info:
        act(state, {"type": "open", "horse": 3, "card": "white-2"})
    assert "Move-Up" in info.value.message
    with pytest.raises(engine.EngineError):
        act(state, {"type": "open", "horse": 3, "card": "red-9"})  # already used
    for horse, card in [(0, "black-2"), (1, "blue-5"), (3, "yellow-7"), (4, "red-3"), (5, "black-6")]:
        state = act(state, {"type": "open", "horse": horse, "card": card})
    assert engine.to_act(state) == [1]  # seat 1 names the seventh
    state = act(state, {"type": "open", "horse": 6, "card": "blue-1"})
    assert [s["row"] for s in state["horses"]] == [8, 5, 1, 3, 7, 4, 8]
    assert state["phase"] == "bet" and engine.to_act(state) == [1]
    assert [len(h) for h in state["hands"]] == [11, 11, 11] and len(state["leftover"]) == 2
    assert all_cards(state) == Counter(full_deck())


def test_per_6_first_card_sets_opening_row_and_refuses_move_up():
    state = fresh(2, 3, opening_odds="first-card")
    assert all(s["cards"] == [] and s["row"] is None for s in state["horses"])
    assert [len(h) for h in state["hands"]] == [21, 21] and state["leftover"] == []
    seat = engine.to_act(state)[0]
    state["hands"][seat][:2] = ["white-1", "black-8"]
    state = act(state, {"type": "bet", "horse": 0})
    plays = engine.legal_actions(state, seat)
    assert not any(a["card"] == "white-1" for a in plays)
    with pytest.raises(engine.EngineError) as info:
        act(state, {"type": "play", "card": "white-1", "horse": 4})
    assert "first card" in info.value.message
    state = act(state, {"type": "play", "card": "black-8", "horse": 4})
    assert state["horses"][4]["row"] == 2


@pytest.mark.parametrize(
    "seats, first, sizes",
    [
        (2, 0, [21, 21]),
        (3, 0, [14, 14, 14]),
        (4, 0, [10, 11, 11, 10]),
        (4, 2, [11, 10, 10, 11]),
        (5, 0, [8, 9, 9, 8, 8]),
        (5, 4, [9, 9, 8, 8, 8]),
        (6, 0, [7] * 6),
    ],
)
def test_per_6_first_card_deals_out_every_card(seats, first, sizes):
    """PER-6 `first-card` (seed: "deal out all the movement cards"): all 42 cards reach the
    hands, dealt from the seat left of the first player, nothing is left over, and the whole
    stage 1 plays every one of them onto the horses (7 horses x 6 cards)."""
    state = fresh(seats, 5, opening_odds="first-card", first_player=first)
    assert [len(h) for h in state["hands"]] == sizes and state["leftover"] == []
    assert all_cards(state) == Counter(full_deck())
    rng = random.Random(seats)
    while state["phase"] in ("bet", "play"):
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    assert sum(len(slot["cards"]) for slot in state["horses"]) == 42


@pytest.mark.parametrize("seats, size, left", [(2, 17, 1), (3, 11, 2), (4, 8, 3), (5, 7, 0), (6, 5, 5)])
def test_per_7_deal_by_player_count(seats, size, left):
    state = fresh(seats, 9)
    assert [len(h) for h in state["hands"]] == [size] * seats
    assert len(state["leftover"]) == left
    assert all_cards(state) == Counter(full_deck())


def test_per_8_chips_piles_and_first_player():
    state = fresh(4, 2)
    assert state["chips"] == [15] * 4
    assert engine.to_act(state) == [0]
    assert engine.view(state, None)["bet_size"] == 5
    assert engine.to_act(fresh(4, 2, first_player=3)) == [3]
    with pytest.raises(engine.EngineError) as info:
        fresh(2, 2, first_player=3)
    assert info.value.code == errors.BAD_OPTIONS and "first_player" in info.value.message


@pytest.mark.parametrize(
    "options, word",
    [
        ({"opening_odds": "dealt"}, "standard, random, chosen, first-card"),
        ({"track_choice": "yes"}, "true or false"),
        ({"movement": "wild"}, "standard, alternative"),
        ({"first_player": -1}, "between 0 and 5"),
        ({"colour": 1}, "no option"),
    ],
)
def test_bad_options_are_clear_errors(options, word):
    with pytest.raises(engine.EngineError) as info:
        engine.setup("pony_express_race", options, 3, 1)
    assert info.value.code == errors.BAD_OPTIONS and word in info.value.message
