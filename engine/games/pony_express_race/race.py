"""Stage 2, the race (PER-20..PER-29).

A controlled horse's turn is a short dialogue with its owner, one action per
decision: `ride` (which card, and for a Move-Up whether to move level with
the horse ahead), then `pace` (push to fast, after a success push to risky;
with the alternative movement: roll again), then `dice_card` after a failed
roll while the rider's dice card is unused. Greenhorn horses (PER-27) move
without anyone acting.
"""

from __future__ import annotations

from typing import Any

from engine import errors, events
from engine.rng import Rng

from .allocation import horse_on_track
from .cards import HORSE_COUNT, colour_of, is_move_up, value_of
from .tracks import TOWN, TRACK_COUNT, space_colour

PLACES_TO_END = 3
DIE_SIDES = 10


def start_race(state: dict[str, Any], rng: Rng) -> None:
    """PER-19, PER-20, PER-27: owners take their horses' cards; greenhorn piles are shuffled."""
    hands = []
    for horse in range(HORSE_COUNT):
        cards = list(state["horses"][horse]["cards"])
        if state["owners"][horse] is None:
            rng.shuffle(cards)
        else:
            cards.sort()
        hands.append(cards)
    state["race"] = {
        "pos": [0] * HORSE_COUNT,
        "hand": hands,
        "played": [[] for _ in range(HORSE_COUNT)],
        "track": 1,
        "round": 1,
        "turn": None,
        "history": [],
    }
    events.emit(state, "race_start", track_of=list(state["track_of"]), owners=list(state["owners"]))


def racing(state: dict[str, Any]) -> list[int]:
    return [h for h in range(HORSE_COUNT) if h not in state["places"]]


def horses_ahead(state: dict[str, Any], horse: int) -> list[int]:
    pos = state["race"]["pos"]
    return [h for h in racing(state) if pos[h] > pos[horse]]


def is_last(state: dict[str, Any], horse: int) -> bool:
    """PER-27: last place among horses still racing; a tie for last counts."""
    pos = state["race"]["pos"]
    return pos[horse] == min(pos[h] for h in racing(state))


def colour_bonus(state: dict[str, Any], horse: int, card: str) -> bool:
    """PER-21: the starting space's colour matches the card's colour."""
    colour = space_colour(state["track_of"][horse], state["race"]["pos"][horse])
    return colour is not None and colour == colour_of(card)


def run_until_decision(state: dict[str, Any], rng: Rng) -> None:
    """Move greenhorns until a rider must decide or the race is over (PER-20, PER-28)."""
    race = state["race"]
    while len(state["places"]) < PLACES_TO_END:
        horse = horse_on_track(state, race["track"])
        if horse in state["places"]:
            advance(race)
            continue
        if state["owners"][horse] is None:
            greenhorn_turn(state, horse, rng)
            advance(race)
            continue
        race["turn"] = {"horse": horse, "step": "card", "rolls": []}
        state["phase"] = "ride"
        return
    race["turn"] = None
    from .money import settle

    settle(state)


def advance(race: dict[str, Any]) -> None:
    """PER-20: tracks 1..7 in order, then a new round."""
    race["track"] += 1
    if race["track"] > TRACK_COUNT:
        race["track"] = 1
        race["round"] += 1


def move(state: dict[str, Any], horse: int, spaces: int, pace: str, rolls: list[int]) -> None:
    """Move and record the public outcome; reaching the town places the horse (PER-28)."""
    pos = state["race"]["pos"]
    start = pos[horse]
    pos[horse] = min(TOWN, start + spaces)
    events.emit(
        state,
        "ride",
        horse=horse,
        track=state["track_of"][horse],
        round=state["race"]["round"],
        pace=pace,
        rolls=list(rolls),
        start=start,
        end=pos[horse],
    )
    if pos[horse] == TOWN:
        state["places"].append(horse)
        events.emit(state, "arrived", horse=horse, place=len(state["places"]))


