"""The bot: decides from its own view and its legal actions only.

Stage 1: it values each horse by expected race speed (the cards on it) and
its odds, estimates place chances with a Plackett-Luce model over speeds, and
bets/plays cards to maximise its expected chips (bets paid by PER-3/PER-31,
owner prizes by PER-30). It concentrates bets to own horses, puts strong cards
on its horses, weak cards on the others, and ends its horses' stacks low when
that lengthens the odds; horses it would own count a little faster since it
rides them itself. Race: card choice and pace by expected progress (card
value / 10 is the d10 chance; gains capped by the distance to town), colour
matches played where they pay, Move-Up levels when the gap beats a normal
move, the dice card kept for rolls that lose a lot.
"""

from __future__ import annotations

import math
import random
from itertools import permutations
from typing import Any

from .cards import HORSE_COUNT, colour_of, is_move_up, value_of
from .odds import ODDS_TABLE, opening_row, shift_row
from .tracks import TOWN, TRACK_COUNT, space_colour

PRIZES = (15, 10, 5)
MAX_CARDS = 6
SPEED_TEMPERATURE = 0.18
# Horses the bot would own run a little faster in its estimate: it rides them itself with
# expected-progress pace, where others' horses get greenhorns or other riders (bench: 0 -> 0.3
# raised the 4-player win share against random seats from 88% to about 95%).
OWN_RIDE_BONUS = 0.3
# At two seats the rival rides every horse the bot does not, no greenhorns: counting an edge
# lost win share against a rival who rides as well (bench/RESULTS-bots.md: 400 games against
# "always bet the favourite", edge 0.3 -> 0: 0.60 -> 0.68).
OWN_TWO_RIDE_BONUS = 0.0
# With the alternative movement every move rolls and the rider's only choice is the second
# roll, so riding well is worth little there (bench: any edge above 0 lost win share).
OWN_ALT_RIDE_BONUS = 0.0


def is_alternative(view: dict[str, Any]) -> bool:
    return view["options"]["movement"] == "alternative"


def card_speed(value: int, alternative: bool = False) -> float:
    """Expected spaces per turn from a card with best pace, no colour bonus."""
    p = value / 10
    if alternative:
        return p * max(1.0, 2 * p)
    return max(1.0, 2 * p, 3 * p * p)


def unknown_card_speed(alternative: bool) -> float:
    return sum(card_speed(v, alternative) for v in range(1, 10)) / 9


# ---- stage 1 ------------------------------------------------------------------


def horse_speed(cards: list[str], alternative: bool = False) -> float:
    known = sum(card_speed(value_of(c), alternative) for c in cards)
    return (known + (MAX_CARDS - len(cards)) * unknown_card_speed(alternative)) / MAX_CARDS


def place_chances(speeds: list[float]) -> list[tuple[float, float, float]]:
    """Chances of 1st, 2nd, 3rd for each horse (Plackett-Luce on exp(speed / T))."""
    weights = [math.exp(s / SPEED_TEMPERATURE) for s in speeds]
    total = sum(weights)
    chances = [[0.0, 0.0, 0.0] for _ in speeds]
    for a, b, c in permutations(range(len(speeds)), 3):
        pa = weights[a] / total
        pb = weights[b] / (total - weights[a])
        pc = weights[c] / (total - weights[a] - weights[b])
        chances[a][0] += pa * pb * pc
        chances[b][1] += pa * pb * pc
        chances[c][2] += pa * pb * pc
    return [(x[0], x[1], x[2]) for x in chances]


def owner_from(bets: list[list[int]], horse: int) -> int | None:
    stakes = [b[horse] for b in bets]
    best = max(stakes)
    return stakes.index(best) if best and stakes.count(best) == 1 else None


def expected_chips(
    me: int, cards: list[list[str]], rows: list[int | None], bets: list[list[int]], alternative: bool
) -> float:
    """What the bot expects back from its bets and prizes, given horses' cards and rows."""
    owners = [owner_from(bets, h) for h in range(HORSE_COUNT)]
    edge = OWN_ALT_RIDE_BONUS if alternative else OWN_RIDE_BONUS if len(bets) > 2 else OWN_TWO_RIDE_BONUS
    speeds = [horse_speed(c, alternative) + (edge if owners[h] == me else 0.0) for h, c in enumerate(cards)]
    chances = place_chances(speeds)
    total = 0.0
    for horse in range(HORSE_COUNT):
        row = rows[horse] or 5
        pays = ODDS_TABLE[row][1]
        stake = bets[me][horse]
        for place in range(3):
            multiple = pays[place]
            if stake and multiple is not None:
                total += chances[horse][place] * stake * (1 + multiple)
            if owners[horse] == me:
                total += chances[horse][place] * PRIZES[place]
    return total


def remaining_bets(round_number: int) -> int:
    return sum(6 - k for k in range(max(round_number + 1, 1), 6))


