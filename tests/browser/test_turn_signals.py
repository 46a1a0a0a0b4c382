"""Turn signals and the room page's edges, in real Chromium: a notification asked for on the
alerts toggle and shown while the tab is hidden, the tone and the favicon badge, the
10-second warning, the create form's turn timer and field errors, the unknown-room page,
and a dropped connection (presence unknown, controls disabled until the socket is back)."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from app import i18n
from tests.browser.staging import menu_click, open_room_menu

pytestmark = pytest.mark.browser

# Record what the page asks of the Notification and Web Audio APIs, and let the test
# hide the tab (headless Chromium never hides a page by itself) and cut the socket.
SPIES = """
(() => {
  window.__asked = 0; window.__notes = []; window.__closed = 0; window.__tones = 0;
  const Real = window.Notification;
  if (Real) {
    class Spy extends Real {
      constructor(title, options = {}) {
        super(title, options);
        window.__notes.push({ title, body: options.body || "" });
      }
      close() { window.__closed += 1; super.close(); }
    }
    Spy.requestPermission = (...args) => { window.__asked += 1; return Real.requestPermission(...args); };
    window.Notification = Spy;
  }
  const create = BaseAudioContext.prototype.createOscillator;
  BaseAudioContext.prototype.createOscillator = function () {
    window.__tones += 1;
    return create.call(this);
  };
  window.__setHidden = (hidden) => {
    const state = hidden ? "hidden" : "visible";
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event("visibilitychange"));
  };
  const RealSocket = window.WebSocket;
  window.__sockets = []; window.__blockSockets = false;
  window.WebSocket = class extends RealSocket {
    constructor(url, protocols) {
      super(window.__blockSockets ? url.replace("/ws/rooms/", "/ws/no-such-place/") : url, protocols);
      window.__sockets.push(this);
    }
  };
})();
"""


def words(lang: str, key: str, **params) -> str:
    return i18n.translate(lang, key, **params)


def api(server_url: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"{server_url}{path}", data=json.dumps(body or {}).encode(), headers=headers, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def summary(server_url: str, code: str) -> dict:
    with urllib.request.urlopen(f"{server_url}/api/rooms/{code}", timeout=10) as response:
        return json.loads(response.read())


def pip_room(server_url: str) -> dict:
    body = {"game": "ponies_in_pursuit", "name": "Host", "options": {"rounds": 1}}
    return api(server_url, "/api/rooms", body)


def seated_page(browser, server_url: str, room: dict, lang_locale: str = "en-US", **context_args) -> Page:
    """A page holding the room's host seat (its token stored as the home page would)."""
    context = browser.new_context(locale=lang_locale, **context_args)
    context.add_init_script(SPIES)
    page = context.new_page()
    page.goto(f"{server_url}/")
    seat = json.dumps({"token": room["token"], "seat": room["seat"], "host": True})
    store = "([code, seat]) => localStorage.setItem(`paddock.seat.${code}`, seat)"
    page.evaluate(store, [room["code"], seat])
    page.goto(f"{server_url}/rooms/{room['code']}")
    return page


