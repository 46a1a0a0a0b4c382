"""Pony Express: Odds and Riders through the browser, in real Chromium.

Three seats: two people playing through the UI (one on a phone screen, partly
by keyboard) and a bot, one whole game from the first bet to the payout
screen: bets, cards onto horses, the race with hidden cards, pace choices and
the dice card. A spectator never sees a hand or a race card before the end:
neither in its page nor in any socket frame, checked against the hands and
race cards the players' own frames carried. axe-core checks the table in both
stages and the payouts. Screenshots go to test-artifacts/browser/.
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

MAX_ACTIONS = 600


def words(key: str, lang: str = "en", **params) -> str:
    return i18n.translate(lang, key, **params)


def assert_clean_text(page: Page) -> None:
    """No unfilled placeholder, raw key or stray null/undefined on screen."""
    text = page.locator("body").inner_text()
    for bad in ("undefined", "null", "NaN", "{", "}", "per.", "opt.", "error.", "table."):
        assert bad not in text, f"{bad!r} shown on the page"


def assert_fits_phone(page: Page) -> None:
    """Nothing makes the page wider than a phone's layout viewport (the zoom-out of a mobile
    browser would hide it from innerWidth); wide tables and tracks scroll inside their regions."""
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"page is {overflow}px wider than the phone"
    assert_fits_width(page)


def root_attr(page: Page, name: str) -> str | None:
    return page.locator("#game-root").get_attribute(name)


def wait_newer(page: Page, before: int) -> None:
    page.wait_for_function(
        "(v) => Number(document.getElementById('game-root').dataset.v) > v", arg=before, timeout=90_000
    )


def root_v(page: Page) -> int:
    return int(root_attr(page, "data-v") or -1)


def over(page: Page) -> bool:
    return root_attr(page, "data-over") == "true"


def my_move(page: Page) -> bool:
    return root_attr(page, "data-mine") == "true"


# A control missing this long went away with a newer frame: the caller reads the table again.
PRESS_TIMEOUT_MS = 15_000


def press(page: Page, locator, keyboard: bool) -> None:
    if keyboard:
        locator.focus(timeout=PRESS_TIMEOUT_MS)
        page.keyboard.press("Enter")
    else:
        locator.click(timeout=PRESS_TIMEOUT_MS)


def take_one_action(page: Page, seat: int, keyboard: bool, done: dict[str, int], artifacts) -> str | None:
    """Do what this seat's table asks now, through its buttons; returns what it did."""
    act = page.locator(".per-act")
    if act.is_hidden():
        return None
    phase = root_attr(page, "data-phase")
    if phase == "bet":
        # The host backs the first horse listed, the friend the last: each ends up owning one.
        buttons = act.locator(".per-horse-button")
        press(page, buttons.first if seat == 0 else buttons.last, keyboard)
        return "bet"
    if phase == "play":
        cards = act.locator(".per-pick button")
        if cards.count() > 1:
            press(page, cards.nth(1), keyboard)
            expect(cards.nth(1)).to_have_attribute("aria-pressed", "true")
            if keyboard:
                expect(cards.nth(1)).to_be_focused()
        press(page, act.locator(".per-horse-button").first, keyboard)
        return "play"
    if phase == "ride":
        # A card that does not move up a level when there is one (some hands hold none).
        plain = act.locator('.per-ride button[data-move-up="false"]')
        press(page, plain.first if plain.count() else act.locator(".per-ride button").first, keyboard)
        return "ride"
    if phase == "pace":
        push = act.locator("#per-push")
        # The chance shown is the card's value out of ten.
        value, percent = int(push.get_attribute("data-value")), int(push.get_attribute("data-percent"))
        assert percent == value * 10 and 1 <= value <= 9
        expect(act.locator(".per-chance")).to_contain_text(f"{percent}%")
        # Push on a fast pace, settle on a risky one: the race keeps moving either way.
        risky = push.get_attribute("data-step") == "risky"
        press(page, act.locator("#per-stay" if risky else "#per-push"), keyboard)
        return "stay" if risky else "push"
    if phase == "dice":
        if "dice_prompt" not in done:
            shot(page, artifacts, f"06-dice-card-prompt-seat{seat}.png")
        press(page, act.locator("#per-dice-use"), keyboard)
        return "dice"
    if phase == "track":
        press(page, act.locator("button").first, keyboard)
        return "track"
    if phase == "opening":
        press(page, act.locator("#per-open-go"), keyboard)
        return "open"
    return None


# Only a bound for a failure: every wait below returns as soon as the page shows what it waits for.
CHANGE_TIMEOUT_MS = 90_000
NEWER_OR_OVER = """([v, mine]) => { const d = document.getElementById('game-root').dataset;
    return d.over === 'true' || Number(d.v) > v || (mine && d.mine === 'true'); }"""


