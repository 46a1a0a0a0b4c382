"""Named spectators in real Chromium: a spectator picks a name and every page (players and
spectators, lobby and table) lists and counts them; a name already taken is refused in words;
the name comes back after a reload; a muted spectator's chat box is disabled at once."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_group_play import friend_joins, host_creates, new_page, words

pytestmark = pytest.mark.browser


def lists(page: Page, names: list[str], where: str = "") -> None:
    """The page's spectators panel (under `where`) counts and lists exactly `names`."""
    expect(page.locator(f"{where} #spectators-heading")).to_have_attribute("data-count", str(len(names)))
    expect(page.locator(f"{where} #spectator-list li")).to_have_count(len(names))
    for name in names:
        expect(page.locator(f"{where} #spectator-list")).to_contain_text(name)


def speaks_and_the_host_mutes(spectator: Page, host: Page, text: str, name: str) -> None:
    """The spectator sends a chat line, the host sees it under her name and mutes her."""
    spectator.fill("#chat-input", text)
    spectator.press("#chat-input", "Enter")
    line = host.locator("#chat-log .chat-line").last
    expect(line.locator(".chat-name")).to_have_text(words("chat.as_spectator", name=name))
    line.locator(".chat-mute").click()


def test_a_named_spectator_is_counted_and_listed_on_every_page(browser, server_url):
    host = host_creates(browser, server_url)
    friend = friend_joins(browser, host.url, "Bruno")
    fan = new_page(browser, "pt")
    fan.goto(host.url)
    lurker = new_page(browser)
    lurker.goto(host.url)
    expect(fan.locator("#role-badge")).to_have_text(words("room.role_spectator", "pt"))
    expect(host.locator("#spectate-form")).to_be_hidden()  # players have a seat's name
    fan.fill("#spectate-name", "Greta")
    fan.click("#spectate-button")
    expect(fan.locator("#spectate-as")).to_have_text(words("spectators.named_as", "pt", name="Greta"))
    for page in (host, friend, lurker):
        lists(page, ["Greta"], "#lobby")
    expect(fan.locator("#spectator-list")).to_have_text(words("spectators.you", "pt", name="Greta"))
    # Taken (by a seat, case aside, or by Greta): refused in words, nothing changes.
    for taken in ("ann", "GRETA"):
        lurker.fill("#spectate-name", taken)
        lurker.click("#spectate-button")
        expect(lurker.locator("#spectate-error")).to_have_text(words("error.name_taken"))
    lists(host, ["Greta"])
    # The game starts: the list moves into the players panel beside the table.
    host.click("#start-game")
    for page in (host, friend, fan, lurker):
        page.wait_for_selector('#game-root[data-round="1"]')
        lists(page, ["Greta"], "#players-panel")
    # A reload keeps the name (remembered in the browser).
    fan.reload()
    expect(fan.locator("#spectate-as")).to_have_text(words("spectators.named_as", "pt", name="Greta"))
    lists(host, ["Greta"], "#players-panel")
    # Greta chats under her name; the host mutes her and her chat box is disabled at once.
    speaks_and_the_host_mutes(fan, host, "vai Bruno", "Greta")
    expect(fan.locator("#chat-input")).to_be_disabled()
    expect(fan.locator("#chat-error")).to_have_text(words("error.chat_muted", "pt"))
    # Watching anonymously again: she leaves the list everywhere.
    fan.click("#spectate-anonymous")
    for page in (host, friend, lurker):
        lists(page, [], "#players-panel")
    for page in (host, friend, fan, lurker):
        assert page.js_errors == []
        page.context.close()


def test_a_second_tab_and_a_reload_are_the_same_spectator(browser, server_url):
    """The same browser is one spectator: the room's link pasted into a second tab watches under
    the name already taken (not "someone here is already called Greta"), she is listed once,
    and the host's mute outlasts a reload."""
    host = host_creates(browser, server_url)
    fan = new_page(browser)
    fan.goto(host.url)
    fan.fill("#spectate-name", "Greta")
    fan.click("#spectate-button")
    expect(fan.locator("#spectate-as")).to_have_text(words("spectators.named_as", name="Greta"))
    lists(host, ["Greta"], "#lobby")
    second = fan.context.new_page()
    second.goto(host.url)
    expect(second.locator("#spectate-as")).to_have_text(words("spectators.named_as", name="Greta"))
    expect(second.locator("#spectator-list")).to_have_text(words("spectators.you", name="Greta"))
    expect(second.locator("#spectate-error")).to_be_hidden()
    lists(host, ["Greta"], "#lobby")
    speaks_and_the_host_mutes(second, host, "two tabs, one me", "Greta")
    for page in (fan, second):
        expect(page.locator("#chat-input")).to_be_disabled()
    second.reload()
    expect(second.locator("#spectate-as")).to_have_text(words("spectators.named_as", name="Greta"))
    expect(second.locator("#chat-input")).to_be_disabled()
    for page in (host, fan):
        assert page.js_errors == []
    host.context.close()
    fan.context.close()