def draw_greenhorn_card(state: dict[str, Any], horse: int, rng: Rng) -> str:
    """PER-27: the top card of the shuffled pile is turned; an empty pile is reshuffled."""
    race = state["race"]
    if not race["hand"][horse]:
        race["hand"][horse] = race["played"][horse]
        race["played"][horse] = []
        rng.shuffle(race["hand"][horse])
    card = race["hand"][horse].pop(0)
    race["played"][horse].append(card)
    race["history"].append({"round": race["round"], "horse": horse, "card": card})
    events.emit(state, "greenhorn_card", horse=horse, card=card)
    return card


def roll_die(state: dict[str, Any], horse: int, value: int, rng: Rng, rolls: list[int]) -> bool:
    """PER-22: a d10 (0 counts as 10); success when the roll is at most the card's value."""
    roll = rng.randint(1, DIE_SIDES)
    rolls.append(roll)
    ok = roll <= value
    events.emit(state, "roll", horse=horse, roll=roll, ok=ok)
    return ok


def greenhorn_turn(state: dict[str, Any], horse: int, rng: Rng) -> None:
    """PER-27: <=4 normal, 5-6 fast, >=7 fast then risky; last place always fast then risky."""
    card = draw_greenhorn_card(state, horse, rng)
    value = value_of(card)
    pos = state["race"]["pos"][horse]
    bonus = colour_bonus(state, horse, card)
    last = is_last(state, horse)
    rolls: list[int] = []
    if state["options"]["movement"] == "alternative":
        # Our reading: the greenhorn rolls again when it would try a faster pace (value >= 5 or last).
        factor = 2 if bonus else 1
        if not roll_die(state, horse, value, rng, rolls):
            move(state, horse, 0, "failed", rolls)
        elif pos + factor >= TOWN or not (last or value >= 5):
            move(state, horse, factor, "roll", rolls)
        elif roll_die(state, horse, value, rng, rolls):
            move(state, horse, 2 * factor, "roll_again", rolls)
        else:
            move(state, horse, 0, "failed", rolls)
        return
    base = 1 + bonus
    if pos + base >= TOWN:
        move(state, horse, base, "forced", rolls)
        return
    tries = 2 if last or value >= 7 else 1 if value >= 5 else 0
    if tries == 0:
        move(state, horse, base, "normal", rolls)
    elif not roll_die(state, horse, value, rng, rolls):
        move(state, horse, 0, "failed", rolls)
    elif tries == 1 or pos + base + 1 >= TOWN:
        move(state, horse, base + 1, "fast", rolls)
    elif roll_die(state, horse, value, rng, rolls):
        move(state, horse, base + 2, "risky", rolls)
    else:
        move(state, horse, 0, "failed", rolls)


# ---- a rider's turn --------------------------------------------------------


def rider_of(state: dict[str, Any]) -> int | None:
    race = state.get("race")
    if not race or not race["turn"]:
        return None
    return state["owners"][race["turn"]["horse"]]


def ride_actions(state: dict[str, Any]) -> list[dict[str, Any]]:
    race = state["race"]
    turn = race["turn"]
    horse = turn["horse"]
    step = turn["step"]
    if step == "card":
        actions = []
        can_level = bool(horses_ahead(state, horse))
        for card in sorted(set(race["hand"][horse])):
            actions.append({"type": "ride", "card": card})
            if is_move_up(card) and can_level:
                actions.append({"type": "ride", "card": card, "move_up": True})
        return actions
    if step in ("fast", "risky", "again"):
        return [{"type": "pace", "push": True}, {"type": "pace", "push": False}]
    if step == "dice":
        return [{"type": "dice_card", "use": True}, {"type": "dice_card", "use": False}]
    return []


def expect_step(turn: dict[str, Any], steps: tuple[str, ...], what: str) -> None:
    if turn["step"] not in steps:
        raise errors.illegal(f"This is not the moment to {what}.", step=turn["step"])


