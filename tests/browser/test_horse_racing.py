"""Horse Racing through the browser, in real Chromium.

Four seats: two people playing through the UI (one at phone width, partly by
keyboard) and two bots, one whole race (races=1) from the draft to the
settlement. The host sees each horse's win chance on the chosen board before
creating the room (HR-2). A spectator never sees a hand, a packet or a pick:
neither in its page nor in any socket frame. axe-core checks the table and
the settlement. A second test seats one person and eleven bots on a phone
screen and checks the table stays legible (nothing wider than the screen).
Screenshots go to test-artifacts/browser/.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from app import i18n
from tests.browser.staging import watching
from tests.browser.test_pip_game import assert_fits_width, check_axe, new_page, record_frames, shot

pytestmark = pytest.mark.browser

PRIVATE_VIEW_KEYS = ("hand", "packet", "pick")
MAX_ACTIONS = 400


def words(key: str, **params) -> str:
    return i18n.translate("en", key, **params)


def assert_clean_text(page: Page) -> None:
    """No unfilled placeholder, raw key or stray null/undefined on screen."""
    text = page.locator("body").inner_text()
    for bad in ("undefined", "null", "NaN", "{", "}", "hr.", "opt.", "error.", "table."):
        assert bad not in text, f"{bad!r} shown on the page"


def root_v(page: Page) -> int:
    return int(page.locator("#game-root").get_attribute("data-v") or -1)


def over(page: Page) -> bool:
    return page.locator("#game-root").get_attribute("data-over") == "true"


# A control missing this long went away with a newer frame: the caller reads the table again.
PRESS_TIMEOUT_MS = 15_000


def press(page: Page, selector: str, keyboard: bool) -> None:
    target = page.locator(selector).first
    if keyboard:
        target.focus(timeout=PRESS_TIMEOUT_MS)
        page.keyboard.press("Enter")
    else:
        target.click(timeout=PRESS_TIMEOUT_MS)


def my_move(page: Page) -> bool:
    return page.locator("#turn-banner").get_attribute("data-state") == "mine"


def take_one_action(page: Page, keyboard: bool) -> str | None:
    """Do whatever this seat's table offers now; returns what it did (None if nothing)."""
    if page.locator(".hr-act").is_hidden():
        return None
    if page.locator("#game-root").get_attribute("data-phase") == "draft":
        if page.locator('.hr-packet button[aria-pressed="true"]').count():
            return None  # picked; waiting for the others
        cards = page.locator(".hr-packet button:enabled")
        if cards.count() == 0:
            return None
        # Keep Kings and Aces when offered (to answer antes later), else the first card.
        specials = page.locator('.hr-packet button[data-card="K"], .hr-packet button[data-card="A"]')
        card = (specials.first if specials.count() else cards.first).get_attribute("data-card")
        press(page, f'.hr-packet button[data-card="{card}"]', keyboard)
        return "pick"
    for selector, name in (
        ("#hr-king-left:enabled", "king"),
        ("#hr-ace:enabled", "ace"),
        ("#hr-pay:enabled", "pay"),
        ("#hr-roll-advantage:enabled", "roll_advantage"),
        ("#hr-roll:enabled", "roll"),
        ("#hr-pair-01:enabled", "choose"),
        ("#hr-joker-forward:enabled", "joker"),
        ("#hr-end-turn:enabled", "end_turn"),
    ):
        if page.locator(selector).count():
            press(page, selector, keyboard)
            return name
    return None


# Only a bound for a failure: every wait below returns as soon as the page shows what it waits for.
CHANGE_TIMEOUT_MS = 90_000
NEWER_OR_OVER = """([v, mine]) => { const d = document.getElementById('game-root').dataset;
    const asked = document.getElementById('turn-banner').dataset.state === 'mine';
    return d.over === 'true' || Number(d.v) > v || (mine && asked); }"""


