"""Every registered game, opened and played to its end in real Chromium (issue 21, item 4).

The list of games comes from the registry, not from this file: a game added to
`engine/registry.py` gets this test by being registered. For each one the host creates the room
from the home page, fills the other seats with bots from the lobby and starts; the host's seat is
then played by a second socket holding the host's own token (the page's seat token), which sends
one of the actions its `state` frames list, while the page shows the table until the end card.
No console error or page error may appear; axe-core finds nothing serious on the table and at
the end; a screenshot of the end is written to a temporary directory.
"""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine.registry import GAMES, SHIPPED
from tests.utils.live_server import Client

from .test_pip_game import check_axe
from .test_table_show import close, open_page

pytestmark = pytest.mark.browser

# The shipped games (engine/games/); toy games that other tests register exist only in-process.
REGISTERED = list(SHIPPED)
GAME_SECONDS = 180  # bounds a failure only: the loop returns as soon as the socket says the game is over


def create_room(page: Page, server_url: str, game_id: str) -> tuple[str, str]:
    """The home page: pick the game, type a name, create. Returns the room code and the host's token."""
    page.goto(f"{server_url}/")
    page.check(f"#game-{game_id}")
    page.fill("#player-name", "Ana")
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/rooms/[^/]+$"))
    code = page.url.rsplit("/", 1)[1]
    seat = json.loads(page.evaluate("(code) => localStorage.getItem(`paddock.seat.${code}`)", code))
    assert seat["seat"] == 0 and seat["host"]
    return code, seat["token"]


def fill_with_bots_and_start(page: Page, seats: int) -> None:
    expect(page.locator("#lobby")).to_be_visible()
    listed = page.locator("#seat-list .seat")
    expect(listed).to_have_count(1)
    for count in range(2, seats + 1):
        page.click("#add-bot")
        expect(listed).to_have_count(count)
    page.click("#start-game")
    expect(page.locator("#table-area")).to_be_visible()


def play_seat_to_the_end(url: str, token: str, seed: int) -> dict[str, Any]:
    """Plays a seat over its own socket: on each newer `state` frame that lists actions, one of
    them chosen at random, sent back as listed; a refusal picks again from the latest frame.
    Returns the last frame (the game over)."""
    rng = random.Random(seed)
    latest: dict[str, Any] | None = None
    acted_on = -1
    deadline = time.monotonic() + GAME_SECONDS
    with Client(url) as client:
        client.hello(token)
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"the game did not end in {GAME_SECONDS} s; last frame: {latest}"
            message = client.recv(left)
            if message["type"] == "error":
                assert message.get("code") != "hello_first", message
                acted_on = -1  # refused (e.g. a frame went stale meanwhile): choose again
            elif message["type"] == "state" and (latest is None or message["v"] >= latest["v"]):
                latest = message
            else:
                continue
            assert latest is not None
            if latest["over"]:
                return latest
            if latest["actions"] and latest["v"] != acted_on:
                acted_on = latest["v"]
                client.send({"type": "act", "v": latest["v"], "action": rng.choice(latest["actions"])})


@pytest.mark.parametrize("game_id", REGISTERED)
def test_every_registered_game_plays_to_the_end_in_the_browser(
    browser, server_url, axe_source, tmp_path, game_id
):
    game = GAMES[game_id]
    page = open_page(browser)
    code, token = create_room(page, server_url, game_id)
    fill_with_bots_and_start(page, game.min_seats)

    # The bots have played up to the host's first decision: the table stands still for axe.
    expect(page.locator("#turn-banner")).to_have_attribute("data-state", "mine")
    expect(page.locator("#game-root")).not_to_be_empty()
    check_axe(page, axe_source, f"{game_id} table")

    last = play_seat_to_the_end(f"{server_url.replace('http', 'ws', 1)}/ws/rooms/{code}", token, seed=1)
    assert last["over"]
    expect(page.locator("#end-card")).to_be_visible()
    check_axe(page, axe_source, f"{game_id} end")
    screenshot = tmp_path / f"{game_id}-end.png"
    page.screenshot(path=screenshot, full_page=True, animations="disabled")
    assert screenshot.stat().st_size > 0
    close(page)  # no console error and no page error, all game long
