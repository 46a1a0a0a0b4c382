"""The replay page of a finished Ponies in Pursuit game, in real Chromium: refused while the game
runs, then every step from the start with every hand, stake and submission revealed; step back and
forward by button and keyboard, play back at speed; axe-core finds nothing serious."""

from __future__ import annotations

import json
import random
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from app import i18n
from engine.registry import GAMES
from tests.browser.test_pip_game import assert_clean_text, check_axe, new_page, shot
from tests.utils.choices import spelled_out
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
                submits = [a for a in spelled_out(state["actions"]) if a["type"] == "submit"]
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
    # Nobody backed on the tote: its panel, once read, stays hidden.
    expect(page.locator("#replay-tote")).to_have_attribute("data-ready", "true")
    expect(page.locator("#replay-tote")).to_be_hidden()
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


def play_as_bots(server_url: str, code: str, token: str, game_id: str) -> None:
    """Seat 0 plays as the game's own bot would (from its view and legal actions); bots play the rest."""
    game = GAMES[game_id]
    rng = random.Random(0)
    port = server_url.rsplit(":", 1)[1]
    with Client(f"ws://127.0.0.1:{port}/ws/rooms/{code}") as host:
        host.hello(token)
        log: list[dict] = []
        statics: dict = {}
        while True:
            state = host.state(timeout=15)
            if state["over"]:
                return
            # The log comes whole at sync, then as each frame's new events (as the page keeps it);
            # the game's static keys come once per connection, and the page keeps them too.
            log = list(state["log"]) if "log" in state else log + state["events"]
            statics.update({key: state["view"][key] for key in game.static_keys if key in state["view"]})
            view = {**statics, **state["view"], "log": log}
            if 0 in view["to_act"] and state["actions"]:
                action = game.bot_action(view, state["actions"], rng)
                host.send({"type": "act", "v": state["v"], "action": action})


def finished_room(server_url: str, game_id: str, options: dict, bots: int) -> tuple[str, dict]:
    room = post(f"{server_url}/api/rooms", {"game": game_id, "name": "Ann", "options": options})
    code, token = room["code"], room["token"]
    post(f"{server_url}/api/rooms/{code}/bots", {"count": bots}, token)
    post(f"{server_url}/api/rooms/{code}/start", {}, token)
    play_as_bots(server_url, code, token, game_id)
    return code, get(f"{server_url}/api/rooms/{code}/replay")


def all_views(server_url: str, code: str, replay: dict) -> list[dict]:
    views: list[dict] = []
    while len(views) <= replay["count"]:
        last = min(replay["count"], len(views) + replay["page_max"] - 1)
        views += get(f"{server_url}/api/rooms/{code}/replay/views?from={len(views)}&to={last}")["views"]
    return views


def go_to(page, step: int) -> None:
    page.locator("#replay-step").evaluate(
        "(el, n) => { el.value = String(n); el.dispatchEvent(new Event('input', { bubbles: true })); }", step
    )
    expect(page.locator("#replay")).to_have_attribute("data-step", str(step))


def fixed(lang: str, key: str, **params) -> str:
    """A catalogue line's first run of words with `params` filled in, up to a placeholder left open
    (lists are joined by the browser, in the reader's language)."""
    text = i18n.catalogue(lang)[key]
    for name, value in params.items():
        text = text.replace(f"{{{name}}}", str(value))
    return next(part.strip() for part in re.split(r"\{\w+\}", text) if part.strip())


def seat_words(lang: str, seat: int) -> str:
    return "Ann" if seat == 0 else i18n.translate(lang, "names.bot", n=seat)


def assert_secrets_in_words(page, prefix: str, views_secrets: list[dict]) -> None:
    """No raw `key: value` line (the fallback without describeSecrets), no catalogue key, no gap."""
    lines = page.locator("#secrets-list .replay-secret-lines li").all_inner_texts()
    assert lines, "every seat has a secret to show"
    raw_keys = {key for secrets in views_secrets for key in secrets}
    for line in lines:
        assert not any(line.startswith(f"{key}:") for key in raw_keys), f"raw secret line {line!r}"
        for bad in (prefix, "undefined", "null", "NaN", "{", "}", "[", "]", '"'):
            assert bad not in line, f"{bad!r} in secret line {line!r}"
    status = page.locator("#replay-status").inner_text()
    for bad in (prefix, "undefined", "null", "{", "}"):
        assert bad not in status, f"{bad!r} in status {status!r}"


