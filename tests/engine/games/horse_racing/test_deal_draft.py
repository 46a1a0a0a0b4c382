"""HR-3 deck and deal, HR-4 the simultaneous secret draft passing left."""

from collections import Counter

import pytest

import engine
from engine import errors
from engine.games.horse_racing.cards import SUIT, build_deck
from tests.engine.games.horse_racing.helpers import GAME, act, events

DECK_TABLE = {  # players: (suits, jokers, cards each, set aside)
    4: (2, 1, 6, 3),
    5: (2, 2, 5, 3),
    6: (3, 2, 6, 5),
    7: (3, 2, 5, 6),
    8: (4, 2, 6, 6),
    9: (4, 2, 6, 0),
    10: (4, 2, 5, 4),
    11: (5, 2, 6, 1),
    12: (5, 2, 5, 7),
}


@pytest.mark.parametrize("players", sorted(DECK_TABLE))
def test_hr_3_deck_and_deal_by_player_count(players):
    suits, jokers, each, aside = DECK_TABLE[players]
    deck = Counter(build_deck(players))
    assert deck == Counter({**{card: suits for card in SUIT}, "Joker": jokers})
    state = engine.setup(GAME, {}, players, seed=players)
    assert [len(p) for p in state["packets"]] == [each] * players
    assert len(state["set_aside"]) == aside
    dealt = Counter(card for packet in state["packets"] for card in packet) + Counter(state["set_aside"])
    assert dealt == deck
    view = engine.view(state, 0)
    assert view["draft"]["packet_sizes"] == [each] * players
    assert "set_aside" not in view


def test_hr_3_set_aside_cards_reach_nobody_not_even_after_the_game():
    from tests.utils.play import play_random

    state, _ = play_random(GAME, 4, seed=11)
    aside = state["set_aside"]
    assert aside
    for seat in (None, 0, 1, 2, 3):
        seen = engine.view(state, seat)
        assert "set_aside" not in seen and "set_aside" not in str(seen["result"])


def test_hr_4_draft_keeps_one_card_passes_left_until_every_card_is_kept():
    state = engine.setup(GAME, {}, 4, seed=5)
    dealt = [list(p) for p in state["packets"]]
    assert engine.to_act(state) == [0, 1, 2, 3]
    picks = [dealt[s][0] for s in range(4)]
    for seat in (0, 1, 2):
        state = act(state, seat, type="pick", card=picks[seat])
        assert state["packets"] == dealt  # nothing moves until every seat has picked
        assert engine.to_act(state) == [s for s in range(4) if s > seat]
    state = act(state, 3, type="pick", card=picks[3])
    for seat in range(4):
        assert state["hands"][seat] == [picks[seat]]
        rest = list(dealt[(seat - 1) % 4])
        rest.remove(picks[(seat - 1) % 4])
        assert sorted(state["packets"][seat]) == sorted(rest)  # the right-hand neighbour's packet came left
    assert events(state, "draft_pass")[0]["round"] == 1
    # keep picking: 6 cards each, the sixth is kept without asking
    while state["phase"] == "draft":
        for seat in range(4):
            state = act(state, seat, type="pick", card=state["packets"][seat][0])
    kept = Counter(card for hand in state["drafted"] for card in hand)
    assert all(len(hand) == 6 for hand in state["drafted"])
    assert kept == Counter(card for packet in dealt for card in packet)


def test_hr_4_a_pick_may_change_until_the_last_seat_picks_and_must_be_offered():
    state = engine.setup(GAME, {}, 4, seed=5)
    packet = state["packets"][0]
    state = act(state, 0, type="pick", card=packet[0])
    state = act(state, 0, type="pick", card=packet[-1])
    assert engine.view(state, 0)["pick"] == packet[-1]
    assert engine.view(state, 1)["draft"]["picked"] == [True, False, False, False]
    missing = next(c for c in ("K", "A", "Joker", "2", "7") if c not in packet)
    with pytest.raises(engine.EngineError) as info:
        act(state, 0, type="pick", card=missing)
    assert info.value.code == errors.ILLEGAL_ACTION
    with pytest.raises(engine.EngineError) as info:
        act(state, 0, type="roll")
    assert info.value.code == errors.ILLEGAL_ACTION
    for seat in (1, 2, 3):
        state = act(state, seat, type="pick", card=state["packets"][seat][0])
    assert packet[-1] in state["hands"][0]


def test_hr_4_picks_and_packets_are_secret():
    """HR-4: two games differing only in seat 0's pick: the non-receivers and spectators see the same."""
    base = engine.setup(GAME, {}, 6, seed=8)
    packet = base["packets"][0]
    first, other = packet[0], next(c for c in packet if c != packet[0])
    a = act(base, 0, type="pick", card=first)
    b = act(base, 0, type="pick", card=other)
    for seat in (None, 1, 2, 3, 4, 5):
        assert engine.view(a, seat) == engine.view(b, seat)
    assert engine.view(a, 0) != engine.view(b, 0)
    for seat in (1, 2, 3, 4, 5):
        a = act(a, seat, type="pick", card=a["packets"][seat][0])
        b = act(b, seat, type="pick", card=b["packets"][seat][0])
    # after the pass only seat 1 (the receiver of seat 0's packet) and seat 0 see a difference
    for seat in (None, 2, 3, 4, 5):
        assert engine.view(a, seat) == engine.view(b, seat)
    assert engine.view(a, 1)["packet"] != engine.view(b, 1)["packet"]
    assert engine.view(a, None)["hand"] is None and engine.view(a, None)["packet"] is None


def test_hr_4_the_last_card_of_each_packet_is_kept_without_asking():
    """HR-4: when two cards are left in each packet, every seat keeps one and the card left
    in the packet passed to it joins its hand without a pick: the draft ends there."""
    state = engine.setup("horse_racing", None, 4, 3)
    while len(state["packets"][0]) > 2:
        for seat in range(4):
            state = engine.apply(state, seat, {"type": "pick", "card": state["packets"][seat][0]})
    packets = [list(p) for p in state["packets"]]
    hands = [list(h) for h in state["hands"]]
    for seat in range(4):
        state = engine.apply(state, seat, {"type": "pick", "card": packets[seat][0]})
    assert state["phase"] != "draft" and state["picks"] is None
    for seat in range(4):
        left_over = packets[(seat - 1) % 4][1]  # the packet passed left to this seat
        expected = sorted(hands[seat] + [packets[seat][0], left_over])
        assert sorted(state["drafted"][seat]) == expected
