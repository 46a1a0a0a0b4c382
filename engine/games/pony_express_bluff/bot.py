"""A bot that plays Pony Express: Dice and Bluff from its own view only.

- Rolls: re-rolls toward the biggest group it holds (kept dice shown, new dice
  under the cup, which keeps bluffs open) while a re-roll is worth its price.
- Claims: weighs every hand by where it would land (progress, mines, relays,
  stations it can pay, saloons and Indians to avoid, Sacramento) and by the
  chance an eligible rider calls it: truthfully when the truth lands well,
  a bluff when the open dice make it believable.
- Odds: the chance of each hand is computed by enumerating the dice others
  cannot see, given the dice they have seen, a Marked Die played out of sight
  (a wild die) and the number of re-rolls under the cup (more tries).
- Calls: a claim the open dice settle (true or false whatever the hidden dice
  are) is believed or called outright; so is one seen through a Spyglass.
  Otherwise Bayes over the roller's possible hands (those odds) and the claim
  it would make holding each (modelled on this bot's own claim values from the
  roller's position and record), mapped to the truth rate measured in bot-only
  games (CALIBRATION) and blended with the roller's public record of called
  claims; it calls when the expected gain beats the risk of jail, with a mixed
  strategy so a believable bluff is never entirely safe.
- Corners (PEB-20): as the arriving duellist, takes the corner whose line to the
  opponent is clearer of bystanders than the opponent's line back.
- Shots: picks the line that best hits the target while avoiding bystanders
  (small Monte Carlo over the published noise), then throws it with its own
  human-like error.
- Items: keeps the most useful cards, Marked Die to upgrade a hand, Horseshoe
  for a wanted re-roll, Steady Hand in rich duels and the final duel,
  Sarsaparilla at saloons, Fresh Horse always, Train Pass at stations.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from itertools import pairwise, product
from typing import Any

from . import shots
from .board import NEXT_STATION, SACRAMENTO, STATIONS, space_kind
from .hands import CATEGORY, CLAIMABLE, FACES, RANK, hand_of, move_value

Action = dict[str, Any]
View = dict[str, Any]

ITEM_VALUE = {
    "marked_die": 6,
    "lucky_horseshoe": 4,
    "steady_hand": 4,
    "sheriffs_pardon": 4,
    "fresh_horse": 3,
    "spyglass": 3,
    "bulletproof_vest": 3,
    "train_pass": 2,
    "sarsaparilla": 2,
}
JAIL_COST = 5.0  # a lost turn, in spaces
BOT_AIM_SIGMA = 0.5  # the bot's own (human-like) aiming error, degrees
BOT_POWER_SIGMA = 0.04


@lru_cache(maxsize=4096)
def hand_odds(known: tuple[str, ...], unknown: int) -> dict[str, float]:
    """P(hand) over every face of the `unknown` dice, given the `known` faces."""
    counts: Counter[Any] = Counter()
    for rest in product(FACES, repeat=unknown):
        counts[hand_of(list(known) + list(rest))] += 1
    total = 6**unknown
    return {hand: n / total for hand, n in counts.items()}


@lru_cache(maxsize=4096)
def hand_odds_wild(known: tuple[str, ...], unknown: int) -> dict[str, float]:
    """As hand_odds, with one more die set by a Marked Die to whatever face suits the hand."""
    counts: Counter[Any] = Counter()
    for rest in product(FACES, repeat=unknown):
        reachable = {hand_of(list(known) + list(rest) + [face]) for face in FACES}
        for hand in reachable:
            counts[hand] += 1
    total = 6**unknown
    return {hand: n / total for hand, n in counts.items()}


def public_odds(known: list[str | None], marked: bool = False, tries: int = 1) -> dict[str, float]:
    """The chance of each hand as others see it: known faces, a Marked Die played on a hidden
    die (wild), and `tries` rolls of the hidden dice (the roller stops when it likes the result)."""
    seen = tuple(sorted(k for k in known if k is not None))
    unknown = 5 - len(seen)
    if marked and unknown:
        odds = hand_odds_wild(seen, unknown - 1)
    else:
        odds = hand_odds(seen, unknown)
    if tries <= 1:
        return odds
    return {hand: 1 - (1 - p) ** tries for hand, p in odds.items()}


def turn_odds(view: View, known: list[str | None] | None = None) -> dict[str, float]:
    """public_odds for the current roll, from the turn's public record in the view (re-rolls under
    the cup, a Marked Die set on a die still out of sight)."""
    dice = view["dice"]
    marked = any(dice["known"][i] is None for i in dice["marked_unseen"])
    hidden_rerolls = sum(1 for step in dice["history"] if step["mode"] == "cup")
    return public_odds(dice["known"] if known is None else known, marked, 1 + hidden_rerolls)


TRUTH_RATE = 0.7  # how often a rider holding a hand claims it
BLUFF_RATE = 0.35  # how often a rider not holding a hand claims it anyway


CLAIM_TEMPERATURE = 1.0  # how noisy the modelled roller's choice of claim is
PRIOR_WEIGHT = 3.0  # how many called claims the model's estimate counts for


def call_worth(claim: str, p_roll: float, record: tuple[int, int] = (0, 0)) -> float:
    """Expected gain (in spaces) of calling a claim whose dice make it with probability p_roll.

    The claim itself is evidence: a rider who holds a hand usually claims it, so
    the chance it is true is p_roll weighed against the chance of a bluff."""
    truthful = p_roll * TRUTH_RATE
    p = truthful / (truthful + (1 - p_roll) * BLUFF_RATE) if truthful else 0.0
    return worth_of_call(claim, p, record)


def worth_of_call(claim: str, p_true: float, record: tuple[int, int]) -> float:
    """Expected gain of calling, the chance of truth blended with the roller's public record of
    called claims (truthful, bluffs): riders caught bluffing get called more, honest ones less."""
    honest, bluffs = record
    p = (p_true * PRIOR_WEIGHT + honest) / (PRIOR_WEIGHT + honest + bluffs)
    return (1 - p) * move_value(claim) * 1.3 - p * JAIL_COST


def call_chance(worth: float) -> float:
    """How often a claimer expects a call worth this much to come (its model of any caller):
    clearly good calls almost always, doubtful ones now and then."""
    return min(0.97, max(0.03, 0.5 + worth / 5.0))


def answer_call_chance(worth: float) -> float:
    """The bot's own mixed strategy as a caller: clearly good calls almost always, doubtful ones
    now and then (so a believable bluff is never entirely safe), clearly bad ones very rarely."""
    return min(0.97, max(0.01, 0.5 + worth / 4.0))


def call_record(view: View, seat: int) -> tuple[int, int]:
    """The public record of `seat`'s called claims: (truthful, bluffs)."""
    record = view["call_record"][seat]
    return record["truthful"], record["bluffs"]


