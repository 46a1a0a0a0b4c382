"""Who sees what: views of other seats and spectators never depend on a seat's secrets.

Leak tests compare values: two games that differ only in seat A's secret
choice (submission, stakes, hand) must give every other seat and the spectator
identical views (PIP-8, PIP-10, PIP-13, PIP-19).
"""

import random

import engine

from .helpers import GAME, new_game, sub


def others_views(state, a):
    return [engine.view(state, s) for s in range(state["seats"]) if s != a] + [engine.view(state, None)]


def test_pip_8_open_submission_hidden_from_others_and_spectators():
    base = new_game(3)
    moving = engine.apply(base, 0, sub("yellow2:move", "black2:move"))
    betting = engine.apply(base, 0, sub("white1:bet", "wild=red:bet"))
    assert others_views(moving, 0) == others_views(betting, 0)
    assert engine.view(moving, 0)["submission"] != engine.view(betting, 0)["submission"]


def test_pip_10_stakes_and_hand_hidden_after_the_round_resolves():
    base = new_game(3)
    base = engine.apply(base, 1, sub("blue1:move", "red1:move"))
    base = engine.apply(base, 2, sub("black1:move", "red1:bet"))
    on_yellow = engine.apply(base, 0, sub("black2:bet", "yellow2:bet"))
    on_white = engine.apply(base, 0, sub("white1:bet", "blue2:bet"))
    assert engine.view(on_yellow, None)["round"] == 2
    assert others_views(on_yellow, 0) == others_views(on_white, 0)
    assert engine.view(on_yellow, 0)["stakes"] != engine.view(on_white, 0)["stakes"]
    assert engine.view(on_yellow, 0)["hand"] != engine.view(on_white, 0)["hand"]


def test_spectator_view_has_no_secrets_or_rng():
    view = engine.view(new_game(3), None)
    for key in ("hand", "stakes", "bet_cards", "submission", "spy_results", "must_play", "my_plays"):
        assert view[key] is None
    assert "rng" not in view and "hands" not in view and "played" not in view


def test_views_json_shape_documented_keys():
    view = engine.view(new_game(4), 0)
    for key in (
        "round",
        "rounds",
        "ponies",
        "finish_order",
        "hand_sizes",
        "garnets",
        "submitted",
        "awaited",
        "spied",
        "history",
        "hand",
        "stakes",
        "bet_cards",
        "submission",
        "spy_results",
        "must_play",
        "my_plays",
    ):
        assert key in view


def _no_spy_on(actions, target):
    return [a for a in actions if not (a["type"] == "spy" and a["target"] == target)]


def test_random_games_other_seats_views_never_depend_on_a_secret_choice():
    """Seeded loop: at a random moment seat A picks one of two all-bet submissions of the same
    colours but different cards and values (so the public consequences are the same: no moves, the
    same discards later); others' views stay identical through the round's resolution."""
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        seats = rng.randint(2, 6)
        state = engine.setup(GAME, {}, seats, seed)
        stop_round = rng.randint(1, 5)
        while engine.view(state, None)["round"] < stop_round and not engine.is_over(state):
            seat = rng.choice(engine.to_act(state))
            state = engine.apply(state, seat, rng.choice(engine.all_actions(state, seat)))
        if engine.is_over(state):
            continue
        a = rng.choice(engine.to_act(state))
        submits = [x for x in engine.all_actions(state, a) if x["type"] == "submit"]
        groups = {}
        for x in submits:
            if all(p["use"] == "bet" and p["card"] != "wild" for p in x["cards"]):
                groups.setdefault(tuple(p["card"][:-1] for p in x["cards"]), []).append(x)
        twins = [g for g in groups.values() if len(g) >= 2]
        if not twins:
            continue
        x, y = rng.sample(rng.choice(twins), 2)
        one, two = engine.apply(state, a, x), engine.apply(state, a, y)
        assert others_views(one, a) == others_views(two, a)
        # The others play on identically (never spying on A) until the round resolves.
        round_now = engine.view(one, None)["round"]
        while not engine.is_over(one) and engine.view(one, None)["round"] == round_now:
            seat = rng.choice(engine.to_act(one))
            action = rng.choice(_no_spy_on(engine.all_actions(one, seat), a))
            one, two = engine.apply(one, seat, action), engine.apply(two, seat, action)
            if not engine.is_over(one):
                assert others_views(one, a) == others_views(two, a)
        checked += 1
    assert checked >= 20