def bet_value(view: dict[str, Any], horse: int) -> float:
    me = view["you"]
    cards = [list(h["cards"]) for h in view["horses"]]
    rows = [h["row"] for h in view["horses"]]
    bets = [list(b) for b in view["bets"]]
    bets[me][horse] += view["bet_size"]
    value = expected_chips(me, cards, rows, bets, is_alternative(view))
    # Ownership that others can still take away is worth less: count how safe the lead is.
    later = remaining_bets(view["round"])
    for h in range(HORSE_COUNT):
        if owner_from(bets, h) == me:
            margin = bets[me][h] - max(b[h] for s, b in enumerate(bets) if s != me)
            if margin <= later:
                value -= 2.0
    return value


def play_value(view: dict[str, Any], card: str, horse: int) -> float:
    me = view["you"]
    cards = [list(h["cards"]) for h in view["horses"]]
    rows = [h["row"] for h in view["horses"]]
    stack = cards[horse]
    if not stack:
        rows[horse] = opening_row(value_of(card))
    elif not is_move_up(card):
        rows[horse] = shift_row(rows[horse], value_of(card), value_of(stack[-1]))
    stack.append(card)
    return expected_chips(me, cards, rows, view["bets"], is_alternative(view))


# ---- race ---------------------------------------------------------------------


def pace_value(p: float, base: int, distance: int, step: str) -> float:
    """Expected spaces with the best choices from `step` on ("fast" = may push, "risky")."""
    if step == "risky":
        return max(min(base + 1, distance), p * min(base + 2, distance))
    if base >= distance:
        return distance
    after_fast = min(base + 1, distance)
    if after_fast >= distance:
        return max(base, p * after_fast)
    return max(base, p * pace_value(p, base, distance, "risky"))


def card_move_value(view: dict[str, Any], horse: int, card: str, alternative: bool) -> float:
    h = view["horses"][horse]
    pos = h["position"]
    distance = TOWN - pos
    colour = space_colour(h["track"], pos)
    bonus = colour is not None and colour == colour_of(card)
    p = value_of(card) / 10
    if alternative:
        f = 2 if bonus else 1
        first = min(f, distance)
        return p * max(first, p * min(2 * f, distance))
    return pace_value(p, 1 + bonus, distance, "fast")


def choose_ride(view: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    turn = view["race"]["turn"]
    horse = turn["horse"]
    alternative = view["options"]["movement"] == "alternative"
    pos = view["horses"][horse]["position"]
    ahead = [x["position"] for x in view["horses"] if x["place"] is None and x["position"] > pos]
    best, best_score = actions[0], -1e9
    for action in actions:
        card = action["card"]
        if action.get("move_up"):
            gain = min(ahead) - pos
        else:
            gain = card_move_value(view, horse, card, alternative)
        # A card's worth here beyond what it is worth anywhere: prefer colour matches now.
        plain = pace_value(value_of(card) / 10, 1, TOWN - pos, "fast") if not alternative else gain
        score = gain - 0.9 * plain if not action.get("move_up") else gain - 1.2
        score += gain * 0.1
        if score > best_score:
            best, best_score = action, score
    return best


def choose_pace(view: dict[str, Any]) -> bool:
    turn = view["race"]["turn"]
    ride = view["ride"]  # the card this seat just played: its bonus and d10 chance (private)
    horse = view["horses"][turn["horse"]]
    distance = TOWN - horse["position"]
    p = ride["chance"]
    base = 1 + bool(ride["bonus"])
    if turn["step"] == "again":
        f = 2 if ride["bonus"] else 1
        return p * min(2 * f, distance) > min(f, distance)
    if turn["step"] == "risky":
        return p * min(base + 2, distance) > min(base + 1, distance)
    return pace_value(p, base, distance, "fast") > min(base, distance) + 1e-9


def choose_dice(view: dict[str, Any]) -> bool:
    turn, ride = view["race"]["turn"], view["ride"]
    p = ride["chance"]
    at_stake = 2 + bool(ride["bonus"]) if len(turn["rolls"]) >= 2 else 1 + bool(ride["bonus"])
    return p * at_stake >= 1.2


def choose_track(view: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    horse = view["horses"][view["track_choice"]["horse"]]
    colours = [colour_of(c) for c in horse["cards"]]

    def score(track: int) -> float:
        return sum(colours.count(space_colour(track, p) or "-") for p in range(1, TOWN)) / MAX_CARDS

    return max(actions, key=lambda a: (score(a["track"]), -a["track"]))


def choose_open(view: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    """`chosen` opening: a middling card (long-ish odds, room to climb) on the first free horse."""
    return min(actions, key=lambda a: (a["horse"], abs(value_of(a["card"]) - 4), a["card"]))


def choose_action(view: dict[str, Any], actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    phase = view["phase"]
    if phase == "bet":
        return max(actions, key=lambda a: bet_value(view, a["horse"]))
    if phase == "play":
        return max(actions, key=lambda a: play_value(view, a["card"], a["horse"]))
    if phase == "ride":
        return choose_ride(view, actions)
    if phase == "pace":
        return {"type": "pace", "push": choose_pace(view)}
    if phase == "dice":
        return {"type": "dice_card", "use": choose_dice(view)}
    if phase == "track":
        return choose_track(view, actions)
    if phase == "opening":
        return choose_open(view, actions)
    return rng.choice(actions)


__all__ = ["choose_action", "TRACK_COUNT"]
