"""The Horse Racing table's rarer moments, drawn in Chromium from real engine views.

A whole race in the browser may never deal a King to the right person at the
right time, so these tests build the situations with the engine (scripted
dice), mount the table module on a page with those views, and check what a
player sees and what each control sends back:
- HR-14: an ante passed to you: the prompt, Ace / King (both sides) / pay;
- HR-12: three dice with an advantage die, and the choice of two;
- HR-13: the Joker controls after a roll, forward and back;
- every log event of bot-played games in words in en, pt and zh-Hans.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

import engine
from app import i18n
from tests.browser.test_pip_game import LOCALES, check_axe
from tests.engine.games.horse_racing import helpers
from tests.engine.games.horse_racing.helpers import act, race_state
from tests.utils.play import play_bots

pytestmark = pytest.mark.browser
dice = helpers.dice  # the scripted-dice fixture of the engine tests

MOUNT = """async ({view, actions, me}) => {
  // The module as the shell loads it (its stylesheet first) with the shell's one ctx.
  const mod = await (await import("/static/js/games.js")).loadGameModule("horse_racing");
  const { makeContext } = await import("/static/js/context.js");
  const dom = await import("/static/js/dom.js");
  window.sent = [];
  const root = dom.el("div", { id: "game-root" });
  document.querySelector("main").replaceChildren(dom.el("h1", { text: "Paddock" }), root);
  const ctx = makeContext({
    me: () => me, announce: () => {},
    seatName: (seat) => ["Ana", "Bruno", "Chen", "Dora"][seat], send: (action) => window.sent.push(action),
  });
  mod.mount(root, ctx).update({ v: 1, over: view.over, view, actions, previous: null, deadline: null });
  return mod.turnText(view, ctx);
}"""


def words(key: str, lang: str = "en", **params) -> str:
    return i18n.translate(lang, key, **params)


@pytest.fixture
def page(browser, server_url):
    context = browser.new_context(locale="en-US", viewport={"width": 800, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server_url}/")
    yield page
    assert errors == [], errors
    context.close()


def mount(page: Page, state: dict, seat: int | None) -> str | None:
    view = json.loads(json.dumps(engine.view(state, seat)))
    actions = engine.legal_actions(state, seat) if seat is not None else []
    return page.evaluate(MOUNT, {"view": view, "actions": actions, "me": seat})


def sent(page: Page) -> list[dict]:
    return page.evaluate("window.sent")


def test_hr_14_ante_passed_to_you_prompt_offers_ace_king_and_pay(page, dice, axe_source):
    hands = [["K", "5"], ["A", "K", "7"], ["3"], ["4"]]
    state = race_state(hands=hands, scratched={6: 1, 9: 2, 8: 3, 10: 4}, active=0)
    dice.script([4, 5])
    state = act(state, 0, type="roll")  # horse 9, scratched second: Ana owes 2
    state = act(state, 0, type="king", to="left")  # and passes it to Bruno
    banner = mount(page, state, 1)
    assert banner == words("hr.turn_passed_to_you", name="Ana", amount=2, horse=9)
    expect(page.locator("#hr-act-h")).to_have_text(words("hr.passed_heading"))
    expect(page.locator("#hr-debt-text")).to_have_text(words("hr.passed_text", name="Ana", amount=2, horse=9))
    expect(page.locator("#hr-pay")).to_have_text(words("hr.pay_button", amount=2))
    expect(page.locator("#hr-king-left")).to_have_text(words("hr.king_button", name="Chen", side="left"))
    expect(page.locator("#hr-king-right")).to_have_text(words("hr.king_button", name="Ana", side="right"))
    expect(page.locator('.hr-seat[data-seat="1"]')).to_contain_text(words("hr.tag_owes", amount=2))
    check_axe(page, axe_source, "passed-ante prompt")
    page.locator("#hr-king-right").click()
    page.locator("#hr-ace").click()
    page.locator("#hr-pay").click()
    assert sent(page) == [{"type": "king", "to": "right"}, {"type": "ace"}, {"type": "pay"}]

    # The others see who holds the ante; a spectator gets no controls and no hand.
    assert mount(page, state, 2) == words("hr.turn_waiting_for", name="Bruno")
    expect(page.locator(".hr-act")).to_be_hidden()
    mount(page, state, None)
    expect(page.locator(".hr-act, .hr-hand-box")).to_have_count(2)
    expect(page.locator(".hr-act")).to_be_hidden()
    expect(page.locator(".hr-hand-box")).to_be_hidden()
    expect(page.locator(".hr-lane")).to_have_count(11)
    scratched_second = words("hr.lane_scratch_short", position=words("hr.scratch_position", n=2))
    expect(page.locator('.hr-lane[data-horse="9"]')).to_contain_text(scratched_second)


def test_hr_12_advantage_die_three_dice_and_the_choice_of_two(page, dice):
    state = race_state(hands=[["5"], ["6"], ["7"], ["8"]], scratched={2: 1, 3: 2, 4: 3, 12: 4}, active=0)
    state["advantage"][0] = 1
    mount(page, state, 0)
    expect(page.locator("#hr-roll")).to_have_text(words("hr.roll_button"))
    expect(page.locator("#hr-roll-advantage")).to_have_text(words("hr.roll_advantage_button", n=1))
    page.locator("#hr-roll-advantage").click()
    assert sent(page) == [{"type": "roll", "advantage": True}]
    dice.script([3, 3, 5])
    state = act(state, 0, type="roll", advantage=True)
    assert mount(page, state, 0) == words("hr.turn_choose")
    doubles = words("hr.pair_button", a=3, b=3, horse=6) + f" ({words('hr.pair_doubles')})"
    expect(page.locator("#hr-pair-01")).to_have_text(doubles)
    expect(page.locator("#hr-pair-02")).to_have_text(words("hr.pair_button", a=3, b=5, horse=8))
    expect(page.locator('.hr-die[data-advantage="true"]')).to_contain_text(words("hr.die_advantage"))
    page.locator("#hr-pair-12").click()
    assert sent(page)[-1] == {"type": "choose", "dice": [1, 2]}


def test_hr_13_joker_after_the_roll_moves_a_horse_forward_or_back(page, dice):
    hands = [["Joker", "5"], ["6"], ["7"], ["8"]]
    state = race_state(hands=hands, scratched={3: 1, 4: 2, 10: 3, 12: 4}, active=0)
    dice.script([1, 1])
    state = act(state, 0, type="roll")  # horse 2 to step 1; doubles
    assert mount(page, state, 0) == words("hr.turn_act")
    expect(page.locator(".hr-earned")).to_have_text(words("hr.dice_doubles"))
    expect(page.locator("#hr-joker-horse option")).to_have_count(7)  # the seven racing horses
    page.select_option("#hr-joker-horse", "5")
    expect(page.locator("#hr-joker-back")).to_be_disabled()  # horse 5 is at its start
    page.select_option("#hr-joker-horse", "2")
    expect(page.locator("#hr-joker-back")).to_be_enabled()  # horse 2 made a step
    page.locator("#hr-joker-back").click()
    page.locator("#hr-joker-forward").click()
    page.locator("#hr-end-turn").click()
    assert sent(page) == [
        {"type": "joker", "horse": 2, "move": -1},
        {"type": "joker", "horse": 2, "move": 1},
        {"type": "end_turn"},
    ]


def test_hr_13_without_a_joker_the_prompt_says_only_end_your_turn(page, dice):
    """A player without a Joker (or who already played one) is told only what they can do."""
    hands = [["5", "6"], ["6"], ["7"], ["8"]]
    state = race_state(hands=hands, scratched={3: 1, 4: 2, 10: 3, 12: 4}, active=0)
    dice.script([1, 1])
    state = act(state, 0, type="roll")
    for lang in ("en", "pt", "zh-Hans"):
        assert words("hr.turn_end", lang) != words("hr.turn_act", lang)
        assert words("hr.card_joker", lang) not in words("hr.turn_end", lang)
    assert mount(page, state, 0) == words("hr.turn_end")
    expect(page.locator(".hr-joker")).to_have_count(0)
    expect(page.locator("#hr-end-turn")).to_be_visible()
    # With a Joker the prompt offers it; once the last one is played, only the end of the turn
    # is left (HR-13: no limit of one Joker per turn, so a second Joker would still be offered).
    state["hands"][0] = ["Joker", "5"]
    assert mount(page, state, 0) == words("hr.turn_act")
    state = act(state, 0, type="joker", horse=2, move=1)
    assert mount(page, state, 0) == words("hr.turn_end")


@pytest.fixture(scope="module")
def logs() -> list[list[dict]]:
    """Spectator logs of a bot game and of random legal play (which spends Kings, Aces and Jokers freely)."""
    found = []
    for seats, options, bots, seed in (
        (4, {"races": 2}, None, 7),
        (5, {"scratch": "orbit", "board": "classic"}, set(), 7),
        (6, {"board": "short"}, set(), 8),
    ):
        state = play_bots("horse_racing", seats, seed, options, bot_seats=bots)
        found.append(engine.view(state, None)["log"])
    names = {event["e"] for log in found for event in log}
    assert len(names) == 17, sorted(names)  # every event the engine writes
    return found


@pytest.mark.parametrize("lang", list(LOCALES))
def test_every_logged_event_reads_as_a_sentence(browser, server_url, logs, lang):
    context = browser.new_context(locale=LOCALES[lang])
    page = context.new_page()
    page.goto(f"{server_url}/")
    lines = page.evaluate(
        """async (logs) => {
          const mod = (await import("/static/games/horse_racing.js")).default;
          const { makeContext } = await import("/static/js/context.js");
          const ctx = makeContext({ seatName: (s) => `P${s}` });
          return logs.map((log) => log.map((event) => [event.e, mod.describeEvent(event, ctx)]));
        }""",
        logs,
    )
    for name, line in (pair for log in lines for pair in log):
        assert line, f"{lang}: {name} has no words"
        for bad in ("{", "}", "undefined", "null", "NaN", "hr."):
            assert bad not in line, f"{lang}: {name} -> {line}"
    context.close()
