"""The Horse Racing bot: decides from its own view and legal actions only.

- Draft (HR-4): values every card by the board's odds (HR-2, cached per
  board): a horse card by its win chance times the pot share it may bring,
  less the scratch antes it may cost (HR-7); a King or Ace by how likely the
  race makes antes it can dodge (long races, likely scratched rolls) against
  its leftover cost (HR-16); a Joker by the step it will buy.
- Race: always rolls its advantage dice (one held costs an ante at the end);
  with three dice picks the pair worth most to its hand; dodges antes of 2+
  base with a King and 3+ with an Ace, any ante once the race nears its end
  (leftovers cost, HR-16); plays its Joker at once on the move that helps the
  horses it holds most (an unplayed Joker costs 4 antes).
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np

from .cards import ACE, DECKS, JOKER, KING, card_of, horse_of
from .odds import board_odds, win_chances_from

View = dict[str, Any]
Actions = list[dict[str, Any]]
ODDS_RACES = 20_000
SAMPLES = 1500
SCRATCH_WEIGHT = 1.0
JOKER_VALUE = 20.0
DODGE_WEIGHT = 1.0
JOKER_HOLD = 0.3


def choose_action(view: dict[str, Any], actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    kind = actions[0]["type"]
    if kind == "pick":
        return _draft(view, actions)
    seed = rng.getrandbits(32)  # one seed per decision: every option is scored on the same races
    if kind == "roll":
        return next((a for a in actions if a.get("advantage")), actions[0])
    if kind == "choose":
        return _choose_pair(view, actions, seed)
    if kind == "pay":
        return _answer_debt(view, actions)
    return _joker_or_end(view, actions, seed)


# ---- estimates shared by the draft and the race -------------------------------------------


def _odds(view: dict[str, Any]) -> dict[str, Any]:
    return board_odds(list(view["board"]), ODDS_RACES, 1)


def _table(view: dict[str, Any]) -> tuple[int, int, float]:
    """(seats, base ante, expected winning-horse cards held per horse by the table)."""
    seats = view["seats"]
    suits, jokers, each, _ = DECKS[seats]
    dealt_share = seats * each / (suits * 13 + jokers)
    return seats, view["options"]["base_ante"], suits * dealt_share


def _pot_estimate(view: dict[str, Any]) -> float:
    """The race pot expected at the finish: antes, scratched cards, antes owed in the race."""
    odds = _odds(view)
    seats, base, held_per_horse = _table(view)
    chance = [(6 - abs(h - 7)) / 36 for h in range(2, 13)]
    units_per_roll = sum(
        chance[i] * sum(p * (pos + 1) for pos, p in enumerate(odds["scratch"][str(i + 2)])) for i in range(11)
    )
    scratched_cards = held_per_horse * sum(
        sum(p * (pos + 1) for pos, p in enumerate(odds["scratch"][str(h)])) for h in range(2, 13)
    )
    expected = base * (seats + scratched_cards + 0.8 * odds["rolls"] * units_per_roll)
    return max(float(view["race_pot"]), expected)


def _expected_debts(view: dict[str, Any]) -> float:
    """How many scratch antes this seat should expect to owe on its own turns."""
    odds = _odds(view)
    seats = view["seats"]
    chance = [(6 - abs(h - 7)) / 36 for h in range(2, 13)]
    if any(view["scratched"]):
        scratched_roll = sum(c for c, s in zip(chance, view["scratched"], strict=True) if s)
        done = sum(view["positions"]) / max(1, sum(view["board"]))
        rolls_left = odds["rolls"] * max(0.1, 1 - done * 1.5)
    else:
        scratched_roll = sum(chance[i] * sum(odds["scratch"][str(i + 2)]) for i in range(11))
        rolls_left = odds["rolls"]
    return rolls_left / seats * scratched_roll


def _p_at_least(mean: float, k: int) -> float:
    """P(Poisson(mean) >= k)."""
    below = sum(math.exp(-mean) * mean**i / math.factorial(i) for i in range(k))
    return max(0.0, 1.0 - below)


# ---- draft ---------------------------------------------------------------------------------


def top_share(mine: int, rivals: int) -> float:
    """This seat's share of the win when its horse wins: every other copy of the horse is held by
    a rival (one card each). Holding more than all the rivals together keeps the top alone."""
    if mine == 0:
        return 0.0
    if mine > rivals:
        return 1.0
    return mine / (mine + rivals)


def _rival_copies(view: View, horse: int, hand: list[str], taking: bool) -> list[float]:
    """Chance that each copy of `horse` this seat does not hold ends in a rival's hand.

    A copy in the packet in front of this seat goes on to the others (cards in packets are all
    kept, HR-4); a copy not seen may also be among the set-aside cards (HR-3)."""
    seats = view["seats"]
    suits, jokers, each, aside = DECKS[seats]
    packet = list(view.get("packet") or [])
    if taking and card_of(horse) in packet:
        packet.remove(card_of(horse))
    mine = sum(1 for c in hand if horse_of(c) == horse) + taking
    in_packet = sum(1 for c in packet if horse_of(c) == horse)
    unseen = suits - mine - in_packet
    unseen_cards = suits * 13 + jokers - len(hand) - len(view.get("packet") or [])
    q = 1.0 - aside / max(1, unseen_cards)
    return [1.0] * in_packet + [q] * unseen


def _expected_top_share(view: View, horse: int, hand: list[str], taking: bool) -> float:
    mine = sum(1 for c in hand if horse_of(c) == horse) + taking
    chances = _rival_copies(view, horse, hand, taking)
    dist = [1.0]  # distribution of the number of rival copies
    for q in chances:
        dist = [a * (1 - q) + b * q for a, b in zip([*dist, 0.0], [0.0, *dist], strict=True)]
    return sum(p * top_share(mine, k) for k, p in enumerate(dist))


def card_value(view: dict[str, Any], card: str, hand: list[str]) -> float:
    """What keeping `card` is worth, in chips, given the cards already kept.

    A horse card: the chance its horse wins (HR-2) times how much more of the top this seat
    would hold then (the win goes to the most chips: the pot shared with fewer rivals), in
    pots, less the scratch antes it may cost (HR-7)."""
    odds = _odds(view)
    seats, base, held_per_horse = _table(view)
    horse = horse_of(card)
    if horse is not None:
        win = odds["win"][str(horse)]
        scratch_cost = sum(p * (pos + 1) * base for pos, p in enumerate(odds["scratch"][str(horse)]))
        gain = _expected_top_share(view, horse, hand, True) - _expected_top_share(view, horse, hand, False)
        return win * gain * _pot_estimate(view) - SCRATCH_WEIGHT * scratch_cost
    if card == JOKER:
        return JOKER_VALUE * base
    dodgers = sum(1 for c in hand if c in (KING, ACE))
    p_use = _p_at_least(_expected_debts(view), dodgers + 1)
    saved, cost = (3.0 * base, 3 * base) if card == ACE else (2.5 * base, 2 * base)
    return DODGE_WEIGHT * (p_use * saved - (1 - p_use) * cost)


def _draft(view: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    hand = view["hand"] or []
    return max(actions, key=lambda a: card_value(view, a["card"], hand))


# ---- race ----------------------------------------------------------------------------------


def _my_value(view: View, positions: list[int], seed: int, mover_wins: bool) -> float:
    """Expected chips this seat takes from the pots if the horses stood at `positions`."""
    hand = view["hand"] or []
    board = view["board"]
    racing = [not s for s in view["scratched"]]
    left = [max(0, b - p) for b, p in zip(board, positions, strict=True)]
    finished = [i for i in range(11) if racing[i] and left[i] == 0]
    if finished:
        win = np.zeros(11)
        win[finished[0]] = 1.0
    else:
        win = win_chances_from(left, racing, SAMPLES, np.random.default_rng(seed))
    pot = _pot_estimate(view)
    value = 0.0
    for i in range(11):
        if any(horse_of(c) == i + 2 for c in hand):
            share = _expected_top_share(view, i + 2, hand, False)
            if finished and mover_wins:
                share = 1.0  # the jockey pot (HR-17) tops a rival sharing the race pot
            value += win[i] * pot * share
    if finished and mover_wins:
        value += view["jockey_pot"]
    return value


def _near_end(view: dict[str, Any]) -> bool:
    return any(
        not s and b - p <= 2
        for b, p, s in zip(view["board"], view["positions"], view["scratched"], strict=True)
    )


def _choose_pair(view: View, actions: Actions, seed: int) -> dict[str, Any]:
    dice = view["turn"]["dice"]
    base = view["options"]["base_ante"]
    best, best_score = actions[0], -math.inf
    for action in actions:
        i, j = action["dice"]
        horse = dice[i] + dice[j]
        position = view["scratched"][horse - 2]
        if position:
            score = -position * base
        else:
            moved = list(view["positions"])
            moved[horse - 2] += 1
            score = _my_value(view, moved, seed, mover_wins=True)
        if (i, j) == (0, 1) and dice[0] == dice[1]:
            score += 0.5 * base
        if score > best_score:
            best, best_score = action, score
    return best


def _answer_debt(view: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    """HR-13/HR-14: dodge antes worth dodging; leftovers cost at the end anyway."""
    base = view["options"]["base_ante"]
    amount = view["debt"]["amount"]
    kinds = {a["type"] for a in actions}
    late = _near_end(view)
    if "ace" in kinds and (amount >= 3 * base or late):
        return {"type": "ace"}
    if "king" in kinds and (amount >= 2 * base or late):
        return {"type": "king", "to": _pass_side(view)}
    if "ace" in kinds and amount >= 2 * base and _expected_debts(view) < 1:
        return {"type": "ace"}
    return {"type": "pay"}


def _pass_side(view: dict[str, Any]) -> str:
    """Pass to the neighbour least likely to hold a King or Ace back (fewer cards), then the richer."""
    me, seats = view["you"], view["seats"]
    left, right = (me + 1) % seats, (me - 1) % seats
    sizes, chips = view["hand_sizes"], view["chips"]
    if (sizes[left], -chips[left]) <= (sizes[right], -chips[right]):
        return "left"
    return "right"


def _joker_or_end(view: View, actions: Actions, seed: int) -> dict[str, Any]:
    """HR-13: a Joker held for the move that decides the race: finishing a horse this seat holds
    (its jockey, HR-15) or holding back one it does not hold; played at once when nothing
    could be decided later (no horse of ours racing)."""
    jokers = [a for a in actions if a["type"] == "joker"]
    if not jokers:
        return {"type": "end_turn"}
    hand = view["hand"] or []
    held = {h for h in map(horse_of, hand) if h is not None}
    racing_mine = [h for h in held if not view["scratched"][h - 2]]
    win_now = win_chances_from(
        [max(0, b - p) for b, p in zip(view["board"], view["positions"], strict=True)],
        [not s for s in view["scratched"]],
        SAMPLES,
        np.random.default_rng(seed),
    )
    pot = _pot_estimate(view)
    best: dict[str, Any] = {"type": "end_turn"}
    best_score = _my_value(view, list(view["positions"]), seed, mover_wins=False)
    best_score += JOKER_HOLD * pot if racing_mine else -math.inf
    threats = sorted((h for h in range(2, 13) if h not in held), key=lambda h: -win_now[h - 2])[:3]
    candidates = [
        a
        for a in jokers
        if (a["move"] == 1 and a["horse"] in held) or (a["move"] == -1 and a["horse"] in threats)
    ]
    for action in candidates or jokers[:1]:
        moved = list(view["positions"])
        moved[action["horse"] - 2] += action["move"]
        score = _my_value(view, moved, seed, mover_wins=True)
        # With nothing of ours to help, hold back the favourite (it pays the others).
        score += 1e-3 * win_now[action["horse"] - 2] * -action["move"]
        if score > best_score:
            best, best_score = action, score
    return best
