"""The room's bar on a desktop (issue 43, item 4), in real Chromium: one row at 1366 x 768 with
every control a seated player has during a game; Rules stands in it, "Propose: abandon the
game" only in the "End the game…" menu, the rest under "Menu", which Escape folds again."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from app import i18n
from tests.browser.test_group_play import started_pair

pytestmark = pytest.mark.browser


def test_the_desktop_bar_is_one_row_and_ending_the_game_is_folded(browser, server_url):
    host, friend = started_pair(browser, server_url, rounds=2)
    host.set_viewport_size({"width": 1366, "height": 768})
    bar = host.locator("#room-status")
    rules = host.locator("#rules-toggle")
    expect(rules).to_be_visible()
    expect(host.locator("#end-menu")).to_be_visible()
    expect(host.locator("#propose-abandon")).to_be_hidden()
    # One row: every visible control of the bar sits on the same line.
    tops = bar.evaluate(
        """b => [...b.querySelectorAll(':scope > *')].filter((n) => n.offsetParent)
              .map((n) => Math.round(n.getBoundingClientRect().top + n.getBoundingClientRect().height / 2))"""
    )
    assert max(tops) - min(tops) <= 4, tops
    host.click("#end-menu summary")
    expect(host.locator("#propose-abandon")).to_have_text(i18n.translate("en", "vote.propose_abandon"))
    expect(host.locator("#propose-abandon")).to_be_visible()
    host.click("#room-menu-toggle")
    expect(host.locator("#leave-seat")).to_be_visible()
    host.keyboard.press("Escape")
    expect(host.locator("#leave-seat")).to_be_hidden()
    expect(host.locator("#room-menu-toggle")).to_be_focused()
    for page in (host, friend):
        assert page.js_errors == []
        page.context.close()
