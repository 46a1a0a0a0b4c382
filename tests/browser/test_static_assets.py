"""In Chromium, a page and its game load every module, stylesheet and catalogue from its
fingerprinted URL (app/assets.py): the import map catches relative imports, the dynamic
import of the game module and `import.meta.resolve` lookups, so no file is fetched under its
plain URL and no module is fetched (and instantiated) twice."""

from __future__ import annotations

import json
import re
import urllib.request
from collections import Counter

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

FINGERPRINTED = re.compile(r"/static/.+\.[0-9a-f]{12}\.\w+$")
MIN_SEATS = {"ponies_in_pursuit": 2, "horse_racing": 4, "pony_express_bluff": 3, "pony_express_race": 2}
GAME_CSS = {"horse_racing", "pony_express_bluff", "pony_express_race"}


def post(server_url: str, path: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"{server_url}{path}", data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


@pytest.mark.parametrize("game", sorted(MIN_SEATS))
def test_a_running_game_loads_everything_from_fingerprinted_urls(browser, server_url, game):
    room = post(server_url, "/api/rooms", {"game": game, "name": "Host", "options": {}})
    post(server_url, f"/api/rooms/{room['code']}/bots", {"count": MIN_SEATS[game] - 1}, room["token"])
    post(server_url, f"/api/rooms/{room['code']}/start", {}, room["token"])

    context = browser.new_context(locale="pt-BR")
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    console_errors = watch_console(page)
    page.goto(f"{server_url}/rooms/{room['code']}")
    # The game's own module has drawn its table (a spectator's view).
    expect(page.locator("#game-root > *").first).to_be_visible()
    if game in GAME_CSS:
        page.wait_for_function(
            "game => [...document.styleSheets].some(s => (s.href || '').includes(`/static/games/${game}.`))",
            arg=game,
        )

    static = [url.split("?")[0] for url in requested if "/static/" in url]
    assert any(f"/static/games/{game}." in url and url.endswith(".js") for url in static), static
    assert any("/static/i18n/pt." in url for url in static), static
    assert any("/static/js/i18n." in url for url in static), static
    plain = [url for url in static if not FINGERPRINTED.search(url)]
    assert plain == [], f"fetched under plain URLs: {plain}"
    twice = [url for url, count in Counter(static).items() if count > 1]
    assert twice == [], f"fetched more than once: {twice}"
    # E.g. a Content-Security-Policy that blocks the inline import map would show here.
    assert console_errors == []
    context.close()


def watch_console(page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def test_the_home_page_loads_its_modules_from_fingerprinted_urls(browser, server_url):
    context = browser.new_context(locale="zh-CN")
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    console_errors = watch_console(page)
    page.goto(f"{server_url}/")
    # The game picker is filled in by home.js once the catalogue and the games are loaded.
    expect(page.locator("#game-picker input[type=radio]").first).to_be_visible()
    static = [url.split("?")[0] for url in requested if "/static/" in url]
    assert any("/static/js/home." in url for url in static)
    assert any("/static/i18n/zh-Hans." in url for url in static)
    assert [url for url in static if not FINGERPRINTED.search(url)] == []
    assert console_errors == []
    context.close()
