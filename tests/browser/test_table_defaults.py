"""Defaults that make sense (issue 43, item 4), in real Chromium on a staged table: Dice and
Bluff's claim menu starts at the best hand the roller's dice hold (not at "a pair" under three
of a kind), and a pick of the player's own stays through a redraw. (Ponies in Pursuit's Submit
waiting for each card's use is checked by every game played through test_pip_game.play_round.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import engine
from engine.games.pony_express_bluff.hands import hand_of

from .staging import bots_until
from .test_table_show import close, stage

pytestmark = pytest.mark.browser


def rolled(hand_wanted: set[str]):
    def done(state: dict) -> bool:
        view = engine.view(state, 0)
        if view["phase"] != "dice" or view["active"] != 0 or not view["dice"]:
            return False
        dice = [t if t is not None else c for t, c in zip(view["dice"]["table"], view["cup"], strict=True)]
        return None not in dice and hand_of(dice) in hand_wanted

    return done


def test_the_claim_menu_starts_at_the_best_hand_the_dice_hold(browser, server_url):
    wanted = {"two_pairs", "three_kind", "straight", "full_house", "four_kind"}  # better than a pair
    state = next(
        found
        for seed in range(1, 60)
        for found in [bots_until_or_none("pony_express_bluff", 3, seed, rolled(wanted))]
        if found
    )
    view = engine.view(state, 0)
    dice = [t if t is not None else c for t, c in zip(view["dice"]["table"], view["cup"], strict=True)]
    page, _ = stage(browser, server_url, state, seat=0)
    menu = page.locator("#peb-claim-hand")
    expect(menu).to_be_visible()
    expect(menu).to_have_value(hand_of(dice))
    close(page)


def bots_until_or_none(game: str, seats: int, seed: int, done) -> dict | None:
    try:
        return bots_until(game, seats, seed, done)
    except AssertionError:
        return None
