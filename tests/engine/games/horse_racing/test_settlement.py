"""HR-16..HR-19: leftover penalties, the jockey pot, whole shares and remainders, several races."""

import random

import engine
from tests.engine.games.horse_racing.helpers import GAME, act, events, race_state

SCRATCHED = {7: 1, 8: 2, 9: 3, 6: 4}


def finish_with_horse_5(dice, hands, jockey=3, race_pot=0, jockey_pot=8, base=2):
    options = {"base_ante": base}
    state = race_state(hands=hands, scratched=SCRATCHED, positions={5: 9}, active=jockey, options=options)
    state["race_pot"] = race_pot
    state["jockey_pot"] = jockey_pot
    state["chips"] = [80 - (race_pot + jockey_pot) // 4] * 4  # the chips that filled the pots
    return state


def test_hr_16_hr_17_hr_18_penalties_jockey_pot_and_shares_with_remainder(dice):
    state = finish_with_horse_5(dice, [["K", "A", "5"], ["Joker"], [], ["5", "5"]], race_pot=0, jockey_pot=8)
    state["advantage"][2] = 2
    dice.script([2, 3])
    state = act(state, 3, type="roll")
    result = state["results"][-1]
    assert result["penalties"] == [(2 + 3) * 2, 4 * 2, 2 * 1 * 2, 0]  # HR-16
    assert result["race_pot"] == 22 and result["jockey_pot"] == 8
    assert result["winning_cards"] == [1, 0, 0, 2]
    assert (result["share"], result["remainder"]) == (7, 1)  # HR-18: 22 = 3 shares of 7, 1 left
    assert result["payouts"] == [7, 0, 0, 2 * 7 + 1 + 8]  # HR-17: jockey pot and remainder to seat 3
    assert state["chips"] == [78 - 10 + 7, 78 - 8, 78 - 4, 78 + 23]
    assert sum(state["chips"]) == 4 * 78 + 8  # every chip of the pots went out
    assert result["hands"] == [["K", "A", "5"], ["Joker"], [], ["5", "5"]]  # hands revealed after the race
    assert state["race_pot"] == 0 and state["jockey_pot"] == 0


def test_hr_18_nobody_holds_the_winner_so_the_jockey_takes_the_whole_pot(dice):
    state = finish_with_horse_5(dice, [["3"], ["4"], ["10"], []], jockey=1, race_pot=20, jockey_pot=8)
    dice.script([1, 4])
    state = act(state, 1, type="roll")
    result = state["results"][-1]
    assert result["winning_cards"] == [0, 0, 0, 0]
    assert (result["share"], result["remainder"]) == (0, 20)
    assert result["payouts"] == [0, 28, 0, 0]
    assert state["chips"] == [73, 73 + 28, 73, 73]


def test_hr_18_an_even_pot_splits_without_remainder(dice):
    state = finish_with_horse_5(dice, [["5"], ["5"], [], ["5"]], jockey=2, race_pot=12, jockey_pot=4)
    dice.script([4, 1])
    state = act(state, 2, type="roll")
    result = state["results"][-1]
    assert (result["share"], result["remainder"]) == (4, 0)
    assert result["payouts"] == [4, 4, 4, 4]


def play_until(state, condition, seed=0):
    chooser = random.Random(seed)
    while not condition(state):
        seat = chooser.choice(engine.to_act(state))
        state = engine.apply(state, seat, chooser.choice(engine.legal_actions(state, seat)))
    return state


def test_hr_19_next_race_dealer_passes_left_chips_carry_new_deck():
    state = engine.setup(GAME, {"races": 3}, 5, seed=4)
    assert state["dealer"] == 0 and state["races_total"] == 3
    state = play_until(state, lambda s: len(s["results"]) == 1)
    chips_after_first = state["results"][0]["chips"]
    assert not engine.is_over(state)
    assert state["phase"] == "draft" and state["race_no"] == 2 and state["dealer"] == 1
    assert state["chips"] == chips_after_first  # carried (antes come after the draft)
    assert [len(p) for p in state["packets"]] == [5] * 5  # a fresh deal
    deal = events(state, "deal")
    assert [(e["race"], e["dealer"]) for e in deal] == [(1, 0), (2, 1)]
    state = play_until(state, lambda s: s["phase"] == "race")
    assert state["active"] == 2  # left of the new dealer
    state = play_until(state, engine.is_over)
    assert len(state["results"]) == 3 and state["dealer"] == 2
    result = engine.result(state)
    assert result["scores"] == state["chips"]
    assert result["winners"] == [s for s, c in enumerate(state["chips"]) if c == max(state["chips"])]
    assert sum(state["chips"]) == 5 * 80


def test_hr_19_orbit_is_one_race_per_player():
    state = engine.setup(GAME, {"races": "orbit"}, 4, seed=9)
    assert state["races_total"] == 4 and engine.view(state, None)["races"] == 4
    state = play_until(state, engine.is_over, seed=3)
    assert [r["race"] for r in state["results"]] == [1, 2, 3, 4]
    assert [e["dealer"] for e in events(state, "deal")] == [0, 1, 2, 3]
