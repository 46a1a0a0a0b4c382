"""The tote in real Chromium: a named spectator backs a player on the tote panel, sees the pool
and the payout per chip move when another spectator backs, and sees what the tote paid her and
the rail on the end card."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from app import i18n
from tests.browser.test_pip_game import new_page
from tests.browser.test_replay_page import get, play_to_the_end, post

pytestmark = pytest.mark.browser


def words(key: str, **params) -> str:
    return i18n.translate("en", key, **params)


def counted(key: str, count: int, **params) -> str:
    return i18n.translate_plural("en", key, count, **params)


def named_fan(browser, server_url: str, code: str, name: str):
    page = new_page(browser, "en")
    page.goto(f"{server_url}/rooms/{code}")
    page.fill("#spectate-name", name)
    page.click("#spectate-button")
    expect(page.locator("#tote-status")).to_contain_text(counted("tote.your_chips", 100, name=name, n="100"))
    return page


def back(page, seat: int, chips: int) -> None:
    page.select_option("#tote-contender", str(seat))
    page.fill("#tote-chips", str(chips))
    page.click("#tote-form button[type=submit]")


def test_a_named_spectator_backs_sees_the_pool_move_and_her_payout_on_the_end_card(browser, server_url):
    room = post(
        f"{server_url}/api/rooms", {"game": "ponies_in_pursuit", "name": "Ann", "options": {"rounds": 2}}
    )
    code, token = room["code"], room["token"]
    post(f"{server_url}/api/rooms/{code}/bots", {"count": 2}, token)
    post(f"{server_url}/api/rooms/{code}/start", {}, token)  # Ann has not played: the tote is open

    greta = named_fan(browser, server_url, code, "Greta")
    hal = named_fan(browser, server_url, code, "Hal")
    ann_row = greta.locator('.tote-row[data-seat="0"]')
    back(greta, 0, 30)
    expect(ann_row.locator(".tote-pool")).to_have_text(words("tote.pool", n="30"))
    expect(ann_row.locator(".tote-payout")).to_have_text(words("tote.payout", x="1"))
    expect(ann_row.locator(".tote-mine")).to_have_text(words("tote.mine", n="30"))
    expect(greta.locator("#tote-status")).to_contain_text(
        counted("tote.your_chips", 70, name="Greta", n="70")
    )
    # Another spectator backs the second player: Greta's board moves without her doing anything.
    back(hal, 1, 10)
    expect(greta.locator('.tote-row[data-seat="1"] .tote-pool')).to_have_text(words("tote.pool", n="10"))
    expect(ann_row.locator(".tote-payout")).to_have_text(words("tote.payout", x="1.33"))
    expect(greta.locator('.tote-row[data-seat="1"] .tote-payout')).to_have_text(words("tote.payout", x="4"))
    expect(greta.locator('.tote-row[data-seat="1"] .tote-mine')).to_have_text("")
    # Too many chips: refused in words, nothing changes.
    back(greta, 1, 500)
    expect(greta.locator("#tote-error")).to_have_text(words("error.tote_chips", chips="70"))
    expect(greta.locator('.tote-row[data-seat="1"] .tote-pool')).to_have_text(words("tote.pool", n="10"))

    play_to_the_end(server_url, code, token)
    tote = get(f"{server_url}/api/rooms/{code}/tote")
    assert tote["settled"] is True and tote["total"] == 40
    chips = {entry["name"]: entry["chips"] for entry in tote["rail"]}
    card = greta.locator("#end-card")
    expect(card).to_be_visible()
    # Nobody backed the third player: when it wins, the chips came back as a refund.
    key = "tote.you_refunded" if tote["refund"] else "tote.you_won"
    expect(card.locator("#end-tote-you")).to_have_text(
        counted(key, chips["Greta"] - 70, n=str(chips["Greta"] - 70), chips=str(chips["Greta"]))
    )
    expect(card.locator(".tote-rail-row")).to_have_count(2)
    expect(card.locator("#end-tote-rail")).to_contain_text("Greta")
    expect(card.locator("#end-tote-rail")).to_contain_text("Hal")
    expect(greta.locator("#tote-form")).to_be_hidden()
    for page in (greta, hal):
        assert page.js_errors == []
        page.context.close()
