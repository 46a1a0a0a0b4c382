"""A fifth game added at test time: the contract (tests/engine/contract.py) passes it when it
keeps its secrets, and fails it when its dealt hands reach the public view, when it hides a
move it does not declare, when a face-down play's card reaches the others, when its result
shows the deck, or when it declares nothing."""

from __future__ import annotations

import pytest

from engine.registry import GAMES, register
from tests.engine import contract
from tests.engine.scratch_game import (
    LeaksHands,
    RevealsDeck,
    ShowsStashedCard,
    Stash,
    Undeclared,
    UndeclaredStash,
)


@pytest.fixture
def scratch():
    """Register the scratch games for one test, then take them out of the registry again."""
    games = [
        register(cls())
        for cls in (Stash, LeaksHands, UndeclaredStash, ShowsStashedCard, RevealsDeck, Undeclared)
    ]
    yield
    for game in games:
        GAMES.pop(game.id)


def test_the_honest_scratch_game_passes_every_check(scratch):
    assert contract.check_secrets("scratch_stash", 3) == {"hands", "stash", "deck"}
    assert contract.check_hidden_plays("scratch_stash", 3)["stash"] > 0
    assert contract.check_no_undeclared_secret_moves("scratch_stash", 3) > 0


def test_dealt_hands_in_the_public_view_fail_the_contract(scratch):
    with pytest.raises(AssertionError, match="can tell another deal: hands"):
        contract.check_secrets("scratch_leaks_hands", 3)


def test_an_undeclared_secret_move_fails_rather_than_skips(scratch):
    with pytest.raises(AssertionError, match="'stash' choices .* a secret move it does not declare"):
        contract.check_no_undeclared_secret_moves("scratch_undeclared", 3)


def test_a_face_down_card_reaching_the_others_fails_the_contract(scratch):
    with pytest.raises(AssertionError, match="can tell seat .* stash plays"):
        contract.check_hidden_plays("scratch_face_down_leak", 3)


def test_a_result_showing_the_deck_fails_the_contract(scratch):
    with pytest.raises(AssertionError, match="can tell another order: deck <-> deck .*result"):
        contract.check_secrets("scratch_reveals_deck", 3)


def test_a_game_that_declares_nothing_fails_the_contract(scratch):
    with pytest.raises(AssertionError, match="must declare its hidden information"):
        contract.check_secrets("scratch_no_declaration", 2)
