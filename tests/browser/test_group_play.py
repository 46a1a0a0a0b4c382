"""Group play in real Chromium: rematch without a new link, chat (spectators, text stays text,
reactions in each reader's language), seats kept through a grace period and taken back, and a
seat moved to another browser by its one-time link."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from app import i18n
from tests.browser.conftest import run_server
from tests.browser.staging import menu_click
from tests.browser.test_pip_game import play_round

pytestmark = pytest.mark.browser

LOCALES = {"en": "en-US", "pt": "pt-BR", "zh-Hans": "zh-CN"}


def words(key: str, lang: str = "en", **params) -> str:
    return i18n.translate(lang, key, **params)


def new_page(browser, lang: str = "en", **options) -> Page:
    context = browser.new_context(locale=LOCALES[lang], **options)
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors  # type: ignore[attr-defined]
    return page


def host_creates(browser, server_url: str, rounds: int = 1, lang: str = "en") -> Page:
    host = new_page(browser, lang)
    host.goto(f"{server_url}/")
    host.fill("#opt-rounds", str(rounds))
    host.fill("#player-name", "Ann")
    host.click("#create-button")
    host.wait_for_url("**/rooms/**")
    return host


def friend_joins(browser, url: str, name: str = "Bruno", lang: str = "en") -> Page:
    friend = new_page(browser, lang)
    friend.goto(url)
    friend.fill("#join-name", name)
    friend.click("#join-button")
    expect(friend.locator("#role-badge")).to_contain_text(name)
    return friend


def started_pair(browser, server_url: str, rounds: int = 1) -> tuple[Page, Page]:
    host = host_creates(browser, server_url, rounds)
    friend = friend_joins(browser, host.url)
    expect(host.locator("#seat-list .seat")).to_have_count(2)
    host.click("#start-game")
    for page in (host, friend):
        page.wait_for_selector('#game-root[data-round="1"]')
    return host, friend


def room_code(page: Page) -> str:
    return page.url.split("/rooms/", 1)[1].split("#")[0].split("/")[0]


def stored_token(page: Page) -> str:
    raw = page.evaluate("(code) => localStorage.getItem(`paddock.seat.${code}`)", room_code(page))
    return json.loads(raw)["token"]


def test_host_and_friend_finish_rematch_and_sit_in_the_new_room(browser, server_url):
    host, friend = started_pair(browser, server_url)
    old = room_code(host)
    fan = new_page(browser, "pt")
    fan.goto(host.url)
    expect(fan.locator("#role-badge")).to_have_text(words("room.role_spectator", "pt"))
    play_round(host, 1)
    play_round(friend, 1)
    for page in (host, friend):
        expect(page.locator("#game-root")).to_have_attribute("data-over", "true")
    expect(friend.locator("#rematch-button")).to_be_hidden()  # only the host offers it
    host.click("#rematch-button")
    # Every page moves on its own: no new link, nothing typed; the spectator keeps watching.
    expect(fan.locator("#rematch-text")).to_contain_text(words("rematch.moving_watch", "pt", n=5)[:12])
    for page in (host, friend, fan):
        page.wait_for_url(lambda url: "/rooms/" in url and old not in url)
    new = room_code(host)
    assert room_code(friend) == new == room_code(fan)
    expect(fan.locator("#role-badge")).to_have_text(words("room.role_spectator", "pt"))
    expect(host.locator("#role-badge")).to_have_text(words("room.role_player", name="Ann", n=1))
    expect(friend.locator("#role-badge")).to_have_text(words("room.role_player", name="Bruno", n=2))
    expect(host.locator("#seat-list .seat")).to_have_count(2)
    expect(host.locator("#host-controls")).to_be_visible()
    # The seats play: the host starts the rematch and the friend holds cards.
    host.click("#start-game")
    friend.wait_for_selector('#game-root[data-round="1"]')
    expect(friend.locator(".pip-hand button").first).to_be_visible()
    # Reopening the old room later shows the way to the rematch, without moving again.
    friend.goto(f"{server_url}/rooms/{old}")
    expect(friend.locator("#rematch-link")).to_be_visible()
    expect(friend.locator("#rematch-banner")).to_be_hidden()
    # Beside the old game's replay, the friend still chats as that game's player.
    friend.goto(f"{server_url}/rooms/{old}/replay")
    friend.fill("#chat-input", "well played")
    friend.press("#chat-input", "Enter")
    expect(friend.locator("#chat-log .chat-line").last.locator(".chat-name")).to_have_text("Bruno")
    expect(friend.locator("#chat-log .chat-text").last).to_have_text("well played")
    for page in (host, friend, fan):
        assert page.js_errors == []
        page.context.close()


def chat_texts(page: Page) -> list[str]:
    return page.locator("#chat-log .chat-text").all_text_contents()


def test_a_spectators_line_reaches_both_players_as_text_and_reactions_in_each_language(browser, server_url):
    host = host_creates(browser, server_url)
    friend = friend_joins(browser, host.url, "Bruno", lang="pt")
    spectator = new_page(browser, "zh-Hans")
    spectator.goto(host.url)
    expect(spectator.locator("#role-badge")).to_have_text(words("room.role_spectator", "zh-Hans"))
    line = "<script>window.pwned = 1</script><b>hi</b>"
    spectator.fill("#chat-input", line)
    spectator.press("#chat-input", "Enter")
    for page in (host, friend, spectator):
        expect(page.locator("#chat-log .chat-text").last).to_have_text(line)
        assert page.locator("#chat-log script, #chat-log b").count() == 0
        assert page.evaluate("window.pwned") is None
    spectator_name = words("chat.as_spectator", name="").strip()
    expect(host.locator("#chat-log .chat-name").last).to_contain_text(spectator_name)
    # A quick reaction from the Portuguese player reads in each reader's language.
    friend.click('#chat-panel [data-reaction="gg"]')
    expect(host.locator("#chat-log .chat-text").last).to_have_text(words("chat.reaction.gg"))
    expect(friend.locator("#chat-log .chat-text").last).to_have_text(words("chat.reaction.gg", "pt"))
    expect(spectator.locator("#chat-log .chat-text").last).to_have_text(words("chat.reaction.gg", "zh-Hans"))
    # The host turns spectator chat off: the spectator is told and cannot send.
    host.uncheck("#chat-spectators")
    expect(spectator.locator("#chat-off")).to_be_visible()
    expect(spectator.locator("#chat-input")).to_be_disabled()
    # A newcomer gets the history at sync.
    late = new_page(browser)
    late.goto(host.url)
    expect(late.locator("#chat-log .chat-text").first).to_have_text(line)
    for page in (host, friend, spectator, late):
        assert page.js_errors == []
        page.context.close()


@pytest.fixture(scope="module")
def patient_server_url():
    """A server with a grace period longer than any test waits (so "too soon" is certain)."""
    with run_server(SEAT_GRACE_SECONDS="600") as url:
        yield url


def test_an_away_seat_is_not_handed_to_a_bot_during_the_grace_period(browser, patient_server_url):
    host, friend = started_pair(browser, patient_server_url, rounds=2)
    friend.context.close()
    away = host.locator('#away-list li[data-seat="1"]')
    expect(away).to_be_visible()
    expect(away).to_contain_text(words("away.seat_away", name="Bruno"))
    countdown = re.escape(words("away.bot_in", n=999)).replace("999", r"\d+")
    expect(away.locator(".away-wait")).to_have_text(re.compile(countdown))
    expect(host.locator('#player-list li[data-seat="1"] .hand-to-bot')).to_have_count(0)
    # Even asked directly, the server refuses before the grace period is over.
    status, body = host.evaluate(
        """async ([code, token]) => {
             const r = await fetch(`/api/rooms/${code}/seats/1/bot`,
               { method: "POST", headers: { Authorization: `Bearer ${token}` } });
             return [r.status, await r.json()]; }""",
        [room_code(host), stored_token(host)],
    )
    assert status == 409 and body["code"] == "too_soon"
    # No timer runs: the host is asked to set one, and does.
    expect(host.locator("#timer-ask")).to_be_visible()
    host.click('#timer-ask [data-timer="60"]')
    expect(host.locator("#timer-ask")).to_be_hidden()
    expect(host.locator("#chat-log .chat-notice").last).to_have_text(words("notice.timer_set", n=60))
    host.context.close()


def test_a_dropped_player_reclaims_the_seat_from_the_bot(browser, server_url):
    host, friend = started_pair(browser, server_url, rounds=2)
    url = friend.url
    context = friend.context
    friend.close()  # the tab closes; the browser keeps the seat token
    button = host.locator('#player-list li[data-seat="1"] .hand-to-bot')
    expect(button).to_be_visible()
    asked: list[str] = []

    def answer(dialog):
        asked.append(dialog.message)
        dialog.dismiss() if len(asked) == 1 else dialog.accept()

    host.on("dialog", answer)
    button.click()  # first time the host thinks again: nothing happens
    presence = host.locator('#player-list li[data-seat="1"] .presence')
    expect(presence).not_to_have_attribute("data-state", "bot")
    button.click()
    assert asked[0] == words("table.hand_to_bot_confirm", name="Bruno")
    expect(host.locator('#player-list li[data-seat="1"] .presence')).to_have_attribute("data-state", "bot")
    expect(host.locator("#chat-log .chat-notice").last).to_have_text(words("notice.seat_bot", name="Bruno"))
    # Bruno opens the room again: the seat is his again, and he plays it.
    back = context.new_page()
    back.goto(url)
    expect(back.locator("#role-badge")).to_have_text(words("room.role_player", name="Bruno", n=2))
    expect(host.locator('#player-list li[data-seat="1"] .presence')).to_have_attribute("data-state", "online")
    expect(host.locator("#chat-log .chat-notice").last).to_have_text(words("notice.seat_back", name="Bruno"))
    play_round(host, 1)
    play_round(back, 2)
    host.context.close()
    context.close()


def test_a_seat_moves_to_another_browser_by_its_one_time_link(browser, server_url):
    host, friend = started_pair(browser, server_url)
    menu_click(friend, "#device-button")
    expect(friend.locator("#device-panel")).to_be_visible()
    qr = friend.locator("#device-qr")
    assert qr.get_attribute("src").startswith("data:image/svg+xml")
    link = friend.locator("#device-url").input_value()
    assert "#seat=" in link and stored_token(friend) not in link
    phone = new_page(browser, "en", viewport={"width": 390, "height": 844}, is_mobile=True)
    phone.goto(link)
    # Bruno's first browser is still connected: it is asked first (issue 20), and lets it go.
    expect(phone.locator("#room-error")).to_contain_text(words("error.seat_asked", retry_after=30)[:40])
    ask = friend.locator(".seat-ask")
    expect(ask).to_contain_text(words("device.asked", n=30))
    ask.get_by_role("button", name=words("device.let_go")).click()
    expect(phone.locator("#role-badge")).to_have_text(words("room.role_player", name="Bruno", n=2))
    expect(friend.locator("#room-error")).to_have_text(words("device.taken"))
    assert "#seat=" not in phone.url
    expect(phone.locator(".pip-hand button").first).to_be_visible()
    # The first browser no longer holds the seat.
    expect(friend.locator("#role-badge")).to_have_text(words("room.role_spectator"))
    expect(host.locator("#chat-log .chat-notice").last).to_have_text(words("notice.seat_moved", name="Bruno"))
    # The link worked once.
    again = new_page(browser)
    again.goto(link)
    expect(again.locator("#room-error")).to_have_text(words("error.bad_link"))
    expect(again.locator("#role-badge")).to_have_text(words("room.role_spectator"))
    play_round(phone, 1)
    for page in (host, friend, phone, again):
        page.context.close()
