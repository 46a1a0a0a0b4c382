"""When an action is stale (app.rooms.decisions): per seat, the version at which what bears on
its next choice last changed, or at which it last acted."""

from __future__ import annotations

from app.rooms.decisions import is_stale, update


def test_a_seat_whose_decision_is_unchanged_keeps_its_version_and_one_without_a_choice_moves():
    # Seat 0 seals a submission at v5; seat 1's decision is as it was; seat 2 has no choice
    # (no digest: not awaited), seat 3 is a bot.
    before = [[3, "a"], [2, "b"], [4, None], [1, None]]
    after = update(before, 4, 5, actors=[0], bots=[3], digests={0: "a", 1: "b", 2: None})
    assert after == [[5, "a"], [2, "b"], [5, None], [1, None]]
    assert is_stale(after, 0, 4, 5), "a seat's own earlier action makes its older versions stale"
    assert not is_stale(after, 1, 2, 5), "another seat's submission leaves this seat's act fresh"
    assert is_stale(after, 2, 4, 5), "a seat without a choice: anything older than now is stale"
    assert not is_stale(after, 2, 5, 5)  # sent against now: the rules refuse it (not its turn)


def test_a_seat_that_gets_a_choice_again_is_stale_before_it():
    after = update([[4, None], [4, "b"]], 2, 6, actors=[1], bots=[], digests={0: "c", 1: None})
    assert after == [[6, "c"], [6, None]]
    assert is_stale(after, 0, 5, 6) and not is_stale(after, 0, 6, 6)