def every_action_in_words_then_the_end(page, lang, replay, views, prefix, axe_source, artifacts, title, name):
    """Visit one step of every action type: each is named in words (never its raw type) and the
    secrets stay in words; then the last step, axe, a screenshot, and no script errors."""
    count = replay["count"]
    types = {row["action"]["type"] for row in replay["steps"]}
    for n, row in enumerate(replay["steps"], 1):
        if row["action"]["type"] in types:
            types.discard(row["action"]["type"])
            go_to(page, n)
            status = page.locator("#replay-status").inner_text()
            fallback = i18n.translate(
                lang,
                "replay.step_by",
                name=seat_words(lang, row["seat"]),
                source=i18n.translate(lang, f"replay.source.{row['source']}"),
                action=row["action"]["type"],
            )
            assert fallback not in status and seat_words(lang, row["seat"]) in status, status
            assert_secrets_in_words(page, prefix, views[n]["secrets"])

    page.locator("body").press("End")
    expect(page.locator("#replay")).to_have_attribute("data-step", str(count))
    assert_secrets_in_words(page, prefix, views[count]["secrets"])
    check_axe(page, axe_source, title)
    shot(page, artifacts, name)
    assert page.js_errors == []  # type: ignore[attr-defined]
    page.context.close()


def hr_card_words(lang: str, card: str) -> str:
    specials = {"K": "hr.card_king", "A": "hr.card_ace", "Joker": "hr.card_joker"}
    if card in specials:
        return i18n.translate(lang, specials[card])
    horse = {"J": 11, "Q": 12}.get(card) or int(card)
    return i18n.translate(lang, "hr.card_horse", horse=horse)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_replay_of_horse_racing_names_every_hand_and_action(browser, server_url, axe_source, artifacts, lang):
    """Horse Racing through its table module: each seat's packet, pick and hand named card by card,
    each step's action in words, never the raw `hand: [...]` fallback or a catalogue key."""
    code, replay = finished_room(server_url, "horse_racing", {"races": 1}, bots=3)
    count = replay["count"]
    views = all_views(server_url, code, replay)
    assert all(any(secrets.values()) for secrets in views[0]["secrets"]), views[0]["secrets"]

    page = new_page(browser, lang)
    page.goto(f"{server_url}/rooms/{code}/replay")
    page.wait_for_selector('#replay[data-ready="true"]')
    expect(page.locator("#secrets-list > li")).to_have_count(4)
    # The first pick: the packet in front of each seat, card by card, and the picker's choice.
    pick_step = next(n for n, row in enumerate(replay["steps"], 1) if row["action"]["type"] == "pick")
    go_to(page, pick_step)
    view = views[pick_step]
    for seat, secrets in enumerate(view["secrets"]):
        row = page.locator(f'#secrets-list > li[data-seat="{seat}"]')
        expect(row).to_contain_text(fixed(lang, "hr.secret.packet"))
        for card in secrets["packet"]:
            expect(row).to_contain_text(hr_card_words(lang, card))
        if secrets.get("pick"):
            keeping = i18n.translate(lang, "hr.secret.pick", card=hr_card_words(lang, secrets["pick"]))
            expect(row).to_contain_text(keeping)
    row = replay["steps"][pick_step - 1]
    picked = i18n.translate(lang, "hr.action.pick", card=hr_card_words(lang, row["action"]["card"]))
    expect(page.locator("#replay-status")).to_contain_text(picked)
    expect(page.locator("#replay-status")).to_contain_text(seat_words(lang, row["seat"]))
    assert_secrets_in_words(page, "hr.", view["secrets"])

    # A roll in the race, named in words.
    roll_step = next(n for n, row in enumerate(replay["steps"], 1) if row["action"]["type"] == "roll")
    go_to(page, roll_step)
    advantage = replay["steps"][roll_step - 1]["action"].get("advantage")
    key = "hr.action.roll_advantage" if advantage else "hr.action.roll"
    expect(page.locator("#replay-status")).to_contain_text(i18n.translate(lang, key))
    assert_secrets_in_words(page, "hr.", views[roll_step]["secrets"])

    # The end: every hand left, card by card.
    page.locator("body").press("End")
    expect(page.locator("#replay")).to_have_attribute("data-step", str(count))
    for seat, secrets in enumerate(views[count]["secrets"]):
        row = page.locator(f'#secrets-list > li[data-seat="{seat}"]')
        expect(row).to_contain_text(fixed(lang, "hr.secret.hand"))
        for card in secrets["hand"]:
            expect(row).to_contain_text(hr_card_words(lang, card))
        if not secrets["hand"]:
            no_cards = i18n.translate(lang, "hr.no_cards")
            expect(row).to_contain_text(i18n.translate(lang, "hr.secret.hand", cards=no_cards))
    assert_secrets_in_words(page, "hr.", views[count]["secrets"])
    expect(page.locator("#game-log li").first).to_be_attached()
    page.locator("body").press("ArrowLeft")
    expect(page.locator("#replay")).to_have_attribute("data-step", str(count - 1))
    check_axe(page, axe_source, "replay page of Horse Racing")
    shot(page, artifacts, f"replay-hr-{lang}.png")
    assert page.js_errors == []  # type: ignore[attr-defined]
    page.context.close()