def test_a_hidden_tab_gets_a_notification_a_tone_and_a_badge_when_the_turn_comes(browser, server_url):
    """The alerts toggle asks for notification permission (a user gesture); once granted,
    a turn that starts while the tab is hidden shows a desktop notification, plays the
    tone and badges the favicon; coming back closes the notification."""
    room = pip_room(server_url)
    api(server_url, f"/api/rooms/{room['code']}/bots", {"count": 1}, room["token"])
    page = seated_page(browser, server_url, room)
    expect(page.locator("#seat-list .seat")).to_have_count(2)
    api(server_url, f"/api/rooms/{room['code']}/start", token=room["token"])
    toggle = page.locator("#signals-toggle")
    expect(toggle).to_have_text(words("en", "signals.off"))
    expect(toggle).to_have_attribute("aria-pressed", "false")
    # It is already our turn (a simultaneous round): the tone sounds, since sound is on by
    # default (Playwright's calls count as the page's first interaction, which browsers need).
    expect(page.locator("#turn-banner")).to_have_attribute("data-state", "mine")
    page.wait_for_function("window.__tones >= 2")
    assert page.evaluate("document.documentElement.dataset.turnBadge") == "true"

    menu_click(page, "#signals-toggle")
    expect(toggle).to_have_text(words("en", "signals.on"))
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("window.__asked === 1")
    assert page.evaluate("localStorage.getItem('paddock.turnAlerts')") == "on"
    page.context.grant_permissions(["notifications"], origin=server_url)
    assert page.evaluate("Notification.permission") == "granted"

    # A new game whose first turn arrives while the tab is hidden.
    second = api(server_url, "/api/rooms", {"game": "horse_racing", "name": "Host"})
    api(server_url, f"/api/rooms/{second['code']}/bots", {"count": 3}, second["token"])
    page.evaluate(
        "([code, seat]) => localStorage.setItem(`paddock.seat.${code}`, seat)",
        [second["code"], json.dumps({"token": second["token"], "seat": 0, "host": True})],
    )
    page.goto(f"{server_url}/rooms/{second['code']}")
    page.evaluate("window.__setHidden(true)")
    expect(page.locator("#seat-list .seat")).to_have_count(4)
    expect(toggle).to_have_attribute("aria-pressed", "true")  # remembered
    api(server_url, f"/api/rooms/{second['code']}/start", token=second["token"])
    expect(page.locator("#turn-banner")).to_have_attribute("data-state", "mine", timeout=20_000)
    banner = page.locator("#turn-banner").inner_text()
    notes = page.evaluate("window.__notes")
    assert len(notes) == 1, notes
    assert notes[0]["title"] == words("en", "signals.notification_title")
    assert notes[0]["body"] == banner.strip()
    assert page.evaluate("window.__tones") >= 2
    assert page.evaluate("document.documentElement.dataset.turnBadge") == "true"
    assert "c0262d" in page.evaluate("document.querySelector('link[rel~=icon]').href")
    page.evaluate("window.__setHidden(false)")
    page.wait_for_function("window.__closed >= 1")
    page.context.close()


def test_a_visible_tab_gets_no_notification(browser, server_url):
    room = pip_room(server_url)
    api(server_url, f"/api/rooms/{room['code']}/bots", {"count": 1}, room["token"])
    page = seated_page(browser, server_url, room, permissions=["notifications"])
    page.evaluate("localStorage.setItem('paddock.turnAlerts', 'on')")
    page.reload()
    expect(page.locator("#seat-list .seat")).to_have_count(2)
    # A player can turn alerts on already in the lobby; the choice is remembered.
    open_room_menu(page)
    expect(page.locator("#signals-toggle")).to_be_visible()
    expect(page.locator("#signals-toggle")).to_have_attribute("aria-pressed", "true")
    api(server_url, f"/api/rooms/{room['code']}/start", token=room["token"])
    expect(page.locator("#turn-banner")).to_have_attribute("data-state", "mine")
    assert page.evaluate("document.documentElement.dataset.turnBadge") == "true"
    assert page.evaluate("window.__notes") == []
    page.context.close()


def test_sound_is_on_after_the_first_click_ticks_in_the_last_seconds_and_mutes_remembered(
    browser, server_url
):
    """Sound is on by default: after the page's first click the turn tone plays and, in the
    last 10 s of the turn timer, each second ticks; the turn bar's one mute button stops
    both, and the choice is remembered."""
    room = api(
        server_url,
        "/api/rooms",
        {"game": "ponies_in_pursuit", "name": "Host", "options": {"rounds": 1, "round_seconds": 12}},
    )
    api(server_url, f"/api/rooms/{room['code']}/bots", {"count": 1}, room["token"])
    page = seated_page(browser, server_url, room)
    expect(page.locator("#seat-list .seat")).to_have_count(2)
    page.mouse.click(2, 2)
    api(server_url, f"/api/rooms/{room['code']}/start", token=room["token"])
    mute = page.locator("#turn-bar #sound-toggle")
    expect(mute).to_be_visible()
    expect(mute).to_have_text(words("en", "sound.on"))
    expect(mute).to_have_attribute("title", words("en", "sound.mute"))
    page.wait_for_function("window.__tones >= 2")  # the turn tone: two notes
    warning = page.locator("#turn-warning")
    expect(warning).to_be_visible(timeout=15_000)
    page.wait_for_function("window.__tones >= 3")  # a tick in the last seconds
    mute.click()
    expect(mute).to_have_text(words("en", "sound.off"))
    assert page.evaluate("localStorage.getItem('paddock.sound')") == "off"
    tones = page.evaluate("window.__tones")
    seen = warning.inner_text()
    # Two more seconds count down on screen, and not one more tick is heard.
    page.wait_for_function(
        "(seen) => { const w = document.getElementById('turn-warning');"
        " return w.hidden || w.textContent !== seen; }",
        arg=seen,
    )
    seen = warning.inner_text()
    page.wait_for_function(
        "(seen) => { const w = document.getElementById('turn-warning');"
        " return w.hidden || w.textContent !== seen; }",
        arg=seen,
    )
    assert page.evaluate("window.__tones") == tones
    page.reload()
    expect(page.locator("#sound-toggle")).to_have_text(words("en", "sound.off"))
    page.context.close()


