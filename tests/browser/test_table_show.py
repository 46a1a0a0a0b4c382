"""The table as a show, in real Chromium on the real room page (issue 22).

Each test sets a game up in the engine (bots play until the situation arises, or a state is
placed by hand), shows it through the room page (tests/browser/staging.py answers the page's
socket with the server's own frames) and checks what the page shows: the shell's end card
for every registered game (ranked, the winner in the banner and the tab title, in view at
1280×900), the board's marks (unique in every language, not hiding each other, colours that
are there), what just happened, the round's reveal, dice that roll, owners on the tracks,
and the phone layout at 390×844.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import engine
from app import i18n
from engine.registry import GAMES

from .staging import DESKTOP, NAMES, PHONE, StagedTable, bots_until, step
from .test_pip_game import LOCALES

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
TABLE_GAMES = [g for g in sorted(GAMES) if (ROOT / "static" / "games" / f"{g}.js").exists()]
# Seats and options for a whole game; the seed is searched for a game with one winner.
FULL_GAMES = {
    "ponies_in_pursuit": (4, {"rounds": 3}),
    "horse_racing": (5, None),
    "pony_express_bluff": (4, None),
    "pony_express_race": (3, None),
}


def words(lang: str, key: str, **params) -> str:
    return i18n.translate(lang, key, **params)


def open_page(browser, lang: str = "en", size: dict = DESKTOP, reduced_motion: str = "no-preference") -> Page:
    phone = size == PHONE
    context = browser.new_context(
        locale=LOCALES[lang], viewport=size, is_mobile=phone, has_touch=phone, reduced_motion=reduced_motion
    )
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.js_errors = errors  # type: ignore[attr-defined]
    return page


def close(page: Page) -> None:
    assert page.js_errors == [], page.js_errors  # type: ignore[attr-defined]
    page.context.close()


def one_winner_game(game: str, also=lambda result: True) -> dict:
    seats, options = FULL_GAMES.get(game, (3, None))
    for seed in range(1, 40):
        state = bots_until(game, seats, seed, engine.is_over, options)
        if len(engine.result(state)["winners"]) == 1 and also(engine.result(state)):
            return state
    raise AssertionError(f"no {game} game with a single winner")


def stage(
    browser, server_url, state, seat=None, lang="en", size=DESKTOP, **options
) -> tuple[Page, StagedTable]:
    page = open_page(browser, lang, size, **options)
    table = StagedTable(page, server_url, state, seat)
    table.open()
    return page, table


# ---- the end of a game ------------------------------------------------------------------


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_the_end_card_ranks_the_seats_names_the_winner_and_is_in_view(browser, server_url, game, artifacts):
    state = one_winner_game(game)
    result = engine.result(state)
    winner = NAMES[result["winners"][0]]
    page, _ = stage(browser, server_url, state, seat=None)
    card = page.locator("#end-card")
    expect(card).to_be_visible()
    expect(page.locator("#end-card-heading")).to_have_text(words("en", "end.winner.one", names=winner))
    expect(page.locator("#turn-banner")).to_have_text(words("en", "end.winner.one", names=winner))
    expect(page).to_have_title(f"{words('en', 'end.title.one', names=winner)} · {words('en', 'site.name')}")
    rows = page.locator("#end-card-ranking li")
    expect(rows).to_have_count(state["seats"])
    seats = [int(s) for s in rows.evaluate_all("rows => rows.map((r) => r.dataset.seat)")]
    places = [int(p) for p in rows.evaluate_all("rows => rows.map((r) => r.dataset.place)")]
    assert sorted(seats) == list(range(state["seats"]))
    assert seats[0] == result["winners"][0] and places[0] == 1
    assert places == sorted(places), places
    if game != "pony_express_bluff":  # ranked by score (Dice and Bluff: by how far each rider got)
        scores = [result["scores"][s] for s in seats]
        assert scores == sorted(scores, reverse=True), scores
    assert "end-winner" in (rows.first.get_attribute("class") or "")
    expect(page.locator("#end-card .end-winner")).to_have_count(1)
    # The whole card without scrolling at 1280×900.
    found = card.bounding_box()
    assert found is not None and found["y"] >= 0 and found["y"] + found["height"] <= DESKTOP["height"], found
    # The winning pony, horse or rider is marked on the board.
    assert page.locator("#game-root .board-winner").count() >= 1
    page.screenshot(path=artifacts / f"end-{game}.png", animations="disabled")
    close(page)


def test_dice_and_bluff_shows_every_riders_item_cards_by_name_at_the_end(browser, server_url):
    state = one_winner_game("pony_express_bluff", lambda result: any(result["revealed"]["items"]))
    items = engine.result(state)["revealed"]["items"]
    assert any(items), "nobody held an item card at the end"
    page, _ = stage(browser, server_url, state, seat=0)
    for seat, held in enumerate(items):
        cell = page.locator(f'.peb-rider-table tr[data-seat="{seat}"] .peb-items-cell')
        names = [words("en", f"peb.item.{item}") for item in held] or [words("en", "peb.none")]
        for name in names:
            expect(cell).to_contain_text(name)
        expect(page.locator(f'#end-card-ranking li[data-seat="{seat}"] .end-detail')).to_contain_text(
            names[0]
        )
    close(page)


# ---- the marks on the boards -------------------------------------------------------------


def mid_game(game: str) -> dict:
    if game == "ponies_in_pursuit":
        return bots_until(game, 4, 3, lambda s: s["round"] >= 2)
    if game == "horse_racing":
        return bots_until(
            game, 5, 3, lambda s: s["phase"] == "race" and engine.view(s, None)["turn"] is not None
        )
    if game == "pony_express_bluff":
        return bots_until(game, 5, 3, lambda s: engine.view(s, None)["turn_no"] >= 3)
    return bots_until(
        game, 3, 7, lambda s: engine.view(s, None)["stage"] == 2 and engine.view(s, None)["race"]
    )


MARKS = {
    "ponies_in_pursuit": ".pony-letter",
    "horse_racing": ".hr-token",
    "pony_express_bluff": ".peb-rider-letter",
    "pony_express_race": '.per-token:not([style*="display: none"]) .per-token-letter',
}


@pytest.mark.parametrize("lang", sorted(LOCALES))
@pytest.mark.parametrize("game", TABLE_GAMES)
def test_every_pony_horse_and_rider_has_its_own_mark_in_every_language(browser, server_url, game, lang):
    assert game in MARKS, f"{game}: say where its pieces' marks are (MARKS)"
    state = mid_game(game)
    page, _ = stage(browser, server_url, state, seat=None, lang=lang)
    marks = page.locator(f"#game-root {MARKS[game]}")
    expect(marks.first).to_be_visible()
    texts = [t.strip() for t in marks.all_text_contents()]
    assert all(texts) and len(texts) == len(set(texts)) >= 3, texts
    if game == "pony_express_race":  # the odds table's markers too, one per horse
        per_horse = page.locator(".per-odds-table .per-marker-item").evaluate_all(
            "items => items.map((i) => [i.dataset.horse, i.querySelector('.per-marker').textContent])"
        )
        labels = dict(per_horse)
        assert len(set(labels.values())) == len(labels), labels
    if game == "pony_express_bluff":  # Indians are triangles, riders discs
        expect(page.locator("polygon.peb-indian")).to_have_count(3)
        expect(page.locator("circle.peb-indian")).to_have_count(0)
        expect(page.locator(".peb-rider circle.peb-rider-body")).to_have_count(state["seats"])
    close(page)


PER_CARD_COLOURS = {
    "black": "rgb(27, 27, 27)",
    "yellow": "rgb(242, 194, 0)",
    "blue": "rgb(31, 86, 194)",
    "red": "rgb(198, 40, 40)",
    "white": "rgb(107, 107, 116)",
}


def test_odds_and_riders_hand_cards_show_their_colour(browser, server_url):
    state = bots_until("pony_express_race", 3, 5, lambda s: engine.view(s, 0)["stage"] == 1)
    hand = engine.view(state, 0)["hand"]
    page, _ = stage(browser, server_url, state, seat=0)
    cards = page.locator(".per-mine .per-hand .per-card")
    expect(cards).to_have_count(len(hand))
    seen = cards.evaluate_all(
        "cards => cards.map((c) => [c.className.match(/card-(\\w+)/)[1], getComputedStyle(c).borderTopColor])"
    )
    for colour, computed in seen:
        assert computed == PER_CARD_COLOURS[colour], (colour, computed)
    assert len({c for c, _ in seen}) >= 2, seen
    close(page)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_horse_racing_tokens_fit_and_never_cover_the_lane_number(browser, server_url, size):
    state = mid_game("horse_racing")
    # Every horse one step out (the narrowest place between the number and the token), 12 at its finish.
    state["positions"] = [1] * 11
    state["positions"][10] = state["board"][10]
    state["scratched"] = [0] * 11
    page, _ = stage(browser, server_url, state, seat=None, size=size)
    lanes = page.locator(".hr-lane")
    expect(lanes).to_have_count(11)
    boxes = lanes.evaluate_all(
        """lanes => lanes.map((lane) => {
          const r = (sel) => lane.querySelector(sel).getBoundingClientRect();
          const token = lane.querySelector('.hr-token');
          return { horse: lane.dataset.horse, no: r('.hr-horse-no'), token: r('.hr-token'),
                   track: r('.hr-track'),
                   fits: token.scrollWidth <= token.clientWidth && token.scrollHeight <= token.clientHeight };
        })"""
    )
    for lane in boxes:
        assert lane["fits"], lane
        assert lane["token"]["left"] >= lane["no"]["right"], lane
        assert lane["token"]["left"] >= lane["track"]["left"] - 0.5, lane
        assert lane["token"]["right"] <= lane["track"]["right"] + 0.5, lane
    close(page)


def test_dice_and_bluff_riders_on_one_space_are_all_visible_and_the_white_one_too(browser, server_url):
    state = mid_game("pony_express_bluff")
    view = engine.view(state, None)
    assert "white" in view["colours"]
    state["pos"] = [7] * state["seats"]
    state["jailed"] = [False] * state["seats"]
    page, _ = stage(browser, server_url, state, seat=None)
    riders = page.locator(".peb-rider .peb-rider-ring")
    expect(riders).to_have_count(state["seats"])
    boxes = [r.bounding_box() for r in riders.all()]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a and b
            apart = a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
            apart = apart or a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5
            # Discs: their centres are at least the two radii apart.
            ca = (a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
            cb = (b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
            distance = ((ca[0] - cb[0]) ** 2 + (ca[1] - cb[1]) ** 2) ** 0.5
            assert apart or distance >= (a["width"] + b["width"]) / 2 - 0.5, (a, b)
    white = view["colours"].index("white")
    ring = page.locator(f'.peb-rider[data-seat="{white}"] .peb-rider-ring')
    assert ring.evaluate("n => getComputedStyle(n).fill") == "rgb(29, 29, 31)"
    close(page)


def test_the_timer_warning_draws_its_clock_without_an_emoji_font(browser, server_url):
    state = bots_until("horse_racing", 4, 3, lambda s: 0 in engine.to_act(s))
    page = open_page(browser)
    StagedTable(page, server_url, state, seat=0, deadline_in=8).open()
    warning = page.locator("#turn-warning")
    expect(warning).to_be_visible()
    before = warning.evaluate(
        "n => { const s = getComputedStyle(n, '::before');"
        " return { content: s.content, width: parseFloat(s.width), border: s.borderTopStyle }; }"
    )
    assert before["content"] == '""' and before["width"] >= 8 and before["border"] == "solid", before
    assert "⏱" not in warning.inner_text()
    close(page)


# ---- something to watch -------------------------------------------------------------------


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_what_just_happened_is_on_the_table_for_every_game(browser, server_url, game):
    state = mid_game(game)
    page, table = stage(browser, server_url, state, seat=None)
    line = page.locator("#last-move")
    same = (
        "() => { const l = document.getElementById('last-move');"
        " const items = document.querySelectorAll('#game-log li');"
        " return !l.hidden && items.length && l.textContent === items[items.length - 1].textContent; }"
    )
    page.wait_for_function(same)
    first = page.locator("#game-log li").last.text_content()
    seen = len(engine.view(state, None)["log"])
    for n in range(60):  # a few moves a spectator can read about
        state = step(state, n)
        table.push(state)
        if len(engine.view(state, None)["log"]) >= seen + 4:
            break
    expect(page.locator("#game-log li").last).not_to_have_text(first or "")
    page.wait_for_function(same)
    expect(line).to_be_visible()
    close(page)


def test_ponies_in_pursuit_reveals_the_round_with_each_ponys_move(browser, server_url):
    state = engine.setup("ponies_in_pursuit", None, 4, 5)
    for n in range(2000):
        after = step(state, n)
        history = engine.view(after, None)["history"]
        if len(history) > len(engine.view(state, None)["history"]) and sum(history[-1]["moves"].values()) > 0:
            break
        state = after
    moves = history[-1]["moves"]
    page, table = stage(browser, server_url, state, seat=None)
    table.push(after)
    tracks = page.locator(".pip-tracks")
    expect(tracks).to_have_attribute("data-reveal-round", str(history[-1]["round"]))
    for colour, n in moves.items():
        gain = page.locator(f'.pony-gain[data-colour="{colour}"]')
        expect(gain).to_have_text(words("en", "pip.gain", n=n) if n > 0 else "")
    movers = [c for c in ("white", "red", "blue", "black", "yellow") if moves[c] > 0]
    if len(movers) > 1:  # one after another
        delay = page.locator(f".pony-{movers[-1]}").evaluate("n => n.style.transitionDelay")
        assert delay not in ("", "0s"), delay
    close(page)


def test_odds_and_riders_tracks_name_each_horses_owner(browser, server_url):
    state = mid_game("pony_express_race")
    view = engine.view(state, None)
    page, _ = stage(browser, server_url, state, seat=None)
    for horse in view["horses"]:
        if not horse.get("track"):
            continue
        owner = horse["owner"]
        expected = NAMES[owner] if owner is not None else words("en", "per.greenhorn_short")
        expect(page.locator(".per-track-owner").nth(horse["track"] - 1)).to_have_text(expected)
    close(page)


def rolled(state: dict) -> tuple[dict, dict]:
    """A Horse Racing state about to roll, and the state just after the roll."""
    for n in range(3000):
        view = engine.view(state, None)
        if (
            view["phase"] == "race"
            and (view.get("turn") or {}).get("step") == "roll"
            and not view.get("debt")
        ):
            return state, step(state, n)
        state = step(state, n)
    raise AssertionError("no roll")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_horse_racing_dice_roll_when_thrown(browser, server_url, motion):
    before, after = rolled(bots_until("horse_racing", 4, 3, lambda s: s["phase"] == "race"))
    dice = engine.view(after, None)["turn"]["dice"]
    page, table = stage(browser, server_url, before, seat=None, reduced_motion=motion)
    table.push(after)
    values = page.locator(".hr-dice .hr-die-value")
    expect(values).to_have_count(len(dice))
    expect(page.locator(".hr-die-value.rolling")).to_have_count(len(dice))
    names = values.evaluate_all("vs => vs.map((v) => getComputedStyle(v).animationName)")
    assert names == (["hr-roll"] * len(dice) if motion == "no-preference" else ["none"] * len(dice)), names
    close(page)


# ---- the phone ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_on_a_phone_the_turn_banner_starts_in_the_top_quarter(browser, server_url, game, artifacts):
    state = mid_game(game)
    page, _ = stage(browser, server_url, state, seat=0, size=PHONE)
    expect(page.locator("#turn-banner")).not_to_be_empty()
    # On the screen (the table may have scrolled to the decision: the banner is sticky).
    top = page.locator("#turn-banner").evaluate("n => n.getBoundingClientRect().top")
    assert top < PHONE["height"] / 4, top
    # The room's controls are one menu: folded, then open on a tap.
    expect(page.locator("#rules-toggle")).to_be_hidden()
    page.click("#room-menu-toggle")
    expect(page.locator("#rules-toggle")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=artifacts / f"phone-{game}.png", animations="disabled")
    close(page)


def test_on_a_phone_the_dice_and_bluff_board_is_full_width_with_readable_words(browser, server_url):
    page, _ = stage(browser, server_url, mid_game("pony_express_bluff"), seat=None, size=PHONE)
    board = page.locator(".peb-board-svg")
    expect(board).to_be_visible()
    width = board.bounding_box()["width"]
    assert width >= 360, width
    sizes = page.evaluate(
        """() => { const svg = document.querySelector('.peb-board-svg'); const scale = svg.getScreenCTM().a;
          const px = (sel) => [...svg.querySelectorAll(sel)]
            .map((n) => parseFloat(getComputedStyle(n).fontSize) * scale);
          return { num: px('.peb-space-num'), fare: px('.peb-fare'), zone: px('.peb-zone-label'),
                   rider: px('.peb-rider-letter'), mark: px('.peb-space-mark') }; }"""
    )
    for kind, found in sizes.items():
        assert found and min(found) >= 11, (kind, min(found or [0]))
    close(page)


def test_on_a_phone_odds_and_riders_bet_buttons_say_who_bet_on_each_horse(browser, server_url):
    def betting_with_bets(s):
        view = engine.view(s, 0)
        return (
            0 in engine.to_act(s)
            and any(a["type"] == "bet" for a in engine.legal_actions(s, 0))
            and any(any(row) for row in view["bets"])
        )

    state = bots_until("pony_express_race", 3, 5, betting_with_bets)
    view = engine.view(state, 0)
    page, _ = stage(browser, server_url, state, seat=0, size=PHONE)
    buttons = page.locator(".per-act .per-horse-button")
    expect(buttons.first).to_be_visible()
    for button in buttons.all():
        horse = int(button.get_attribute("data-horse") or -1)
        pile = button.locator(".per-button-pile")
        backers = [NAMES[seat] for seat, row in enumerate(view["bets"]) if row[horse]]
        if backers:
            for name in backers:
                expect(pile).to_contain_text(name)
        else:
            expect(pile).to_have_text(words("en", "per.bet_pile_none"))
        inner, outer = pile.bounding_box(), button.bounding_box()
        assert inner and outer and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
        assert outer["x"] + outer["width"] <= PHONE["width"]
    close(page)


REPLAY_GAMES = {  # a short whole game of each (bots play it on the server)
    "ponies_in_pursuit": ({"rounds": 1}, 2),
    "horse_racing": ({}, 3),
    "pony_express_bluff": ({}, 2),
    "pony_express_race": ({}, 1),
}


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_on_a_phone_the_replay_controls_stay_in_reach(browser, server_url, game):
    from .test_replay_page import finished_room

    options, bots = REPLAY_GAMES.get(game, ({}, 2))
    code, _ = finished_room(server_url, game, options, bots=bots)
    page = open_page(browser, size=PHONE)
    page.goto(f"{server_url}/rooms/{code}/replay")
    controls = page.locator("#replay-controls")
    expect(controls).to_be_visible()
    page.wait_for_function(
        "() => { const root = document.documentElement; scrollTo(0, root.scrollHeight);"
        " return scrollY > 200 && scrollY + innerHeight >= root.scrollHeight - 2; }"
    )
    for button in ("#replay-back", "#replay-play", "#replay-forward"):
        found = page.locator(button).bounding_box()
        assert found and found["y"] >= 0 and found["y"] + found["height"] <= PHONE["height"], (button, found)
    found = controls.bounding_box()
    assert found and found["height"] <= PHONE["height"] / 3, found
    close(page)


# ---- accessibility ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_the_table_and_its_end_are_axe_clean(browser, server_url, game, axe_source):
    for state in (mid_game(game), one_winner_game(game)):
        page, _ = stage(browser, server_url, state, seat=0)
        expect(page.locator("#game-root")).not_to_be_empty()
        page.evaluate(axe_source)
        result = page.evaluate("async () => await axe.run(document, { resultTypes: ['violations'] })")
        bad = [f"{v['id']}: {[n['target'] for n in v['nodes']][:4]}" for v in result["violations"]]
        assert bad == [], json.dumps(bad)
        close(page)


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_on_a_phone_the_end_card_fits_the_screen(browser, server_url, game):
    page, _ = stage(browser, server_url, one_winner_game(game), seat=0, size=PHONE)
    card = page.locator("#end-card")
    expect(card).to_be_visible()
    outside = card.evaluate(
        """card => { const edge = card.getBoundingClientRect();
          return [...card.querySelectorAll('.end-row > *')].filter((n) => {
            const r = n.getBoundingClientRect(); return r.left < edge.left || r.right > edge.right; })
            .map((n) => n.textContent); }"""
    )
    assert outside == [], outside
    assert card.bounding_box()["y"] < PHONE["height"] / 4
    close(page)


PEB_QUESTIONS = {"jail": "peb.turn_jail", "train": "peb.turn_train", "saloon": "peb.turn_saloon"}


@pytest.mark.parametrize("phase", sorted(PEB_QUESTIONS))
def test_dice_and_bluff_banner_asks_the_actual_question(browser, server_url, phase):
    def asked(state):
        return engine.view(state, None)["phase"] == phase and bool(engine.to_act(state))

    for seed in range(1, 30):
        try:
            state = bots_until("pony_express_bluff", 4, seed, asked)
            break
        except AssertionError:
            continue
    else:
        pytest.fail(f"no {phase} question in 30 games")
    seat = engine.to_act(state)[0]
    page, _ = stage(browser, server_url, state, seat=seat)
    expect(page.locator("#turn-banner")).to_have_text(words("en", PEB_QUESTIONS[phase]))
    assert words("en", "peb.turn_choose") not in page.locator("#turn-banner").inner_text()
    close(page)


def test_the_winner_reads_you_win_in_the_card_banner_and_tab(browser, server_url):
    state = one_winner_game("pony_express_race")
    winner = engine.result(state)["winners"][0]
    page, _ = stage(browser, server_url, state, seat=winner)
    expect(page.locator("#end-card-heading")).to_have_text(words("en", "end.you_win"))
    expect(page.locator("#turn-banner")).to_have_text(words("en", "end.you_win"))
    expect(page).to_have_title(f"{words('en', 'end.you_win_title')} · {words('en', 'site.name')}")
    mine = page.locator(f'#end-card-ranking li[data-seat="{winner}"]')
    expect(mine).to_contain_text(words("en", "table.name_you", name=NAMES[winner]))
    close(page)


def test_odds_and_riders_d10_says_what_it_needed_and_whether_it_made_it(browser, server_url):
    def greenhorn_rolled(state):
        log = state["log"]
        last_ride = max((i for i, e in enumerate(log) if e["e"] == "ride"), default=-1)
        return (
            last_ride > 0
            and any(e["e"] == "roll" for e in log[:last_ride][-3:])
            and any(
                e["e"] == "greenhorn_card" and e["horse"] == log[last_ride]["horse"]
                for e in log[:last_ride][-4:]
            )
        )

    state = bots_until("pony_express_race", 3, 7, greenhorn_rolled)
    log = state["log"]
    ride = max(i for i, e in enumerate(log) if e["e"] == "ride")
    horse = log[ride]["horse"]
    card = next(e["card"] for e in reversed(log[:ride]) if e["e"] == "greenhorn_card" and e["horse"] == horse)
    oks = [e["ok"] for e in log[:ride] if e["e"] == "roll" and e["horse"] == horse][
        -len(log[ride]["rolls"]) :
    ]
    page, _ = stage(browser, server_url, state, seat=None)
    value = int(card.rsplit("-", 1)[1])
    expect(page.locator(".per-dice-need")).to_have_text(words("en", "per.dice_need", value=value))
    dice = page.locator(".per-dice-row .per-die")
    expect(dice).to_have_count(len(oks))
    assert dice.evaluate_all("ds => ds.map((d) => d.dataset.ok)") == [str(ok).lower() for ok in oks]
    close(page)


def test_a_spectators_banner_says_whom_the_table_waits_for(browser, server_url):
    state = bots_until("horse_racing", 4, 3, lambda s: s["phase"] == "race" and len(engine.to_act(s)) == 1)
    page, _ = stage(browser, server_url, state, seat=None)
    names = NAMES[engine.to_act(state)[0]]
    expect(page.locator("#turn-banner")).to_have_text(words("en", "table.watching_turn", names=names))
    close(page)
