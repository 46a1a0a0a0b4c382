"""Phone checks at 390×844 in Chromium: what a player needs is in the viewport, nothing cut off.

- Odds and Riders: the track is wider than a phone; a hint says so and the leaders are
  scrolled into view (the leading token is inside the visible part of the track);
- Ponies in Pursuit and Horse Racing: the score / chips columns of the results tables;
- Dice and Bluff: Call and Believe during the call window;
- every game: the turn banner and the timer stay in view (sticky) when the page is scrolled.

Table states come from the engine (bots play until the situation arises) and are drawn by
the real table module; the sticky bar is checked in real rooms on the room page.
"""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import Page, expect

import engine
from app import i18n

from .staging import bots_until, watching

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

MOUNT = """async ({game, view, actions, me}) => {
  // A module as the shell loads it (its stylesheet first) with the shell's one ctx.
  const mod = await (await import("/static/js/games.js")).loadGameModule(game);
  const { makeContext } = await import("/static/js/context.js");
  const dom = await import("/static/js/dom.js");
  window.sent = [];
  const root = dom.el("div", { id: "game-root" });
  document.querySelector("main").replaceChildren(dom.el("h1", { text: "Paddock" }), root);
  const ctx = makeContext({
    me: () => me, announce: () => {},
    seatName: (seat) => ["Ana", "Bruno", "Chen", "Dora", "Edu", "Fei"][seat],
    send: (action) => window.sent.push(action),
  });
  mod.mount(root, ctx).update({ v: 1, over: view.over, view, actions, previous: null, deadline: null });
}"""


@pytest.fixture
def phone(browser, server_url):
    context = browser.new_context(locale="en-US", viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server_url}/")
    yield page
    assert errors == [], errors
    context.close()


def mount(page: Page, game: str, state: dict, seat: int | None) -> None:
    view = json.loads(json.dumps(engine.view(state, seat)))
    actions = engine.legal_actions(state, seat) if seat is not None and not engine.is_over(state) else []
    page.evaluate(MOUNT, {"game": game, "view": view, "actions": actions, "me": seat})


def box(page: Page, selector: str) -> dict:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not drawn"
    return found


def assert_in_viewport(page: Page, selector: str) -> None:
    """Wholly inside the 390×844 viewport: not cut off at any edge."""
    found = box(page, selector)
    assert found["x"] >= 0 and found["x"] + found["width"] <= PHONE["width"] + 0.5, (selector, found)
    assert found["y"] >= 0 and found["y"] + found["height"] <= PHONE["height"] + 0.5, (selector, found)


def assert_within_width(page: Page, selector: str) -> None:
    """Every match lies between the left and right edges of the phone (scrolling down is fine).
    Measured in one evaluation: a frame that re-renders the lobby between two reads would
    otherwise detach the elements found first."""
    boxes = page.evaluate(
        "selector => [...document.querySelectorAll(selector)].map(element => {"
        " const rect = element.getBoundingClientRect();"
        " return {x: rect.x + scrollX, width: rect.width, text: element.textContent}; })",
        selector,
    )
    assert boxes, f"nothing matches {selector}"
    for found in boxes:
        assert found["x"] >= 0 and found["x"] + found["width"] <= PHONE["width"] + 0.5, (selector, found)


def test_per_track_on_a_phone_says_it_scrolls_and_shows_the_leaders(phone):
    def far_along(state):
        view = engine.view(state, None)
        positions = [h["position"] for h in view["horses"] if h.get("track")]
        return view.get("stage") == 2 and positions and max(positions) >= 12

    state = bots_until("pony_express_race", 3, 7, far_along)
    mount(phone, "pony_express_race", state, 0)
    view = engine.view(state, None)
    lead = max(h["position"] for h in view["horses"] if h.get("track"))
    hint = phone.locator("#per-scroll-hint")
    expect(hint).to_be_visible()
    expect(hint).to_have_text(i18n.translate("en", "per.scroll_hint", space=lead))
    scroller = box(phone, ".per-tracks-scroll")
    leader = next(i for i, h in enumerate(view["horses"]) if h.get("track") and h["position"] == lead)
    token = box(phone, f'.per-token[data-horse="{leader}"]')
    assert scroller["x"] <= token["x"] and token["x"] + token["width"] <= scroller["x"] + scroller["width"]
    assert token["x"] + token["width"] <= PHONE["width"]
    assert phone.evaluate("document.querySelector('.per-tracks-scroll').scrollLeft") > 0