def apply_ride(state: dict[str, Any], seat: int, action: dict[str, Any], rng: Rng) -> None:
    """PER-20, PER-21, PER-24, PER-25, PER-29: play a card face down and start the move."""
    race = state["race"]
    turn = race["turn"]
    expect_step(turn, ("card",), "play a card")
    horse = turn["horse"]
    card = action["card"]
    move_up = action.get("move_up", False)
    if not isinstance(move_up, bool):
        raise errors.bad_action("move_up must be true or false.")
    if card not in race["hand"][horse]:
        raise errors.illegal("That card is not in this horse's hand.")
    if move_up and not is_move_up(card):
        raise errors.illegal("Only a Move-Up card can move a horse level with the one ahead.")
    race["hand"][horse].remove(card)
    race["played"][horse].append(card)
    race["history"].append({"round": race["round"], "horse": horse, "card": card})
    if not race["hand"][horse]:
        race["hand"][horse] = sorted(race["played"][horse])
        race["played"][horse] = []
    events.emit_private(state, [seat], "race_card", horse=horse, card=card)
    turn["card"] = card
    pos = race["pos"][horse]
    ahead = horses_ahead(state, horse)
    if move_up and ahead:
        target = min(race["pos"][h] for h in ahead)
        finish_turn(state, rng, target - pos, "move_up")
        return
    turn["bonus"] = colour_bonus(state, horse, card)
    if state["options"]["movement"] == "alternative":
        turn["step"] = "first"
        resolve_roll(state, rng, "first")
        return
    base = 1 + turn["bonus"]
    if pos + base >= TOWN:
        finish_turn(state, rng, base, "forced")
        return
    turn["step"] = "fast"
    state["phase"] = "pace"


def apply_pace(state: dict[str, Any], seat: int, action: dict[str, Any], rng: Rng) -> None:
    """PER-22, PER-23 (and PER-29's second roll): push on, or settle for what is sure."""
    turn = state["race"]["turn"]
    expect_step(turn, ("fast", "risky", "again"), "choose the pace")
    push = action["push"]
    if not isinstance(push, bool):
        raise errors.bad_action("push must be true or false.")
    if push:
        resolve_roll(state, rng, turn["step"])
        return
    base = 1 + turn["bonus"]
    if turn["step"] == "fast":
        finish_turn(state, rng, base, "normal")
    elif turn["step"] == "risky":
        finish_turn(state, rng, base + 1, "fast")
    else:
        finish_turn(state, rng, 2 if turn["bonus"] else 1, "roll")


def apply_dice_card(state: dict[str, Any], seat: int, action: dict[str, Any], rng: Rng) -> None:
    """PER-26: void the failed roll and roll again, once per game."""
    turn = state["race"]["turn"]
    expect_step(turn, ("dice",), "use the dice card")
    use = action["use"]
    if not isinstance(use, bool):
        raise errors.bad_action("use must be true or false.")
    if not use:
        finish_turn(state, rng, 0, "failed")
        return
    state["dice_card"][seat] = False
    events.emit(state, "dice_card", seat=seat, horse=turn["horse"], voided=turn["rolls"][-1])
    resolve_roll(state, rng, turn.pop("failed"))


def resolve_roll(state: dict[str, Any], rng: Rng, step: str) -> None:
    """Roll for `step` and move the turn on: next decision, dice-card offer, or the move."""
    race = state["race"]
    turn = race["turn"]
    horse = turn["horse"]
    value = value_of(turn["card"])
    pos = race["pos"][horse]
    if not roll_die(state, horse, value, rng, turn["rolls"]):
        if state["dice_card"][state["owners"][horse]]:
            turn["failed"] = step
            turn["step"] = "dice"
            state["phase"] = "dice"
        else:
            finish_turn(state, rng, 0, "failed")
        return
    base = 1 + turn["bonus"]
    factor = 2 if turn["bonus"] else 1
    if step == "fast":
        if pos + base + 1 >= TOWN:
            finish_turn(state, rng, base + 1, "fast")
        else:
            turn["step"] = "risky"
            state["phase"] = "pace"
    elif step == "risky":
        finish_turn(state, rng, base + 2, "risky")
    elif step == "first":
        if pos + factor >= TOWN:
            finish_turn(state, rng, factor, "roll")
        else:
            turn["step"] = "again"
            state["phase"] = "pace"
    else:
        finish_turn(state, rng, 2 * factor, "roll_again")


def finish_turn(state: dict[str, Any], rng: Rng, spaces: int, pace: str) -> None:
    race = state["race"]
    horse = race["turn"]["horse"]
    move(state, horse, spaces, pace, race["turn"]["rolls"])
    race["turn"] = None
    advance(race)
    run_until_decision(state, rng)