def wait_for_change(players: list[Page]) -> None:
    """Bots are moving: wait until the tables show a move. Every accepted action reaches every
    seat as a newer version, so once all pages show the newest version they know of and none
    is asked to move, the first page's next version is a bot's move."""
    newest = max(root_v(p) for p in players)
    for page in players:
        page.wait_for_function(NEWER_OR_OVER, arg=[newest - 1, False], timeout=CHANGE_TIMEOUT_MS)
    if over(players[0]) or any(my_move(p) for p in players):
        return
    players[0].wait_for_function(NEWER_OR_OVER, arg=[newest, True], timeout=CHANGE_TIMEOUT_MS)


def play_until_settled(players: list[Page], spectator: Page, artifacts, keyboard_seat: int) -> dict[str, int]:
    """Both people play whatever their table offers until the race is settled; screenshots on the way."""
    done: dict[str, int] = {}
    for _ in range(MAX_ACTIONS):
        if over(players[0]):
            break
        acted = False
        for index, page in enumerate(players):
            if over(page) or not my_move(page):
                continue
            before = root_v(page)
            answering = page.locator("#hr-pay").count() > 0
            if answering and "answer" not in done:
                shot(page, artifacts, f"06-ante-prompt-seat{index}.png")
            if page.locator(".hr-back").count():
                done["back"] = done.get("back", 0) + 1  # a packet came round the table again
                if done["back"] == 1:
                    shot(page, artifacts, "05-draft-back.png")
            keyboard = index == keyboard_seat and len(done) % 2 == 0
            try:
                what = take_one_action(page, keyboard)
            except PlaywrightTimeoutError:
                what = None  # the prompt changed under the click: read the tables again
            if what is None:
                continue
            acted = True
            done[what] = done.get(what, 0) + 1
            if answering:
                done["answer"] = done.get("answer", 0) + 1
            page.wait_for_function(
                "(v) => Number(document.getElementById('game-root').dataset.v) > v",
                arg=before,
                timeout=CHANGE_TIMEOUT_MS,
            )
            if what == "roll" and done[what] == 3:
                shot(players[0], artifacts, "07-race-host.png")
                shot(players[1], artifacts, "08-race-phone.png")
                shot(spectator, artifacts, "09-race-spectator.png")
                assert_fits_width(players[1])
                for p in [*players, spectator]:
                    assert_clean_text(p)
        if not acted:
            wait_for_change(players)
    return done


def assert_spectator_frames_hold_no_hand(frames: list[str]) -> None:
    states = [json.loads(f) for f in frames if '"type":"state"' in f.replace(" ", "")]
    assert states, "the spectator received state frames"
    for frame in frames:
        assert "token" not in frame.lower()
    for message in states:
        view = message["view"]
        assert message["actions"] == []
        assert view["you"] is None
        for key in PRIVATE_VIEW_KEYS:
            assert view[key] is None, f"spectator frame carried {key}"