@pytest.mark.parametrize("locale,lang", [("en-US", "en"), ("pt-BR", "pt"), ("zh-CN", "zh-Hans")])
def test_ten_seconds_before_the_timer_plays_a_warning_is_shown_and_announced(
    browser, server_url, locale, lang
):
    """The room's turn timer (12 s): from 10 s left the sticky bar warns and the
    assertive region says it; the bot already moved, so only our seat is warned."""
    room = api(
        server_url,
        "/api/rooms",
        {"game": "ponies_in_pursuit", "name": "Host", "options": {"rounds": 1, "round_seconds": 12}},
    )
    api(server_url, f"/api/rooms/{room['code']}/bots", {"count": 1}, room["token"])
    page = seated_page(browser, server_url, room, lang_locale=locale)
    expect(page.locator("#seat-list .seat")).to_have_count(2)
    api(server_url, f"/api/rooms/{room['code']}/start", token=room["token"])
    warning = page.locator("#turn-warning")
    expect(warning).to_be_visible(timeout=15_000)
    expect(warning).to_have_attribute("data-urgent", "true")
    pattern = {
        "en": r"^\d+ seconds? left!$",
        "pt": r"^Falta(m)? \d+ segundos?!$",
        "zh-Hans": r"^还剩 \d+ 秒！$",
    }[lang]
    expect(warning).to_have_text(re.compile(pattern))
    expect(page.locator("#announcer-urgent")).to_have_text(re.compile(pattern))
    # The warning sits in the sticky turn bar with the game's own timer line.
    expect(page.locator("#turn-bar #turn-timer")).to_be_visible()
    # The timer plays for us; the round resolves, the warning goes away, and the log says
    # that the timer (not the player) chose those cards.
    expect(page.locator(".pip-results")).to_be_visible(timeout=20_000)
    expect(warning).to_be_hidden()
    played = words(lang, "table.log.timer_played", name="Host")
    expect(page.locator("#game-log li", has_text=played)).to_have_count(1)
    # The replay says it too, at the step the timer played.
    page.goto(f"{server_url}/rooms/{room['code']}/replay")
    page.wait_for_selector('#replay[data-ready="true"]')
    page.locator("body").press("End")
    expect(page.locator("#game-log li", has_text=played)).to_have_count(1)
    page.context.close()