def wait_for_change(players: list[Page]) -> None:
    """The bot is moving: wait until the tables show its move. Every accepted action reaches
    every seat as a newer version, so once all pages show the newest version they know of and
    none is asked to move, the first page's next version is the bot's move."""
    newest = max(root_v(p) for p in players)
    for page in players:
        page.wait_for_function(NEWER_OR_OVER, arg=[newest - 1, False], timeout=CHANGE_TIMEOUT_MS)
    if over(players[0]) or any(my_move(p) for p in players):
        return
    players[0].wait_for_function(NEWER_OR_OVER, arg=[newest, True], timeout=CHANGE_TIMEOUT_MS)


def assert_spectator_sees_no_secrets(spectator: Page) -> None:
    assert spectator.locator(".per-hand, .per-race-hand, .per-act *, .per-mine *").count() == 0


def play_to_payouts(players: list[Page], spectator: Page, artifacts, axe_source: str) -> dict[str, int]:
    done: dict[str, int] = {}
    shots = set()
    for _ in range(MAX_ACTIONS):
        if over(players[0]) and over(players[1]):
            break
        acted = False
        for seat, page in enumerate(players):
            if over(page) or not my_move(page):
                continue
            before = root_v(page)
            keyboard = seat == 1 and sum(done.values()) % 3 == 0
            try:
                what = take_one_action(page, seat, keyboard, done, artifacts)
            except PlaywrightTimeoutError:
                what = None  # the prompt changed under the click: read the tables again
            if what is None:
                continue
            acted = True
            done[what] = done.get(what, 0) + 1
            if what == "dice":
                done["dice_prompt"] = 1
            wait_newer(page, before)
        stage = root_attr(players[0], "data-stage")
        if stage == "2" and "race" not in shots and root_attr(players[0], "data-phase") != "track":
            shots.add("race")
            players[0].wait_for_selector(".per-token[data-horse]")
            shot(players[0], artifacts, "04-race-host.png")
            shot(players[1], artifacts, "05-race-phone.png")
            shot(spectator, artifacts, "07-race-spectator.png")
            assert_fits_phone(players[1])
            for p in [*players, spectator]:
                assert_clean_text(p)
            assert_spectator_sees_no_secrets(spectator)
            check_axe(players[0], axe_source, "table (race)")
        if not acted:
            wait_for_change(players)
    return done


def state_frames(frames: list[str]) -> list[dict]:
    return [json.loads(f) for f in frames if '"type":"state"' in f.replace(" ", "")]


def assert_frames_leak_nothing(spectator_frames: list[str], player_frames: list[list[str]]) -> None:
    """The spectator's frames carry no hand, no race hand and no played race card before the end,
    while the players' own frames did carry them (so the check looks at real secrets)."""
    seen_hands: list[list[str]] = []
    seen_race_cards: list[str] = []
    for frames in player_frames:
        for message in state_frames(frames):
            view = message["view"]
            if message["over"]:
                continue
            if view["hand"]:
                seen_hands.append(view["hand"])
            events = message["events"] + message.get("log", [])
            seen_race_cards += [e["card"] for e in events if e["e"] == "race_card"]
    assert seen_hands and seen_race_cards, "the players' frames held hands and race cards"
    states = state_frames(spectator_frames)
    assert states, "the spectator received state frames"
    for frame in spectator_frames:
        assert "token" not in frame.lower()
    for message in states:
        view = message["view"]
        assert message["actions"] == []
        assert view["you"] is None
        if message["over"]:
            continue
        assert view["hand"] is None, "a spectator frame carried a hand"
        events = message["events"] + message.get("log", [])
        private = [e for e in events if "to" in e or e["e"] == "race_card"]
        assert private == [], "a private event reached the spectator"
        for horse in view["horses"]:
            assert horse["race_hand"] is None, "a spectator frame carried a race hand"
            if horse["owner"] is not None:
                assert horse["race_played"] is None, "a spectator frame carried a played race card"
        turn = (view["race"] or {}).get("turn") or {}
        assert turn.get("card") is None and turn.get("chance") is None
        assert view["race_hands"] is None and view["race_played_own"] is None and view["ride"] is None


