"""Seeded loops over many random games: every listed action is accepted, every game ends,
scores add up from the revealed submissions, the state stays JSON and replays exactly."""

import random
from fractions import Fraction

import engine
from engine.games.ponies_in_pursuit.cards import DISTANCE, PONIES, STARTING_HAND, value_of
from engine.games.ponies_in_pursuit.scoring import PAYOUT
from tests.utils.play import assert_json_state, play_random, replay

from .helpers import GAME


def random_options(rng):
    return {"rounds": rng.randint(1, 6), "garnets": rng.choice([0, 5, 10, 20])}


def expected_scores(result, seats):
    """Rebuild every score from the revealed submissions alone (PIP-10, PIP-15, PIP-16)."""
    order = result["revealed"]["finish_order"]
    scores = []
    for seat in range(seats):
        score = Fraction(0)
        for rnd in result["revealed"]["submissions"]:
            for play in rnd["cards"][seat]:
                if play["use"] != "bet":
                    continue
                colour = play.get("as") or play["card"].rstrip("12")
                if colour in order:
                    score += value_of(play["card"]) * PAYOUT[order.index(colour)]
                else:
                    score -= 2
        scores.append(score)
    return scores


def test_random_games_end_accept_listed_actions_and_scores_add_up():
    for seed in range(60):
        rng = random.Random(seed)
        seats, options = rng.randint(2, 6), random_options(rng)
        final, log = play_random(GAME, seats, seed, options, chooser_seed=seed)
        assert engine.is_over(final)
        assert_json_state(final)
        result = engine.result(final)
        assert [Fraction(s) for s in result["scores"]] == expected_scores(result, seats)
        assert result["winners"] == [s for s in range(seats) if result["scores"][s] == max(result["scores"])]
        stakes = result["revealed"]["stakes"]
        for seat in range(seats):
            bets = [
                p
                for rnd in result["revealed"]["submissions"]
                for p in rnd["cards"][seat]
                if p["use"] == "bet"
            ]
            assert sum(stakes[seat].values()) == sum(value_of(p["card"]) for p in bets)
            played = sum(len(rnd["cards"][seat]) for rnd in result["revealed"]["submissions"])
            discarded = sum(
                len(e["cards"]) for e in final["log"] if e["e"] == "discarded" and e["seat"] == seat
            )
            assert played + discarded + len(result["revealed"]["hands"][seat]) == len(STARTING_HAND)
        positions = {p["colour"]: p["position"] for p in engine.view(final, None)["ponies"]}
        moved = {c: sum(h["moves"][c] for h in engine.view(final, None)["history"]) for c in PONIES}
        assert all(positions[c] == min(moved[c], DISTANCE[c]) for c in PONIES)
        assert all((positions[c] == DISTANCE[c]) == (c in result["revealed"]["finish_order"]) for c in PONIES)
        if seed % 10 == 0:
            assert replay(GAME, seats, seed, options, log) == final


def test_every_listed_action_is_accepted_at_sampled_states():
    for seed in range(5):
        rng = random.Random(seed)
        state = engine.setup(GAME, {}, rng.randint(2, 5), seed)
        while not engine.is_over(state):
            seat = rng.choice(engine.to_act(state))
            actions = engine.all_actions(state, seat)
            if rng.random() < 0.2:
                for action in actions:
                    engine.apply(state, seat, action)  # raises if refused
                for other in range(state["seats"]):  # seats not awaited may still spy
                    for action in engine.all_actions(state, other):
                        if action["type"] == "spy":
                            engine.apply(state, other, action)
            state = engine.apply(state, seat, rng.choice(actions))