def test_the_create_form_offers_a_turn_timer_and_names_a_bad_field(browser, server_url):
    context = browser.new_context(locale="pt-BR")
    page = context.new_page()
    page.goto(f"{server_url}/")
    # Ponies in Pursuit has its own round timer (PIP-18): no second timer field.
    expect(page.locator("#opt-round_seconds")).to_be_visible()
    expect(page.locator("#turn-seconds")).to_have_count(0)
    page.check("#game-pony_express_race")
    select = page.locator("#turn-seconds")
    expect(select).to_be_visible()
    assert select.locator("option").all_inner_texts() == [
        words("pt", "home.timer_off"),
        i18n.translate_plural("pt", "home.timer_seconds", 30, n=30),
        i18n.translate_plural("pt", "home.timer_minutes", 1, n=1),
        i18n.translate_plural("pt", "home.timer_minutes", 2, n=2),
        i18n.translate_plural("pt", "home.timer_minutes", 5, n=5),
    ]
    assert words("pt", "home.timer_minutes.one", n=1) == "1 minuto"
    assert select.input_value() == "0"
    # A bad option is refused by the server: the message names the field, which is marked.
    page.fill("#opt-first_player", "9")
    page.fill("#player-name", "Ana")
    page.click("#create-button")
    label = words("pt", "opt.pony_express_race.first_player")
    expect(page.locator("#create-error")).to_have_text(
        words("pt", "home.field_invalid_range", field=label, min=0, max=5)
    )
    expect(page.locator("#opt-first_player")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#opt-first_player")).to_be_focused()
    page.fill("#opt-first_player", "0")
    select.select_option("120")
    page.click("#create-button")
    page.wait_for_url("**/rooms/**")
    code = page.url.rstrip("/").split("/")[-1]
    assert summary(server_url, code)["timer_seconds"] == 120
    context.close()


def test_a_taken_name_is_refused_on_the_join_form(browser, server_url):
    room = api(server_url, "/api/rooms", {"game": "ponies_in_pursuit", "name": "Ana"})
    context = browser.new_context(locale="zh-CN")
    page = context.new_page()
    page.goto(f"{server_url}/rooms/{room['code']}")
    expect(page.locator("#signals-toggle")).to_be_hidden()  # a spectator has no turn to be told of
    page.fill("#join-name", "ANA")
    page.click("#join-button")
    expect(page.locator("#room-error")).to_have_text(words("zh-Hans", "error.name_taken"))
    expect(page.locator("#join-name")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#seat-list .seat")).to_have_count(1)
    # Emptying the name clears the stale refusal; joining with no name says what is missing.
    page.fill("#join-name", "")
    expect(page.locator("#room-error")).to_be_hidden()
    expect(page.locator("#join-name")).not_to_have_attribute("aria-invalid", "true")
    page.click("#join-button")
    expect(page.locator("#room-error")).to_have_text(words("zh-Hans", "home.name_required"))
    context.close()


@pytest.mark.parametrize("locale,lang", [("en-US", "en"), ("pt-BR", "pt"), ("zh-CN", "zh-Hans")])
def test_an_unknown_room_says_so_with_a_way_home(browser, server_url, locale, lang):
    context = browser.new_context(locale=locale)
    page = context.new_page()
    page.goto(f"{server_url}/rooms/NoSuchRoom123")
    missing = page.locator("#room-missing")
    expect(missing).to_be_visible()
    expect(page.locator("#room-missing-heading")).to_have_text(words(lang, "room.not_found"))
    expect(page.locator("#conn-status")).to_be_hidden()  # no "Connecting…" spinning forever
    expect(page.locator("#lobby")).to_be_hidden()
    expect(page.locator("#chat-panel")).to_be_hidden()  # no empty chat for a room that is not there
    page.click("#room-missing-home")
    page.wait_for_url(f"{server_url}/")
    expect(page.locator("#create-form")).to_be_visible()
    context.close()


def test_a_dropped_connection_disables_the_table_until_the_socket_is_back(browser, server_url):
    room = pip_room(server_url)
    api(server_url, f"/api/rooms/{room['code']}/bots", {"count": 1}, room["token"])
    page = seated_page(browser, server_url, room)
    expect(page.locator("#seat-list .seat")).to_have_count(2)
    api(server_url, f"/api/rooms/{room['code']}/start", token=room["token"])
    card = page.locator(".pip-hand button").first
    expect(card).to_be_enabled()
    host_presence = page.locator('#player-list li[data-seat="0"] .presence')
    expect(host_presence).to_have_attribute("data-state", "online")

    # The socket drops and every reconnection attempt fails for now.
    page.evaluate("window.__blockSockets = true; window.__sockets.forEach((ws) => ws.close())")
    expect(page.locator("#conn-status")).to_have_attribute("data-state", "reconnecting")
    expect(page.locator("#conn-text")).to_have_text(words("en", "conn.reconnecting"))
    expect(page.locator("#game-controls")).to_have_attribute("disabled", "")
    expect(card).to_be_disabled()
    for seat in ("0",):
        badge = page.locator(f'#player-list li[data-seat="{seat}"] .presence')
        expect(badge).to_have_attribute("data-state", "unknown")
        expect(badge).to_have_text(words("en", "presence.unknown"))
    expect(page.locator('#player-list li[data-seat="1"] .presence')).to_have_attribute("data-state", "bot")

    # The network is back: the next attempt connects, the table is live again.
    page.evaluate("window.__blockSockets = false")
    expect(page.locator("#conn-status")).to_have_attribute("data-state", "connected", timeout=20_000)
    expect(card).to_be_enabled()
    expect(host_presence).to_have_attribute("data-state", "online")
    page.context.close()
