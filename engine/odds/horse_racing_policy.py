"""Horse Racing's playout policy: the bots' shape (engine/games/horse_racing/bot.py), made cheap.

From the playout's state only (a redrawn one, engine/odds):
- draft: keep the card worth most by the board's odds (HR-2, the bot's cached table): a horse
  by its win chance less the scratch antes it may cost, a little less for each copy already
  kept; a Joker for the step it buys; a King or an Ace for the antes it may dodge;
- race: roll an advantage die when holding one; of the dice pairs, move the horse this seat
  holds most cards of (never a scratched one when another pair is open); dodge an ante of two
  bases with a King, three with an Ace; play each Joker at once, one step on for the horse it
  holds most of, else one step back for the horse nearest home.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from engine.games.horse_racing.cards import ACE, JOKER, KING, horse_of
from engine.games.horse_racing.odds import board_odds
from engine.games.horse_racing.race import PAIRS

State = dict[str, Any]
Action = dict[str, Any]
ODDS_RACES = 20_000  # the bot's table (engine/games/horse_racing/bot.py), shared with it
POT = 20.0  # a race pot, in base antes, for weighing a horse card's win against its scratch cost
NOISE = 0.3


@lru_cache(maxsize=64)
def card_values(board: tuple[int, ...]) -> dict[str, float]:
    """A card's worth when drafted, in base antes (the bot's table, summarised)."""
    odds = board_odds(list(board), ODDS_RACES, 1)
    values = {JOKER: 4.0, KING: 1.0, ACE: 1.0}
    for horse in range(2, 13):
        scratch = sum(p * (pos + 1) for pos, p in enumerate(odds["scratch"][str(horse)]))
        card = {11: "J", 12: "Q"}.get(horse, str(horse))
        values[card] = odds["win"][str(horse)] * POT - scratch
    return values


def choose(state: State, seat: int, rng: random.Random) -> Action | None:
    phase = state["phase"]
    if phase == "draft":
        return _pick(state, seat, rng)
    if phase != "race":
        return None
    turn, hand = state["turn"], state["hands"][seat]
    if turn["step"] == "roll":
        return {"type": "roll", "advantage": True} if state["advantage"][seat] > 0 else {"type": "roll"}
    if turn["step"] == "choose":
        return _pair(state, hand, turn["dice"])
    if state["debt"]:
        amount, base = state["debt"]["amount"], state["options"]["base_ante"]
        if ACE in hand and amount >= 3 * base:
            return {"type": "ace"}
        if KING in hand and amount >= 2 * base:
            return {"type": "king", "to": "left" if rng.random() < 0.5 else "right"}
        return {"type": "pay"}
    if JOKER in hand and not turn["king_or_ace"]:
        return _joker(state, hand)
    return {"type": "end_turn"}


def _pick(state: State, seat: int, rng: random.Random) -> Action | None:
    packet = state["packets"][seat]
    if not packet or state["picks"] is None:
        return None
    values = card_values(tuple(state["board"]))
    hand = state["hands"][seat]

    def worth(card: str) -> float:
        return values[card] * 0.7 ** hand.count(card) + rng.random() * NOISE

    return {"type": "pick", "card": max(dict.fromkeys(packet), key=worth)}


def _held(hand: list[str]) -> list[int]:
    held = [0] * 11
    for card in hand:
        horse = horse_of(card)
        if horse is not None:
            held[horse - 2] += 1
    return held


def _pair(state: State, hand: list[str], dice: list[int]) -> Action:
    held = _held(hand)

    def worth(k: int) -> tuple[int, int]:
        index = dice[PAIRS[k][0]] + dice[PAIRS[k][1]] - 2
        return (-state["scratched"][index], held[index])

    return {"type": "choose", "dice": list(PAIRS[max(range(len(PAIRS)), key=worth)])}


def _joker(state: State, hand: list[str]) -> Action:
    held = _held(hand)
    racing = [i for i in range(11) if not state["scratched"][i]]
    mine = [i for i in racing if held[i]]
    if mine:
        best = max(mine, key=lambda i: (held[i], state["positions"][i] - state["board"][i]))
        return {"type": "joker", "horse": best + 2, "move": 1}
    back = [i for i in racing if state["positions"][i] > 0]
    if back:
        best = min(back, key=lambda i: state["board"][i] - state["positions"][i])
        return {"type": "joker", "horse": best + 2, "move": -1}
    return {"type": "joker", "horse": racing[0] + 2, "move": 1}