def choose(view: View, legal: list[Action], rng: random.Random) -> Action:
    phase = view["phase"]
    handler: Callable[[View, list[Action], random.Random], Action | None] | None = {
        "draft": _keep_card,
        "relay": _keep_card,
        "jail": _jail,
        "dice": _dice,
        "call": _call,
        "bluff_move": lambda v, a, r: {"type": "advance"},
        "duel": _shoot,
        "final_duel": _shoot,
        "indians": _shoot,
        "train": _train,
        "saloon": lambda v, a, r: _first(a, "play_item") or {"type": "drink"},
        "end": lambda v, a, r: _first(a, "play_item") or {"type": "end_turn"},
    }.get(phase)
    action = handler(view, legal, rng) if handler else None
    return action if action is not None else legal[0]


def _first(legal: list[Action], kind: str) -> Action | None:
    return next((a for a in legal if a["type"] == kind), None)


def _keep_card(view: View, legal: list[Action], rng: random.Random) -> Action:
    offer = view["offer"] if view["phase"] == "relay" else view["draft_mine"]["offer"]
    best = max(range(len(offer)), key=lambda i: ITEM_VALUE.get(offer[i], 0))
    return {"type": "keep_item", "index": best}


def _jail(view: View, legal: list[Action], rng: random.Random) -> Action:
    if view["gold"][view["you"]] >= 6 and _first(legal, "pay_bail"):
        return {"type": "pay_bail"}
    return {"type": "jail_roll"}


def _train(view: View, legal: list[Action], rng: random.Random) -> Action:
    me = view["you"]
    for action in legal:
        if action["type"] == "ride" and action["pay"] == "pass":
            return action
    fare = STATIONS.get(view["positions"][me]) or 0
    if any(a["type"] == "ride" for a in legal) and view["gold"][me] - fare >= 1:
        return {"type": "ride", "pay": "gold"}
    return {"type": "stay"}


