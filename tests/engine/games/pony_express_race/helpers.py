"""Builders for Pony Express test situations."""

from __future__ import annotations

import random
from itertools import count
from typing import Any

import engine
from engine.games.pony_express_race import race
from engine.rng import Rng

GAME = "pony_express_race"


def fresh(seats: int = 2, seed: int = 1, **options: Any) -> dict[str, Any]:
    return engine.setup(GAME, options or None, seats, seed)


def force_rolls(state: dict[str, Any], rolls: list[int]) -> None:
    """Reseed the state so its next d10 draws are exactly `rolls`."""
    for seed in count():
        if all(random.Random(f"{seed}:{i}").randint(1, 10) == r for i, r in enumerate(rolls)):
            state["rng"] = {"seed": seed, "draws": 0}
            return


def race_state(
    seats: int = 2,
    horse_cards: list[list[str]] | None = None,
    owners: list[int | None] | None = None,
    positions: list[int] | None = None,
    track: int = 1,
    movement: str = "standard",
    rolls: list[int] | None = None,
    seed: int = 1,
    piles: dict[int, list[str]] | None = None,
    places: list[int] | None = None,
    dice_card: list[bool] | None = None,
    played: dict[int, list[str]] | None = None,
    track_of: list[int] | None = None,
) -> dict[str, Any]:
    """A race about to give track `track`'s horse its turn; horse h runs on track h + 1 unless
    `track_of` allocates the tracks otherwise."""
    state = fresh(seats, seed, movement=movement)
    owners = owners if owners is not None else [h % seats for h in range(7)]
    cards = horse_cards or [["black-5", "black-6", "black-7", "red-8", "blue-9", "yellow-4"]] * 7
    state["hands"] = [[] for _ in range(seats)]
    state["leftover"] = []
    state["bets"] = [[0] * 7 for _ in range(seats)]
    for horse, owner in enumerate(owners):
        state["horses"][horse]["cards"] = list(cards[horse])
        if owner is not None:
            state["bets"][owner][horse] = 3
    state["chips"] = [0] * seats
    state["round"] = 6
    state["owners"] = list(owners)
    state["track_of"] = list(track_of) if track_of else [h + 1 for h in range(7)]
    race.start_race(state, Rng(state["rng"]))
    if positions:
        state["race"]["pos"] = list(positions)
    state["race"]["track"] = track
    for horse, pile in (piles or {}).items():
        state["race"]["hand"][horse] = list(pile)
    for horse, pile in (played or {}).items():
        state["race"]["played"][horse] = list(pile)
    state["places"] = list(places or [])
    if dice_card is not None:
        state["dice_card"] = list(dice_card)
    if rolls is not None:
        force_rolls(state, rolls)
    race.run_until_decision(state, Rng(state["rng"]))
    return state


def act(state: dict[str, Any], action: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    if seat is None:
        seat = engine.to_act(state)[0]
    return engine.apply(state, seat, action)


def events(state: dict[str, Any], name: str) -> list[dict[str, Any]]:
    return [e for e in state["log"] if e["e"] == name]


def last_play(
    seats: int = 2,
    rows: list[int] | None = None,
    bets: list[list[int]] | None = None,
    cards: list[list[str]] | None = None,
    seed: int = 1,
    **options: Any,
) -> dict[str, Any]:
    """Stage 1 one card from its end: seat 0 holds "black-5" and Green has room for it."""
    state = fresh(seats, seed, **options)
    rows = rows or [1, 2, 3, 4, 5, 6, 7]
    cards = cards or [["black-5"] * 6 for _ in range(7)]
    for horse in range(7):
        state["horses"][horse] = {"cards": list(cards[horse]), "row": rows[horse]}
    state["horses"][6]["cards"] = state["horses"][6]["cards"][:5]
    state["hands"] = [["black-5"]] + [[] for _ in range(seats - 1)]
    state["leftover"] = []
    state["bets"] = bets or [[3, 0, 0, 0, 0, 0, 0]] + [[0, 3, 0, 0, 0, 0, 0] for _ in range(seats - 1)]
    state["chips"] = [15 - sum(b) for b in state["bets"]]
    state["round"], state["turn"], state["phase"] = 6, 0, "play"
    return state


def finish_stage_one(state: dict[str, Any]) -> dict[str, Any]:
    return act(state, {"type": "play", "card": "black-5", "horse": 6}, seat=0)
