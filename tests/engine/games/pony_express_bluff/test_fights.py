"""Duels, shots, poker and the final duel (PEB-19, PEB-20, PEB-21, PEB-32)."""

import math
import random

import pytest

import engine

from .helpers import act, at_roll, events, land, started, with_seed

PAIR = ["K", "K", "9", "10", "A"]
AWAY = {"type": "shoot", "angle": 90.0, "power": 50.0}  # from the top-left corner straight off the board


def duel(gold=(3, 3, 3), bystander_on=20, items=None, options=None):
    """Seat 0 lands on space 7 where seat 1 stands: a duel. Seat 2 stands on `bystander_on`."""
    state = at_roll(started(options=options), 0, PAIR, pos=[6, 7, bystander_on], gold=list(gold), items=items)
    state = land(state, "pair")
    assert state["phase"] == "duel" and state["fight"]["seats"] == [0, 1]
    return state


def aimed(state, seat):
    return next(a for a in engine.legal_actions(state, seat) if a["type"] == "shoot")


def hit_target(s):
    shot = events(s, "shot")
    return bool(shot and shot[-1]["touched"] and shot[-1]["touched"][0] == ["rider", 1])


def test_peb_19_hit_loser_pays_half_rounded_up():
    state = duel(gold=(3, 5, 3))
    after = with_seed(state, 0, aimed(state, 0), hit_target)
    over = events(after, "duel_over")[-1]
    assert over == {"e": "duel_over", "winner": 0, "loser": 1, "gold": 3}
    assert after["gold"][:2] == [6, 2]


def test_peb_19_broke_loser_goes_to_jail_and_bank_pays_one():
    state = duel(gold=(3, 0, 3))
    after = with_seed(state, 0, aimed(state, 0), hit_target)
    assert after["jailed"][1] and after["gold"][:2] == [4, 0]


def test_peb_19_three_shots_each_alternating_then_nothing():
    state = duel(gold=(3, 5, 3))
    shooters = []
    for _ in range(6):
        seat = engine.to_act(state)[0]
        shooters.append(seat)
        state = engine.apply(
            state, seat, {"type": "shoot", "angle": 90.0 if seat == 0 else 270.0, "power": 50}
        )
    assert shooters == [0, 1, 0, 1, 0, 1]
    assert events(state, "duel_over")[-1]["winner"] is None and state["gold"][:2] == [3, 5]
    assert state["active"] == 1 and state["fight"] is None  # space 7 is plain: the turn passed


def test_peb_19_hitting_a_bystander_jails_the_shooter_who_loses():
    state = duel(gold=(4, 3, 3), bystander_on=17)  # space 17 lies on the corner-to-corner line

    def hit_bystander(s):
        return events(s, "shot")[-1]["touched"] == [["rider", 2]]

    after = with_seed(state, 0, aimed(state, 0), hit_bystander)
    assert after["jailed"][0] and not after["jailed"][2]
    assert events(after, "duel_over")[-1] == {"e": "duel_over", "winner": 1, "loser": 0, "gold": 2}


def test_peb_20_same_inputs_and_seed_same_shot():
    state = duel()
    one, two = engine.apply(state, 0, aimed(state, 0)), engine.apply(state, 0, aimed(state, 0))
    assert one == two and one["last_shot"]["thrown"] != one["last_shot"]["aim"]  # noise was added


def test_peb_20_well_aimed_clear_shot_hits_far_more_often_than_not():
    state = duel()
    shot = aimed(state, 0)
    hits = 0
    for seed in range(200):
        st = dict(state, rng={"seed": seed, "draws": 0})
        hits += hit_target(engine.apply(st, 0, shot))
    assert hits > 120  # > 60 %


def test_peb_20_a_line_over_a_bystander_risks_hitting_it():
    state = duel(bystander_on=17)
    shot = aimed(state, 0)
    bystander = 0
    for seed in range(100):
        st = dict(state, rng={"seed": seed, "draws": 0})
        bystander += engine.apply(st, 0, shot)["last_shot"]["touched"] == [["rider", 2]]
    assert bystander > 30


def test_peb_20_shot_path_is_public_and_starts_at_the_duellist_corner():
    state = engine.apply(duel(), 0, aimed(duel(), 0))
    shot = engine.view(state, None)["last_shot"]
    assert shot["start"] == [4.0, 76.0] and len(shot["end"]) == 2
    length = math.dist(shot["start"], shot["end"])
    assert length > 100  # the sample power carries past the opposite corner's rider


