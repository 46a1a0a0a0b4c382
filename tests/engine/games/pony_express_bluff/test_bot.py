"""The bot: decides from its own view, re-rolls toward a group, calls unlikely claims,
aims around bystanders, beats random-claim players."""

import random

import pytest

import engine
from engine.games.pony_express_bluff.baseline import random_claim
from engine.games.pony_express_bluff.bot import keep_plan

from .helpers import GAME, act, at_roll, land, started


@pytest.mark.slow  # statistical: many whole games
def test_bot_beats_random_claim_players_by_a_wide_margin():
    games, wins = 24, 0
    for seed in range(games):
        rng = random.Random(seed)
        bot_seat = seed % 3
        state = engine.setup(GAME, {}, 3, seed)
        while not engine.is_over(state):
            seat = rng.choice(engine.to_act(state))
            if seat == bot_seat:
                action = engine.bot_action(state, seat, rng)
            else:
                action = random_claim(engine.view(state, seat), engine.legal_actions(state, seat), rng)
            state = engine.apply(state, seat, action)
        wins += state["winner"] == bot_seat
    assert wins >= 0.6 * games  # a fair share would be a third


def test_all_bot_games_end_and_every_bot_action_is_legal():
    for seed in range(3):
        rng = random.Random(seed)
        state = engine.setup(GAME, {"shots": "dice" if seed % 2 else "aim"}, 4, seed)
        for _ in range(3000):
            if engine.is_over(state):
                break
            seat = rng.choice(engine.to_act(state))
            action = engine.bot_action(state, seat, rng)
            assert action in engine.legal_actions(state, seat) or action["type"] == "shoot"
            state = engine.apply(state, seat, action)
        assert engine.is_over(state)


def test_bot_calls_an_impossible_claim_and_believes_a_likely_one():
    shown = at_roll(started(), 0, ["9", "10", "J", "Q", "K"], pos=[7, 8, 12])
    shown = act(shown, 0, "arrange", under_cup=[4])  # four different faces on the table
    bold = act(shown, 0, "claim", hand="five_kind")
    assert engine.bot_action(bold, 1, random.Random(1)) == {"type": "call"}
    modest = act(at_roll(started(), 0, ["K", "K", "9", "10", "A"], pos=[7, 8, 12]), 0, "claim", hand="pair")
    assert engine.bot_action(modest, 1, random.Random(1)) == {"type": "believe"}


def test_bot_decides_from_its_own_view_only():
    base = started(seed=4)
    for dice in (["K", "K", "9", "10", "A"], ["A", "A", "A", "A", "A"], ["9", "10", "J", "Q", "K"]):
        state = act(at_roll(base, 0, dice, pos=[7, 8, 12]), 0, "claim", hand="three_kind")
        choices = {str(engine.bot_action(state, 1, random.Random(s))) for s in range(3)}
        assert choices == {str(engine.bot_action(state, 1, random.Random(s))) for s in range(3)}
    # the caller's choice is the same whatever the hidden dice are
    picks = {
        str(
            engine.bot_action(
                act(at_roll(base, 0, d, pos=[7, 8, 12]), 0, "claim", hand="three_kind"), 1, random.Random(9)
            )
        )
        for d in (["K", "K", "9", "10", "A"], ["A", "A", "A", "A", "A"])
    }
    assert len(picks) == 1


def test_bot_rerolls_toward_its_group_when_bluffing_is_risky():
    state = at_roll(started(), 0, ["K", "K", "9", "10", "A"], pos=[9, 10, 14], gold=[5, 3, 3])
    # a pair lands in the saloon; everyone has seen this rider caught bluffing: any bluff would be called
    state["call_record"][0] = {"truthful": 0, "bluffs": 6}
    action = engine.bot_action(state, 0, random.Random(2))
    assert action == {"type": "reroll", "keep": [0, 1], "mode": "cup"}


def test_bot_keep_plan():
    assert keep_plan(["K", "K", "9", "10", "A"]) == [0, 1]
    assert keep_plan(["K", "9", "K", "9", "A"]) == [0, 1, 2, 3]
    assert keep_plan(["Q", "9", "Q", "Q", "A"]) == [0, 2, 3]
    assert keep_plan(["9", "10", "J", "Q", "A"]) == [1, 2, 3]


def test_bot_aims_around_a_bystander():
    state = land(at_roll(started(), 0, ["K", "K", "9", "10", "A"], pos=[6, 7, 17]), "pair")
    sample = next(a for a in engine.legal_actions(state, 0) if a["type"] == "shoot")
    bystander_bot = bystander_sample = 0
    for seed in range(60):
        st = dict(state, rng={"seed": seed, "draws": 0})
        bot_shot = engine.bot_action(st, 0, random.Random(seed))
        bystander_bot += engine.apply(st, 0, bot_shot)["last_shot"]["touched"] == [["rider", 2]]
        bystander_sample += engine.apply(st, 0, sample)["last_shot"]["touched"] == [["rider", 2]]
    assert bystander_bot < bystander_sample / 2


