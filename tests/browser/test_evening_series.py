"""An evening is a series, in real Chromium against a real server process: three rematches in a
row keep the chat and the (named) spectator, and the lobby and the end card show "game N of the
evening" and a tally that matches the games' results, also after the server is restarted on
the same database."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ROOT
from tests.browser.test_group_play import friend_joins, host_creates, new_page, room_code, words
from tests.browser.test_named_spectators import lists
from tests.browser.test_pip_game import play_round
from tests.utils.process_server import ServerProcess

pytestmark = pytest.mark.browser


def serve(db, port=None) -> ServerProcess:
    return ServerProcess(
        f"sqlite:///{db}", port=port, RATE_LIMITS="off", SEAT_GRACE_SECONDS="0", PYTHONPATH=str(ROOT)
    ).start()


SEATS = ["Ann", "Bruno"]


def winners_on_the_end_card(page: Page) -> list[str]:
    rows = page.locator('#end-card-ranking li[data-winner="true"]')
    return [SEATS[int(seat)] for seat in rows.evaluate_all("rows => rows.map(r => r.dataset.seat)")]


def tally_on(page: Page, box: str) -> dict[str, int]:
    """Wins per player name in the tally table of `box`."""
    names = page.locator(f"#{box} .series-tally tbody th").all_text_contents()
    wins = page.locator(f"#{box} .series-tally tbody .series-wins").all_text_contents()
    return dict(zip(names, map(int, wins), strict=True))


def play_pip(host: Page, friend: Page) -> None:
    host.click("#start-game")
    for page in (host, friend):
        play_round(page, 1)
    for page in (host, friend):
        expect(page.locator("#game-root")).to_have_attribute("data-over", "true")


def rematch(host: Page, friend: Page, fan: Page) -> None:
    old = room_code(host)
    host.click("#rematch-button")
    for page in (host, friend, fan):
        page.locator("#rematch-go").click()
        page.wait_for_url(lambda url: "/rooms/" in url and old not in url)


def test_three_rematches_keep_chat_spectators_and_tally_across_a_restart(browser, tmp_path):
    db = tmp_path / "paddock.db"
    server = serve(db)
    try:
        url = f"http://127.0.0.1:{server.port}"
        host = host_creates(browser, url, rounds=1)
        friend = friend_joins(browser, host.url, "Bruno")
        fan = new_page(browser, "pt")
        fan.goto(host.url)
        fan.fill("#spectate-name", "Greta")
        fan.click("#spectate-button")
        lists(host, ["Greta"])
        friend.fill("#chat-input", "a long night ahead")
        friend.press("#chat-input", "Enter")
        expect(host.locator("#chat-log .chat-text").last).to_have_text("a long night ahead")
        expect(host.locator("#series-lobby")).to_be_hidden()  # a first game is no series yet
        wins = {"Ann": 0, "Bruno": 0}
        for game in (1, 2, 3):
            if game == 3:  # a real restart of the server, on the same database
                port = server.port
                server.stop()
                server = serve(db, port)
                for page in (host, friend, fan):
                    expect(page.locator("#conn-status")).to_have_attribute("data-state", "connected")
            expect(host.locator("#series-lobby")).to_have_attribute("data-game", str(game))
            play_pip(host, friend)
            for name in winners_on_the_end_card(host):
                wins[name] += 1
            for page in (host, friend, fan):
                end = page.locator("#series-end")
                expect(end).to_have_attribute("data-finished", str(game))
                expect(end.locator(".series-game")).to_have_text(
                    words("series.game_n", "pt" if page is fan else "en", n=game)
                )
            assert tally_on(host, "series-end") == wins
            api = server.http.get(f"/api/rooms/{room_code(host)}/series").json()
            assert {row["name"]: row["wins"] for row in api["tally"]} == wins
            rematch(host, friend, fan)
            # The new room: the chat, the spectator and the tally came along.
            for page in (host, friend, fan):
                expect(page.locator("#chat-log .chat-text").first).to_have_text("a long night ahead")
                expect(page.locator("#series-lobby")).to_have_attribute("data-game", str(game + 1))
            lists(host, ["Greta"], "#lobby")
            expect(fan.locator("#role-badge")).to_have_text(words("room.role_spectator", "pt"))
            assert tally_on(friend, "series-lobby") == wins
        for page in (host, friend, fan):
            assert page.js_errors == []
            page.context.close()
    finally:
        server.stop()
