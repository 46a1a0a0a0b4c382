"""Help where decisions are made, and one colour per player, in real Chromium on the real room
page (issue 22, items 2, 5 and 7): one-line hints on cards and spaces (hover, focus and tap),
Ponies in Pursuit's payouts and penalties next to the stakes, Horse Racing's King/Ace/Joker
hints during the draft, a player's colour the same in the players list, the log and on the
board, Odds and Riders' chip piles on the horses while it bets, and focus kept through a frame
(the shell's, for every game)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import engine

from .staging import DESKTOP, PHONE, bots_until, step
from .test_table_show import TABLE_GAMES, close, mid_game, stage, words

pytestmark = pytest.mark.browser


def tip_after(page: Page, node) -> str:
    expect(page.locator("#hint-tip")).to_be_visible()
    return page.locator("#hint-tip").inner_text()


# ---- hints ----------------------------------------------------------------------------------


def pip_awaiting(seat: int = 0) -> dict:
    return bots_until("ponies_in_pursuit", 4, 3, lambda s: s["round"] >= 2 and seat in engine.to_act(s))


def test_ponies_in_pursuit_cards_explain_themselves_on_focus_hover_and_tap(browser, server_url):
    state = pip_awaiting()
    hand = engine.view(state, 0)["hand"]
    page, _ = stage(browser, server_url, state, seat=0)
    card = page.locator("#pip-card-0")
    expect(card).to_be_visible()
    card.focus()
    said = tip_after(page, card)
    colour = next((c for c in ("white", "red", "blue", "black", "yellow") if hand[0].startswith(c)), None)
    expected = (
        words("en", "pip.hint.card", colour=words("en", f"pip.colour.{colour}"), value=int(hand[0][-1]))
        if colour
        else words("en", "pip.hint.wild", value=1)
    )
    assert said == expected, (hand[0], said)
    # A screen reader hears the same words as the card's description.
    described = card.evaluate("n => document.getElementById(n.getAttribute('aria-describedby')).textContent")
    assert described == said
    page.keyboard.press("Escape")
    expect(page.locator("#hint-tip")).to_be_hidden()
    page.locator("#pip-card-1").hover()
    expect(page.locator("#hint-tip")).to_be_visible()
    close(page)
    # On a phone a tap shows it (there is no hover).
    page, _ = stage(browser, server_url, state, seat=0, size=PHONE)
    page.locator(".pip-tracks").tap()  # somewhere else first: nothing shown
    expect(page.locator("#hint-tip")).to_be_hidden()
    page.locator("#pip-card-0").tap()
    expect(page.locator("#hint-tip")).to_be_visible()
    close(page)


def test_ponies_in_pursuit_shows_payouts_and_penalties_next_to_the_stakes(browser, server_url):
    state = bots_until(
        "ponies_in_pursuit",
        4,
        5,
        lambda s: any(engine.view(s, 0)["bet_cards"].values()) and not engine.is_over(s),
    )
    view = engine.view(state, 0)
    page, _ = stage(browser, server_url, state, seat=0)
    expect(page.locator(".pip-payout-rule")).to_have_text(words("en", "pip.payout_rule"))
    multipliers = [2, 1.5, 1, 0.5, 0]
    for colour in ("white", "red", "blue", "black", "yellow"):
        stake, cards = view["stakes"][colour], view["bet_cards"][colour]
        cell = page.locator(f'.pip-stakes tr[data-colour="{colour}"] .pip-pays')
        if colour in view["finish_order"]:
            place = view["finish_order"].index(colour)
            amount = stake * multipliers[place]
            text = f"{amount:g}"
            expected = words("en", "pip.pays_finished", amount=text, place=place + 1)
        elif stake or cards:
            expected = words("en", "pip.pays_open", best=stake * 2, penalty=cards * 2)
        else:
            expected = words("en", "pip.pays_nothing")
        expect(cell).to_have_text(expected)
    close(page)


def test_horse_racing_king_ace_and_joker_have_hints_during_the_draft(browser, server_url):
    def special_in_packet(s):
        view = engine.view(s, 0)
        return (
            view["phase"] == "draft"
            and 0 in engine.to_act(s)
            and any(c in ("K", "A", "Joker") for c in view["packet"] or [])
        )

    found = None
    for seed in range(1, 30):
        try:
            found = bots_until("horse_racing", 4, seed, special_in_packet)
            break
        except AssertionError:
            continue
    assert found is not None, "no draft packet with a King, Ace or Joker"
    packet = engine.view(found, 0)["packet"]
    page, _ = stage(browser, server_url, found, seat=0)
    keys = {"K": "hr.hint.king", "A": "hr.hint.ace", "Joker": "hr.hint.joker"}
    costs = {"K": 2, "A": 3, "Joker": 4}
    for card in {c for c in packet if c in keys}:
        button = page.locator(f'.hr-act button.hr-card[data-card="{card}"]').first
        button.focus()
        expected = words("en", keys[card], amount=costs[card] * found["options"].get("base_ante", 1))
        expect(page.locator("#hint-tip")).to_have_text(expected)
    close(page)


def test_dice_and_bluff_spaces_say_what_they_do(browser, server_url):
    state = mid_game("pony_express_bluff")
    page, _ = stage(browser, server_url, state, seat=None)
    station = page.locator(".peb-space.kind-station").first
    number = station.get_attribute("data-space")
    station.hover()
    expected = words("en", "peb.hint.space", n=number, kind=words("en", "peb.kind.station"))
    expect(page.locator("#hint-tip")).to_have_text(expected)
    close(page)


# ---- one colour per player -----------------------------------------------------------------


def swatch_colours(page: Page) -> dict[int, str]:
    pairs = page.locator("#player-list .player").evaluate_all(
        "rows => rows.map((r) => [r.dataset.seat,"
        " getComputedStyle(r.querySelector('.player-swatch')).backgroundColor])"
    )
    return {int(seat): colour for seat, colour in pairs}


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_each_player_has_one_colour_in_the_players_list_and_the_log(browser, server_url, game):
    state = mid_game(game)
    page, _ = stage(browser, server_url, state, seat=None)
    expect(page.locator("#player-list .player")).to_have_count(state["seats"])
    colours = swatch_colours(page)
    assert len(set(colours.values())) == state["seats"], colours
    lines = page.locator("#game-log li.by-player")
    expect(lines.first).to_be_attached()
    for seat, stripe in lines.evaluate_all(
        "ls => ls.map((l) => [l.dataset.seat, getComputedStyle(l).borderLeftColor])"
    ):
        assert stripe == colours[int(seat)], (seat, stripe)
    # The table's own list of seats shows the same colours.
    seat_lists = {"ponies_in_pursuit": ".pip-submitted li", "horse_racing": ".hr-seat"}
    if game in seat_lists:
        for seat, swatch in page.locator(seat_lists[game]).evaluate_all(
            "ls => ls.map((l) => [l.dataset.seat,"
            " getComputedStyle(l.querySelector('.player-swatch')).backgroundColor])"
        ):
            assert swatch == colours[int(seat)], (seat, swatch)
    if game == "pony_express_bluff":  # each rider is drawn in its player's colour
        for seat, colour in enumerate(engine.view(state, None)["colours"]):
            fill = page.locator(f'.peb-rider[data-seat="{seat}"] .peb-rider-body').evaluate(
                "n => getComputedStyle(n).fill"
            )
            assert fill == colours[seat], (colour, fill, colours[seat])
    if game == "pony_express_race":  # each owned track's stripe is its owner's colour
        for horse in engine.view(state, None)["horses"]:
            if horse.get("track") and horse.get("owner") is not None:
                stripe = page.locator(".per-owner-stripe").nth(horse["track"] - 1)
                assert stripe.evaluate("n => getComputedStyle(n).fill") == colours[horse["owner"]]
    close(page)


def test_odds_and_riders_betting_shows_chip_piles_on_the_horses(browser, server_url):
    state = bots_until(
        "pony_express_race",
        3,
        5,
        lambda s: engine.view(s, None)["stage"] == 1 and sum(map(sum, engine.view(s, None)["bets"])) >= 3,
    )
    view = engine.view(state, None)
    page, _ = stage(browser, server_url, state, seat=None)
    piles = page.locator(".per-piles")
    expect(piles).to_be_visible()
    colours = swatch_colours(page)
    for horse in range(len(view["horses"])):
        column = piles.locator(f'.per-pile-column[data-horse="{horse}"]')
        drawn = column.locator(".per-pile").evaluate_all(
            "ps => ps.map((p) => [Number(p.dataset.seat), Number(p.dataset.chips),"
            " p.querySelectorAll('.per-chip').length,"
            " getComputedStyle(p.querySelector('.per-chip')).backgroundColor])"
        )
        expected = [(seat, row[horse]) for seat, row in enumerate(view["bets"]) if row[horse]]
        assert [(s, c) for s, c, _, _ in drawn] == expected, (horse, drawn)
        for seat, chips, discs, colour in drawn:
            assert discs == min(chips, 8) and colour == colours[seat], (horse, seat, discs, colour)
    # The race has no betting picture.
    later = state
    for n in range(3000):
        if engine.view(later, None)["stage"] == 2:
            break
        later = step(later, n)
    _.push(later)
    expect(piles).to_be_hidden()
    close(page)


# ---- focus through a frame, for every game (the shell keeps it) ------------------------------


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_focus_stays_on_the_same_control_when_a_frame_arrives(browser, server_url, game):
    def mine_with_controls(s):
        return 0 in engine.to_act(s) and len(engine.to_act(s)) >= 1

    state = bots_until(game, 4 if game != "pony_express_race" else 3, 11, mine_with_controls)
    page, table = stage(browser, server_url, state, seat=0, size=DESKTOP)
    controls = page.locator("#game-root button:not(:disabled)[id]")
    expect(controls.first).to_be_visible()
    target = controls.first.get_attribute("id")
    page.locator(f"#{target}").focus()
    # The same state again as a new version: every module redraws, the control stays focused.
    table.push(state)
    expect(page.locator("#game-root")).to_have_attribute("data-v", str(table.v))
    expect(page.locator(f"#{target}")).to_be_focused()
    close(page)


# ---- dice that roll, in every game that has dice ---------------------------------------------


def peb_rerolled() -> tuple[dict, dict]:
    """A Dice and Bluff state with dice shown, and the state just after the same rider rolls again."""
    state = bots_until("pony_express_bluff", 4, 3, lambda s: engine.view(s, None)["turn_no"] >= 2)
    for n in range(5000):
        view = engine.view(state, None)
        after = step(state, n)
        later = engine.view(after, None)
        if (
            view["phase"] == "dice"
            and later["phase"] == "dice"
            and later["turn_no"] == view["turn_no"]
            and len(later["dice"]["history"]) > len(view["dice"]["history"])
        ):
            return state, after
        state = after
    raise AssertionError("no re-roll")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_dice_and_bluff_dice_roll_when_thrown(browser, server_url, motion):
    before, after = peb_rerolled()
    page, table = stage(browser, server_url, before, seat=None, reduced_motion=motion)
    dice = page.locator(".peb-dice .peb-die")
    expect(dice).to_have_count(5)
    expect(page.locator(".peb-die.rolling")).to_have_count(0)  # not on the first drawing
    table.push(after)
    rolling = page.locator(".peb-dice .peb-die.rolling")
    expect(rolling.first).to_be_attached()
    names = rolling.evaluate_all("ds => ds.map((d) => getComputedStyle(d).animationName)")
    assert set(names) == ({"peb-roll"} if motion == "no-preference" else {"none"}), names
    close(page)


def test_odds_and_riders_hand_cards_say_what_they_do(browser, server_url):
    state = bots_until("pony_express_race", 3, 5, lambda s: engine.view(s, 0)["stage"] == 1)
    page, _ = stage(browser, server_url, state, seat=0)
    cards = page.locator(".per-mine .per-hand .per-card")
    expect(cards.first).to_be_visible()
    for card in cards.all()[:4]:
        name = card.locator(".per-card-name").inner_text()
        card.hover()
        tip = page.locator("#hint-tip")
        expect(tip).to_be_visible()
        expect(tip).to_contain_text(name.split()[-1])  # the card's value (or the Move-Up's)
        hinted = card.get_attribute("data-hint") or ""
        key = "per.hint.move_up" if "white" in (card.get_attribute("class") or "") else "per.hint.card"
        assert hinted.startswith(words("en", key, colour=name, value=name.split()[-1]).split(":")[0]), hinted
    close(page)