# --- the roll ---------------------------------------------------------------------------------


def landing_value(view: View, me: int, spaces: int) -> float:
    """How good the move is: spaces gained plus what the landing space does."""
    here = view["positions"][me]
    dest = min(SACRAMENTO, here + spaces)
    value = float(dest - here)
    if dest == SACRAMENTO:
        others_there = any(p == SACRAMENTO for s, p in enumerate(view["positions"]) if s != me)
        return value + (4.0 if others_there else 10.0)
    kind = space_kind(dest)
    gold = view["gold"][me]
    items = (view["items"] or []) if me == view["you"] else []  # others' cards are unknown
    if kind == "mine":
        value += 1.5
    elif kind == "relay":
        value += 1.0 if view["deck_count"] else 0.0
    elif kind == "saloon":
        value -= 0.2 if "sarsaparilla" in items else 1.5
    elif kind == "indians":
        value -= 1.5
    elif kind == "station" and dest in NEXT_STATION:
        fare = STATIONS[dest] or 0
        if gold >= fare or "train_pass" in items:
            value += (NEXT_STATION[dest] - dest) * 0.8 - fare * 0.4
    standing = [s for s, p in enumerate(view["positions"]) if s != me and p == dest and not view["jailed"][s]]
    if dest > 5 and len(standing) == 1:
        value += 0.25 * (math.ceil(view["gold"][standing[0]] / 2) - math.ceil(gold / 2))
    return value


def my_dice(view: View) -> list[str]:
    return [c if c is not None else t for c, t in zip(view["cup"], view["dice"]["table"], strict=True)]


def claim_values(
    view: View, seat: int, actual: str, known: list[str | None], callable_: bool
) -> dict[str, Any]:
    """What each claim is worth to `seat` holding `actual`: landing value, less the risk of a call."""
    odds = turn_odds(view, known)
    record = call_record(view, seat)
    values = {}
    for hand in CLAIMABLE:
        gain = landing_value(view, seat, move_value(hand))
        if hand == actual or not callable_:
            values[hand] = gain  # a call on the truth only jails the caller
        elif odds.get(hand, 0.0) == 0.0:
            values[hand] = -0.5 * move_value(hand)  # the open dice prove it false: it will be called
        else:
            p_call = call_chance(call_worth(hand, odds.get(hand, 0.0), record))
            values[hand] = (1 - p_call) * gain - p_call * 0.5 * move_value(hand)
    return values


def best_claim(view: View, values: list[str], known: list[str | None]) -> tuple[float, Action]:
    """The claim with the best expected value, and that value."""
    worth = claim_values(view, view["you"], hand_of(values), known, bool(view.get("would_call")))
    hand = max(CLAIMABLE, key=lambda h: worth[h])
    return worth[hand], {"type": "claim", "hand": hand}


def truth_chance(view: View, claim: str) -> float:
    """P(the claim is the roller's exact hand | what everyone saw and that it was claimed).

    Bayes over the roller's possible hands: the dice give P(hand) (turn_odds);
    the roller is modelled as choosing its claim like this bot would, softly
    (a softmax over claim values), from its own position, gold and record."""
    roller = view["active"]
    odds = turn_odds(view)
    known = view["dice"]["known"]
    weight_true = weight_all = 0.0
    for actual, p_actual in odds.items():
        worth = claim_values(view, roller, actual, known, True)
        top = max(worth.values())
        soft = {h: math.exp((v - top) / CLAIM_TEMPERATURE) for h, v in worth.items()}
        p_claim = soft[claim] / sum(soft.values())
        weight_all += p_actual * p_claim
        if actual == claim:
            weight_true += p_actual * p_claim
    return weight_true / weight_all if weight_all else 0.0


# truth_chance against how often such claims were truthful, measured over 80 seeded bot-only
# games (bench/RESULTS-peb.md): the model orders claims well but is too doubtful above 0.45.
CALIBRATION = ((0.0, 0.05), (0.25, 0.35), (0.42, 0.45), (0.5, 0.75), (0.68, 0.78), (0.72, 0.98), (1.0, 1.0))