def test_pip_results_show_the_scores_within_a_phone_width(phone):
    state = bots_until("ponies_in_pursuit", 6, 3, engine.is_over, {"rounds": 1})
    mount(phone, "ponies_in_pursuit", state, 0)
    expect(phone.locator(".pip-results")).to_be_visible()
    expect(phone.locator(".pip-scores tbody tr")).to_have_count(6)
    assert_within_width(phone, ".pip-scores td.score")
    assert_within_width(phone, ".pip-scores thead tr:first-child th:nth-child(2)")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_hr_results_show_the_chips_within_a_phone_width(phone):
    state = bots_until("horse_racing", 8, 5, engine.is_over)
    mount(phone, "horse_racing", state, 0)
    expect(phone.locator(".hr-results")).to_be_visible()
    assert phone.locator(".hr-chips-after").count() == 8
    assert_within_width(phone, ".hr-chips-after")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_peb_call_and_believe_are_in_view_during_the_call_window(phone):
    def seat0_may_call(state):
        return (
            state["phase"] == "call" and any(a["type"] == "call" for a in engine.legal_actions(state, 0))
            if 0 in engine.to_act(state)
            else False
        )

    state = bots_until("pony_express_bluff", 4, 11, seat0_may_call)
    mount(phone, "pony_express_bluff", state, 0)
    expect(phone.locator("#peb-call")).to_be_visible()
    assert_in_viewport(phone, "#peb-call")
    assert_in_viewport(phone, "#peb-believe")
    # Scrolled away, the window opening again brings the prompt back into view.
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    mount(phone, "pony_express_bluff", state, 0)
    phone.wait_for_function(
        "() => { const b = document.querySelector('#peb-believe').getBoundingClientRect();"
        " return b.top >= 0 && b.bottom <= innerHeight; }"
    )


def api(server_url: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"{server_url}{path}", data=json.dumps(body or {}).encode(), headers=headers, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


ROOMS = {
    "ponies_in_pursuit": ({"round_seconds": 900}, None, 5),
    "horse_racing": ({}, 900, 3),
    "pony_express_bluff": ({}, 900, 2),
    "pony_express_race": ({}, 900, 2),
}


@pytest.mark.parametrize("game", sorted(ROOMS))
def test_turn_banner_and_timer_stay_in_view_while_scrolling(browser, server_url, game):
    options, turn_seconds, bots = ROOMS[game]
    body = {"game": game, "name": "Host", "options": options}
    if turn_seconds:
        body["turn_seconds"] = turn_seconds
    room = api(server_url, "/api/rooms", body)
    api(server_url, f"/api/rooms/{room['code']}/bots", {"count": bots}, room["token"])
    context = browser.new_context(locale="en-US", viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{server_url}/rooms/{room['code']}")  # a spectator
    expect(page.locator("#seat-list .seat")).to_have_count(bots + 1)
    api(server_url, f"/api/rooms/{room['code']}/start", token=room["token"])
    expect(page.locator("#turn-banner")).to_have_text(watching("en"))
    timer = page.locator("#turn-timer-slot [role=timer]")
    expect(timer).to_be_visible()
    # Scroll to the very bottom (again, while frames still change the page's height) and
    # require a real scroll: the banner would be far above the viewport without sticking.
    page.wait_for_function(
        "() => { const root = document.documentElement; scrollTo(0, root.scrollHeight);"
        " return scrollY > 150 && scrollY + innerHeight >= root.scrollHeight - 2; }"
    )
    assert_in_viewport(page, "#turn-banner")
    assert_in_viewport(page, "#turn-timer-slot [role=timer]")
    context.close()


@pytest.mark.parametrize("game", sorted(ROOMS))
@pytest.mark.parametrize("locale", ["en-US", "pt-BR", "zh-CN"])
def test_a_friend_arriving_on_a_phone_sees_the_lobby_within_its_width(browser, server_url, game, locale):
    """The lobby with every option of the game shown (long labels in Portuguese) fits 390 px:
    nothing widens the page (a phone would zoom out), and the join button takes the tap."""
    options, turn_seconds, _ = ROOMS[game]
    body = {"game": game, "name": "Host", "options": options}
    if turn_seconds:
        body["turn_seconds"] = turn_seconds
    room = api(server_url, "/api/rooms", body)
    context = browser.new_context(locale=locale, viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{server_url}/rooms/{room['code']}")
    expect(page.locator(".lobby-options dt").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_within_width(page, ".lobby-options dt, .lobby-options dd")
    page.fill("#join-name", "Chen")
    page.locator("#join-button").tap()
    expect(page.locator("#role-badge")).to_contain_text("Chen")
    context.close()
