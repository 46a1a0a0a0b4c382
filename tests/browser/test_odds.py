"""Live odds in real Chromium: a spectator sees the tote board (each player's chance, its
movement); a seated player sees none until the host turns "odds for players" on, and none again
once it is off; the end card links to the replay's win-chance chart, which draws one line per
player and marks the step the replay shows."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from app import i18n
from tests.browser.test_pip_game import new_page
from tests.browser.test_replay_page import play_to_the_end, post

pytestmark = pytest.mark.browser
GAME = {"game": "ponies_in_pursuit", "name": "Ann", "options": {"rounds": 2}}


def seated(browser, server_url: str, code: str, seat: dict) -> object:
    page = new_page(browser, "en")
    page.goto(f"{server_url}/")
    store = "([code, seat]) => localStorage.setItem(`paddock.seat.${code}`, seat)"
    page.evaluate(store, [code, json.dumps({"token": seat["token"], "seat": seat["seat"], "host": False})])
    page.goto(f"{server_url}/rooms/{code}")
    return page


def press(page, button) -> None:
    """Click a room-menu button (on a narrow screen the menu folds: open it first)."""
    if not button.is_visible():
        page.locator("#room-menu-toggle").click()
    button.click()


def test_a_spectator_sees_the_odds_and_a_player_only_when_the_host_turns_them_on(browser, server_url):
    room = post(
        f"{server_url}/api/rooms", {"game": "ponies_in_pursuit", "name": "Ann", "options": {"rounds": 2}}
    )
    code = room["code"]
    bo = post(f"{server_url}/api/rooms/{code}/join", {"name": "Bo"})
    post(f"{server_url}/api/rooms/{code}/start", {}, room["token"])

    fan = new_page(browser, "en")
    fan.goto(f"{server_url}/rooms/{code}")
    board = fan.locator("#odds-panel")
    expect(board).to_be_visible()
    expect(board.locator(".odds-row")).to_have_count(2)
    expect(board.locator(".odds-row").first.locator(".odds-name")).to_have_text("Ann")
    expect(board.locator(".odds-row").first.locator(".odds-chance")).to_have_text(re.compile(r"^\d{1,3}%$"))

    player = seated(browser, server_url, code, bo)
    expect(player.locator("#table-area")).to_be_visible()
    expect(player.locator("#odds-players-toggle")).to_be_hidden()  # not the host
    host = seated(browser, server_url, code, {**room, "seat": 0})
    toggle = host.locator("#odds-players-toggle")
    expect(toggle).to_have_text(i18n.translate("en", "odds.players_on"))
    expect(player.locator("#odds-panel")).to_be_hidden()
    expect(host.locator("#odds-panel")).to_be_hidden()
    press(host, toggle)
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(player.locator("#odds-panel .odds-row")).to_have_count(2)
    expect(player.locator("#odds-panel")).to_be_visible()
    press(host, toggle)
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(player.locator("#odds-panel")).to_be_hidden()
    expect(fan.locator("#odds-panel")).to_be_visible()
    for page in (fan, player, host):
        assert page.js_errors == []
        page.context.close()


def test_the_end_card_links_to_the_replays_win_chance_chart(browser, server_url):
    room = post(
        f"{server_url}/api/rooms", {"game": "ponies_in_pursuit", "name": "Ann", "options": {"rounds": 2}}
    )
    code, token = room["code"], room["token"]
    post(f"{server_url}/api/rooms/{code}/bots", {"count": 2}, token)
    post(f"{server_url}/api/rooms/{code}/start", {}, token)
    play_to_the_end(server_url, code, token)

    page = new_page(browser, "en")
    page.goto(f"{server_url}/rooms/{code}")
    link = page.locator("#chances-link")
    expect(link).to_be_visible()
    link.click()
    chart = page.locator("#chances")
    expect(chart).to_have_attribute("data-ready", "true")
    expect(chart.locator("polyline.chart-line")).to_have_count(3)
    expect(chart.locator(".chart-key")).to_have_count(3)
    expect(page.locator("#chances-chart")).to_have_attribute("data-step", "0")
    page.locator("#replay-last").click()
    count = page.locator("#replay").get_attribute("data-count") or page.locator("#replay-step").get_attribute(
        "max"
    )
    expect(page.locator("#chances-chart")).to_have_attribute("data-step", str(count))
    marker = page.locator(".chart-marker")
    assert float(marker.get_attribute("x1")) > 500  # the last step: at the right of the chart
    assert page.js_errors == []
    page.context.close()