def test_bot_plays_from_a_view_without_the_log():
    """The server's states and views carry no log: the bot decides from the game's own view."""
    game = engine.registry.get_game(GAME)
    for seed in range(2):
        rng = random.Random(seed)
        state, _ = engine.start(GAME, {"shots": "dice" if seed else "aim"}, 4, seed)
        for _ in range(3000):
            if engine.is_over(state):
                break
            seat = rng.choice(engine.to_act(state))
            seen = engine.view(state, seat, with_log=False)
            assert "log" not in seen
            action = game.bot_action(seen, engine.legal_actions(state, seat), rng)
            state = engine.step(state, seat, action).state
        assert engine.is_over(state)


def test_public_record_of_called_claims_and_marked_dice_out_of_sight():
    """What the bot reads instead of the log: each rider's called claims (truthful, bluffs) and
    the dice a Marked Die set under the cup this turn (cleared once re-rolled)."""
    pair = ["K", "K", "9", "10", "A"]
    bluff = act(at_roll(started(), 0, pair, pos=[7, 8, 12]), 0, "claim", hand="four_kind")
    called = act(bluff, 1, "call")
    assert engine.view(called, 2)["call_record"][0] == {"truthful": 0, "bluffs": 1}
    honest = act(at_roll(called, 0, ["K", "K", "9", "10", "A"], pos=[7, 8, 12]), 0, "claim", hand="pair")
    assert engine.view(act(honest, 1, "call"), None)["call_record"][0] == {"truthful": 1, "bluffs": 1}
    state = at_roll(started(), 0, ["K", "K", "9", "10", "A"], pos=[7, 8, 12], items=[["marked_die"], [], []])
    state = act(state, 0, "play_item", item="marked_die", die=4, face="K")
    assert engine.view(state, 1)["dice"]["marked_unseen"] == [4]
    state = act(state, 0, "reroll", keep=[0, 1], mode="cup")
    assert engine.view(state, 1)["dice"]["marked_unseen"] == []


def _claimed(dice: list[str], shown: list[int], claim: str, pos: list[int], record: dict) -> dict:
    state = at_roll(started(), 0, dice, pos=pos)
    state["call_record"][0] = dict(record)
    state = act(state, 0, "arrange", under_cup=[i for i in range(5) if i not in shown])
    return act(state, 0, "claim", hand=claim)


def test_bot_never_calls_a_claim_the_open_dice_prove_true():
    """PEB-16: whatever the rider's record or the stakes (a claim that reaches Sacramento), a claim
    the table dice settle as true is believed."""
    caught_often = {"truthful": 0, "bluffs": 8}
    cases = [
        (["K", "K", "K", "9", "9"], [0, 1, 2, 3, 4], "full_house", [7, 8, 12]),
        (["9", "10", "J", "Q", "K"], [0, 1, 2, 3, 4], "straight", [7, 8, 12]),
        (["A", "A", "Q", "Q", "9"], [0, 1, 2, 3, 4], "two_pairs", [28, 29, 12]),  # reaches space 30
        (["A", "A", "A", "A", "A"], [0, 1, 2, 3, 4], "five_kind", [27, 28, 12]),  # reaches Sacramento
    ]
    for dice, shown, claim, pos in cases:
        state = _claimed(dice, shown, claim, pos, caught_often)
        answers = {engine.bot_action(state, 1, random.Random(seed))["type"] for seed in range(40)}
        assert answers == {"believe"}, (dice, claim)


def test_bot_never_believes_a_claim_the_open_dice_prove_false():
    """PEB-12 / PEB-16: a claim no hidden dice could make true (the table already shows more, or
    the wrong faces) is called, even from a rider whose called claims were all truthful."""
    honest = {"truthful": 8, "bluffs": 0}
    cases = [
        (["K", "K", "K", "K", "9"], [0, 1, 2, 3], "pair", [7, 8, 12]),  # four shown: at least four of a kind
        (["9", "9", "10", "J", "Q"], [0, 1], "straight", [7, 8, 12]),  # a pair shown: no straight
        (["9", "10", "J", "Q", "A"], [0, 1, 2, 3, 4], "pair", [7, 8, 12]),  # nothing, all shown
        (["K", "K", "Q", "Q", "J"], [0, 1, 2, 3], "four_kind", [7, 8, 12]),  # two pairs shown
    ]
    for dice, shown, claim, pos in cases:
        state = _claimed(dice, shown, claim, pos, honest)
        answers = {engine.bot_action(state, 1, random.Random(seed))["type"] for seed in range(40)}
        assert answers == {"call"}, (dice, claim)
