"""Stage 1 (PER-9..PER-15): bets, cards onto horses, rounds, the left-over deal.

Also the `chosen` opening (PER-6), which is played before the deal.
"""

from __future__ import annotations

from typing import Any

from engine import errors, events
from engine.rng import Rng

from .cards import HORSE_COUNT, HORSES, MAX_CARDS_ON_HORSE, is_card, is_move_up, value_of
from .deal import deal_hands, place_opening_card
from .odds import opening_row, shift_row

BETTING_ROUNDS = 5


def bet_size(round_number: int) -> int:
    """PER-10: round k bets the whole pile of 6-k chips; none after round 5."""
    return 6 - round_number if round_number <= BETTING_ROUNDS else 0


def may_take(state: dict[str, Any], horse: int, card: str) -> bool:
    """PER-11: fewer than 6 cards; PER-6: a Move-Up is never a horse's first card."""
    cards = state["horses"][horse]["cards"]
    if len(cards) >= MAX_CARDS_ON_HORSE:
        return False
    return bool(cards) or not is_move_up(card)


def playable(state: dict[str, Any], seat: int) -> list[tuple[str, int]]:
    """Every distinct (card, horse) the seat may play now."""
    return [
        (card, horse)
        for card in sorted(set(state["hands"][seat]))
        for horse in range(HORSE_COUNT)
        if may_take(state, horse, card)
    ]


def put_card_on_horse(state: dict[str, Any], horse: int, card: str) -> tuple[int | None, int]:
    """PER-12 (and PER-6 `first-card`): add the card and move the odds marker."""
    slot = state["horses"][horse]
    before = slot["row"]
    if not slot["cards"]:
        slot["cards"].append(card)
        slot["row"] = opening_row(value_of(card))
        return before, slot["row"]
    previous = slot["cards"][-1]
    slot["cards"].append(card)
    if not is_move_up(card):
        slot["row"] = shift_row(slot["row"], value_of(card), value_of(previous))
    return before, slot["row"]


# ---- the `chosen` opening ------------------------------------------------


def opening_actions(state: dict[str, Any]) -> list[dict[str, Any]]:
    free = [h for h in range(HORSE_COUNT) if not state["horses"][h]["cards"]]
    cards = sorted({c for c in state["pack"] if not is_move_up(c)})
    return [{"type": "open", "horse": h, "card": c} for h in free for c in cards]


def apply_open(state: dict[str, Any], seat: int, action: dict[str, Any], rng: Rng) -> None:
    """PER-6 `chosen`: name a card of the pack for a horse still without one."""
    horse, card = action["horse"], action["card"]
    check_horse(horse)
    if state["horses"][horse]["cards"]:
        raise errors.illegal(f"{HORSES[horse]} already has its opening card.", horse=horse)
    if not is_card(card):
        raise errors.illegal("Name a Black, Yellow, Blue or Red card of value 1 to 9.", card=str(card))
    if is_move_up(card):
        raise errors.illegal("A Move-Up card cannot be a horse's opening card.", card=card)
    if card not in state["pack"]:
        raise errors.illegal("That card is already on a horse.", card=card)
    state["pack"].remove(card)
    place_opening_card(state, horse, card)
    events.emit(state, "opening", seat=seat, horse=horse, card=card, row=state["horses"][horse]["row"])
    if all(slot["cards"] for slot in state["horses"]):
        deal_hands(state, state.pop("pack"), rng)
        state["phase"] = "bet"
        state["turn"] = state["first_player"]
    else:
        state["turn"] = (seat + 1) % state["seats"]


# ---- bets and cards -----------------------------------------------------


def check_horse(horse: Any) -> None:
    if isinstance(horse, bool) or not isinstance(horse, int) or not 0 <= horse < HORSE_COUNT:
        raise errors.bad_action("Choose a horse from 0 (Brown) to 6 (Green).")


def bet_actions(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": "bet", "horse": h} for h in range(HORSE_COUNT)]


def apply_bet(state: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
    """PER-10: the whole pile of this round on one horse; public. True when the turn goes on."""
    horse = action["horse"]
    check_horse(horse)
    chips = bet_size(state["round"])
    state["chips"][seat] -= chips
    state["bets"][seat][horse] += chips
    events.emit(state, "bet", seat=seat, horse=horse, chips=chips, round=state["round"])
    if playable(state, seat):
        state["phase"] = "play"
        return True
    return False


def play_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return [{"type": "play", "card": c, "horse": h} for c, h in playable(state, seat)]


def apply_play(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    """PER-11, PER-12, PER-15: a card from hand onto a horse, face up; the odds move."""
    horse, card = action["horse"], action["card"]
    check_horse(horse)
    if card not in state["hands"][seat]:
        raise errors.illegal("That card is not in your hand.", card=str(card))
    cards = state["horses"][horse]["cards"]
    if len(cards) >= MAX_CARDS_ON_HORSE:
        raise errors.illegal(f"{HORSES[horse]} already has six cards.", horse=horse)
    if not cards and is_move_up(card):
        raise errors.illegal("A Move-Up card cannot be a horse's first card.", horse=horse)
    state["hands"][seat].remove(card)
    before, after = put_card_on_horse(state, horse, card)
    events.emit(state, "card", seat=seat, horse=horse, card=card, row_from=before, row_to=after)


def next_turn(state: dict[str, Any]) -> bool:
    """PER-9, PER-13, PER-14: pass the turn left; new round starts one seat further left.

    Returns False when stage 1 is over (no betting round left and nobody can play).
    """
    seats = state["seats"]
    starter = (state["first_player"] + state["round"] - 1) % seats
    for _ in range(seats * 2 + 1):
        nxt = (state["turn"] + 1) % seats
        if nxt == starter:
            state["round"] += 1
            starter = (starter + 1) % seats
            nxt = starter
            if state["round"] > BETTING_ROUNDS and not any(playable(state, s) for s in range(seats)):
                return False
        state["turn"] = nxt
        if state["round"] <= BETTING_ROUNDS:
            state["phase"] = "bet"
            return True
        if playable(state, nxt):
            state["phase"] = "play"
            return True
    return False


def deal_leftovers(state: dict[str, Any]) -> None:
    """PER-14: left-over cards go, Brown first, to the first horse with fewer than 6 cards.

    Cards still in a hand (only possible with `first-card`, when a player holds
    Move-Ups and only empty horses are open) join them. A Move-Up skips empty
    horses; if only empty horses are left it opens one (row by its value).
    """
    rest = list(state["leftover"])
    for hand in state["hands"]:
        rest += hand
        hand.clear()
    state["leftover"] = []
    for card in rest:
        open_horses = [h for h in range(HORSE_COUNT) if len(state["horses"][h]["cards"]) < MAX_CARDS_ON_HORSE]
        fitting = [h for h in open_horses if may_take(state, h, card)] or open_horses
        horse = fitting[0]
        before, after = put_card_on_horse(state, horse, card)
        events.emit(state, "leftover", horse=horse, card=card, row_from=before, row_to=after)
