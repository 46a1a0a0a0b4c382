"""Seats you get back yourself, in real Chromium (issue 23, items 1, 2, 6): "I'm one of the
players" from a fresh browser and one host click (the old phone, still connected, is asked: a
silent one loses the seat, one that answers "Keep it here" keeps it and the asker is told); a
pasted seat link claims the seat without a reload; leaving mid-game and taking the seat back;
the host change announced; a majority vote lets bots finish."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import run_server
from tests.browser.staging import menu_click
from tests.browser.test_group_play import (
    friend_joins,
    host_creates,
    new_page,
    started_pair,
    stored_token,
    words,
)
from tests.browser.test_pip_game import play_round

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def quick_ask_url():
    """A server whose asked device has 3 s to answer (the phone left on at home stays silent)."""
    with run_server(SEAT_GRACE_SECONDS="0", SEAT_ASK_SECONDS="3") as url:
        yield url


def ask_for_my_seat(browser, url: str, name: str) -> Page:
    """A fresh browser opens the room, says it is one of the players, and picks `name`."""
    fresh = new_page(browser)
    fresh.goto(url)
    expect(fresh.locator("#role-badge")).to_have_text(words("room.role_spectator"))
    expect(fresh.locator("#conn-status")).to_have_attribute("data-state", "connected")
    fresh.click("#seat-ask-open")
    fresh.get_by_role("button", name=words("seat_ask.i_am", name=name)).click()
    expect(fresh.locator("#seat-asks")).to_have_text(words("seat_ask.waiting", name=name))
    return fresh


def give_with_one_click(host: Page, name: str) -> None:
    expect(host.locator(".seat-give")).to_contain_text(words("seat_ask.someone_asks", name=name))
    host.get_by_role("button", name=words("seat_ask.give", name=name)).click()


def test_a_fresh_browser_gets_the_seat_after_one_host_click_while_the_silent_phone_loses_it(
    browser, quick_ask_url
):
    host, phone = started_pair(browser, quick_ask_url)
    fresh = ask_for_my_seat(browser, host.url, "Bruno")
    # Only the host is offered the give (Bruno's phone is seated but the host is here).
    expect(phone.locator(".seat-give")).to_have_count(0)
    give_with_one_click(host, "Bruno")
    # The phone at home is still connected: it is asked, and stays silent.
    expect(phone.locator(".seat-ask")).to_contain_text(words("device.asked", n=3))
    expect(fresh.locator("#role-badge")).to_have_text(words("room.role_player", name="Bruno", n=2))
    expect(fresh.locator(".pip-hand button").first).to_be_visible()
    expect(phone.locator("#room-error")).to_have_text(words("device.taken"))
    expect(phone.locator("#role-badge")).to_have_text(words("room.role_spectator"))
    expect(host.locator("#chat-log .chat-notice").last).to_have_text(words("notice.seat_moved", name="Bruno"))
    for page in (host, phone, fresh):
        assert page.js_errors == []
        page.context.close()


def test_the_old_device_keeps_its_seat_here_and_the_asker_is_told(browser, server_url):
    host, phone = started_pair(browser, server_url)
    fresh = ask_for_my_seat(browser, host.url, "Bruno")
    give_with_one_click(host, "Bruno")
    ask = phone.locator(".seat-ask")
    expect(ask).to_contain_text(words("device.asked", n=30))
    ask.get_by_role("button", name=words("device.keep")).click()
    expect(fresh.locator("#room-error")).to_have_text(words("error.seat_kept"))
    expect(fresh.locator("#role-badge")).to_have_text(words("room.role_spectator"))
    expect(phone.locator("#role-badge")).to_have_text(words("room.role_player", name="Bruno", n=2))
    expect(phone.locator(".pip-hand button").first).to_be_visible()
    for page in (host, phone, fresh):
        page.context.close()


def test_a_seat_link_pasted_into_an_open_room_tab_claims_the_seat_without_a_reload(browser, server_url):
    host, friend = started_pair(browser, server_url)
    menu_click(friend, "#device-button")
    expect(friend.locator("#device-url")).to_have_value(re.compile("#seat="))
    link = friend.locator("#device-url").input_value()
    friend.context.close()  # the old device is gone: the seat moves at once
    tab = new_page(browser)
    tab.goto(host.url)
    expect(tab.locator("#role-badge")).to_have_text(words("room.role_spectator"))
    tab.evaluate("() => { window.sameDocument = true; }")
    tab.evaluate("(hash) => { location.hash = hash; }", "#seat=" + link.split("#seat=", 1)[1])
    expect(tab.locator("#role-badge")).to_have_text(words("room.role_player", name="Bruno", n=2))
    assert tab.evaluate("() => window.sameDocument") is True
    assert "#seat=" not in tab.url
    expect(tab.locator(".pip-hand button").first).to_be_visible()
    for page in (host, tab):
        assert page.js_errors == []
        page.context.close()


def test_leaving_mid_game_and_coming_back_with_the_token_and_the_host_change_is_announced(
    browser, server_url
):
    host, friend = started_pair(browser, server_url, rounds=3)
    token = stored_token(friend)
    asked: list[str] = []

    def accept(dialog):
        asked.append(dialog.message)
        dialog.accept()

    friend.on("dialog", accept)
    menu_click(friend, "#leave-seat")
    expect(friend.locator("#role-badge")).to_have_text(words("room.role_spectator"))
    assert asked == [words("room.leave_confirm_game")]
    expect(friend.locator("#left-seat")).to_be_visible()
    expect(host.locator("#chat-log .chat-notice").last).to_have_text(words("notice.seat_left", name="Bruno"))
    friend.click("#take-back")
    expect(friend.locator("#role-badge")).to_have_text(words("room.role_player", name="Bruno", n=2))
    assert stored_token(friend) == token
    expect(host.locator("#chat-log .chat-notice").last).to_have_text(words("notice.seat_back", name="Bruno"))
    expect(friend.locator(".pip-hand button").first).to_be_visible()
    # The host leaves: the role moves to Bruno, and every page says so.
    host.on("dialog", lambda dialog: dialog.accept())
    menu_click(host, "#leave-seat")
    changed = words("notice.host_changed", name="Bruno")
    for page in (host, friend):
        expect(page.locator("#chat-log .chat-notice").last).to_have_text(changed)
    for page in (host, friend):
        assert page.js_errors == []
        page.context.close()


def test_a_majority_vote_lets_bots_finish_the_game(browser, server_url):
    host, friend = started_pair(browser, server_url, rounds=2)
    host.click("#end-menu summary")  # ending the game is folded into a menu
    host.click("#propose-bots")
    panel = friend.locator("#end-vote")
    expect(panel).to_contain_text(words("notice.vote_open_bots", name="Ann"))
    expect(host.locator("#vote-yes")).to_have_count(0)  # the proposer voted yes
    friend.click("#vote-yes")
    for page in (host, friend):
        expect(page.locator("#chat-log .chat-notice").last).to_have_text(words("notice.vote_passed_bots"))
        expect(page.locator("#end-card")).to_be_visible()
        expect(page.locator("#end-vote")).to_be_hidden()
    for page in (host, friend):
        assert page.js_errors == []
        page.context.close()


def test_a_player_marks_themselves_away_and_back(browser, server_url):
    host, friend = started_pair(browser, server_url, rounds=3)
    menu_click(friend, "#away-toggle")
    expect(host.locator("#chat-log .chat-notice").last).to_have_text(words("notice.away", name="Bruno"))
    expect(friend.locator("#away-toggle")).to_have_text(words("away.me_back"))
    expect(friend.locator("#away-toggle")).to_have_attribute("aria-pressed", "true")
    # A bot plays Bruno's round: the host's pick alone ends it. Bruno still sees his own hand.
    play_round(host, 1)
    expect(friend.locator("#game-root")).to_have_attribute("data-round", "2")
    expect(friend.locator("#role-badge")).to_have_text(words("room.role_player", name="Bruno", n=2))
    expect(friend.locator(".pip-hand button").first).to_be_visible()
    menu_click(friend, "#away-toggle")
    expect(host.locator("#chat-log .chat-notice").last).to_have_text(words("notice.back", name="Bruno"))
    expect(friend.locator("#away-toggle")).to_have_text(words("away.me_away"))
    for page in (host, friend):
        assert page.js_errors == []
        page.context.close()


def test_with_the_host_gone_another_seated_player_gives_the_seat(browser, server_url):
    host = host_creates(browser, server_url, rounds=2)
    bruno = friend_joins(browser, host.url, "Bruno")
    cy = friend_joins(browser, host.url, "Cy")
    expect(host.locator("#seat-list .seat")).to_have_count(3)
    host.click("#start-game")
    for page in (bruno, cy):
        page.wait_for_selector('#game-root[data-round="1"]')
    host.context.close()
    ann = bruno.locator('#player-list li[data-seat="0"] .presence')
    expect(ann).not_to_have_attribute("data-state", "online")  # the host is gone
    fresh = ask_for_my_seat(browser, bruno.url, "Cy")
    give_with_one_click(bruno, "Cy")
    cy.locator(".seat-ask").get_by_role("button", name=words("device.let_go")).click()
    expect(fresh.locator("#role-badge")).to_have_text(words("room.role_player", name="Cy", n=3))
    expect(cy.locator("#role-badge")).to_have_text(words("room.role_spectator"))
    for page in (bruno, cy, fresh):
        assert page.js_errors == []
        page.context.close()