def test_peb_20_dice_mode_hits_on_five_or_six():
    state = duel(options={"shots": "dice"})
    assert engine.legal_actions(state, 0) == [{"type": "shoot"}]
    for seed in range(30):
        after = engine.apply(dict(state, rng={"seed": seed, "draws": 0}), 0, {"type": "shoot"})
        shot = after["last_shot"]
        assert (shot["touched"] == [["rider", 1]]) == (shot["dice"][0] >= 5)
        assert shot["touched"] != [["rider", 2]]  # nobody stands in the line of fire


def test_peb_20_dice_mode_a_one_hits_a_bystander_in_the_line():
    state = duel(options={"shots": "dice"}, bystander_on=17)
    after = with_seed(state, 0, {"type": "shoot"}, lambda s: s["last_shot"]["dice"] == [1])
    assert after["last_shot"]["touched"] == [["rider", 2]] and after["jailed"][0]


def test_peb_21_poker_best_takes_two_from_each_short_payer_jailed():
    base = at_roll(started(4), 0, PAIR, pos=[6, 7, 7, 20], gold=[3, 1, 5, 3])
    base = act(act(base, 0, "claim", hand="pair"), 2, "believe")

    def poor_loses(s):
        return events(s, "poker_won") and events(s, "poker_won")[-1]["seat"] != 1

    after = with_seed(base, 1, {"type": "believe"}, poor_loses)
    winner = events(after, "poker_won")[-1]["seat"]
    rolls = events(after, "poker_roll")
    assert {r["seat"] for r in rolls[:3]} == {0, 1, 2}
    paid = {p["seat"]: p for p in events(after, "poker_paid")}
    assert set(paid) == {0, 1, 2} - {winner}
    assert paid[1]["paid"] == 1 and paid[1]["bank"] == 1 and after["jailed"][1]
    assert after["gold"][winner] == [3, 1, 5][winner] + 4


def test_peb_21_every_poker_loser_pays_two():
    """Three losers who can all pay: each gives exactly 2 gold and the bank adds nothing."""
    gold = [3, 4, 5, 6]
    base = at_roll(started(4), 0, PAIR, pos=[6, 7, 7, 7], gold=gold)  # space 7 is plain
    base = act(act(base, 0, "claim", hand="pair"), 1, "believe")
    base = act(base, 2, "believe")
    after = with_seed(base, 3, {"type": "believe"}, lambda s: bool(events(s, "poker_won")))
    winner = events(after, "poker_won")[-1]["seat"]
    losers = [s for s in range(4) if s != winner]
    paid = {p["seat"]: p for p in events(after, "poker_paid")}
    assert set(paid) == set(losers)
    for seat in losers:
        assert (paid[seat]["paid"], paid[seat]["bank"]) == (2, 0)
        assert after["gold"][seat] == gold[seat] - 2 and not after["jailed"][seat]
    assert after["gold"][winner] == gold[winner] + 2 * len(losers)


def final(mailbox=1, items=None, options=None, bystander_on=20):
    state = at_roll(started(options=options), 0, PAIR, pos=[31, 33, bystander_on], items=items)
    state["mailbox"][1] = mailbox
    state = land(state, "two_pairs")
    assert state["phase"] == "final_duel" and state["fight"]["seats"] == [1, 0]
    return state


def test_peb_32_a_jailed_first_arrival_still_fights_the_final_duel():
    """Decision (the texts make no exception): the rider in Sacramento fights the final duel even
    while jailed (jail only costs it its mailbox turn), shoots first, and can be hit."""
    state = at_roll(started(), 0, PAIR, pos=[31, 33, 20], jailed=[False, True, False])
    state["mailbox"][1] = 1
    state = land(state, "two_pairs")  # the jailed rider cannot call: the claim stands
    assert state["pos"][0] == 33 and state["phase"] == "final_duel"
    assert state["fight"]["seats"] == [1, 0] and engine.to_act(state) == [1]
    state = act(state, 1, "shoot", angle=270.0, power=50.0)
    shot = aimed(state, 0)
    after = with_seed(state, 0, shot, lambda s: events(s, "final_duel_over") != [])
    over = events(after, "final_duel_over")[-1]
    assert engine.is_over(after) and after["winner"] == over["winner"]
    hit = with_seed(
        state,
        0,
        shot,
        lambda s: bool(s["last_shot"]["touched"]) and s["last_shot"]["touched"][0] == ["rider", 1],
    )
    assert hit["winner"] == 0 and engine.is_over(hit)


