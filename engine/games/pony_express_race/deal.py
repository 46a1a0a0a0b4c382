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


def hand_size(seats: int, opening: str) -> int:
    """PER-7; with `first-card` all 42 cards are dealt as evenly as possible (our reading)."""
    if opening == "first-card":
        return len(full_deck()) // seats
    return HAND_SIZE[seats]


def deal_hands(state: dict[str, Any], pack: list[str], rng: Rng) -> None:
    """PER-7: shuffle what is left and deal; the rest waits face down (PER-14)."""
    rng.shuffle(pack)
    size = hand_size(state["seats"], state["options"]["opening_odds"])
    state["hands"] = [sorted(pack[i * size : (i + 1) * size]) for i in range(state["seats"])]
    state["leftover"] = pack[state["seats"] * size :]


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
