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

from .cards import ACE, DECKS, JOKER, KING, horse_of
from .odds import board_odds, win_chances_from

View = dict[str, Any]
Actions = list[dict[str, Any]]
ODDS_RACES = 20_000
SAMPLES = 1500


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


def card_value(view: dict[str, Any], card: str, hand: list[str]) -> float:
    """What keeping `card` is worth, in chips, given the cards already kept."""
    odds = _odds(view)
    seats, base, held_per_horse = _table(view)
    horse = horse_of(card)
    if horse is not None:
        win = odds["win"][str(horse)]
        scratch_cost = sum(p * (pos + 1) * base for pos, p in enumerate(odds["scratch"][str(horse)]))
        share = _pot_estimate(view) / max(1.0, held_per_horse)
        return win * share - scratch_cost
    if card == JOKER:
        return 1.5 * base
    dodgers = sum(1 for c in hand if c in (KING, ACE))
    p_use = _p_at_least(_expected_debts(view), dodgers + 1)
    saved, cost = (3.0 * base, 3 * base) if card == ACE else (2.5 * base, 2 * base)
    return p_use * saved - (1 - p_use) * cost


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
    _, _, held_per_horse = _table(view)
    pot = _pot_estimate(view)
    value = 0.0
    for i in range(11):
        mine = sum(1 for c in hand if horse_of(c) == i + 2)
        if mine:
            value += win[i] * pot * mine / max(float(mine), held_per_horse)
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
    """HR-13: play a held Joker at once on the best move for this seat's horses."""
    jokers = [a for a in actions if a["type"] == "joker"]
    if not jokers:
        return {"type": "end_turn"}
    win_now = win_chances_from(
        [max(0, b - p) for b, p in zip(view["board"], view["positions"], strict=True)],
        [not s for s in view["scratched"]],
        SAMPLES,
        np.random.default_rng(seed),
    )
    best, best_score = jokers[0], -math.inf
    for action in jokers:
        moved = list(view["positions"])
        moved[action["horse"] - 2] += action["move"]
        score = _my_value(view, moved, seed, mover_wins=True)
        # With nothing of ours to help, hold back the favourite (it pays the others).
        score += 1e-3 * win_now[action["horse"] - 2] * -action["move"]
        if score > best_score:
            best, best_score = action, score
    return best
