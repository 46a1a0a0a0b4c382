"""Odds and Riders' determinization: the race cards are redealt horse by horse.

The generic redeal (determinize.redeal) would pool every ridden horse's cards, so one horse
could be sampled holding another's. Each horse's own cards are public (its row of the
table), as are how many it holds and has played, so a ridden horse's cards are redealt from
its own public list into its hand and played pile (and its past rides in the history); a
greenhorn's pile is shuffled again. The card of a ride under way is drawn again
among that horse's cards with what the ride has shown everyone so far: with the alternative
movement, its value (a Move-Up to the horse ahead ends the ride at once, so a ride under way
was not one; the colour bonus, PER-21, shows only when the horse moves, so it is drawn with
the card).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.games.pony_express_race.cards import value_of
from engine.games.pony_express_race.race import colour_bonus
from engine.hidden import HiddenInfo

from .redeal import redeal

State = dict[str, Any]
RACE_DEAL = ("race.hand", "race.played", "race.history")


def resample(hidden: HiddenInfo, state: State, rng: random.Random) -> None:
    redeal(hidden, state, rng, skip=RACE_DEAL)
    race = state.get("race")
    if not race or state["phase"] == "over":
        return
    for horse, owner in enumerate(state["owners"]):
        hand, played = race["hand"][horse], race["played"][horse]
        if owner is None:  # PER-27: the greenhorn's pile, turned from the top, its order unseen
            pile = sorted((Counter(state["horses"][horse]["cards"]) - Counter(played)).elements())
            rng.shuffle(pile)
            race["hand"][horse] = pile[: len(hand)]
            continue
        pool = sorted(state["horses"][horse]["cards"])
        rng.shuffle(pool)
        race["hand"][horse] = sorted(pool[: len(hand)])
        race["played"][horse] = pool[len(hand) :][: len(played)]
    for entry in race["history"]:  # a ridden horse's past cards: only its rider saw them
        if state["owners"][entry["horse"]] is not None:
            entry["card"] = rng.choice(sorted(state["horses"][entry["horse"]]["cards"]))
    turn = race["turn"]
    if turn and turn.get("card") is not None and state["owners"][turn["horse"]] is not None:
        turn["card"] = _ridden_card(state, turn, rng)
        if "bonus" in turn:
            turn["bonus"] = colour_bonus(state, turn["horse"], turn["card"])


def _ridden_card(state: State, turn: dict[str, Any], rng: random.Random) -> str:
    horse, card = turn["horse"], turn["card"]
    alternative = state["options"]["movement"] == "alternative"

    def looks_alike(other: str) -> bool:
        return not alternative or value_of(other) == value_of(card)

    candidates = sorted({c for c in state["horses"][horse]["cards"] if looks_alike(c)})
    return rng.choice(candidates)
