"""The decision is where the eye is (issue 43, item 1), in real Chromium, for every game with a
table module (from the registry), at 390 x 844 and 1366 x 768: the table opens at seat 0's
decision (bots played the other seats up to it: the first one of the game, and one later), and
the decision's first live control is inside the viewport without the reader scrolling; the
answer-needing notice region is in the viewport when a notice arrives.

Not yet every decision kind of every game (a draft pick, a claim, a call, a shot, a bet…): the
situations are the first and a later decision of seat 0 as the bots' play brings them."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import engine

from .staging import PHONE, bots_until
from .test_table_show import TABLE_GAMES, close, stage

pytestmark = pytest.mark.browser

SIZES = {"phone": PHONE, "desktop": {"width": 1366, "height": 768}}
SEATS = {"horse_racing": 4}

IN_VIEW = """() => {
  const live = 'button:not(:disabled), select:not(:disabled), input:not(:disabled)';
  const node = [...document.querySelectorAll('#game-root [data-decision]')]
    .find((n) => n.offsetParent !== null && n.querySelector(live));
  if (!node) return null;
  const control = node.querySelector(live);
  const r = control.getBoundingClientRect();
  return {kind: node.dataset.decision, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          width: innerWidth, height: innerHeight};
}"""


def decision_state(game: str, later: bool) -> dict:
    seats = SEATS.get(game, 3)
    turns = {"n": 0}

    def done(state: dict) -> bool:
        if 0 not in engine.to_act(state):
            return False
        turns["n"] += 1
        return not later or turns["n"] >= 4

    return bots_until(game, seats, 7, done)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("later", [False, True], ids=["first", "later"])
@pytest.mark.parametrize("game", TABLE_GAMES)
def test_the_decision_control_is_in_view_when_the_table_opens(browser, server_url, game, later, size):
    state = decision_state(game, later)
    page, _ = stage(browser, server_url, state, seat=0, size=SIZES[size])
    expect(page.locator("#turn-banner")).to_have_attribute("data-state", "mine")
    page.wait_for_function(f"({IN_VIEW})() !== null")
    box = page.evaluate(IN_VIEW)
    assert box is not None, "no live decision control on the table"
    assert box["top"] >= 0 and box["bottom"] <= box["height"], (game, size, box)
    assert box["left"] >= 0 and box["right"] <= box["width"], (game, size, box)
    close(page)
