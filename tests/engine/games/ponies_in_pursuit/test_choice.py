"""The compact `choose` description of a seat's submissions (engine/games/ponies_in_pursuit/choice.py)
admits exactly what the rules accept (PIP-5, PIP-6, PIP-7): compared, on many hands and finish
orders, with a brute-force search that sends every one- and two-card list of plays to the engine."""

from __future__ import annotations

import json
import random
from itertools import combinations_with_replacement
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.games.ponies_in_pursuit import choice
from engine.games.ponies_in_pursuit.cards import CARD_ORDER, CARDS, PONIES, STARTING_HAND, WILD, colour_of
from engine.games.ponies_in_pursuit.submissions import USES, all_submissions
from engine.moves import CHOOSE

from .helpers import new_game

# Every play anyone could send: each card to move or to bet, the Wild as any colour (also a
# finished one), an ordinary card also with its own colour spelled out and with another one.
PLAYS: list[dict[str, Any]] = [
    *({"card": c, "use": u} for c in CARD_ORDER if c != WILD for u in USES),
    *({"card": c, "as": colour_of(c), "use": u} for c in CARD_ORDER if c != WILD for u in USES[:1]),
    {"card": "red1", "as": "blue", "use": "move"},
    *({"card": WILD, "as": colour, "use": u} for colour in PONIES for u in USES),
]
CANDIDATES = [[p] for p in PLAYS] + [list(pair) for pair in combinations_with_replacement(PLAYS, 2)]


def key(plays: list[dict[str, Any]]) -> str:
    """A submission in canonical form (card order, an ordinary card without `as`)."""
    canonical = [
        {k: v for k, v in p.items() if k != "as" or p["card"] == WILD}
        for p in sorted(plays, key=lambda p: (CARD_ORDER.index(p["card"]), json.dumps(p, sort_keys=True)))
    ]
    return json.dumps(canonical, sort_keys=True)


def accepted_by_the_rules(state: dict[str, Any], seat: int) -> dict[int, str]:
    """Brute force: candidate index -> the submission as stored, for every candidate the engine accepts."""
    out = {}
    for number, cards in enumerate(CANDIDATES):
        try:
            after = engine.apply(state, seat, {"type": "submit", "cards": cards})
        except engine.EngineError:
            continue
        resolved = len(after["played"]) > len(state["played"])  # the last awaited seat's submission
        out[number] = key(after["played"][-1][seat] if resolved else after["sub"]["submitted"][seat])
    return out


def spelled_canonically(cards: list[dict[str, Any]]) -> bool:
    """No ordinary card with its colour spelled out (the rules take that too: the same submission)."""
    return all("as" not in p or p["card"] == WILD for p in cards)


def table(hand: list[str], finished: list[str]) -> dict[str, Any]:
    """A three-seat game in which seat 0 holds `hand` and `finished` ponies are home."""
    state = new_game(3)
    state["hands"][0] = sorted(hand, key=CARD_ORDER.index)
    state["finish_order"] = list(finished)
    return state


def check(state: dict[str, Any], seat: int) -> None:
    listed = [a for a in engine.legal_actions(state, seat) if a["type"] == "submit"]
    assert len(listed) == 1, "the submission is listed once"
    action = listed[0]
    described = action[CHOOSE]["cards"]
    accepted = accepted_by_the_rules(state, seat)
    rules = set(accepted.values())
    expanded = {key(c) for c in choice.expand(described)}
    assert expanded == rules, "the description admits exactly what the rules accept"
    if state["hands"][seat].count(WILD) <= 1:  # a real hand: twelve cards, one Wild (PIP-2)
        assert expanded == {key(c) for c in all_submissions(state["hands"][seat], state["finish_order"])}
    for number, cards in enumerate(CANDIDATES):
        admitted = choice.admits(described, cards)
        assert admitted == choice.admits(described, cards[::-1]), "order is free"
        if spelled_canonically(cards):
            assert admitted == (number in accepted), cards
        elif number in accepted:
            assert accepted[number] in expanded
    assert key(action["cards"]) in rules and choice.admits(described, action["cards"]), "the sample is legal"
    engine.apply(state, seat, action)  # sendable verbatim: raises if refused


# A hand of the game (part of the twelve), and now and then any cards at all (two Wilds...).
real_hands = st.lists(st.booleans(), min_size=12, max_size=12).map(
    lambda keep: [c for c, k in zip(STARTING_HAND, keep, strict=True) if k]
)
hands = st.one_of(real_hands, st.lists(st.sampled_from(CARD_ORDER), min_size=1, max_size=6))
finishes = st.permutations(PONIES).flatmap(lambda order: st.integers(0, 4).map(lambda n: list(order[:n])))


@settings(max_examples=150, deadline=None)
@given(hand=hands, finished=finishes)
def test_pip_5_6_7_the_description_admits_exactly_the_legal_submissions(hand, finished):
    """Any hand (cards of finished ponies discarded, PIP-13) and any finish order."""
    hand = [c for c in hand if c == WILD or colour_of(c) not in finished]
    if not hand:
        return
    check(table(hand, finished), 0)


def test_the_description_matches_the_rules_along_random_games():
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = engine.setup("ponies_in_pursuit", None, 2 + seed % 4, seed)
        while not engine.is_over(state):
            seat = rng.choice(engine.to_act(state))
            if rng.random() < 0.3:
                check(state, seat)
                checked += 1
            state = engine.apply(state, seat, rng.choice(engine.all_actions(state, seat)))
    assert checked > 20


def test_the_description_is_one_pass_over_the_hand_and_stays_small():
    """A full hand: 228 submissions, described in a few hundred bytes."""
    state = new_game(3)
    action = engine.legal_actions(state, 0)[0]
    assert len(choice.expand(action[CHOOSE]["cards"])) == len(all_submissions(state["hands"][0], [])) == 228
    assert len(json.dumps(action)) < 800
    assert action[CHOOSE]["cards"]["pool"][-1] == {"card": WILD, "as": list(PONIES), "max": 1}
    assert all(
        entry.get("colour") == CARDS[entry["card"]][0] for entry in action[CHOOSE]["cards"]["pool"][:-1]
    )


def test_a_hand_of_one_colour_is_described_as_one_card():
    """PIP-6: no two colours in hand (the Wild with only its partner's colour open) -> one card."""
    state = table(["yellow1", "yellow2", WILD], ["white", "red", "blue", "black"])
    described = engine.legal_actions(state, 0)[0][CHOOSE]["cards"]
    assert described["count"] == 1
    assert choice.admits(described, [{"card": WILD, "as": "yellow", "use": "bet"}])
    assert not choice.admits(
        described, [{"card": "yellow1", "use": "bet"}, {"card": WILD, "as": "yellow", "use": "bet"}]
    )
    check(state, 0)
