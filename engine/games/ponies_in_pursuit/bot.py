"""A sensible Ponies in Pursuit bot, deciding from its own view only.

For each open pony the bot estimates the chance it finishes in the rounds
left (the others' pace so far plus its own pushes) and the place it would
likely take. Each card of a candidate submission then goes to its better use:
a bet when the expected payout beats the expected penalty (PIP-15/PIP-16), a
move when it pushes a pony the bot has money on. A pony that cannot finish
even if every card of its colour still possibly held pushed it gets no stake
at all. Spying (PIP-19) is used while garnets allow and rounds remain: the
spied cards are cards that player no longer holds, tightening that bound.

Measured against random legal players: bench/pip_bot.py, bench/RESULTS-pip.md.
"""

from __future__ import annotations

import math
import random
from typing import Any

from .cards import CARDS, DISTANCE, PONIES, STARTING_HAND, WILD, colour_of, value_of
from .scoring import PAYOUT, PENALTY_PER_CARD
from .submissions import play_colour, play_value

View = dict[str, Any]
OWN_PUSH = 0.6  # share of its own cards of a colour the bot expects to move that pony with
SPREAD = (1.0, 0.5)  # uncertainty of the finish estimate: a + b * sqrt(rounds left * seats)
COLOUR_TOTAL = {c: sum(value_of(k) for k in STARTING_HAND if colour_of(k) == c) for c in PONIES}


def choose(view: View, actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    spies = [a for a in actions if a["type"] == "spy"]
    submits = [a for a in actions if a["type"] == "submit"]
    target = spy_target(view, spies)
    if target is not None:
        return target
    if not submits:
        return spies[0] if spies else rng.choice(actions)
    outlook = pony_outlook(view)
    best = max(submit_value(a["cards"], view, outlook) for a in submits)
    top = [a for a in submits if submit_value(a["cards"], view, outlook) >= best - 1e-9]
    return rng.choice(top)


def spy_target(view: View, spies: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Spy when it can still change later decisions: not in the last round, before submitting."""
    if not spies or view["round"] >= view["rounds"] or view["submission"] is not None:
        return None
    sizes = view["hand_sizes"]
    return max(spies, key=lambda a: (sizes[a["target"]], -a["target"]))


def possible_cards(view: View, seat: int) -> list[str]:
    """Cards another `seat` may still hold: the start minus what spying showed it played."""
    cards = [c for c in STARTING_HAND if colour_of(c) not in view["finish_order"]]
    for report in view["spy_results"]:
        if report["target"] != seat:
            continue
        for seen in report["cards"]:
            if seen["card"] in cards:
                cards.remove(seen["card"])
    return cards


def max_push(cards: list[str], colour: str, rounds_left: int, hand_size: int) -> int:
    """The most one seat can move `colour`: one card of a colour per round (PIP-5)."""
    values = sorted((value_of(c) for c in cards if c == WILD or colour_of(c) == colour), reverse=True)
    return sum(values[: min(rounds_left, hand_size)])


def pony_outlook(view: View) -> dict[str, dict[str, float]]:
    """Per open pony: chance to finish (`p`) and expected payout multiplier (`mult`)."""
    rounds_left = view["rounds"] - view["round"] + 1
    seats = view["seats"]
    history = view["history"]
    outlook: dict[str, dict[str, float]] = {}
    speeds = {}
    for pony in view["ponies"]:
        colour = pony["colour"]
        if pony["place"] is not None:
            continue
        left = DISTANCE[colour] - pony["position"]
        prior = (seats - 1) * COLOUR_TOTAL[colour] / 12
        seen = sum(h["moves"][colour] for h in history)
        rate = (prior * 2 + seen) / (2 + len(history))
        mine = max_push(view["hand"], colour, rounds_left, len(view["hand"]))
        ceiling = mine + sum(
            max_push(possible_cards(view, s), colour, rounds_left, view["hand_sizes"][s])
            for s in range(seats)
            if s != view["you"]
        )
        expected = rate * rounds_left + OWN_PUSH * mine
        if ceiling < left:
            p = 0.0
        else:
            scale = SPREAD[0] + SPREAD[1] * math.sqrt(rounds_left * seats)
            p = 1 / (1 + math.exp(-(expected - left) / scale))
        speeds[colour] = left / max(expected / rounds_left, 0.1)
        outlook[colour] = {"p": p, "left": left}
    done = len(view["finish_order"])
    for place, colour in enumerate(sorted(speeds, key=lambda c: (speeds[c], -DISTANCE[c]))):
        outlook[colour]["mult"] = float(PAYOUT[min(done + place, len(PAYOUT) - 1)])
    return outlook


def card_value(play: dict[str, Any], view: View, outlook: dict[str, dict[str, float]]) -> float:
    colour, value = play_colour(play), play_value(play)
    info = outlook.get(colour)
    if info is None:
        return -10.0
    if play["use"] == "bet":
        return info["p"] * value * info["mult"] - (1 - info["p"]) * PENALTY_PER_CARD
    at_stake = view["stakes"][colour] * info["mult"] + PENALTY_PER_CARD * view["bet_cards"][colour]
    return value / max(info["left"], 1) * at_stake * max(info["p"], 0.2) + 0.01 * value


def submit_value(cards: list[dict[str, Any]], view: View, outlook: dict[str, dict[str, float]]) -> float:
    total = sum(card_value(p, view, outlook) for p in cards)
    # Keep the Wild for later unless it earns its place; spend cheap cards first otherwise.
    keep = sum(0.05 * CARDS[p["card"]][1] + (0.1 if p["card"] == WILD else 0) for p in cards)
    return total - keep
