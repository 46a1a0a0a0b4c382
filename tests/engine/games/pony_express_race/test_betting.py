"""Stage 1: bets, cards onto horses, rounds and the left-over deal (PER-9..PER-15)."""

import pytest

import engine
from engine import errors
from engine.games.pony_express_race.betting import deal_leftovers

from .helpers import act, events, fresh


def play_first(state, horse_for_bet=0):
    """Bet (if it is a betting round) and play the seat's first listed card."""
    seat = engine.to_act(state)[0]
    if state["phase"] == "bet":
        state = act(state, {"type": "bet", "horse": horse_for_bet})
    return act(state, engine.legal_actions(state, seat)[0])


def test_per_9_turn_is_bet_then_card_then_next_player_left():
    state = fresh(3, 4)
    assert state["phase"] == "bet" and engine.to_act(state) == [0]
    with pytest.raises(engine.EngineError) as info:
        act(state, {"type": "play", "card": state["hands"][0][0], "horse": 1})
    assert info.value.code == errors.ILLEGAL_ACTION
    state = act(state, {"type": "bet", "horse": 3})
    assert state["phase"] == "play" and engine.to_act(state) == [0]
    assert {a["type"] for a in engine.legal_actions(state, 0)} == {"play"}
    state = act(state, {"type": "play", "card": state["hands"][0][0], "horse": 1})
    assert state["phase"] == "bet" and engine.to_act(state) == [1]


def test_per_10_bets_are_whole_piles_5_to_1_and_public():
    state = fresh(2, 6)
    stakes = []
    for _ in range(5):
        for _ in (0, 1):
            seat = engine.to_act(state)[0]
            before = state["chips"][seat]
            state = play_first(state, horse_for_bet=2 + seat)
            stakes.append(before - state["chips"][seat])
    assert stakes == [5, 5, 4, 4, 3, 3, 2, 2, 1, 1]
    assert state["chips"] == [0, 0]
    assert engine.view(state, None)["bets"][0] == [0, 0, 15, 0, 0, 0, 0]
    assert engine.view(state, 1)["bets"][0][2] == 15
    assert [e["chips"] for e in events(state, "bet")][:2] == [5, 5]


def test_per_11_horse_with_six_cards_takes_no_more():
    state = fresh(2, 7)
    state["horses"][3]["cards"] = ["black-6", "red-2", "red-3", "red-4", "red-5", "red-6"]
    state = act(state, {"type": "bet", "horse": 0})
    assert all(a["horse"] != 3 for a in engine.legal_actions(state, 0))
    with pytest.raises(engine.EngineError) as info:
        act(state, {"type": "play", "card": state["hands"][0][0], "horse": 3})
    assert "six cards" in info.value.message
    with pytest.raises(engine.EngineError) as info:
        act(state, {"type": "play", "card": "not-a-card", "horse": 2})
    assert info.value.code == errors.ILLEGAL_ACTION


def test_per_12_odds_move_by_difference_and_move_up_defers():
    state = fresh(2, 8)
    state["hands"][0] = ["black-1", "white-2", "red-8"]
    state["horses"][4] = {"cards": ["yellow-5"], "row": 5}
    state = act(state, {"type": "bet", "horse": 4})
    state = act(state, {"type": "play", "card": "black-1", "horse": 4})  # 1 - 5 = -4: down 2
    assert state["horses"][4]["row"] == 7
    state["turn"], state["phase"] = 0, "play"
    state = act(state, {"type": "play", "card": "white-2", "horse": 4}, seat=0)  # no change
    assert state["horses"][4]["row"] == 7
    state["turn"], state["phase"] = 0, "play"
    state = act(state, {"type": "play", "card": "red-8", "horse": 4}, seat=0)  # 8 - 2 = +6: up 3
    assert state["horses"][4]["row"] == 4
    card_events = events(state, "card")
    assert [(e["row_from"], e["row_to"]) for e in card_events] == [(5, 7), (7, 7), (7, 4)]


