"""The tote's pari-mutuel settlement (engine/tote/pool.py): the pool goes to the winner's
backers in proportion to their chips, a shared win splits it, nobody on the winner refunds
everyone, and the payouts always add up to the pool."""

from __future__ import annotations

from engine.tote import payout_per_chip, pools, settle


def test_pools_list_every_contender_and_the_payout_per_chip_is_the_pool_over_the_stake():
    bets = [("Greta", "0", 30), ("Hal", "1", 10), ("Ida", "0", 10)]
    pool = pools(bets, ["0", "1", "2"])
    assert pool == {"0": 40, "1": 10, "2": 0}
    assert payout_per_chip(pool) == {"0": 1.25, "1": 5.0, "2": None}


def test_the_winners_backers_share_the_whole_pool_in_proportion_to_their_chips():
    bets = [("Greta", "0", 30), ("Hal", "1", 20), ("Ida", "0", 10), ("Greta", "2", 40)]
    paid = settle(bets, ["0"])
    assert paid == {"Greta": 75, "Ida": 25, "Hal": 0}
    assert sum(paid.values()) == 100


def test_nobody_on_the_winner_refunds_everyone():
    bets = [("Greta", "0", 30), ("Hal", "1", 20), ("Greta", "1", 5)]
    assert settle(bets, ["2"]) == {"Greta": 35, "Hal": 20}
    assert settle(bets, []) == {"Greta": 35, "Hal": 20}  # an abandoned game: no winner


def test_a_shared_win_splits_the_pool_between_the_backed_winners():
    bets = [("Greta", "0", 10), ("Hal", "1", 30), ("Ida", "2", 60)]
    assert settle(bets, ["0", "1"]) == {"Greta": 50, "Hal": 50, "Ida": 0}
    # One of the co-winners unbacked: the backed one's backers take the pool.
    assert settle(bets, ["0", "3"]) == {"Greta": 100, "Hal": 0, "Ida": 0}


def test_whole_chips_the_leftover_goes_to_the_largest_remainders_and_the_total_is_kept():
    bets = [("Greta", "0", 1), ("Hal", "0", 1), ("Ida", "0", 1), ("Jo", "1", 1)]
    paid = settle(bets, ["0"])
    assert sum(paid.values()) == 4
    assert sorted(paid.values()) == [0, 1, 1, 2]  # 4/3 each: one of them gets the leftover chip
    assert paid["Jo"] == 0 and paid["Greta"] == 2  # ties by name
