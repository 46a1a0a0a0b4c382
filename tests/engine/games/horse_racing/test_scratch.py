"""HR-6 antes, HR-7..HR-10 scratching four horses (quick and orbit)."""

import engine
from engine.games.horse_racing.game import start_running
from engine.rng import Rng
from tests.engine.games.horse_racing.helpers import GAME, events, finish_draft


def scratched_start(hands, rolls, dice, options=None):
    """The moment the draft ends with these hands: antes and scratches run on the scripted rolls."""
    state = engine.setup(GAME, options or {}, len(hands), seed=2)
    state["hands"] = [list(h) for h in hands]
    state["packets"] = [[] for _ in hands]
    state["picks"] = None
    dice.script(*rolls)
    start_running(state, Rng(state["rng"]))
    assert not dice.rolls, "every scripted roll used"
    return state


def test_hr_6_every_player_antes_into_both_pots(dice):
    hands = [["K"], ["A"], ["Joker"], ["K"]]
    state = scratched_start(hands, [[1, 1], [1, 2], [2, 2], [2, 3]], dice, {"base_ante": 2, "jockey_ante": 3})
    assert state["jockey_pot"] == 12
    assert state["race_pot"] == 8  # nobody holds a scratched horse
    assert state["chips"] == [75] * 4
    assert events(state, "antes") == [{"e": "antes", "base": 2, "jockey": 3}]


def test_hr_7_hr_8_quick_scratch_positions_cost_per_card_repeats_ignored(dice):
    hands = [["2", "2", "9"], ["3"], ["4", "5", "Q"], ["7", "4"]]
    rolls = [[1, 1], [1, 1], [1, 2], [6, 6], [2, 1], [2, 2]]  # 2, (2 again), 3, 12, (3 again), 4
    state = scratched_start(hands, rolls, dice, {"base_ante": 2})
    assert [state["scratched"][h - 2] for h in (2, 3, 12, 4)] == [1, 2, 3, 4]
    assert sum(1 for p in state["scratched"] if p) == 4
    # seat 0: two 2s at position 1 -> 2 x 1 x 2; seat 1: a 3 at 2 -> 4; seat 2: Q at 3 -> 6 and 4 at 4 -> 8;
    # seat 3: a 4 at 4 -> 8. Plus the base ante of 2 each.
    assert [80 - c - 2 - 2 for c in state["chips"]] == [4, 4, 14, 8]
    assert state["hands"] == [["9"], [], ["5"], ["7"]]
    assert state["race_pot"] == 4 * 2 + 4 + 4 + 14 + 8
    assert [e["horse"] for e in events(state, "scratch")] == [2, 3, 12, 4]
    assert all(e["roller"] == 0 for e in events(state, "scratch"))  # the dealer rolls
    assert len(events(state, "scratch_repeat")) == 2
    assert state["active"] == 1  # HR-8: left of the dealer starts


def test_hr_9_orbit_scratch_repeats_cost_the_roller_and_starter_follows_the_fourth(dice):
    hands = [["6"], ["6", "6"], [], ["8"]]
    # rollers: 1 scratches 6 (pos 1); 2 rolls 6 again -> pays 1; 3 scratches 8 (pos 2); 0 rolls 8 -> pays 2;
    # 1 scratches 9 (pos 3); 2 scratches 10 (pos 4) -> seat 3 starts.
    rolls = [[3, 3], [2, 4], [4, 4], [5, 3], [4, 5], [5, 5]]
    state = scratched_start(hands, rolls, dice, {"scratch": "orbit"})
    assert [state["scratched"][h - 2] for h in (6, 8, 9, 10)] == [1, 2, 3, 4]
    paid = [80 - c - 1 - 2 for c in state["chips"]]  # minus the antes
    assert paid == [1 + 2, 2 * 1, 1, 2]
    assert [(e["roller"], e["paid"]) for e in events(state, "scratch_repeat")] == [(2, 1), (0, 2)]
    assert [e["roller"] for e in events(state, "scratch")] == [1, 3, 1, 2]
    assert state["active"] == 3


def test_hr_10_kings_and_aces_do_not_dodge_scratch_payments(dice):
    hands = [["K", "A", "5"], ["A", "5", "5"], ["K"], []]
    state = scratched_start(hands, [[2, 3], [1, 1], [1, 2], [2, 2]], dice)
    assert state["chips"][0] == 80 - 3 - 1
    assert state["chips"][1] == 80 - 3 - 2
    assert state["hands"][0] == ["K", "A"] and state["hands"][1] == ["A"]
    assert engine.to_act(state) == [1] and engine.legal_actions(state, 1)[0] == {"type": "roll"}


def test_hr_8_scratch_runs_after_a_real_draft_and_the_race_starts_left_of_dealer():
    state = finish_draft(engine.setup(GAME, {}, 5, seed=21))
    assert state["phase"] == "race"
    assert sum(1 for p in state["scratched"] if p) == 4
    assert sorted(p for p in state["scratched"] if p) == [1, 2, 3, 4]
    assert engine.to_act(state) == [1]
    for hand in state["hands"]:
        assert all(card in ("K", "A", "Joker") or not state["scratched"][_horse(card) - 2] for card in hand)


def _horse(card):
    return {"J": 11, "Q": 12}.get(card) or int(card)