def test_per_13_first_player_moves_left_each_round():
    state = fresh(3, 10, first_player=1)
    starters = []
    for _ in range(4):
        starters.append(engine.to_act(state)[0])
        for _ in range(3):
            state = play_first(state)
    assert starters == [1, 2, 0, 1]


def test_per_14_rounds_after_fifth_have_no_bet_then_leftovers_dealt():
    state = fresh(2, 11)
    for _ in range(10):
        state = play_first(state)
    assert state["round"] == 6 and state["phase"] == "play"
    assert {a["type"] for a in engine.legal_actions(state, engine.to_act(state)[0])} == {"play"}
    chips = list(state["chips"])
    state = play_first(state)
    assert state["chips"] == chips
    while state["phase"] == "play":
        state = play_first(state)
    # 2 players: 17 cards each, 1 left over; it went onto a horse and every horse has 6 cards.
    assert [len(s["cards"]) for s in state["horses"]] == [6] * 7
    assert len(events(state, "leftover")) == 1


def test_per_14_leftovers_go_brown_first_to_horses_with_room():
    state = fresh(3, 12)
    for slot in state["horses"]:
        slot["cards"] = ["black-5"] * 6
        slot["row"] = 5
    state["horses"][1]["cards"] = ["black-5"] * 4
    state["horses"][5]["cards"] = ["black-5"] * 5
    state["hands"] = [[], [], []]
    state["leftover"] = ["red-9", "white-1", "black-1"]
    deal_leftovers(state)
    assert state["horses"][1]["cards"][-2:] == ["red-9", "white-1"]
    assert state["horses"][5]["cards"][-1] == "black-1"
    assert state["horses"][1]["row"] == 3  # 9 - 5 = +4: up two rows; the Move-Up changes nothing
    assert state["horses"][5]["row"] == 7  # 1 - 5 = -4: down two rows


def test_per_15_cards_on_horses_are_face_up_to_everyone():
    state = fresh(3, 13)
    state = act(state, {"type": "bet", "horse": 0})
    card = state["hands"][0][0]
    state = act(state, {"type": "play", "card": card, "horse": 6})
    for seat in (None, 1, 2):
        assert engine.view(state, seat)["horses"][6]["cards"][-1] == card


def test_per_14_unplayable_move_ups_join_the_leftovers_and_may_open_a_horse():
    """PER-6 `first-card` corner: a Move-Up skips empty horses, and opens one only as a last resort."""
    state = fresh(2, 14, opening_odds="first-card")
    for slot in state["horses"]:
        slot["cards"], slot["row"] = ["black-5"] * 6, 5
    state["horses"][2] = {"cards": [], "row": None}
    state["horses"][4] = {"cards": [], "row": None}
    state["hands"] = [["white-2"], []]
    state["leftover"] = ["red-7"]
    deal_leftovers(state)
    assert state["horses"][2]["cards"] == ["red-7", "white-2"] and state["horses"][2]["row"] == 3
    state["hands"] = [["white-1"], []]
    deal_leftovers(state)
    assert state["horses"][2]["cards"][-1] == "white-1"  # a Move-Up never opens while a stack has room
    state["horses"][2]["cards"] = ["black-5"] * 6
    state["hands"] = [["white-1"], []]
    deal_leftovers(state)
    assert state["horses"][4] == {"cards": ["white-1"], "row": 8}


def test_per_14_players_without_a_playable_card_are_skipped_after_round_five():
    state = fresh(2, 15)
    for slot in state["horses"]:
        slot["cards"], slot["row"] = ["black-5"] * 6, 5
    state["horses"][6]["cards"] = ["black-5"] * 3
    state["hands"] = [[], ["black-1", "black-2", "black-3"]]
    state["leftover"] = []
    state["round"], state["turn"], state["phase"] = 7, 1, "play"
    state = act(state, {"type": "play", "card": "black-1", "horse": 6}, seat=1)
    assert engine.to_act(state) == [1] and state["round"] == 8
    state = act(state, {"type": "play", "card": "black-2", "horse": 6}, seat=1)
    state = act(state, {"type": "play", "card": "black-3", "horse": 6}, seat=1)
    assert state["race"] is not None and state["phase"] in ("ride", "pace", "dice", "over")