def test_per_whole_game_two_people_a_bot_and_a_spectator(browser, server_url, axe_source, artifacts):
    host = new_page(browser, "en", viewport={"width": 1200, "height": 900})
    host_frames = record_frames(host)
    host.goto(f"{server_url}/")
    host.check("#game-pony_express_race")
    expect(host.locator("label[for=game-pony_express_race]")).to_contain_text(
        words("game.pony_express_race.name")
    )
    host.fill("#player-name", "Ana")
    host.click("#create-button")
    host.wait_for_url(re.compile(r"/rooms/[^/]+$"))
    share = host.locator("#share-link").input_value()

    friend = new_page(browser, "pt", viewport={"width": 390, "height": 844}, is_mobile=True)
    friend_frames = record_frames(friend)
    friend.goto(share)
    friend.fill("#join-name", "Bruno")
    friend.click("#join-button")
    expect(friend.locator("#role-badge")).to_contain_text("Bruno")
    spectator = new_page(browser, "zh-Hans", viewport={"width": 1000, "height": 900})
    spectator_frames = record_frames(spectator)
    spectator.goto(share)
    expect(spectator.locator("#role-badge")).to_have_text(words("room.role_spectator", "zh-Hans"))

    expect(host.locator("#seat-list .seat")).to_have_count(2)
    host.click("#add-bot")
    expect(host.locator("#seat-list .seat")).to_have_count(3)
    host.click("#start-game")

    players = [host, friend]
    for page in [*players, spectator]:
        expect(page.locator("#table-area")).to_be_visible()
        page.wait_for_selector('#game-root[data-stage="1"]')
        expect(page.locator(".per-odds-table tbody tr")).to_have_count(8)
        expect(page.locator(".per-odds-table tbody td")).to_have_count(8 * 4)
        expect(page.locator(".per-chart-table tbody tr")).to_have_count(7)
        expect(page.locator(".per-track")).to_have_count(7)
    # Seat 0 starts: bet 5 chips; the banner and the urgent live region say so.
    bet_five = i18n.translate_plural("en", "per.turn_bet", 5, chips=5)
    expect(host.locator("#turn-banner")).to_have_text(bet_five)
    expect(host.locator("#announcer-urgent")).to_have_text(bet_five)
    expect(host.locator(".per-act .per-horse-button")).to_have_count(7)
    expect(friend.locator(".per-hand li")).to_have_count(11)
    expect(spectator.locator("#turn-banner")).to_have_text(watching("zh-Hans"))
    # Standard opening odds: Brown on 1-1 ... Green on 10-1, each with one face-up card.
    expect(host.locator('.per-odds-table tr[data-row="1"] .per-marker-item[data-horse="0"]')).to_have_count(1)
    expect(host.locator('.per-odds-table tr[data-row="7"] .per-marker-item[data-horse="6"]')).to_have_count(1)
    expect(host.locator(".per-chart-table .per-mini")).to_have_count(7)
    shot(host, artifacts, "01-betting-host.png")
    shot(friend, artifacts, "02-betting-phone.png")
    shot(spectator, artifacts, "03-betting-spectator.png")
    assert_fits_phone(friend)
    for page in [*players, spectator]:
        assert_clean_text(page)
    assert_spectator_sees_no_secrets(spectator)
    check_axe(host, axe_source, "table (betting)")

    host.click("#rules-toggle")
    expect(host.locator("#rules-body")).to_contain_text(words("rules.per.goal_1"))
    host.keyboard.press("Escape")

    done = play_to_payouts(players, spectator, artifacts, axe_source)
    assert done.get("bet", 0) == 10, done
    assert done.get("play", 0) >= 10, done
    assert done.get("ride", 0) >= 2, done

    for page, lang in ((host, "en"), (friend, "pt"), (spectator, "zh-Hans")):
        expect(page.locator("#game-root")).to_have_attribute("data-over", "true")
        # The end: the shell's results card at the top names the winner, and so does the banner.
        expect(page.locator("#end-card")).to_be_visible()
        expect(page.locator("#turn-banner")).to_have_text(page.locator("#end-card-heading").inner_text())
        expect(page.locator("#per-results-h")).to_have_text(words("per.results_heading", lang))
        expect(page.locator(".per-scores tbody tr")).to_have_count(3)
        expect(page.locator(".per-step-horse")).to_have_count(3)
    # Every bet is explained: the host and the friend made five bets each (the bot five more).
    final_frame = [m for m in state_frames(host_frames) if m["over"]][-1]
    final = final_frame["view"]
    settlement = final["settlement"]
    expect(host.locator(".per-explain-bet")).to_have_count(len(settlement["bets"]))
    expect(host.locator(".per-explain-prize")).to_have_count(len(settlement["prizes"]))
    assert sum(bet["stake"] for bet in settlement["bets"]) == 45
    # The race cards are revealed at the end, to everyone.
    assert spectator.locator(".per-revealed li").count() >= 3
    log = host.locator("#game-log")
    expect(log).to_contain_text(words("per.log.race_start"))
    expect(log).to_contain_text("Bruno bets ")
    # The log in the readers' languages: Portuguese for the friend, Chinese for the spectator.
    expect(friend.locator("#game-log")).to_contain_text(words("per.log.race_start", "pt"))
    expect(spectator.locator("#game-log")).to_contain_text(words("per.log.race_start", "zh-Hans"))
    expect(spectator.locator("#game-log")).to_contain_text("Bruno")
    # At the end the hidden race cards join the log, in their places, for everyone.
    revealed = words("per.log.race_card_revealed", "zh-Hans", name="|", horse="", card="").split("|")[0]
    expect(spectator.locator("#game-log")).to_contain_text(revealed)
    lines = spectator.locator("#game-log li").all_inner_texts()
    assert len(lines) == len(final_frame["log"]), "one line per event, none twice"
    shot(host, artifacts, "08-payouts-host.png")
    shot(friend, artifacts, "09-payouts-phone.png")
    shot(spectator, artifacts, "10-payouts-spectator.png")
    assert_fits_phone(friend)
    for page in [*players, spectator]:
        assert_clean_text(page)
    check_axe(spectator, axe_source, "payouts")

    assert_frames_leak_nothing(spectator_frames, [host_frames, friend_frames])
    for page in [*players, spectator]:
        assert page.js_errors == [], page.js_errors
        page.context.close()


