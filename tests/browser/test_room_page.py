"""Room page failures read as sentences in the reader's language, never traces."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from app import i18n

from .staging import open_room_menu

pytestmark = pytest.mark.browser


def create_room(server_url: str, **options) -> dict:
    body = json.dumps({"game": "ponies_in_pursuit", "name": "Host", "options": options}).encode()
    request = urllib.request.Request(
        f"{server_url}/api/rooms", data=body, headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def choose_uses(page) -> None:
    """Ponies in Pursuit chooses no use for a card: each picked card is set to move."""
    for radio in page.locator('.pip-choice input[value="move"]').all():
        radio.check()


def test_stale_token_falls_back_to_watching(browser, server_url):
    """A seat token this room does not know: the error in words, then the page watches."""
    room = create_room(server_url)
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    page.goto(f"{server_url}/")
    bogus = json.dumps({"token": "x" * 40, "seat": 3})
    store = "([code, seat]) => localStorage.setItem(`paddock.seat.${code}`, seat)"
    page.evaluate(store, [room["code"], bogus])
    page.goto(f"{server_url}/rooms/{room['code']}")
    expect(page.locator("#room-error")).to_have_text(i18n.translate("en", "error.bad_token"))
    expect(page.locator("#role-badge")).to_have_text(i18n.translate("en", "room.role_spectator"))
    assert page.evaluate("([code]) => localStorage.getItem(`paddock.seat.${code}`)", [room["code"]]) is None
    context.close()


def test_host_hands_a_dropped_player_to_a_bot_and_the_game_ends(browser, server_url):
    """A friend closes the tab mid-game; the host lets a bot play that seat and the game finishes."""
    host_context = browser.new_context(locale="en-US")
    host = host_context.new_page()
    host.goto(f"{server_url}/")
    host.fill("#opt-rounds", "1")
    host.fill("#player-name", "Host")
    host.click("#create-button")
    host.wait_for_url("**/rooms/**")
    friend_context = browser.new_context(locale="en-US")
    friend = friend_context.new_page()
    friend.goto(host.url)
    friend.fill("#join-name", "Gone")
    friend.click("#join-button")
    expect(host.locator("#seat-list .seat")).to_have_count(2)
    host.click("#start-game")
    friend.wait_for_selector('#game-root[data-round="1"]')
    friend_context.close()

    button = host.locator('#player-list li[data-seat="1"] .hand-to-bot')
    # The server notices the closed socket, then publishes presence: allow a loaded machine time.
    expect(button).to_be_visible(timeout=20_000)
    label = i18n.translate("en", "table.hand_to_bot_named", name="Gone")
    expect(button).to_have_attribute("aria-label", label)
    host.once("dialog", lambda dialog: dialog.accept())  # the page asks the host to confirm
    button.click()
    expect(host.locator('#player-list li[data-seat="1"] .presence')).to_have_attribute("data-state", "bot")
    # The host plays the one round; the bot answers for the dropped seat.
    host.locator(".pip-hand button").nth(0).click()
    host.locator('.pip-hand button[data-card="red1"]').first.click()
    choose_uses(host)
    host.locator(".pip-submit").click()
    expect(host.locator(".pip-results")).to_be_visible()
    host_context.close()


def test_a_player_leaves_the_lobby_and_watches(browser, server_url):
    room = create_room(server_url)
    context = browser.new_context(locale="pt-BR")
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{server_url}/rooms/{room['code']}")
    page.fill("#join-name", "Dora")
    page.click("#join-button")
    expect(page.locator("#seat-list .seat")).to_have_count(2)
    open_room_menu(page)
    expect(page.locator("#leave-seat")).to_be_visible()
    page.click("#leave-seat")
    expect(page.locator("#seat-list .seat")).to_have_count(1)
    expect(page.locator("#role-badge")).to_have_text(i18n.translate("pt", "room.role_spectator"))
    expect(page.locator("#leave-seat")).to_be_hidden()
    expect(page.locator("#join-form")).to_be_visible()
    context.close()


def test_server_refusal_reads_in_the_readers_language(browser, server_url):
    """The server refuses bad options with a code; the home page says it in Chinese."""
    context = browser.new_context(locale="zh-CN")
    page = context.new_page()
    page.goto(f"{server_url}/")
    page.fill("#opt-rounds", "99")
    page.fill("#player-name", "李")
    page.click("#create-button")
    # The refusal names the field (its label) and the allowed range, and marks the field.
    label = i18n.translate("zh-Hans", "opt.ponies_in_pursuit.rounds")
    words = i18n.translate("zh-Hans", "home.field_invalid_range", field=label, min=1, max=6)
    expect(page.locator("#create-error")).to_have_text(words)
    expect(page.locator("#opt-rounds")).to_have_attribute("aria-invalid", "true")
    assert "/rooms/" not in page.url
    context.close()


def test_lost_state_frame_is_healed_by_a_resync(browser, server_url):
    """A spectator's socket loses every state frame after the start: the room
    summary shows it is behind, so it reconnects and gets the full state."""
    host_context = browser.new_context(locale="en-US")
    host = host_context.new_page()
    host.goto(f"{server_url}/")
    host.fill("#opt-rounds", "2")
    host.fill("#player-name", "Host")
    host.click("#create-button")
    host.wait_for_url("**/rooms/**")
    host.click("#add-bot")
    expect(host.locator("#seat-list .seat")).to_have_count(2)

    connections: list[int] = []

    def route(ws):
        connections.append(len(connections) + 1)
        first = len(connections) == 1
        server = ws.connect_to_server()

        def from_server(message):
            text = message if isinstance(message, str) else message.decode()
            if first and '"type":"state"' in text.replace(" ", "") and '"v":0' not in text.replace(" ", ""):
                return  # lost on the way
            ws.send(message)

        server.on_message(from_server)
        ws.on_message(lambda message: server.send(message))

    watcher_context = browser.new_context(locale="en-US")
    watcher = watcher_context.new_page()
    watcher.route_web_socket(re.compile(r"/ws/rooms/"), route)
    watcher.goto(host.url)
    expect(watcher.locator("#seat-list .seat")).to_have_count(2)
    host.click("#start-game")
    host.wait_for_selector('#game-root[data-round="1"]')
    host.locator(".pip-hand button").nth(0).click()
    host.locator('.pip-hand button[data-card="red1"]').first.click()
    choose_uses(host)
    host.locator(".pip-submit").click()
    host.wait_for_selector('#game-root[data-round="2"]')
    # The watcher catches up to round 2 through a second connection.
    watcher.wait_for_selector('#game-root[data-round="2"]', timeout=15_000)
    assert len(connections) >= 2
    host_context.close()
    watcher_context.close()


def test_seeded_room_says_so_in_the_lobby(browser, server_url):
    """A room created with a fixed seed warns everyone that its shuffles can be computed."""
    seeded = create_room(server_url, seed=1234)
    plain = create_room(server_url)
    context = browser.new_context(locale="pt-BR")
    page = context.new_page()
    page.goto(f"{server_url}/rooms/{seeded['code']}")
    expect(page.locator("#lobby-seeded")).to_have_text(i18n.translate("pt", "lobby.seeded"))
    page.goto(f"{server_url}/rooms/{plain['code']}")
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("#lobby-seeded")).to_be_hidden()
    context.close()