def calibrated(chance: float) -> float:
    """truth_chance mapped to the measured truth rate (piecewise linear between CALIBRATION points)."""
    for (x0, y0), (x1, y1) in pairwise(CALIBRATION):
        if chance <= x1:
            return y0 + (y1 - y0) * (max(chance, x0) - x0) / (x1 - x0)
    return 1.0


def keep_plan(values: list[str]) -> list[int]:
    """Dice to keep: the biggest group (highest rank on ties), or a straight draw."""
    counts = Counter(values)
    top_face, top_n = max(counts.items(), key=lambda item: (item[1], RANK[item[0]]))
    if top_n == 1:
        distinct = [i for i, v in enumerate(values) if v in ("10", "J", "Q", "K")]
        seen, keep = set(), []
        for i in distinct:
            if values[i] not in seen:
                seen.add(values[i])
                keep.append(i)
        return keep or [0]
    if top_n == 5:
        return [0, 1, 2, 3]
    pairs = [face for face, n in counts.items() if n >= 2]
    return (
        [i for i, v in enumerate(values) if v in pairs]
        if top_n == 2
        else [i for i, v in enumerate(values) if v == top_face]
    )


def reroll_gain(
    view: View, values: list[str], keep: list[int], rng: random.Random, samples: int = 24
) -> float:
    """Monte Carlo: expected best claim value after re-rolling the others under the cup."""
    total = 0.0
    for _ in range(samples):
        new = [v if i in keep else rng.choice(FACES) for i, v in enumerate(values)]
        known = [v if i in keep else None for i, v in enumerate(values)]
        total += best_claim(view, new, known)[0]
    return total / samples


def _dice(view: View, legal: list[Action], rng: random.Random) -> Action:
    me = view["you"]
    dice = view["dice"]
    values = my_dice(view)
    marked = _marked_die(view, legal, values)
    if marked:
        return marked
    now, claim = best_claim(view, values, dice["known"])
    rerolls = len(dice["history"])
    free = dice["free_rerolls"] > 0
    price = 0 if free else dice["reroll_price"]
    if rerolls < 3 and (free or view["gold"][me] - price >= 1 or "lucky_horseshoe" in (view["items"] or [])):
        keep = keep_plan(values)
        after = reroll_gain(view, values, keep, rng)
        if after - price * 0.6 > now + 0.4:
            horseshoe = {"type": "play_item", "item": "lucky_horseshoe"}
            if not free and horseshoe in legal:
                return horseshoe  # a free re-roll instead of paying
            if any(a["type"] == "reroll" for a in legal):
                return {"type": "reroll", "keep": keep, "mode": "cup"}
    return claim


def _marked_die(view: View, legal: list[Action], values: list[str]) -> Action | None:
    if {"type": "play_item", "item": "marked_die", "die": 0, "face": "A"} not in legal:
        return None
    current = CATEGORY[hand_of(values)]
    best = None
    for i in range(5):
        for face in FACES:
            trial = list(values)
            trial[i] = face
            gain = CATEGORY[hand_of(trial)] - current
            hidden_bonus = 0.5 if view["dice"]["under_cup"][i] else 0.0
            if gain >= 1 and (best is None or gain + hidden_bonus > best[0]):
                best = (
                    gain + hidden_bonus,
                    {"type": "play_item", "item": "marked_die", "die": i, "face": face},
                )
    return best[1] if best and best[0] >= 2 else None


# --- calling ------------------------------------------------------------------------------


def settled_by_open_dice(dice: dict[str, Any], claim: str) -> bool | None:
    """True / False when the dice everyone has seen prove the claim true / false whatever the
    dice out of sight are (a die's last public face is its face until it is re-rolled or marked
    out of sight, which clears it); None when the hidden dice decide."""
    seen = tuple(sorted(face for face in dice["known"] if face is not None))
    p = hand_odds(seen, 5 - len(seen)).get(claim, 0.0)
    return True if p == 1.0 else False if p == 0.0 else None


