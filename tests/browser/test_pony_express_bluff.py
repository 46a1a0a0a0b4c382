"""A whole Pony Express: Dice and Bluff game through the browser, in real Chromium.

Three people sit down (Ana the host, Bruno, Chen on a phone-sized screen) and a
spectator watches. They keep item cards and play turns through the UI: Bruno
moves a die from his cup to the table with the keyboard, re-rolls and claims
five of a kind; a rider allowed to call clicks "Call bluff" and the cup is
revealed. While the claim stands open, neither the spectator's page nor any
socket frame it received holds a die under Bruno's cup. Then Bruno and Chen
leave, the host hands their seats to bots, and Ana plays on through the UI
(shots by dragging on the board when a fight comes up) until the winner screen.
axe-core checks the table; screenshots go to test-artifacts/.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from app import i18n

from .conftest import ARTIFACTS
from .test_pip_game import assert_fits_width, check_axe, join_two_friends, new_page, record_frames, shot

pytestmark = pytest.mark.browser
GAME = "pony_express_bluff"
# Buttons the autopilot may press, in order of preference (the prompt's own choices first).
AUTOPILOT = [
    "#peb-keep-0",
    "#peb-believe",
    "#peb-advance",
    "#peb-jail-roll",
    "#peb-stay",
    "#peb-drink",
    "#peb-end-turn",
    "#peb-stand-0",
    "#peb-shoot",
    "#peb-claim",
]


def words(lang: str, key: str, **params) -> str:
    return i18n.translate(lang, key, **params)


def fixed_part(lang: str, key: str, **params) -> str:
    """A catalogue sentence up to its first placeholder not given (names the test cannot know)."""
    cut = "\x00"
    names = re.findall(r"\{(\w+)\}", i18n.catalogue(lang)[key])
    text = words(lang, key, **{n: params.get(n, cut) for n in names})
    return text.split(cut)[0] if params.get(names[0], cut) != cut else text.split(cut)[1]


def root_data(page: Page) -> dict:
    return page.evaluate("() => ({...document.getElementById('game-root').dataset})")


def my_turn(page: Page) -> bool:
    return root_data(page).get("mine") == "true"


# Steps the scripted and the autopilot parts may take; each step waits on the page, not on a clock.
MAX_STEPS = 400


def wait_changed(page: Page, before: dict, timeout: float = 90.0) -> None:
    """Wait until the table moved on (a new frame changed phase, turn or who acts)."""
    page.wait_for_function(
        """(b) => { const d = document.getElementById('game-root').dataset;
             return d.over === 'true' || d.phase !== b.phase || d.turn !== b.turn
                 || d.mine !== b.mine || d.active !== b.active || d.v !== b.v; }""",
        arg=before,
        timeout=timeout * 1000,
    )


def drag_aim(page: Page) -> None:
    """Aim by dragging on the board from the shooter's corner towards the first target."""
    points = page.evaluate(
        """() => {
          const svg = document.querySelector('.peb-board-svg');
          const root = document.getElementById('game-root');
          const [fx, fy] = root.dataset.aimFrom.split(',').map(Number);
          const [tx, ty] = root.dataset.aimAt.split(',').map(Number);
          const toScreen = (x, y) => { const p = svg.createSVGPoint(); p.x = x; p.y = y;
            const s = p.matrixTransform(svg.getScreenCTM()); return [s.x, s.y]; };
          return { from: toScreen(fx, fy), to: toScreen(tx, ty) };
        }"""
    )
    page.mouse.move(*points["from"])
    page.mouse.down()
    middle = [(a + b) / 2 for a, b in zip(points["from"], points["to"], strict=True)]
    page.mouse.move(*middle, steps=4)
    page.mouse.move(*points["to"], steps=4)
    page.mouse.up()