def test_hr_whole_race_two_people_two_bots_and_a_spectator(browser, server_url, axe_source, artifacts):
    host = new_page(browser, "en", viewport={"width": 1200, "height": 900})
    host.goto(f"{server_url}/")
    host.check("#game-horse_racing")
    # HR-2: the host sees each horse's chance on the chosen board before creating the room.
    host.select_option("#opt-board", "classic")
    odds = host.locator('.hr-odds[data-board="classic"]')
    expect(odds).to_be_visible()
    expect(odds.locator("li")).to_have_count(11)
    seven = float(re.sub(r"[^\d.]", "", odds.locator('li[data-horse="7"] .hr-odds-value').inner_text()))
    two = float(re.sub(r"[^\d.]", "", odds.locator('li[data-horse="2"] .hr-odds-value').inner_text()))
    assert seven < 3 and two > 19, (seven, two)
    shot(host, artifacts, "01-home-odds.png")
    check_axe(host, axe_source, "home page with board odds")
    host.select_option("#opt-board", "short")
    expect(host.locator('.hr-odds[data-board="short"]')).to_be_visible()
    host.select_option("#opt-races", "1")
    host.fill("#player-name", "Ana")
    host.click("#create-button")
    host.wait_for_url(re.compile(r"/rooms/[^/]+$"))
    share = host.locator("#share-link").input_value()

    friend = new_page(browser, "en", viewport={"width": 390, "height": 844}, is_mobile=True)
    friend.goto(share)
    friend.fill("#join-name", "Bruno")
    friend.click("#join-button")
    expect(friend.locator("#role-badge")).to_contain_text("Bruno")
    spectator = new_page(browser, "en", viewport={"width": 1000, "height": 900})
    spectator_frames = record_frames(spectator)
    spectator.goto(share)
    expect(spectator.locator("#role-badge")).to_have_text(words("room.role_spectator"))

    expect(host.locator("#seat-list .seat")).to_have_count(2)
    for count in (3, 4):
        host.click("#add-bot")
        expect(host.locator("#seat-list .seat")).to_have_count(count)
    host.click("#start-game")

    players = [host, friend]
    for page in [*players, spectator]:
        expect(page.locator("#table-area")).to_be_visible()
        page.wait_for_selector('#game-root[data-phase="draft"]')
        expect(page.locator(".hr-lane")).to_have_count(11)
        expect(page.locator(".hr-seat")).to_have_count(4)
    # The draft: your packet and hand, the prompt, who has picked.
    expect(host.locator("#turn-banner")).to_have_text(words("hr.turn_pick"))
    expect(host.locator("#announcer-urgent")).to_have_text(words("hr.turn_pick"))
    expect(host.locator(".hr-packet button")).to_have_count(6)
    # HR-2: while drafting, each lane shows its horse's chance on this board (the same estimate).
    expect(host.locator('.hr-lane[data-horse="7"] .hr-lane-odds')).to_have_text(
        words("hr.lane_odds_short", p=words("hr.odds_percent", p="9.3"))
    )
    expect(spectator.locator("#turn-banner")).to_have_text(watching("en"))
    shot(host, artifacts, "02-draft-host.png")
    shot(friend, artifacts, "03-draft-phone.png")
    assert_fits_width(friend)
    for page in [*players, spectator]:
        assert_clean_text(page)
    check_axe(host, axe_source, "table (draft)")
    assert spectator.locator(".hr-packet, .hr-hand, .hr-act button").count() == 0

    # Change a pick before the others are in: the pressed card follows.
    cards = host.locator(".hr-packet button")
    first, second = cards.nth(0).get_attribute("data-card"), cards.nth(5).get_attribute("data-card")
    if first != second:
        cards.nth(0).click()
        expect(host.locator('.hr-packet button[aria-pressed="true"]')).to_have_attribute("data-card", first)
        cards.nth(5).click()
        expect(host.locator('.hr-packet button[aria-pressed="true"]')).to_have_attribute("data-card", second)
        expect(host.locator('.hr-seat[data-seat="0"]')).to_contain_text(words("hr.tag_picked"))
        expect(spectator.locator('.hr-seat[data-seat="0"]')).to_contain_text(words("hr.tag_picked"))

    # The rules summary beside the table.
    host.click("#rules-toggle")
    expect(host.locator("#rules-body")).to_contain_text(words("rules.hr.goal_1"))
    shot(host, artifacts, "04-rules.png", full_page=False)
    host.keyboard.press("Escape")

    done = play_until_settled(players, spectator, artifacts, keyboard_seat=1)
    assert done.get("pick", 0) >= 2, done
    assert done.get("roll", 0) >= 2, done
    # Four seats, six cards: the packet passed at pick 1 is back at pick 5, for both people.
    assert done.get("back", 0) >= 2, done

    for page in [*players, spectator]:
        expect(page.locator("#game-root")).to_have_attribute("data-over", "true")
        # The end: the shell's results card at the top names the winner, and so does the banner.
        expect(page.locator("#end-card")).to_be_visible()
        expect(page.locator("#turn-banner")).to_have_text(page.locator("#end-card-heading").inner_text())
        expect(page.locator("#hr-results-h")).to_have_text(words("hr.results_heading"))
        expect(page.locator(".hr-settlement")).to_have_count(1)
        # Every hand revealed: one row per seat, with the shares explained in words.
        expect(page.locator(".hr-settle-table tbody tr")).to_have_count(4)
        expect(page.locator(".hr-explain li")).to_have_count(4)
        expect(page.locator(".hr-winners")).to_be_visible()
    log = host.locator("#game-log")
    expect(log).to_contain_text(words("hr.log.antes", base=1, jockey=2))
    expect(log).to_contain_text("Race 1: ")
    assert host.locator("#game-log li").count() > 10
    shot(host, artifacts, "10-settlement-host.png")
    shot(friend, artifacts, "11-settlement-phone.png")
    shot(spectator, artifacts, "12-settlement-spectator.png")
    assert_fits_width(friend)
    for page in [*players, spectator]:
        assert_clean_text(page)
    check_axe(spectator, axe_source, "settlement")

    assert spectator.locator(".hr-packet, .hr-hand").count() == 0
    assert_spectator_frames_hold_no_hand(spectator_frames)
    for page in [*players, spectator]:
        assert page.js_errors == [], page.js_errors
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "pt", "zh-Hans"])
def test_hr_twelve_seats_stay_legible_on_a_phone(browser, server_url, artifacts, lang):
    page = new_page(browser, lang, viewport={"width": 390, "height": 844}, is_mobile=True)
    page.goto(f"{server_url}/")
    page.check("#game-horse_racing")
    page.select_option("#opt-races", "1")
    page.fill("#player-name", "Ana")
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/rooms/[^/]+$"))
    for count in range(2, 13):
        page.click("#add-bot")
        expect(page.locator("#seat-list .seat")).to_have_count(count)
    expect(page.locator("#add-bot")).to_be_disabled()
    shot(page, artifacts, "hr12-01-lobby.png")
    assert_fits_width(page)
    page.click("#start-game")
    page.wait_for_selector('#game-root[data-phase="draft"]')
    expect(page.locator(".hr-seat")).to_have_count(12)
    expect(page.locator(".hr-packet button")).to_have_count(5)
    expect(page.locator(".hr-lane-odds")).to_have_count(11)  # HR-2: chances shown while drafting
    shot(page, artifacts, "hr12-02-draft-phone.png")
    assert_fits_width(page)
    # Play the draft through; the race starts and the table is still one screen wide.
    while page.locator("#game-root").get_attribute("data-phase") == "draft":
        before = root_v(page)
        # Pick in one step inside the page: the draft may end between a check and a click.
        page.evaluate(
            """() => {
              const root = document.getElementById('game-root');
              if (root.dataset.phase !== 'draft') return;
              if (document.querySelector('.hr-packet button[aria-pressed="true"]')) return;
              document.querySelector('.hr-packet button:not(:disabled)')?.click();
            }"""
        )
        page.wait_for_function(
            """(v) => { const r = document.getElementById('game-root');
                 return Number(r.dataset.v) > v || r.dataset.phase !== 'draft'; }""",
            arg=before,
        )
    page.wait_for_selector('#game-root[data-phase="race"]')
    shot(page, artifacts, "hr12-03-race-phone.png")
    assert_fits_width(page)
    assert_clean_text(page)
    # Every seat box shows its name and numbers inside its own width, in a readable size.
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('.hr-seat, .hr-lane')].map((n) => ({
            over: n.scrollWidth - n.clientWidth,
            font: parseFloat(getComputedStyle(n).fontSize),
            right: n.getBoundingClientRect().right,
        }))"""
    )
    assert len(boxes) == 23
    assert all(b["over"] <= 1 for b in boxes), boxes
    assert all(b["font"] >= 12 for b in boxes), boxes
    assert all(b["right"] <= 390 for b in boxes), boxes
    assert page.js_errors == [], page.js_errors
    page.context.close()
