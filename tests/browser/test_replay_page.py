"""The replay page of a finished Ponies in Pursuit game, in real Chromium: refused while the game
runs, then every step from the start with every hand, stake and submission revealed; step back and
forward by button and keyboard, play back at speed; axe-core finds nothing serious."""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import expect

from app import i18n
from tests.browser.test_pip_game import assert_clean_text, check_axe, new_page, shot
from tests.utils.live_server import Client

pytestmark = pytest.mark.browser


def post(url: str, body: dict | None = None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body or {}).encode()
    request = urllib.request.Request(url, data=data, headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


def play_to_the_end(server_url: str, code: str, token: str) -> None:
    """Ann bets with her first card (so a stake is revealed), two bots play the other seats."""
    port = server_url.rsplit(":", 1)[1]
    with Client(f"ws://127.0.0.1:{port}/ws/rooms/{code}") as ann:
        ann.hello(token)
        while True:
            state = ann.state(timeout=15)
            if state["over"]:
                return
            view = state["view"]
            if 0 in view["to_act"] and not view["submitted"][0]:
                submits = [a for a in state["actions"] if a["type"] == "submit"]
                bet = next((a for a in submits if all(p["use"] == "bet" for p in a["cards"])), submits[0])
                ann.send({"type": "act", "v": state["v"], "action": bet})


def card_words(lang: str, card: str) -> str:
    if card == "wild":
        return i18n.translate(lang, "pip.card_wild", value=1)
    colour = card.rstrip("0123456789")
    return i18n.translate(lang, "pip.card", colour=colour_words(lang, colour), value=card[len(colour) :])


def colour_words(lang: str, colour: str) -> str:
    return i18n.translate(lang, f"pip.colour.{colour}")


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_replay_of_a_finished_game_steps_through_every_secret(
    browser, server_url, axe_source, artifacts, lang
):
    body = {"game": "ponies_in_pursuit", "name": "Ann", "options": {"rounds": 1}}
    room = post(f"{server_url}/api/rooms", body)
    code, token = room["code"], room["token"]
    post(f"{server_url}/api/rooms/{code}/bots", {"count": 2}, token)
    post(f"{server_url}/api/rooms/{code}/start", {}, token)

    page = new_page(browser, lang)
    page.goto(f"{server_url}/rooms/{code}/replay")
    expect(page.locator("#replay-error")).to_have_text(i18n.translate(lang, "error.not_over"))
    expect(page.locator("#replay-area")).to_be_hidden()
    expect(page.locator("#secrets-list li")).to_have_count(0)

    play_to_the_end(server_url, code, token)
    steps = get(f"{server_url}/api/rooms/{code}/replay")
    count = steps["count"]
    first = get(f"{server_url}/api/rooms/{code}/replay/views?from=0&to=0")["views"][0]
    last = get(f"{server_url}/api/rooms/{code}/replay/views?from={count}&to={count}")["views"][0]

    # From the results screen of the room, one link away.
    page.goto(f"{server_url}/rooms/{code}")
    link = page.locator("#replay-link a")
    expect(link).to_have_text(i18n.translate(lang, "replay.watch"))
    link.click()
    page.wait_for_selector('#replay[data-ready="true"]')
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-step", "0")
    step_of = lambda n: i18n.translate(lang, "replay.step_of", step=n, count=count)  # noqa: E731
    expect(page.locator("#replay-status")).to_contain_text(step_of(0))
    # Every seat's hand at the start, bots' too.
    for seat, secrets in enumerate(first["secrets"]):
        row = page.locator(f'#secrets-list li[data-seat="{seat}"]')
        for card in secrets["hand"]:
            expect(row).to_contain_text(card_words(lang, card))
    check_axe(page, axe_source, "replay page")
    shot(page, artifacts, f"replay-start-{lang}.png")

    # Forward by keyboard, back by button.
    page.locator("#replay-forward").focus()
    page.keyboard.press("Enter")
    expect(replay).to_have_attribute("data-step", "1")
    expect(page.locator("#replay-status")).to_contain_text(step_of(1))
    page.locator("body").press("ArrowRight")
    expect(replay).to_have_attribute("data-step", "2")
    page.locator("#replay-back").click()
    expect(replay).to_have_attribute("data-step", "1")
    first_action = steps["steps"][0]
    name = "Ann" if first_action["seat"] == 0 else i18n.translate(lang, "names.bot", n=first_action["seat"])
    expect(page.locator("#replay-status")).to_contain_text(name)
    # The submission made at step 1 is shown for its seat, card by card.
    seat = first_action["seat"]
    shown = page.locator(f'#secrets-list li[data-seat="{seat}"] li').last
    after_one = get(f"{server_url}/api/rooms/{code}/replay/views?from=1&to=1")["views"][0]
    for play in after_one["secrets"][seat]["submission"]:
        expect(shown).to_contain_text(card_words(lang, play["card"]))
    assert after_one["secrets"][seat]["submission"] == first_action["action"]["cards"]

    # Play back at the fastest speed to the end: the results and every stake.
    page.select_option("#replay-speed", "120")
    page.locator("#replay-play").click()
    expect(replay).to_have_attribute("data-step", str(count), timeout=30_000)
    expect(page.locator("#replay-play")).to_have_text(i18n.translate(lang, "replay.play"))
    expect(page.locator("#game-root")).to_have_attribute("data-over", "true")
    ann_stakes = last["secrets"][0]["stakes"]
    for colour, n in ann_stakes.items():
        if n:
            item = i18n.translate(lang, "pip.secret.stake_item", colour=colour_words(lang, colour), n=n)
            expect(page.locator('#secrets-list li[data-seat="0"]')).to_contain_text(item)
    assert any(ann_stakes.values()), "Ann bet, so her stake is revealed"
    page.locator("body").press("Home")
    expect(replay).to_have_attribute("data-step", "0")
    page.locator("body").press("End")
    expect(replay).to_have_attribute("data-step", str(count))
    assert_clean_text(page)
    check_axe(page, axe_source, "replay page at the end")
    shot(page, artifacts, f"replay-end-{lang}.png")
    assert page.js_errors == []  # type: ignore[attr-defined]
    page.context.close()


def play_first_actions(server_url: str, code: str, token: str) -> None:
    """Seat 0 always plays its first legal action; bots play the rest."""
    port = server_url.rsplit(":", 1)[1]
    with Client(f"ws://127.0.0.1:{port}/ws/rooms/{code}") as host:
        host.hello(token)
        while True:
            state = host.state(timeout=15)
            if state["over"]:
                return
            if 0 in state["view"]["to_act"] and state["actions"]:
                host.send({"type": "act", "v": state["v"], "action": state["actions"][0]})


def test_replay_of_another_game_shows_every_step_and_seat(browser, server_url, axe_source):
    """Horse Racing (its table module may or may not exist yet): the replay still steps through
    every action with each seat's hidden cards listed, through the module or as plain data."""
    room = post(f"{server_url}/api/rooms", {"game": "horse_racing", "name": "Ann", "options": {"races": 1}})
    code, token = room["code"], room["token"]
    post(f"{server_url}/api/rooms/{code}/bots", {"count": 3}, token)
    post(f"{server_url}/api/rooms/{code}/start", {}, token)
    play_first_actions(server_url, code, token)
    count = get(f"{server_url}/api/rooms/{code}/replay")["count"]
    first = get(f"{server_url}/api/rooms/{code}/replay/views?from=0&to=0")["views"][0]
    assert all(any(secrets.values()) for secrets in first["secrets"]), first["secrets"]

    page = new_page(browser, "en")
    page.goto(f"{server_url}/rooms/{code}/replay")
    page.wait_for_selector('#replay[data-ready="true"]')
    expect(page.locator("#secrets-list > li")).to_have_count(4)
    for seat in range(4):
        expect(page.locator(f'#secrets-list > li[data-seat="{seat}"] li').first).not_to_be_empty()
    page.locator("body").press("End")
    expect(page.locator("#replay")).to_have_attribute("data-step", str(count))
    expect(page.locator("#game-log li").first).to_be_attached()
    page.locator("body").press("ArrowLeft")
    expect(page.locator("#replay")).to_have_attribute("data-step", str(count - 1))
    check_axe(page, axe_source, "replay page of another game")
    assert page.js_errors == []  # type: ignore[attr-defined]
    page.context.close()