def autopilot_step(page: Page, shots_by_drag: list[int], folder=None) -> bool:
    """Press one sensible button on a page whose seat is awaited; False when nothing was pressed."""
    if page.locator("#peb-shoot").count() and page.locator("#peb-angle").count():
        if root_data(page).get("aimFrom") and len(shots_by_drag) < 3:
            drag_aim(page)
            # The drag draws the aim line and names who stands in the line of fire.
            expect(page.locator(".peb-aim-line")).to_have_count(1)
            expect(page.locator("#peb-line-of-fire")).not_to_be_empty()
            if folder is not None and not shots_by_drag:
                shot(page, folder, "09-aim.png")
            shots_by_drag.append(1)
        return click_if_still_there(page.locator("#peb-shoot"))
    for selector in AUTOPILOT:
        target = page.locator(selector)
        if target.count() and target.first.is_enabled():
            return click_if_still_there(target.first)
    return False


def click_if_still_there(target) -> bool:
    """Click; False when the control went away meanwhile (the table moved on): look again."""
    try:
        target.click(timeout=15_000)
    except PlaywrightTimeoutError:
        return False
    return True


def cup_faces(page: Page) -> list[str]:
    return page.locator(".peb-cup .peb-die").evaluate_all("nodes => nodes.map(n => n.dataset.face)")


def assert_no_cup_leak(spectator: Page, frames: list[str], roller_cup: list[str], roller_turn: int) -> None:
    """The spectator's page and every state frame it got hold no die under the roller's cup."""
    shown = cup_faces(spectator)
    assert shown and all(face == "" for face in shown), f"spectator's page shows cup dice {shown}"
    assert spectator.locator(".peb-cup .peb-die.face-down").count() == len(roller_cup)
    for raw in frames:
        if '"type":"state"' not in raw.replace(" ", ""):
            continue
        message = json.loads(raw)
        view = message["view"]
        assert message["actions"] == []
        assert view["you"] is None and view["items"] is None
        assert "log" not in view, "the log travels beside the view, never inside it"
        if not message["over"]:
            events = message["events"] + message.get("log", [])
            assert all("to" not in e for e in events), "a private log event reached the spectator"
        dice = view.get("dice")
        if dice and not message["over"]:
            assert view["cup"] is None, "a spectator frame carried the cup"
            if view["turn_no"] == roller_turn:
                pairs = zip(dice["table"], dice["under_cup"], strict=True)
                assert all(face is None for face, under in pairs if under)


def assert_seat_never_saw_another_cup(frames: list[str]) -> None:
    """A seated rider gets the cup only on its own roll (or with a Spyglass it played)."""
    checked = 0
    for raw in frames:
        if '"type":"state"' not in raw.replace(" ", ""):
            continue
        message = json.loads(raw)
        view = message["view"]
        if message["over"] or not view.get("dice") or view["active"] == view["you"]:
            continue
        if view["phase"] == "call" and view["you"] in view["call"]["spied"]:
            continue
        assert view["cup"] is None, "a rider's frame carried another rider's cup"
        checked += 1
    assert checked > 0