def _call(view: View, legal: list[Action], rng: random.Random) -> Action:
    claim = view["claim"]["hand"]
    can_answer = _first(legal, "believe") is not None
    dice = view["dice"]
    if view["cup"] is not None:  # Spyglass: we know
        truth = hand_of(my_dice(view)) == claim
        if can_answer:
            return {"type": "believe"} if truth else {"type": "call"}
    settled = settled_by_open_dice(dice, claim)
    if settled is not None and can_answer:  # the open dice prove it: never call the truth
        return {"type": "believe"} if settled else {"type": "call"}
    spy = {"type": "play_item", "item": "spyglass"}
    if spy in legal and can_answer and move_value(claim) >= 3:
        return spy
    if not can_answer:
        return spy if spy in legal else legal[0]
    truth = calibrated(truth_chance(view, claim))
    worth = worth_of_call(claim, truth, call_record(view, view["active"]))
    if view["positions"][view["active"]] + move_value(claim) >= SACRAMENTO:
        worth += 3.0  # stop a rider reaching Sacramento
    return {"type": "call"} if rng.random() < answer_call_chance(worth) else {"type": "believe"}


# --- shots --------------------------------------------------------------------------------


def _stand(view: View, rng: random.Random) -> Action:
    """PEB-20: take the corner from which our line to the opponent is clearer than theirs to us
    (bystanders near a corner block the shooter standing there more than the one facing it)."""
    fight = view["fight"]
    corners = [tuple(xy) for xy in view["board"]["duel_corners"]]
    bystanders = [(t["label"], tuple(t["xy"])) for t in fight["targets"][1:]]

    def clear_line(start: tuple[float, float], target: tuple[float, float]) -> float:
        base = shots.aim_at(start, target, overshoot=1.25)
        marks = [(["rider", -1], target), *bystanders]
        sigma = shots.AIM_SIGMA_DEG
        return max(
            _score_line("duel", start, base["angle"] + offset, base["power"], marks, sigma, rng, 16)
            for offset in (-2.0, -1.0, 0.0, 1.0, 2.0)
        )

    def edge(mine: int) -> float:
        return clear_line(corners[mine], corners[1 - mine]) - clear_line(corners[1 - mine], corners[mine])

    return {"type": "stand", "corner": max((0, 1), key=edge)}


def _shoot(view: View, legal: list[Action], rng: random.Random) -> Action:
    fight = view["fight"]
    if _first(legal, "stand"):
        return _stand(view, rng)
    steady = {"type": "play_item", "item": "steady_hand"}
    if steady in legal and not view["steady"]:
        if fight["kind"] == "final" or (fight["kind"] == "duel" and max(view["gold"]) >= 4):
            return steady
    if not any("angle" in a for a in legal):
        return _first(legal, "shoot") or legal[0]
    start = tuple(fight["start"])
    marks = [(t["label"], tuple(t["xy"])) for t in fight["targets"]]
    goal = marks[0][1] if fight["kind"] != "indians" else _camp_centre(marks)
    base = shots.aim_at(start, goal, overshoot=1.25)
    sigma = 0.0 if view["steady"] else shots.AIM_SIGMA_DEG
    best = None
    for offset in [x * 0.5 for x in range(-8, 9)]:
        angle = base["angle"] + offset
        score = _score_line(fight["kind"], start, angle, base["power"], marks, sigma, rng)
        if best is None or score > best[0]:
            best = (score, angle)
    assert best is not None
    angle = best[1] + rng.gauss(0.0, BOT_AIM_SIGMA)
    power = min(100.0, base["power"] * (1.0 + rng.gauss(0.0, BOT_POWER_SIGMA)))
    return {"type": "shoot", "angle": round(angle % 360.0, 2), "power": round(max(0.0, power), 2)}


def _camp_centre(marks: list[Any]) -> tuple[float, float]:
    camp = [xy for label, xy in marks if label[0] == "indian"]
    return (sum(x for x, _ in camp) / len(camp), sum(y for _, y in camp) / len(camp))


def _score_line(
    kind: str,
    start: tuple[float, float],
    angle: float,
    power: float,
    marks: list[Any],
    sigma: float,
    rng: random.Random,
    samples: int = 40,
) -> float:
    total = 0.0
    for _ in range(samples):
        a = angle + rng.gauss(0.0, math.hypot(sigma, BOT_AIM_SIGMA))
        path = shots.trace(start, a, power, marks)
        crossed = path["touched"]
        if kind == "indians":
            value = 0.0
            for label in crossed:
                if label[0] == "rider":
                    value -= 5.0
                    break
                value += 2.0 * (1 - shots.HOP)
            total += value
        elif crossed:
            first = crossed[0]
            total += 1.0 if first == marks[0][0] else -2.5
    return total / samples
