"""The lobby and the rematch (issue 43, item 5), in real Chromium against a real server: the host
frees a player's seat in the lobby (the player watches on, the room is told, the player may
join again), and a host's mute carries into the rematch room, whose chat names the muted
spectator by the name she wrote under (not "Spectator <id>")."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_group_play import friend_joins, host_creates, new_page, words
from tests.browser.test_replay_page import get, play_to_the_end, post
from tests.utils.live_server import Client

pytestmark = pytest.mark.browser


def test_the_host_frees_a_players_seat_in_the_lobby(browser, server_url):
    host = host_creates(browser, server_url)
    friend = friend_joins(browser, host.url, "Bruno")
    seats = host.locator("#seat-list .seat")
    expect(seats).to_have_count(2)
    # The host's own seat has no such button; the friend's has, named for screen readers.
    expect(seats.nth(0).locator(".free-seat")).to_have_count(0)
    button = seats.nth(1).locator(".free-seat")
    expect(button).to_have_attribute("aria-label", words("lobby.free_seat_named", name="Bruno"))
    button.click()
    expect(seats).to_have_count(1)
    notice = words("notice.seat_freed", name="Bruno")
    for page in (host, friend):
        expect(page.locator("#chat-log .chat-notice").last).to_have_text(notice)
    # Bruno watches on and may sit down again.
    expect(friend.locator("#seat-list .seat")).to_have_count(1)
    expect(friend.locator("#join-form")).to_be_visible()
    friend.fill("#join-name", "Bruno")
    friend.click("#join-button")
    expect(seats).to_have_count(2)
    for page in (host, friend):
        assert page.js_errors == []
        page.context.close()


def test_a_hosts_mute_carries_into_the_rematch_room_by_name(browser, server_url):
    body = {"game": "ponies_in_pursuit", "name": "Ann", "options": {"rounds": 1}}
    room = post(f"{server_url}/api/rooms", body)
    code, token = room["code"], room["token"]
    post(f"{server_url}/api/rooms/{code}/bots", {"count": 2}, token)
    fan = new_page(browser)
    fan.goto(f"{server_url}/rooms/{code}")
    fan.fill("#spectate-name", "Greta")
    fan.click("#spectate-button")
    port = server_url.rsplit(":", 1)[1]
    with Client(f"ws://127.0.0.1:{port}/ws/rooms/{code}") as ann:
        ann.hello(token)
        fan.fill("#chat-input", "go Ann")
        fan.press("#chat-input", "Enter")
        sender = ann.wait_for(lambda m: m["type"] == "chat" and m["text"] == "go Ann", timeout=20)["from"]
    post(f"{server_url}/api/rooms/{code}/chat/mute", {"from": sender}, token)
    muted = words("notice.muted", name="Greta")
    expect(fan.locator("#chat-log .chat-notice").last).to_have_text(muted)
    post(f"{server_url}/api/rooms/{code}/start", {}, token)
    play_to_the_end(server_url, code, token)
    new = post(f"{server_url}/api/rooms/{code}/rematch", {}, token)["code"]
    # The rematch's question arrives in the notice region, in view wherever the page is scrolled.
    fan.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    banner = fan.locator("#notice-region #rematch-banner")
    expect(banner).to_be_visible()
    box = banner.bounding_box()
    height = fan.evaluate("innerHeight")
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height, box

    # A page that never saw the first room: the carried notice names Greta, the mute holds.
    later = new_page(browser)
    later.goto(f"{server_url}/rooms/{new}")
    expect(later.locator("#chat-log .chat-notice", has_text=muted)).to_have_count(1)
    assert sender in get(f"{server_url}/api/rooms/{new}")["chat"]["muted"]
    for page in (fan, later):
        assert page.js_errors == []
        page.context.close()