def cup_of(view: dict) -> list[str]:
    """The faces under the active rider's cup, as that rider's own secrets (private view) show them."""
    cup = view["secrets"][view["active"]].get("cup") if view["active"] is not None else None
    return [face for face in cup or [] if face is not None]


def peb_item_words(lang: str, item: str) -> str:
    return i18n.translate(lang, f"peb.item.{item}")


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_replay_of_pony_express_bluff_shows_cups_and_items_in_words(
    browser, server_url, axe_source, artifacts, lang
):
    """Pony Express Bluff through its table module: the drafted item cards, each seat's items and the
    cup under the roller's hand named in words; a claim named by its hand; no raw lines or keys."""
    options = {"shots": "dice", "call_seconds": 5}
    code, replay = finished_room(server_url, "pony_express_bluff", options, bots=2)
    views = all_views(server_url, code, replay)

    page = new_page(browser, lang)
    page.goto(f"{server_url}/rooms/{code}/replay")
    page.wait_for_selector('#replay[data-ready="true"]')
    expect(page.locator("#secrets-list > li")).to_have_count(3)
    # The start: each rider's two drafted cards, by name, and no item cards yet.
    for seat, secrets in enumerate(views[0]["secrets"]):
        row = page.locator(f'#secrets-list > li[data-seat="{seat}"]')
        for item in secrets["draft_mine"]["offer"]:
            expect(row).to_contain_text(peb_item_words(lang, item))
        no_items = i18n.translate(lang, "peb.secret.items", items=i18n.translate(lang, "peb.none"))
        expect(row).to_contain_text(no_items)
    assert_secrets_in_words(page, "peb.", views[0]["secrets"])

    # The first step whose roller hides dice under the cup: those faces, under the roller's name.
    cup_step = next(n for n, view in enumerate(views) if view["phase"] == "dice" and any(cup_of(view)))
    go_to(page, cup_step)
    view = views[cup_step]
    active = view["active"]
    faces = cup_of(view)
    cup_line = page.locator(f'#secrets-list > li[data-seat="{active}"] li').filter(
        has_text=fixed(lang, "peb.secret.cup", name=seat_words(lang, active))
    )
    expect(cup_line).to_have_count(1)
    line = cup_line.inner_text()
    assert seat_words(lang, active) in line
    for face in faces:
        assert face in line, (face, line)
    # The board draws those faces under the cup too, not "?".
    under = page.locator('.peb-cup .peb-die[data-where="cup"]')
    expect(under).to_have_count(len([f for f in faces if f]))
    assert sorted(under.evaluate_all("ds => ds.map((d) => d.dataset.face)")) == sorted(f for f in faces if f)
    for seat, secrets in enumerate(view["secrets"]):
        row = page.locator(f'#secrets-list > li[data-seat="{seat}"]')
        expect(row).to_contain_text(fixed(lang, "peb.secret.items"))
        for item in secrets["items"]:
            expect(row).to_contain_text(peb_item_words(lang, item))
    assert_secrets_in_words(page, "peb.", view["secrets"])

    # A claim, named by its hand.
    claim_step = next(n for n, row in enumerate(replay["steps"], 1) if row["action"]["type"] == "claim")
    go_to(page, claim_step)
    hand = replay["steps"][claim_step - 1]["action"]["hand"]
    claimed = i18n.translate(lang, "peb.action.claim", hand=i18n.translate(lang, f"peb.hand.{hand}"))
    expect(page.locator("#replay-status")).to_contain_text(claimed)
    assert_secrets_in_words(page, "peb.", views[claim_step]["secrets"])

    every_action_in_words_then_the_end(
        page,
        lang,
        replay,
        views,
        "peb.",
        axe_source,
        artifacts,
        "replay page of Pony Express Bluff",
        f"replay-peb-{lang}.png",
    )


