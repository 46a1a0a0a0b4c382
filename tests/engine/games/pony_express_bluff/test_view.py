"""Who sees what: the cup is the roller's (and a Spyglass holder's); shown dice are public (PEB-8,
PEB-10, PEB-27 and the spec's secrecy table)."""

import copy
import json
import random

import engine

from .helpers import GAME, act, at_roll, events, land, started

PAIR = ["K", "K", "9", "10", "A"]


def others(state, seat):
    return [s for s in range(state["seats"]) if s != seat] + [None]


def test_cup_dice_never_reach_another_seat_or_a_spectator():
    base = started(4, seed=8)
    one = at_roll(base, 0, ["K", "K", "9", "10", "A"], pos=[7, 8, 8, 12])
    two = at_roll(base, 0, ["K", "Q", "J", "9", "9"], pos=[7, 8, 8, 12])
    steps = [
        ("arrange", {"under_cup": [1, 2, 3, 4]}),  # die 0 (a King in both) comes out
        ("reroll", {"keep": [0, 1], "mode": "hand"}),  # die 1 stays hidden, 2-4 rolled in the open
        ("claim", {"hand": "three_kind"}),
    ]
    for kind, params in steps:
        for seat in others(one, 0):
            assert engine.view(one, seat) == engine.view(two, seat)
        assert engine.view(one, 0) != engine.view(two, 0)
        one, two = act(one, 0, kind, **params), act(two, 0, kind, **params)
    one, two = act(one, 1, "believe"), act(two, 1, "believe")
    one, two = act(one, 2, "believe"), act(two, 2, "believe")
    for seat in others(one, 0):
        assert json.dumps(engine.view(one, seat)) == json.dumps(engine.view(two, seat))


def test_spyglass_holder_is_the_only_exception():
    items = [[], [], [], ["spyglass"]]
    base = started(4, seed=8)
    one = act(at_roll(base, 0, PAIR, pos=[7, 8, 8, 12], items=items), 0, "claim", hand="pair")
    two = act(
        at_roll(base, 0, ["9", "9", "9", "9", "9"], pos=[7, 8, 8, 12], items=items), 0, "claim", hand="pair"
    )
    one, two = act(one, 3, "play_item", item="spyglass"), act(two, 3, "play_item", item="spyglass")
    assert engine.view(one, 3) != engine.view(two, 3)
    for seat in (1, 2, None):
        assert engine.view(one, seat) == engine.view(two, seat)


