"""The tote after the game, in real Chromium: the replay of a finished game where a named
spectator backed shows the tote panel with her bet at its step, the pools move as the cursor
crosses that step, and the last step shows what the tote paid and the rail; the series box on
the end card and in the next game's lobby shows the rail with her chips."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from app import i18n
from tests.browser.test_pip_game import check_axe, new_page, shot
from tests.browser.test_replay_page import get, play_to_the_end, post
from tests.browser.test_tote import back, named_fan
from tests.utils.live_server import Client

pytestmark = pytest.mark.browser


def rail_on(page, box: str) -> dict[str, int]:
    """Chips per name in the rail table of the series box `box`."""
    names = page.locator(f"#{box} .series-rail tbody th").all_text_contents()
    chips = page.locator(f"#{box} .series-rail tbody .series-chips").all_text_contents()
    return dict(zip(names, map(int, chips), strict=True))


def test_the_replay_and_the_series_show_the_tote(browser, server_url, axe_source, artifacts):
    room = post(
        f"{server_url}/api/rooms", {"game": "ponies_in_pursuit", "name": "Ann", "options": {"rounds": 2}}
    )
    code, token = room["code"], room["token"]
    post(f"{server_url}/api/rooms/{code}/bots", {"count": 2}, token)
    post(f"{server_url}/api/rooms/{code}/start", {}, token)
    port = server_url.rsplit(":", 1)[1]
    with Client(f"ws://127.0.0.1:{port}/ws/rooms/{code}") as watcher:
        watcher.hello()
        watcher.state(v=2)  # both bots have submitted: the bet comes after step 0
    greta = named_fan(browser, server_url, code, "Greta")
    back(greta, 0, 30)
    expect(greta.locator('.tote-row[data-seat="0"] .tote-pool')).to_have_text(
        i18n.translate("en", "tote.pool", n="30")
    )
    play_to_the_end(server_url, code, token)

    history = get(f"{server_url}/api/rooms/{code}/replay/tote")
    [bet] = history["bets"]
    step = bet["v"]
    assert step >= 2 and bet["name"] == "Greta" and bet["chips"] == 30
    rail = {entry["name"]: entry["chips"] for entry in history["rail"]}
    assert set(rail) == {"Greta"}

    # The end card's series box: the first game, finished, with its rail.
    expect(greta.locator("#end-card")).to_be_visible()
    expect(greta.locator("#series-end .series-rail caption")).to_have_text(i18n.translate("en", "tote.rail"))
    assert rail_on(greta, "series-end") == rail

    lang = "pt"
    words = lambda key, **params: i18n.translate(lang, key, **params)  # noqa: E731
    counted = lambda key, n: i18n.translate_plural(lang, key, n, n=str(n))  # noqa: E731
    page = new_page(browser, lang)
    page.goto(f"{server_url}/rooms/{code}/replay")
    panel = page.locator("#replay-tote")
    expect(panel).to_have_attribute("data-ready", "true")
    expect(page.locator("#replay")).to_have_attribute("data-ready", "true")
    ann_pool = panel.locator('.tote-row[data-seat="0"] .tote-pool')
    expect(ann_pool).to_have_text(words("tote.pool", n="0"))  # step 0: nobody has backed yet
    bet_row = panel.locator(".replay-tote-bet")
    expect(bet_row).to_have_count(1)
    expect(bet_row).to_have_text(
        words("replay.tote_bet.other", step=str(step), name="Greta", contender="Ann", n="30")
    )
    expect(bet_row).to_have_attribute("data-placed", "false")
    # The bet's row moves the replay to its step: the pools now hold it.
    bet_row.locator("button").click()
    expect(page.locator("#replay")).to_have_attribute("data-step", str(step))
    expect(ann_pool).to_have_text(words("tote.pool", n="30"))
    expect(panel.locator('.tote-row[data-seat="0"] .tote-payout')).to_have_text(words("tote.payout", x="1"))
    expect(panel.locator('.tote-row[data-seat="1"] .tote-payout')).to_have_text(words("tote.no_payout"))
    expect(page.locator("#replay-tote-total")).to_have_text(
        i18n.translate_plural(lang, "replay.tote_total", 30, n="30")
    )
    expect(bet_row).to_have_attribute("data-placed", "true")
    expect(page.locator("#replay-tote-end")).to_be_hidden()
    # One step back, before the bet: the pools are empty again.
    page.click("#replay-back")
    expect(page.locator("#replay")).to_have_attribute("data-step", str(step - 1))
    expect(ann_pool).to_have_text(words("tote.pool", n="0"))
    expect(page.locator("#replay-tote-total")).to_have_text(
        i18n.translate_plural(lang, "replay.tote_total", 0, n="0")
    )
    # The last step: what the tote paid, and the rail.
    page.click("#replay-last")
    end = page.locator("#replay-tote-end")
    expect(end).to_be_visible()
    expect(page.locator("#replay-tote-later")).to_be_hidden()
    expect(page.locator("#replay-tote-payouts .tote-rail-row")).to_have_text(
        [f"Greta{counted('tote.chips_n', history['payouts']['Greta'])}"]
    )
    expect(page.locator("#replay-tote-rail .tote-rail-row")).to_have_text(
        [f"Greta{counted('tote.chips_n', rail['Greta'])}"]
    )
    check_axe(page, axe_source, "replay page with the tote")
    shot(page, artifacts, "replay-tote.png")

    # The next game of the evening: its lobby's series box carries the rail.
    new = post(f"{server_url}/api/rooms/{code}/rematch", {}, token)["code"]
    lobby = new_page(browser, "en")
    lobby.goto(f"{server_url}/rooms/{new}")
    expect(lobby.locator("#series-lobby")).to_have_attribute("data-game", "2")
    expect(lobby.locator("#series-lobby .series-rail")).to_be_visible()
    assert rail_on(lobby, "series-lobby") == rail
    for each in (greta, page, lobby):
        assert each.js_errors == []
        each.context.close()