def per_card_words(lang: str, card: str) -> str:
    colour, value = card.rsplit("-", 1)
    if colour == "white":
        return i18n.translate(lang, "per.card.move_up", value=value)
    return i18n.translate(
        lang, "per.card.named", colour=i18n.translate(lang, f"per.card.{colour}"), value=value
    )


def per_horse_words(lang: str, horse: int) -> str:
    names = ["brown", "beige", "yellow", "orange", "red", "blue", "green"]
    return i18n.translate(lang, f"per.horse.{names[horse]}")


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_replay_of_pony_express_race_names_hands_and_race_cards(
    browser, server_url, axe_source, artifacts, lang
):
    """Pony Express Odds and Riders through its table module: each stage-1 hand, each rider's race cards
    per horse and the card just played named in words; every action named; no raw lines or keys."""
    code, replay = finished_room(server_url, "pony_express_race", {}, bots=1)
    views = all_views(server_url, code, replay)

    page = new_page(browser, lang)
    page.goto(f"{server_url}/rooms/{code}/replay")
    page.wait_for_selector('#replay[data-ready="true"]')
    expect(page.locator("#secrets-list > li")).to_have_count(2)
    for seat, secrets in enumerate(views[0]["secrets"]):
        row = page.locator(f'#secrets-list > li[data-seat="{seat}"]')
        expect(row).to_contain_text(fixed(lang, "per.secret.hand"))
        for card in secrets["hand"]:
            expect(row).to_contain_text(per_card_words(lang, card))
    assert_secrets_in_words(page, "per.", views[0]["secrets"])

    # In the race: the cards in each rider's hand for its horse, and the card it has just played.
    step = next(n for n, view in enumerate(views) if any(s.get("ride") for s in view["secrets"]))
    go_to(page, step)
    view = views[step]
    for seat, secrets in enumerate(view["secrets"]):
        row = page.locator(f'#secrets-list > li[data-seat="{seat}"]')
        for horse, race_hand in enumerate(secrets.get("race_hands") or []):
            if race_hand is not None:
                expect(row).to_contain_text(per_horse_words(lang, horse))
                for card in race_hand:
                    expect(row).to_contain_text(per_card_words(lang, card))
        ride = secrets.get("ride")
        if ride and ride.get("card"):
            played = i18n.translate(
                lang,
                "per.secret.turn_card",
                horse=per_horse_words(lang, view["race"]["turn"]["horse"]),
                card=per_card_words(lang, ride["card"]),
            )
            expect(row).to_contain_text(played)
    assert_secrets_in_words(page, "per.", view["secrets"])

    every_action_in_words_then_the_end(
        page,
        lang,
        replay,
        views,
        "per.",
        axe_source,
        artifacts,
        "replay page of Pony Express Odds and Riders",
        f"replay-per-{lang}.png",
    )