def test_random_games_never_show_a_cup_die_to_others():
    """Property: at every roll of random games, changing the hidden dice changes no other view."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = engine.setup(GAME, {}, 3 + seed % 3, seed)
        while not engine.is_over(state) and checked < 400:
            if (
                state["phase"] in ("dice", "call")
                and state["call"] is None
                or (state["phase"] == "call" and not state["call"]["spied"])
            ):
                roller = state["active"]
                twin = copy.deepcopy(state)
                twin["dice"]["values"] = [
                    ("A" if v != "A" else "9") if h else v
                    for v, h in zip(twin["dice"]["values"], twin["dice"]["hidden"], strict=True)
                ]
                for seat in others(state, roller):
                    assert engine.view(state, seat) == engine.view(twin, seat)
                checked += 1
            seat = rng.choice(engine.to_act(state))
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    assert checked > 100


def test_peb_10_every_shown_die_is_in_the_public_log():
    rng = random.Random(3)
    state = engine.setup(GAME, {}, 3, 3)
    checked = 0
    while not engine.is_over(state) and checked < 300:
        if state["phase"] == "dice":
            log = engine.view(state, None)["log"]
            start = max(i for i, e in enumerate(log) if e["e"] == "roll")
            seen = {}
            for e in log[start:]:
                for i, face in e.get("shown", []):
                    seen[i] = face
            known = engine.view(state, None)["dice"]["known"]
            for i, face in enumerate(known):
                if face is not None:
                    assert seen.get(i) == face
            checked += 1
        seat = rng.choice(engine.to_act(state))
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    assert checked > 50


def test_items_are_counts_for_others_and_deck_order_for_nobody():
    state = at_roll(started(), 0, PAIR, items=[["spyglass", "train_pass"], ["marked_die"], []])
    assert engine.view(state, 0)["items"] == ["spyglass", "train_pass"]
    for seat in (1, None):
        seen = engine.view(state, seat)
        assert seen["item_counts"] == [2, 1, 0] and "train_pass" not in json.dumps(seen["items"])
    for seat in (0, 1, 2, None):
        seen = json.dumps(engine.view(state, seat))
        assert '"deck"' not in seen and '"rng"' not in seen and engine.view(state, seat)["deck_count"] == 17


def test_peb_27_jailed_riders_lie_down_and_cannot_be_hit():
    state = at_roll(started(), 0, PAIR, pos=[6, 7, 17], jailed=[False, False, True])
    state = land(state, "pair")
    shot = next(a for a in engine.legal_actions(state, 0) if a["type"] == "shoot")
    for seed in range(60):
        after = engine.apply(dict(state, rng={"seed": seed, "draws": 0}), 0, shot)
        assert ["rider", 2] not in after["last_shot"]["touched"]
    labels = [t["label"] for t in engine.view(state, None)["fight"]["targets"]]
    assert labels == [["rider", 1]]


def test_peb_27_jailed_rider_cannot_call():
    state = at_roll(started(), 0, PAIR, pos=[7, 7, 8], jailed=[False, True, False])
    state = act(state, 0, "claim", hand="five_kind")
    assert state["call"]["eligible"] == [2] and engine.legal_actions(state, 1) == []
    assert events(state, "claim")[-1]["callers"] == [2]


def _public_trace(state, seats):
    """Everything the other seats and a spectator see, and their legal actions."""
    return {
        "views": [engine.view(state, s, with_log=False) for s in seats],
        "actions": [engine.legal_actions(state, s) for s in seats],
        "to_act": engine.to_act(state),
        "events": engine.visible_events(state["log"], None, False),
    }


def _held_card_differs(card, pos, gold, hand, answer):
    """Two games alike but for the active rider's one card: `card` or a Spyglass."""
    traces = []
    for held in (card, "spyglass"):
        items = [[held], ["steady_hand"], []]
        state = land(at_roll(started(), 0, ["K", "K", "Q", "Q", "9"], pos=pos, gold=gold, items=items), hand)
        before = _public_trace(state, [1, 2, None])
        after = _public_trace(act(state, 0, answer), [1, 2, None])
        traces.append((before, after))
    return traces


def test_peb_29_the_table_never_waits_on_which_card_a_rider_holds():
    """PEB-29 / secrecy: the steps where Fresh Horse, Sarsaparilla or a Train Pass could be played
    come for a rider holding any card, so the flow of the game (phase, whose turn, events) is
    the same whether or not it holds that card, until it plays it."""
    cases = [
        ("fresh_horse", [5, 2, 3], [3, 3, 3], "two_pairs", "end_turn"),  # lands on 7, a plain space
        ("sarsaparilla", [8, 2, 3], [3, 3, 3], "two_pairs", "drink"),  # lands on the saloon at 10
        ("train_pass", [9, 2, 3], [1, 3, 3], "two_pairs", "stay"),  # station 11, fare 2, one gold
    ]
    for card, pos, gold, hand, answer in cases:
        with_card, without = _held_card_differs(card, pos, gold, hand, answer)
        assert with_card[0]["views"][2]["phase"] != "dice"
        assert with_card == without, card


def test_peb_29_a_rider_without_cards_is_not_kept_waiting():
    state = land(at_roll(started(), 0, ["K", "K", "Q", "Q", "9"], pos=[5, 2, 3]), "two_pairs")
    assert state["pos"][0] == 7 and state["active"] == 1
