"""PER-6, PER-7, PER-8: opening odds, the deal by player count, chips and the first player."""

from __future__ import annotations

from typing import Any

from engine import events
from engine.rng import Rng

from .cards import HORSE_COUNT, colour_of, full_deck, is_move_up, value_of
from .odds import opening_row

STARTING_CHIPS = 15
# PER-7: players -> cards per player (35 cards after the seven opening cards).
HAND_SIZE = {2: 17, 3: 11, 4: 8, 5: 7, 6: 5}
STANDARD_OPENING_VALUES = (9, 8, 7, 6, 5, 4, 3)


def new_horses() -> list[dict[str, Any]]:
    return [{"cards": [], "row": None} for _ in range(HORSE_COUNT)]


def place_opening_card(state: dict[str, Any], horse: int, card: str) -> None:
    """PER-6: the first card on a horse sets its opening row."""
    slot = state["horses"][horse]
    slot["cards"].append(card)
    slot["row"] = opening_row(value_of(card))


def standard_opening(state: dict[str, Any], pack: list[str]) -> None:
    """PER-6 `standard`: one Black or Yellow 9..3 to Brown..Green, colour by the shuffle."""
    for horse, value in enumerate(STANDARD_OPENING_VALUES):
        card = next(c for c in pack if value_of(c) == value and colour_of(c) in ("black", "yellow"))
        pack.remove(card)
        place_opening_card(state, horse, card)


def random_opening(state: dict[str, Any], pack: list[str]) -> None:
    """PER-6 `random`: the next card of the pack to each horse; a Move-Up goes back (redealt)."""
    for horse in range(HORSE_COUNT):
        card = next(c for c in pack if not is_move_up(c))
        pack.remove(card)
        place_opening_card(state, horse, card)


def hand_sizes(seats: int, opening: str, first_player: int = 0) -> list[int]:
    """PER-7: cards per seat. PER-6 `first-card` ("deal out all the movement cards"): all 42
    cards go out, one at a time round the table starting left of the first player (the
    Bookmaker deals), so with 4 or 5 players the two seats after the first player get one
    card more (4: 11, 11, 10, 10; 5: 9, 9, 8, 8, 8) and nothing is left over."""
    if opening != "first-card":
        return [HAND_SIZE[seats]] * seats
    base, extra = divmod(len(full_deck()), seats)
    order = [(first_player + 1 + k) % seats for k in range(seats)]
    return [base + (order.index(seat) < extra) for seat in range(seats)]


def deal_hands(state: dict[str, Any], pack: list[str], rng: Rng) -> None:
    """PER-7: shuffle what is left and deal; the rest waits face down (PER-14)."""
    rng.shuffle(pack)
    sizes = hand_sizes(state["seats"], state["options"]["opening_odds"], state["first_player"])
    state["hands"] = []
    start = 0
    for size in sizes:
        state["hands"].append(sorted(pack[start : start + size]))
        start += size
    state["leftover"] = pack[start:]


def setup_game(state: dict[str, Any], rng: Rng) -> None:
    """PER-6..PER-8: horses, opening odds, hands, 15 chips each, the first player."""
    seats = state["seats"]
    first = state["options"]["first_player"]
    if first >= seats:
        from engine.errors import BAD_OPTIONS, EngineError

        raise EngineError(
            BAD_OPTIONS,
            f"Option 'first_player' must be a seat number below {seats}.",
            option="first_player",
        )
    state["horses"] = new_horses()
    state["chips"] = [STARTING_CHIPS] * seats
    state["bets"] = [[0] * HORSE_COUNT for _ in range(seats)]
    state["dice_card"] = [True] * seats
    state["first_player"] = first
    state["round"] = 1
    state["turn"] = first
    state["owners"] = [None] * HORSE_COUNT
    state["track_of"] = [None] * HORSE_COUNT
    state["race"] = None
    state["places"] = []
    state["settlement"] = None
    state["hands"] = [[] for _ in range(seats)]
    state["leftover"] = []
    pack = full_deck()
    rng.shuffle(pack)
    method = state["options"]["opening_odds"]
    if method == "chosen":
        state["pack"] = pack
        state["phase"] = "opening"
        return
    if method == "standard":
        standard_opening(state, pack)
    elif method == "random":
        random_opening(state, pack)
    deal_hands(state, pack, rng)
    for horse, slot in enumerate(state["horses"]):
        if slot["cards"]:
            events.emit(state, "opening", horse=horse, card=slot["cards"][0], row=slot["row"])
    state["phase"] = "bet"
