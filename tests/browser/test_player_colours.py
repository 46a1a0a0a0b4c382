"""One colour per player everywhere (issue 43, item 3), in real Chromium, for every shipped game:
a real room (the host and bots), a named spectator who backs the host on the tote, the game
played to its end; then each player's colour is read from the players panel, the game log, the
live tote and the end card on the spectator's page, and from the win-chance chart (its lines and
its legend) and the replayed tote on the replay page. Every place gives a player the same
colour, no two players share one, none equals a colour of that game's own pieces (read off the
board, and the palette module's list of them), and each swatch carries its player's shape."""

from __future__ import annotations

from collections import defaultdict

import pytest
from playwright.sync_api import Page, expect

from engine.registry import GAMES, SHIPPED
from tests.browser.test_every_game import play_seat_to_the_end
from tests.browser.test_pip_game import new_page
from tests.browser.test_replay_page import post
from tests.browser.test_tote import back, named_fan

pytestmark = pytest.mark.browser

# Where each game draws its own pieces (ponies, horses, cards, spaces, Indians, mailboxes), and
# which computed colour property to read there.
PIECES = {
    "ponies_in_pursuit": [(".pony-body", "fill")],
    "horse_racing": [],
    "pony_express_bluff": [(".peb-indian", "fill"), (".peb-mailbox", "fill")],
    "pony_express_race": [
        (".per-token-body", "fill"),
        (".per-marker", "backgroundColor"),
        (".per-space", "fill"),
    ],
}

# Every node that stands for one player (data-seat on itself or its row) and its colour property.
SHELL_PLACES = {
    "players panel": ("#player-list .player .player-swatch", "backgroundColor"),
    "log": ("#game-log li.by-player", "borderLeftColor"),
    "tote": ("#tote-list .tote-row .player-swatch", "backgroundColor"),
    "end card": ("#end-card-ranking .player-swatch", "backgroundColor"),
}
REPLAY_PLACES = {
    "chart line": ("#chances-chart polyline.chart-line", "stroke"),
    "chart legend": ("#chances-legend .player-swatch", "backgroundColor"),
    "replay tote": ("#replay-tote-pools .player-swatch", "backgroundColor"),
}

READ = """([selector, prop]) => [...document.querySelectorAll(selector)].map((node) => {
  const holder = node.closest("[data-seat]");
  return [Number(holder.dataset.seat), getComputedStyle(node)[prop], node.dataset.mark ?? null];
})"""


def rgb(hex_colour: str) -> str:
    value = hex_colour.lstrip("#")
    r, g, b = (int(value[i : i + 2], 16) for i in (0, 2, 4))
    return f"rgb({r}, {g}, {b})"


def read_places(page: Page, places: dict, seen: dict, marks: dict, seats: int) -> None:
    for where, (selector, prop) in places.items():
        found = page.evaluate(READ, [selector, prop])
        # Every player is drawn in every place (the log: whoever has a line of their own).
        drawn = {seat for seat, _, _ in found}
        assert drawn == set(range(seats)) or (where == "log" and drawn), (where, drawn)
        for seat, colour, mark in found:
            seen[seat].add((where, colour))
            if mark is not None:
                marks[seat].add(mark)


def piece_colours(page: Page, game: str) -> set[str]:
    drawn: set[str] = set()
    for selector, prop in PIECES[game]:
        values = page.evaluate(
            "([s, p]) => [...document.querySelectorAll(s)].map((n) => getComputedStyle(n)[p])",
            [selector, prop],
        )
        assert values, f"{game}: no {selector} on the board"
        drawn.update(v for v in values if v.startswith("rgb"))
    listed = page.evaluate("async () => (await import('/static/js/player_colour.js')).PIECE_COLOURS")
    return drawn | {rgb(c) for c in listed[game]}


@pytest.mark.parametrize("game_id", list(SHIPPED))
def test_each_player_is_one_colour_everywhere_and_never_a_piece_colour(browser, server_url, game_id):
    seats = GAMES[game_id].min_seats
    room = post(f"{server_url}/api/rooms", {"game": game_id, "name": "Ann"})
    code, token = room["code"], room["token"]
    post(f"{server_url}/api/rooms/{code}/bots", {"count": seats - 1}, token)
    post(f"{server_url}/api/rooms/{code}/start", {}, token)
    fan = named_fan(browser, server_url, code, "Greta")
    back(fan, 0, 30)
    expect(fan.locator('.tote-row[data-seat="0"] .tote-mine')).not_to_be_empty()
    assert play_seat_to_the_end(f"{server_url.replace('http', 'ws', 1)}/ws/rooms/{code}", token, seed=2)[
        "over"
    ]
    expect(fan.locator("#end-card")).to_be_visible()
    expect(fan.locator("#player-list .player")).to_have_count(seats)

    seen: dict[int, set[tuple[str, str]]] = defaultdict(set)
    marks: dict[int, set[str]] = defaultdict(set)
    read_places(fan, SHELL_PLACES, seen, marks, seats)
    pieces = piece_colours(fan, game_id)

    replay = new_page(browser, "en")
    replay.goto(f"{server_url}/rooms/{code}/replay")
    expect(replay.locator("#chances")).to_have_attribute("data-ready", "true")
    expect(replay.locator("#replay-tote")).to_have_attribute("data-ready", "true")
    expect(replay.locator("#replay-tote-pools .tote-row")).to_have_count(seats)
    read_places(replay, REPLAY_PLACES, seen, marks, seats)

    assert sorted(seen) == list(range(seats)), seen
    colour_of = {}
    for seat, places in seen.items():
        colours = {colour for _, colour in places}
        assert len(colours) == 1, (seat, places)  # one colour in every place
        colour_of[seat] = colours.pop()
        assert colour_of[seat] not in pieces, (seat, colour_of[seat], "is a piece colour of", game_id)
        assert len(marks[seat]) == 1, (seat, marks[seat])  # one shape per player, on every swatch
    assert len(set(colour_of.values())) == seats, colour_of
    assert len({next(iter(m)) for m in marks.values()}) == seats, marks
    for page in (fan, replay):
        assert page.js_errors == [], page.js_errors
        page.context.close()