def test_peb_32_first_arrival_shoots_first_to_the_death():
    state = final()
    order = []
    for _ in range(9):
        seat = engine.to_act(state)[0]
        order.append(seat)
        state = engine.apply(
            state, seat, {"type": "shoot", "angle": 90.0 if seat == 1 else 270.0, "power": 50}
        )
    assert order == [1, 0] * 4 + [1] and not engine.is_over(state)


def test_peb_32_from_mailbox_two_two_shots_to_one():
    state = final(mailbox=2)
    order = []
    for _ in range(6):
        seat = engine.to_act(state)[0]
        order.append(seat)
        state = engine.apply(
            state, seat, {"type": "shoot", "angle": 90.0 if seat == 1 else 270.0, "power": 50}
        )
    assert order == [1, 1, 0, 1, 1, 0]


def test_peb_32_the_hit_wins_the_game_a_bystander_hit_loses_it():
    state = final()
    won = with_seed(state, 1, aimed(state, 1), lambda s: engine.is_over(s))
    assert won["winner"] == 1 and events(won, "winner")[-1]["how"] == "final_duel"
    state = final(bystander_on=17)
    lost = with_seed(state, 1, aimed(state, 1), lambda s: s["last_shot"]["touched"] == [["rider", 2]])
    assert lost["winner"] == 0


def test_peb_32_bulletproof_vest_ignores_one_hit():
    state = final(items=[[], ["bulletproof_vest"], []])
    state = engine.apply(state, 1, {"type": "shoot", "angle": 90.0, "power": 50})  # first arrival misses
    after = with_seed(state, 0, aimed(state, 0), lambda s: s["last_shot"]["touched"] == [["rider", 1]])
    assert not engine.is_over(after) and after["items"][1] == [] and engine.to_act(after) == [1]


def test_peb_20_the_arriving_rider_chooses_where_the_duellists_stand():
    """PEB-20 (seed: the rider who just moved decides where each duellist stands): the arriving
    rider alone acts, choosing its corner; the other duellist takes the opposite one."""
    state = land(at_roll(started(), 0, PAIR, pos=[6, 7, 20]), "pair", corner=None)
    assert engine.to_act(state) == [0] and engine.legal_actions(state, 1) == []
    assert engine.legal_actions(state, 0) == [{"type": "stand", "corner": 0}, {"type": "stand", "corner": 1}]
    with pytest.raises(engine.EngineError):
        engine.apply(state, 0, {"type": "stand", "corner": 2})
    swapped = act(state, 0, "stand", corner=1)
    assert events(swapped, "stand")[-1] == {"e": "stand", "seat": 0, "corner": 1}
    seen = engine.view(swapped, None)["fight"]
    assert seen["start"] == [116.0, 4.0] and seen["targets"][0] == {"label": ["rider", 1], "xy": [4.0, 76.0]}
    shot = engine.view(engine.apply(swapped, 0, aimed(swapped, 0)), None)["last_shot"]
    assert shot["start"] == [116.0, 4.0]
    assert engine.to_act(act(state, 0, "stand", corner=0)) == [0]  # then the arriving rider shoots first


def test_peb_20_in_the_final_duel_the_new_arrival_chooses_and_silence_keeps_the_board_corner():
    state = at_roll(started(), 0, PAIR, pos=[31, 33, 20])
    state["mailbox"][1] = 1
    state = land(state, "two_pairs", corner=None)
    assert state["phase"] == "final_duel" and engine.to_act(state) == [0]
    assert engine.timeout_action(state, 0) == {"type": "stand", "corner": 0}
    stood_ = engine.apply(state, 0, engine.timeout_action(state, 0))
    assert engine.to_act(stood_) == [1]  # the first arrival shoots first (PEB-32)
    assert engine.view(stood_, None)["fight"]["start"] == [116.0, 4.0]


def test_peb_20_dice_shots_need_no_corners():
    state = land(at_roll(started(options={"shots": "dice"}), 0, PAIR, pos=[6, 7, 20]), "pair", corner=None)
    assert engine.legal_actions(state, 0) == [{"type": "shoot"}]


def test_peb_20_bot_stands_far_from_a_bystander_on_the_line():
    """A rider standing near one corner's line blocks whoever shoots from there: the bot takes
    the other corner."""
    for bystander_space, corner in ((9, 0), (25, 1)):  # 9 is near corner 1, 25 near corner 0
        state = land(at_roll(started(), 0, PAIR, pos=[6, 7, bystander_space]), "pair", corner=None)
        for seed in range(5):
            assert engine.bot_action(state, 0, random.Random(seed)) == {"type": "stand", "corner": corner}
