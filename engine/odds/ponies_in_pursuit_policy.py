"""Ponies in Pursuit's playout policy: the bots' shape (engine/games/ponies_in_pursuit/bot.py,
measured on their games), made cheap.

Bots open by moving (round 1: every card a move), bet once the race has shown which ponies
run (round 2: nearly every card a bet, the 2s first), then push home the ponies they have
money on (later rounds: nearly every card a move, a bet only on a pony one step from home).
This policy plays that shape from the playout's state (a redrawn one, engine/odds): a seat
with no stake yet bets two cards from the second round on, the higher values on the ponies
nearest home; otherwise it moves, its staked ponies first (largest stake), then those nearest
home; the Wild counts as its best such pony. It never spies (garnets do not score).
"""

from __future__ import annotations

import random
from typing import Any

from engine.games.ponies_in_pursuit.cards import CARD_ORDER, DISTANCE, PONIES, WILD, colour_of, value_of
from engine.games.ponies_in_pursuit.submissions import can_play_two

State = dict[str, Any]
Action = dict[str, Any]
NOISE = 0.6  # random spread added to each card's score, so the playouts do not all agree
LATE_BET = 0.3  # chance a card of a pony one step from home is bet rather than moved


def choose(state: State, seat: int, rng: random.Random) -> Action | None:
    hand, finished = state["hands"][seat], state["finish_order"]
    if state["over"] or seat not in state["sub"]["awaited"] or not hand:
        return None
    open_ponies = [p for p, c in enumerate(PONIES) if c not in finished]
    if not open_ponies:
        return None
    stakes = state["stakes"][seat]
    # Nearness to home: 1 at the line, lower for a long way to go.
    near = {p: 1 - (DISTANCE[PONIES[p]] - state["positions"][p]) / DISTANCE[PONIES[p]] for p in open_ponies}
    betting = state["round"] >= 2 and not any(state["bet_cards"][seat])

    def score(pony: int, value: int) -> float:
        if betting:
            return value * (1 + near[pony]) + rng.random() * NOISE
        return stakes[pony] + near[pony] + rng.random() * NOISE

    wild_pony = max(open_ponies, key=lambda p: score(p, 1))

    def card_score(card: str) -> float:
        if card == WILD:
            return score(wild_pony, 1)
        return score(PONIES.index(colour_of(card) or ""), value_of(card))

    kinds = dict.fromkeys(c for c in CARD_ORDER if c in hand)
    ranked = sorted(((card_score(card), card) for card in kinds), reverse=True)
    use = "bet" if betting else "move"
    plays: list[dict[str, Any]] = []
    colours: list[str] = []
    two = can_play_two(hand, finished)
    for _, card in ranked:
        if card == WILD:
            options = [p for p in open_ponies if PONIES[p] not in colours]
            if not options:
                continue
            colour = PONIES[max(options, key=lambda p: score(p, 1))]
            plays.append({"card": WILD, "as": colour, "use": use})
        else:
            colour = colour_of(card) or ""
            if colour in colours:
                continue
            one_step = DISTANCE[colour] - state["positions"][PONIES.index(colour)] <= 1
            late_bet = one_step and rng.random() < LATE_BET
            plays.append({"card": card, "use": "bet" if betting or late_bet else use})
        colours.append(colour)
        if len(plays) == (2 if two else 1):
            break
    if not plays:
        return None
    if len(plays) == 2 and plays[0]["card"] == WILD:
        plays.reverse()
    return {"type": "submit", "cards": plays}
