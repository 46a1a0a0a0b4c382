"""The lobby of a group in real Chromium: everyone sees the options, the turn timer and who is
ready; a friend arriving at a full lobby is told so, asks to replace a bot and gets the seat
after one click of the host; with "start by itself" on, the game starts once everyone is ready."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_group_play import host_creates, new_page, words

pytestmark = pytest.mark.browser


def test_a_friend_at_a_full_lobby_replaces_a_bot_and_the_game_starts_when_all_are_ready(browser, server_url):
    host = host_creates(browser, server_url, rounds=1)
    # The host's own seat first: the lobby is drawn after the page loads (under load the
    # count was read as 0 before it was, and the first bot then made 2 seats, not 1).
    seats = 1
    expect(host.locator("#seat-list .seat")).to_have_count(seats)
    while host.locator("#add-bot").is_enabled():  # fill every seat with bots
        host.click("#add-bot")
        seats += 1
        expect(host.locator("#seat-list .seat")).to_have_count(seats)
    friend = new_page(browser, "pt")
    friend.goto(host.url)
    # Everyone sees the options and the turn timer.
    for page, lang in ((host, "en"), (friend, "pt")):
        options = page.locator("#lobby-options")
        expect(options).to_contain_text(words("opt.ponies_in_pursuit.rounds", lang))
        expect(options).to_contain_text(words("home.turn_timer", lang))
    # The friend is told the room is full and asks for a bot's seat.
    expect(friend.locator("#full-lobby-heading")).to_have_text(words("group.full", "pt"))
    expect(friend.locator("#join-form")).to_be_hidden()
    friend.fill("#ask-name", "Bruno")
    friend.click("#ask-button")
    expect(friend.locator("#ask-status")).to_have_text(words("group.asked", "pt"))
    ask = host.locator("#ask-list .ask")
    expect(ask).to_have_count(1)
    expect(ask.locator(".ask-name")).to_have_text("Bruno")
    ask.locator(".ask-approve").click()
    # One click: Bruno sits where the first bot sat, in the friend's own browser.
    expect(friend.locator("#role-badge")).to_have_text(words("room.role_player", "pt", name="Bruno", n=2))
    expect(host.locator('#seat-list .seat[data-seat="1"] .seat-name')).to_have_text("Bruno")
    expect(host.locator("#seat-list .seat")).to_have_count(seats)
    expect(host.locator("#asks-panel")).to_be_hidden()
    # Ready ticks: the host sees Bruno's; bots are always ready.
    friend.check("#ready-toggle")
    expect(host.locator('#ready-list [data-seat="1"]')).to_have_attribute("data-ready", "true")
    expect(host.locator('#ready-list [data-seat="0"]')).to_have_attribute("data-ready", "false")
    expect(host.locator("#ready-count")).to_have_text(words("group.ready_count", n=seats - 1, m=seats))
    expect(friend.locator("#auto-start-box")).to_be_hidden()  # the host's setting
    host.check("#auto-start")
    expect(friend.locator("#chat-log .chat-notice").last).to_have_text(words("notice.auto_start_on", "pt"))
    host.check("#ready-toggle")
    for page in (host, friend):
        page.wait_for_selector('#game-root[data-round="1"]')
    for page in (host, friend):
        assert page.js_errors == []
        page.context.close()
