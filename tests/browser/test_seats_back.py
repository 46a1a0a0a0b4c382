"""Seats you get back yourself, in real Chromium (issue 23, items 1, 2, 6; who may move a seat:
issue 42, item 1): "I'm one of the players" from a browser whose storage was wiped (no seat
token, no link): the old phone, still connected, answers "That's me" (or "No": the seat
stays); the old phone gone, the host approves; the host's own device gone, every other
player agrees. A pasted seat link claims the seat without a reload; leaving mid-game and
taking the seat back; the host change announced; a majority vote lets bots finish.

Changed to the new rule (issue 42): the silent phone no longer loses its seat after one host
click, and one other seated player no longer gives a seat alone while the host is gone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

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


def ask_for_my_seat(browser, url: str, name: str) -> Page:
    """A browser with nothing stored (no seat token, no link) opens the room, says it is one of
    the players, and picks `name`."""
    fresh = new_page(browser)
    fresh.goto(url)
    fresh.evaluate("() => localStorage.clear()")  # the storage wiped
    fresh.reload()
    expect(fresh.locator("#role-badge")).to_have_text(words("room.role_spectator"))
    expect(fresh.locator("#conn-status")).to_have_attribute("data-state", "connected")
    fresh.click("#seat-ask-open")
    fresh.get_by_role("button", name=words("seat_ask.i_am", name=name)).click()
    expect(fresh.locator("#seat-asks")).to_have_text(words("seat_ask.waiting", name=name))
    return fresh


def who(name: str) -> str:
    return words("seat_ask.who_unnamed", who=name)


def asks_for(name: str) -> str:
    """What the others see of a request under the seat's own name."""
    return words("seat_ask.asks_for", who=who(name), name=name)


def give(page: Page, name: str) -> None:
    page.locator(".seat-give").get_by_role("button", name=words("seat_ask.give", who=name)).click()


def test_the_old_phone_answers_thats_me_and_the_seat_moves(browser, server_url):
    host, phone = started_pair(browser, server_url)
    fresh = ask_for_my_seat(browser, host.url, "Bruno")
    # Bruno's phone is still connected: only it answers; the host sees who asks, and waits.
    expect(host.locator(".seat-give")).to_contain_text(asks_for("Bruno"))
    expect(host.locator(".seat-give")).to_contain_text(words("seat_ask.device_here", name="Bruno"))
    expect(host.locator(".seat-give button")).to_have_count(0)
    mine = phone.locator(".seat-give")
    expect(mine).to_contain_text(words("seat_ask.asks_yours", who=who("Bruno")))
    mine.get_by_role("button", name=words("seat_ask.its_me")).click()
    expect(fresh.locator("#role-badge")).to_have_text(words("room.role_player", name="Bruno", n=2))
    expect(fresh.locator(".pip-hand button").first).to_be_visible()
    expect(phone.locator("#room-error")).to_have_text(words("device.taken"))
    expect(phone.locator("#role-badge")).to_have_text(words("room.role_spectator"))
    notice = words("notice.seat_given_device", name="Bruno", to="Bruno")
    expect(host.locator("#chat-log .chat-notice", has_text=notice)).to_have_count(1)
    for page in (host, phone, fresh):
        assert page.js_errors == []
        page.context.close()


def test_the_old_phone_says_no_and_keeps_its_seat(browser, server_url):
    host, phone = started_pair(browser, server_url)
    fresh = ask_for_my_seat(browser, host.url, "Bruno")
    phone.locator(".seat-give").get_by_role("button", name=words("seat_ask.not_me")).click()
    expect(phone.locator(".seat-give")).to_have_count(0)
    expect(host.locator(".seat-give")).to_have_count(0)
    expect(fresh.locator("#seat-ask-open")).to_be_visible()  # it may ask again
    expect(fresh.locator("#role-badge")).to_have_text(words("room.role_spectator"))
    expect(phone.locator("#role-badge")).to_have_text(words("room.role_player", name="Bruno", n=2))
    expect(phone.locator(".pip-hand button").first).to_be_visible()
    for page in (host, phone, fresh):
        assert page.js_errors == []
        page.context.close()


def test_the_old_phone_gone_the_host_approves(browser, server_url):
    host, phone = started_pair(browser, server_url)
    phone.context.close()
    bruno = host.locator('#player-list li[data-seat="1"] .presence')
    expect(bruno).not_to_have_attribute("data-state", "online")
    fresh = ask_for_my_seat(browser, host.url, "Bruno")
    expect(host.locator(".seat-give")).to_contain_text(asks_for("Bruno"))
    give(host, "Bruno")
    expect(fresh.locator("#role-badge")).to_have_text(words("room.role_player", name="Bruno", n=2))
    expect(fresh.locator(".pip-hand button").first).to_be_visible()
    notice = words("notice.seat_given_host", name="Bruno", to="Bruno")
    expect(host.locator("#chat-log .chat-notice", has_text=notice)).to_have_count(1)
    for page in (host, fresh):
        assert page.js_errors == []
        page.context.close()


def test_the_hosts_device_gone_every_other_player_agrees(browser, server_url):
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
    fresh = ask_for_my_seat(browser, bruno.url, "Ann")
    give(bruno, "Ann")  # one player alone does not move it
    expect(cy.locator(".seat-agreed")).to_have_text(words("seat_ask.all_agree", n=1))
    expect(bruno.locator(".seat-give button", has_text=words("seat_ask.give", who="Ann"))).to_have_count(0)
    expect(fresh.locator("#role-badge")).to_have_text(words("room.role_spectator"))
    give(cy, "Ann")
    expect(fresh.locator("#role-badge")).to_have_text(words("room.role_player", name="Ann", n=1))
    notice = words("notice.seat_given_players", name="Ann", to="Ann")
    expect(bruno.locator("#chat-log .chat-notice", has_text=notice)).to_have_count(1)
    for page in (bruno, cy, fresh):
        assert page.js_errors == []
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