# One language keeps the game within about a minute; tests/i18n/test_peb_log_words.py renders
# every log event in all three and the catalogue tests check every key of the table.
@pytest.mark.parametrize("lang", ["en"])
def test_three_riders_bluff_call_and_a_winner(browser, server_url, axe_source, lang):
    artifacts = ARTIFACTS / f"{GAME}-{lang}"
    artifacts.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    host = new_page(browser, lang, viewport={"width": 1280, "height": 900})
    host_frames = record_frames(host)
    host.goto(f"{server_url}/")
    host.locator(f"#game-{GAME}").check()
    expect(host.locator("#opt-call_seconds")).to_be_visible()
    host.fill("#opt-call_seconds", "60")
    aimed = words(lang, f"opt.{GAME}.shots.aim")
    expect(host.locator("#opt-shots option[value=aim]")).to_have_text(aimed)
    host.fill("#player-name", "Ana")
    host.click("#create-button")
    host.wait_for_url(re.compile(r"/rooms/[^/]+$"))
    share = host.locator("#share-link").input_value()

    friends = join_two_friends(browser, lang, share)
    bruno, chen = friends
    spectator = new_page(browser, lang, viewport={"width": 1000, "height": 900})
    spectator_frames = record_frames(spectator)
    spectator.goto(share)
    expect(host.locator("#seat-list .seat")).to_have_count(3)
    host.click("#start-game")

    players = [host, bruno, chen]
    for page in [*players, spectator]:
        page.wait_for_selector("#game-root.peb .peb-board-svg")
    # The trail: 33 spaces, three mailboxes in Sacramento, the Indian camp, the legend in words.
    expect(host.locator(".peb-space")).to_have_count(33)
    expect(host.locator(".peb-mailbox")).to_have_count(3)
    expect(host.locator(".peb-indian")).to_have_count(3)
    expect(host.locator(".peb-legend")).to_contain_text(words(lang, "peb.kind.saloon"))
    expect(host.locator(".peb-rider")).to_have_count(3)

    # Each rider keeps one of two item cards.
    for page in players:
        expect(page.locator("#turn-banner")).to_have_text(words(lang, "peb.turn_draft"))
        page.locator("#peb-keep-0").click()
        expect(page.locator("#peb-keep-0")).to_have_count(0)
    host.wait_for_selector('#game-root[data-phase="dice"]')
    shot(host, artifacts, "01-table-host.png")
    check_axe(host, axe_source, "table")

    # The rules summary sits beside the table, in the reader's language.
    host.click("#rules-toggle")
    expect(host.locator("#rules-body")).to_contain_text(words(lang, "rules.peb.call_1"))
    host.keyboard.press("Escape")

    # Scripted turns until a claim is called: Bruno bluffs, someone who may call clicks "Call bluff".
    called = False
    names = {0: host, 1: bruno, 2: chen}
    for _ in range(MAX_STEPS):
        if called:
            break
        data = root_data(host)
        phase, active = data["phase"], int(data["active"] or 0)
        if phase == "dice":
            roller = names[active]
            roller.wait_for_selector('#game-root[data-mine="true"] #peb-claim')
            if roller is bruno:
                # Keyboard: pick die 1 to re-roll and move die 2 out of the cup with M.
                first = bruno.locator("#peb-die-0")
                first.focus()
                bruno.keyboard.press("Enter")
                expect(bruno.locator("#peb-die-0")).to_have_attribute("aria-pressed", "true")
                bruno.locator("#peb-die-1").focus()
                bruno.keyboard.press("m")
                expect(bruno.locator('.peb-table .peb-die[data-die="1"]')).to_have_count(1)
                # Drag die 3 from the cup onto the table, then put it back with its button.
                bruno.drag_and_drop("#peb-die-2", ".peb-zone.peb-table")
                expect(bruno.locator('.peb-table .peb-die[data-die="2"]')).to_have_count(1)
                public_face = bruno.locator('.peb-table .peb-die[data-die="2"]').get_attribute("data-face")
                bruno.locator("#peb-move-2").click()
                expect(bruno.locator('.peb-cup .peb-die[data-die="2"]')).to_have_count(1)
                # Re-roll the picked die in the open, price shown on the button (the pick survives the move).
                reroll = bruno.locator("#peb-reroll-hand")
                price = [words(lang, "peb.price_gold", n=1), words(lang, "peb.price_free", n=1)]
                expect(reroll).to_contain_text(re.compile("|".join(map(re.escape, price))))
                expect(reroll).to_be_enabled()
                reroll.click()
                expect(bruno.locator('.peb-table .peb-die[data-die="0"]')).to_have_count(1)
                rerolled = fixed_part(lang, "peb.log.reroll_hand", name="Bruno")
                expect(host.locator("#game-log")).to_contain_text(rerolled)
                shot(bruno, artifacts, "02-bruno-cup.png")
                bruno.select_option("#peb-claim-hand", "five_kind")
                bruno.locator("#peb-claim").click()
                host.wait_for_selector('#game-root[data-phase="call"]')
                for page in [host, chen]:
                    expect(page.locator(".peb-claim-line")).to_contain_text(words(lang, "peb.hand.five_kind"))
                expect(bruno.locator(".peb-cup .peb-die:not(.face-down)")).to_have_count(3)
                roller_cup = [f for f in cup_faces(bruno) if f]
                assert len(roller_cup) == 3
                expect(host.locator("#turn-timer")).to_contain_text(re.compile(r"\d"))
                spectator.wait_for_selector('#game-root[data-phase="call"]')
                assert_no_cup_leak(spectator, spectator_frames, roller_cup, int(data["turn"]))
                # Die 3 was on the table a moment: everyone may know its face, and only that one.
                known = spectator.locator(".peb-cup .peb-die.known")
                expect(known).to_have_count(1)
                expect(known).to_have_attribute("data-die", "2")
                expect(known).to_have_text(f"{public_face}?")
                shot(spectator, artifacts, "03-spectator-during-call.png")
                caller = next(p for p in (host, chen) if p.locator("#peb-call").count())
                shot(caller, artifacts, "04-call-prompt.png")
                caller.locator("#peb-call").click()
                for page in [*players, spectator]:
                    expect(page.locator(".peb-verdict")).to_be_visible()
                    expect(page.locator(".peb-verdict .peb-die")).to_have_count(5)
                expect(host.locator("#game-log")).to_contain_text(
                    re.compile(re.escape(words(lang, "peb.hand.five_kind")))
                )
                shot(host, artifacts, "05-reveal.png")
                called = True
                break
            roller.locator("#peb-claim").click()
            wait_changed(host, data)
            continue
        for page in players:
            # A page still showing an older version would offer a move already made.
            page.wait_for_function(
                "(v) => Number(document.getElementById('game-root').dataset.v) >= v",
                arg=int(data["v"]),
                timeout=90_000,
            )
            if my_turn(page):
                pressed = autopilot_step(page, [])
                break
        else:
            pressed = None
        if pressed is False:
            continue  # the control went away before the click: read the table again
        # Our click or the call timer moves the table on; the host's page shows it.
        wait_changed(host, data)
    assert called, "no claim was called in the scripted part"

    # The caller decides whether to ride the bluff's spaces.
    for page in players:
        if page.locator("#peb-advance").count():
            page.locator("#peb-advance").click()
            break
    assert_fits_width(chen)
    shot(chen, artifacts, "06-phone.png")

    # Bruno and Chen leave; the host hands their seats to bots and plays on to the end.
    for page in (bruno, chen):
        assert page.js_errors == [], page.js_errors
        page.context.close()
    host.on("dialog", lambda dialog: dialog.accept())  # the page asks the host to confirm
    for seat in (1, 2):
        button = host.locator(f'#player-list li[data-seat="{seat}"] .hand-to-bot')
        expect(button).to_be_visible(timeout=20_000)
        button.click()
        expect(button).to_have_count(0)
    shots_by_drag: list[int] = []
    for _ in range(MAX_STEPS):
        before = root_data(host)
        if before.get("over") == "true":
            break
        if my_turn(host) and not autopilot_step(host, shots_by_drag, artifacts):
            continue  # nothing to press at this moment: read the table again
        # The host's press or a bot's move: either way the table moves on.
        wait_changed(host, before)
    assert root_data(host).get("over") == "true", f"no winner after {MAX_STEPS} moves"

    for page in (host, spectator):
        expect(page.locator(".peb-results")).to_be_visible()
        # The end: the shell's results card at the top names the winner, and so does the banner.
        expect(page.locator("#end-card")).to_be_visible()
        expect(page.locator("#turn-banner")).to_have_text(page.locator("#end-card-heading").inner_text())
    winner_line = host.locator("#game-log li").last
    expect(winner_line).to_contain_text(fixed_part(lang, "peb.log.winner", name=""))
    shot(host, artifacts, "07-winner-host.png")
    shot(spectator, artifacts, "08-winner-spectator.png")
    check_axe(spectator, axe_source, "results")
    text = host.locator("body").inner_text()
    for bad in ("undefined", "null", "NaN", "{", "}", "peb.", "error."):
        assert bad not in text, f"{bad!r} shown on the page"
    assert_seat_never_saw_another_cup(host_frames)
    for page in (host, spectator):
        assert page.js_errors == [], page.js_errors
        page.context.close()
    print(f"PEB browser game took {time.monotonic() - started:.1f}s; drag-aimed shots: {len(shots_by_drag)}")