def chips_on(page: Page, horse: int, seat: int) -> int:
    text = page.locator(f'.per-chart-table tr[data-horse="{horse}"] td[data-seat="{seat}"]').inner_text()
    return int(text) if text.strip().isdigit() else 0


def test_per_chosen_opening_and_track_choice_prompts(browser, server_url, axe_source, artifacts):
    """The `chosen` opening (a horse and its card, in turn) and `track_choice` (owners pick a free
    track, favourite first) through the UI: one person against a bot, up to the start of the race."""
    host = new_page(browser, "en", viewport={"width": 1200, "height": 900})
    host.goto(f"{server_url}/")
    host.check("#game-pony_express_race")
    host.select_option("#opt-opening_odds", "chosen")
    host.check("#opt-track_choice")
    host.fill("#player-name", "Ana")
    host.click("#create-button")
    host.wait_for_url(re.compile(r"/rooms/[^/]+$"))
    host.click("#add-bot")
    expect(host.locator("#seat-list .seat")).to_have_count(2)
    host.click("#start-game")
    host.wait_for_selector('#game-root[data-phase="opening"]')
    expect(host.locator("#turn-banner")).to_have_text(words("per.turn_opening"))
    expect(host.locator(".per-variant")).to_contain_text(words("opt.pony_express_race.opening_odds.chosen"))
    shot(host, artifacts, "01-opening-choice.png")
    check_axe(host, axe_source, "table (chosen opening)")

    tracks_chosen = 0
    for _ in range(MAX_ACTIONS):
        phase = root_attr(host, "data-phase")
        if phase in ("ride", "pace", "dice", "over"):
            break
        if not my_move(host):
            wait_for_change([host])
            continue
        before = root_v(host)
        act = host.locator(".per-act")
        if phase == "opening":
            # Name the last card offered for the first horse still without one.
            card = act.locator("#per-open-card option").last.get_attribute("value")
            horse = act.locator("#per-open-horse option").first.get_attribute("value")
            host.select_option("#per-open-card", card)
            host.locator("#per-open-go").click()
            wait_newer(host, before)
            marker = host.locator(f'.per-marker-item[data-horse="{horse}"]')
            row = marker.locator("xpath=ancestor::tr").get_attribute("data-row")
            assert int(row) == min(8, 10 - int(card.rsplit("-", 1)[1])), (card, row)
            continue
        if phase == "bet":
            # Back a horse the bot has no chips on, the one Ana already backs most: she will own it.
            free = [h for h in range(7) if chips_on(host, h, 1) == 0]
            horse = max(free, key=lambda h: chips_on(host, h, 0))
            host.locator(f"#per-bet-{horse}").click()
        elif phase == "play":
            act.locator(".per-horse-button").first.click()
        elif phase == "track":
            if tracks_chosen == 0:
                horse = act.locator("h2").inner_text()
                shot(host, artifacts, "02-track-choice.png")
                check_axe(host, axe_source, "table (track choice)")
                assert horse
            act.locator("button").last.click()
            tracks_chosen += 1
        wait_newer(host, before)
    assert tracks_chosen >= 1
    expect(host.locator("#game-log")).to_contain_text(words("per.log.race_start"))
    expect(host.locator("#game-log")).to_contain_text("Ana takes track ")
    assert_clean_text(host)
    assert host.js_errors == [], host.js_errors
    host.context.close()
