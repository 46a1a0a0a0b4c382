"""A whole Ponies in Pursuit game through the browser, in real Chromium.

The host creates a room in one browser context, two friends join from two
others, a spectator watches from a fourth; the host adds a bot and starts;
the three people play every round through the UI (cards, move/bet, the Wild's
colour, changing a submission, spying, keyboard-only play) until the results
screen. The spectator never sees a hand or a stake before the end: neither in
its page nor in any socket frame. axe-core checks the lobby and the table.
Runs in English, Portuguese and Chinese; screenshots go to test-artifacts/.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from app import i18n
from tests.browser.staging import watching

pytestmark = pytest.mark.browser

LOCALES = {"en": "en-US", "pt": "pt-BR", "zh-Hans": "zh-CN"}
PRIVATE_VIEW_KEYS = ("hand", "stakes", "bet_cards", "submission", "spy_results", "must_play", "my_plays")
SERIOUS = ("serious", "critical")


def words(lang: str, key: str, **params) -> str:
    return i18n.translate(lang, key, **params)


def record_frames(page: Page) -> list[str]:
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    return frames


def new_page(browser, lang: str, **options) -> Page:
    context = browser.new_context(locale=LOCALES[lang], **options)
    # A bound for failures only (actions return as soon as the page is ready): generous for a loaded machine.
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors  # type: ignore[attr-defined]
    return page


def join_two_friends(browser, lang: str, share: str) -> list[Page]:
    """Bruno (desktop) and Chen (phone-sized) open the share link and take seats."""
    friends = []
    for name, options in (
        ("Bruno", {"viewport": {"width": 1000, "height": 900}}),
        ("Chen", {"viewport": {"width": 390, "height": 844}, "is_mobile": True}),
    ):
        page = new_page(browser, lang, **options)
        page.goto(share)
        page.fill("#join-name", name)
        page.click("#join-button")
        expect(page.locator("#role-badge")).to_contain_text(name)
        friends.append(page)
    return friends


def check_axe(page: Page, axe_source: str, where: str) -> None:
    # Through the DevTools protocol: the site's Content-Security-Policy (rightly) refuses an
    # inline <script> tag, and axe is a test tool, not part of the page.
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(axe_source)
    result = page.evaluate("async () => await axe.run(document, { resultTypes: ['violations'] })")
    bad = [
        f"{v['id']} ({v['impact']}): {v['help']} -> {[n['target'] for n in v['nodes']][:5]}"
        for v in result["violations"]
        if v["impact"] in SERIOUS
    ]
    assert bad == [], f"axe on the {where}: {bad}"


def shot(page: Page, folder, name: str, full_page: bool = True) -> None:
    """A screenshot with animations finished, so ponies stand where they are."""
    page.screenshot(path=folder / name, full_page=full_page, animations="disabled")


def assert_fits_width(page: Page) -> None:
    """Phone-width usable: the page itself never scrolls sideways."""
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"page is {overflow}px wider than the screen"


def assert_clean_text(page: Page) -> None:
    """No unfilled placeholder, missing key or stray null/undefined on screen."""
    text = page.locator("body").inner_text()
    for bad in ("undefined", "null", "NaN", "{", "}", "pip.", "error.", "table.", "lobby."):
        assert bad not in text, f"{bad!r} shown on the page"


def colour_of(card: str) -> str | None:
    return None if card == "wild" else re.sub(r"\d+$", "", card)


def choose_cards(hand: list[str], must: int, use_wild: bool) -> list[int]:
    """Indexes of cards to play: two of different colours (or one when the hand allows only one)."""
    if must == 1:
        return [0]
    if use_wild and "wild" in hand:
        wild = hand.index("wild")
        other = next(i for i, c in enumerate(hand) if c != "wild")
        return [other, wild]
    plain = [(i, c) for i, c in enumerate(hand) if c != "wild"]
    for i, first in plain:
        for j, second in plain:
            if j > i and colour_of(second) != colour_of(first):
                return [i, j]
    return [plain[0][0], hand.index("wild")]


def current_round(page: Page) -> tuple[int, bool]:
    root = page.locator("#game-root")
    return int(root.get_attribute("data-round") or 0), root.get_attribute("data-over") == "true"


def wait_round_moves_on(page: Page, round_number: int) -> None:
    page.wait_for_function(
        """(r) => { const root = document.getElementById('game-root');
             return root.dataset.over === 'true' || Number(root.dataset.round) > r
                 || document.querySelector('.pip-current') !== null; }""",
        arg=round_number,
    )


def activate(page: Page, selector: str, keyboard: bool) -> None:
    target = page.locator(selector)
    if keyboard:
        target.focus()
        page.keyboard.press("Enter")
    else:
        target.click()


def play_round(page: Page, round_number: int, *, use_wild=False, second_use="bet", keyboard=False) -> None:
    """Pick cards in the hand, set move/bet (and the Wild's colour), press Submit."""
    page.wait_for_selector(f'#game-root[data-round="{round_number}"]')
    must = int(page.locator("#game-root").get_attribute("data-must-play") or 0)
    if must == 0:
        return
    hand = page.locator(".pip-hand button").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    chosen = choose_cards(hand, must, use_wild)
    for index in chosen:
        activate(page, f'.pip-hand button[data-index="{index}"]', keyboard)
        card = page.locator(f'.pip-hand button[data-index="{index}"]')
        expect(card).to_have_attribute("aria-pressed", "true")
        if keyboard:
            expect(card).to_be_focused()
    # Nothing is chosen for the player: Submit waits until each card has its use.
    expect(page.locator(".pip-submit")).to_be_disabled()
    for n in range(must):
        use = "move" if n == 0 else second_use
        radio = page.locator(f"#pip-use-{n}-{use}")
        if keyboard:
            radio.focus()
            page.keyboard.press("Space")
            # The redraw keeps the keyboard user's place.
            assert page.evaluate("document.activeElement.id") == f"pip-use-{n}-{use}"
        else:
            radio.check()
    for n, index in enumerate(chosen):
        if hand[index] == "wild":
            other = [colour_of(hand[i]) for i in chosen if i != index]
            options = page.locator(f"#pip-wild-{n} option").evaluate_all("nodes => nodes.map(n => n.value)")
            colour = next(c for c in options if c and c not in other)
            page.select_option(f"#pip-wild-{n}", colour)
    submit = page.locator(".pip-submit")
    expect(submit).to_be_enabled()
    activate(page, ".pip-submit", keyboard)
    wait_round_moves_on(page, round_number)


def assert_spectator_saw_no_secrets(frames: list[str], page: Page) -> None:
    states = [json.loads(f) for f in frames if '"type":"state"' in f.replace(" ", "")]
    assert states, "the spectator received state frames"
    for frame in frames:
        assert "token" not in frame.lower()
    for message in states:
        view = message["view"]
        assert message["actions"] == []
        if message["over"]:
            continue
        assert view["you"] is None
        for key in PRIVATE_VIEW_KEYS:
            assert view[key] is None, f"spectator frame carried {key}"
        assert "log" not in view, "the log travels beside the view, never inside it"
        events = message["events"] + message.get("log", [])
        assert all("to" not in event for event in events), "a private log event reached the spectator"


@pytest.mark.parametrize("lang", list(LOCALES))
def test_whole_game_with_friends_bot_and_spectator(browser, server_url, axe_source, artifacts, lang):
    rounds = 4 if lang == "en" else 3
    host = new_page(browser, lang, viewport={"width": 1200, "height": 900})
    host.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url)

    # Home: pick the game, options, name; create the room.
    host.goto(f"{server_url}/")
    expect(host.locator("html")).to_have_attribute("lang", lang)
    expect(host.locator("#game-ponies_in_pursuit")).to_be_checked()
    expect(host.locator("label[for=game-ponies_in_pursuit]")).to_contain_text(
        words(lang, "game.ponies_in_pursuit.name")
    )
    host.fill("#opt-rounds", str(rounds))
    host.fill("#opt-round_seconds", "900")
    host.fill("#player-name", "Ana")
    shot(host, artifacts, "01-home.png")
    check_axe(host, axe_source, "home page")
    host.click("#create-button")
    host.wait_for_url(re.compile(r"/rooms/[^/]+$"))
    code = host.url.rsplit("/", 1)[1]
    assert "token" not in host.url
    expect(host.locator("#lobby")).to_be_visible()
    share = host.locator("#share-link").input_value()
    assert share.endswith(f"/rooms/{code}")
    host.click("#copy-link")
    expect(host.locator("#copy-link")).to_have_text(words(lang, "lobby.copied"))

    # Two friends join (one on a phone-sized screen); a spectator just opens the link.
    friends = join_two_friends(browser, lang, share)
    spectator = new_page(browser, lang, viewport={"width": 1000, "height": 900})
    spectator_frames = record_frames(spectator)
    spectator.goto(share)
    expect(spectator.locator("#role-badge")).to_have_text(words(lang, "room.role_spectator"))
    expect(spectator.locator("#join-form")).to_be_visible()

    # The host sees everyone connected, adds a bot, and starts.
    expect(host.locator("#seat-list .seat")).to_have_count(3)
    expect(host.locator('#seat-list .presence[data-state="online"]')).to_have_count(3)
    host.click("#add-bot")
    expect(host.locator("#seat-list .seat")).to_have_count(4)
    host.click("#add-bot")
    expect(host.locator("#seat-list .seat")).to_have_count(5)
    host.locator("#seat-list .remove-bot").last.click()
    expect(host.locator("#seat-list .seat")).to_have_count(4)
    expect(friends[0].locator("#seat-list .seat")).to_have_count(4)
    expect(friends[0].locator("#host-controls")).to_be_hidden()
    shot(host, artifacts, "02-lobby.png")
    check_axe(host, axe_source, "lobby")
    host.click("#start-game")

    players = [host, *friends]
    for page in [*players, spectator]:
        expect(page.locator("#table-area")).to_be_visible()
        page.wait_for_selector('#game-root[data-round="1"]')
    expect(host.locator("#turn-banner")).to_have_attribute("data-state", "mine")
    expect(host.locator("#turn-banner")).to_have_text(words(lang, "pip.turn_pick_two"))
    # Screen readers hear "your move" at once (assertive live region); new log lines politely.
    expect(host.locator("#announcer-urgent")).to_have_text(words(lang, "pip.turn_pick_two"))
    expect(host.locator("#announcer")).to_have_attribute("aria-live", "polite")
    expect(spectator.locator("#turn-banner")).to_have_text(watching(lang))
    # The round timer counts down (the room has 900 s rounds).
    expect(host.locator("#turn-timer")).to_be_visible()
    expect(host.locator("#turn-timer")).to_contain_text(re.compile(r"\b(89\d|900)\b"))
    shot(host, artifacts, "03-table-host.png")
    for page in [*players, spectator]:
        assert_clean_text(page)
    check_axe(host, axe_source, "table")

    # The rules summary is one click away, in the reader's language.
    host.click("#rules-toggle")
    expect(host.locator("#rules-panel")).to_be_visible()
    expect(host.locator("#rules-body")).to_contain_text(words(lang, "rules.pip.goal_1"))
    shot(host, artifacts, "04-rules.png", full_page=False)
    host.keyboard.press("Escape")
    expect(host.locator("#rules-panel")).to_be_hidden()

    played_rounds = 0
    for round_number in range(1, rounds + 1):
        if current_round(host)[1]:
            break
        # Bruno submits, then changes his mind (submit/change) before the others are in.
        if round_number == 1:
            play_round(friends[0], 1, second_use="move")
            first = friends[0].locator(".pip-current").inner_text()
            play_round(friends[0], 1, second_use="bet")
            expect(friends[0].locator(".pip-current")).not_to_have_text(first)
            bruno = host.locator('.pip-submitted-list li[data-seat="1"]')
            expect(bruno).to_have_attribute("data-state", "done")
        else:
            # Bruno's browser reloads mid-game: same seat, same hand, from localStorage. His page
            # shows this round first (counted earlier, it may still hold last round's hand).
            friends[0].wait_for_selector(f'#game-root[data-round="{round_number}"]')
            hand_before = friends[0].locator(".pip-hand button").count()
            friends[0].reload()
            expect(friends[0].locator("#role-badge")).to_contain_text("Bruno")
            expect(friends[0].locator(".pip-hand button")).to_have_count(hand_before)
            expect(friends[0].locator("#conn-status")).to_have_attribute("data-state", "connected")
            play_round(friends[0], round_number)
        # The host spies on Bruno's previous round once there is one.
        if round_number == 2:
            host.select_option("#pip-spy-target", "1")
            host.locator(".pip-spy button").click()
            expect(host.locator(".pip-spy-results li")).to_have_count(1)
        if round_number == 2:
            shot(spectator, artifacts, "05-table-spectator.png")
            shot(friends[1], artifacts, "06-table-phone.png")
            assert_fits_width(friends[1])
            for page in [*players, spectator]:
                assert_clean_text(page)
        # Chen plays from the keyboard only; the host plays the Wild in round 1.
        play_round(friends[1], round_number, keyboard=True)
        play_round(host, round_number, use_wild=round_number == 1)
        host.wait_for_function(
            """(r) => { const root = document.getElementById('game-root');
                 return root.dataset.over === 'true' || Number(root.dataset.round) > r; }""",
            arg=round_number,
        )
        played_rounds += 1
        # Spectator's page never shows a hand or stakes while the game runs.
        if not current_round(spectator)[1]:
            assert spectator.locator(".pip-hand, .pip-stakes, .pip-submit, .pip-my-plays").count() == 0

    assert played_rounds >= 1
    for page in [*players, spectator]:
        expect(page.locator(".pip-results")).to_be_visible()
        # The end: the shell's results card at the top names the winner, and so does the banner.
        expect(page.locator("#end-card")).to_be_visible()
        expect(page.locator("#turn-banner")).to_have_text(page.locator("#end-card-heading").inner_text())
        expect(page.locator("#pip-results-h")).to_have_text(words(lang, "pip.results_heading"))
        # Every stake and submission is revealed: one row per seat and one per round played.
        expect(page.locator(".pip-scores tbody tr")).to_have_count(4)
        expect(page.locator(".pip-rounds tbody tr")).to_have_count(played_rounds)
    log_lines = host.locator("#game-log li")
    assert log_lines.count() >= played_rounds
    expect(host.locator("#game-log")).to_contain_text(words(lang, "pip.log.submitted", name="Bruno"))
    expect(host.locator("#announcer")).not_to_be_empty()
    shot(host, artifacts, "07-results-host.png")
    shot(friends[1], artifacts, "09-results-phone.png")
    assert_fits_width(friends[1])
    for page in [*players, spectator]:
        assert_clean_text(page)
    check_axe(spectator, axe_source, "results")
    shot(spectator, artifacts, "08-results-spectator.png")

    assert_spectator_saw_no_secrets(spectator_frames, spectator)

    # Bruno leaves: the others see him away, with a word beside the dot.
    assert friends[0].js_errors == [], friends[0].js_errors
    friends[0].context.close()
    away = host.locator('#player-list li[data-seat="1"] .presence')
    expect(away).to_have_attribute("data-state", "offline")
    expect(away).to_contain_text(words(lang, "presence.offline"))

    # The spectator switches language on the room page; the choice is remembered.
    other = "pt" if lang == "en" else "en"
    spectator.select_option("#lang-select", other)
    expect(spectator.locator("html")).to_have_attribute("lang", other)
    expect(spectator.locator("#pip-results-h")).to_have_text(words(other, "pip.results_heading"))
    spectator.goto(f"{server_url}/")
    expect(spectator.locator("html")).to_have_attribute("lang", other)
    for page in [host, friends[1], spectator]:
        assert page.js_errors == [], page.js_errors
        page.context.close()
