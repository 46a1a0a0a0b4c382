"""PEB-1, PEB-2: poker dice hands, their order and the move table."""

import pytest

from engine.games.pony_express_bluff.hands import HANDS, best_seats, hand_key, hand_of, move_value


@pytest.mark.parametrize(
    "dice, hand",
    [
        (["A", "A", "A", "A", "A"], "five_kind"),
        (["9", "9", "9", "9", "K"], "four_kind"),
        (["J", "J", "J", "10", "10"], "full_house"),
        (["9", "10", "J", "Q", "K"], "straight"),
        (["A", "K", "Q", "J", "10"], "straight"),
        (["Q", "Q", "Q", "9", "A"], "three_kind"),
        (["K", "K", "10", "10", "J"], "two_pairs"),
        (["K", "K", "10", "9", "J"], "pair"),
        (["9", "10", "J", "Q", "A"], "nothing"),
    ],
)
def test_peb_1_hand_of_each_category(dice, hand):
    assert hand_of(dice) == hand


def test_peb_1_hands_order_best_first():
    ranked = [
        ["A", "A", "A", "A", "A"],
        ["9", "9", "9", "9", "K"],
        ["J", "J", "J", "10", "10"],
        ["9", "10", "J", "Q", "K"],
        ["Q", "Q", "Q", "9", "A"],
        ["K", "K", "10", "10", "J"],
        ["K", "K", "10", "9", "J"],
        ["9", "10", "J", "Q", "A"],
    ]
    keys = [hand_key(d) for d in ranked]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
    assert HANDS[-1] == "five_kind" and HANDS[0] == "nothing"


def test_peb_21_ties_broken_by_group_ranks_then_kickers():
    assert hand_key(["K", "K", "9", "10", "J"]) > hand_key(["Q", "Q", "A", "10", "J"])
    assert hand_key(["K", "K", "9", "10", "A"]) > hand_key(["K", "K", "9", "10", "J"])
    assert hand_key(["10", "J", "Q", "K", "A"]) > hand_key(["9", "10", "J", "Q", "K"])
    assert hand_key(["9", "9", "9", "A", "A"]) > hand_key(["A", "A", "K", "K", "Q"])
    assert best_seats([(0, ["K", "K", "9", "10", "J"]), (1, ["K", "K", "J", "10", "9"])]) == [0, 1]


def test_peb_2_move_table():
    assert [move_value(h) for h in HANDS] == [0, 1, 2, 3, 4, 5, 6, 7]
