"""The estimate itself: a fixed number of playouts, seeded from the public record."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Any

import orjson

from engine import api

from .determinize import determinize
from .playout import play_out

State = dict[str, Any]

# Playouts per update, per game: a fixed count (never a time budget, which would make the
# numbers depend on the machine's load). Random legal play costs 2-7 ms per whole game on
# one core (bench/RESULTS-odds.md), so an update costs well under half a second of CPU.
PLAYOUTS: dict[str, int] = {
    "ponies_in_pursuit": 96,
    "horse_racing": 96,
    "pony_express_bluff": 64,
    "pony_express_race": 64,
}
DEFAULT_PLAYOUTS = 64


@dataclass(frozen=True)
class Odds:
    """Each contender's chance to win (keys: seat numbers as strings; they sum to 1)."""

    chances: dict[str, float]
    playouts: int

    def to_json(self) -> dict[str, Any]:
        return {"chances": dict(self.chances), "playouts": self.playouts}


def public_seed(state: State) -> int:
    """A seed from the spectator's view alone: equal public records, equal seeds."""
    seen = api.view(state, None, with_log=False)
    digest = hashlib.blake2b(orjson.dumps(seen, option=orjson.OPT_SORT_KEYS), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


def estimate(state: State, playouts: int | None = None) -> Odds:
    """Each seat's chance to win the game, from the public record of `state` only."""
    seats = state["seats"]
    if api.is_over(state):
        return Odds(_split(api.result(state), seats), 0)
    count = playouts if playouts is not None else PLAYOUTS.get(state["game"], DEFAULT_PLAYOUTS)
    seed = public_seed(state)
    rng = random.Random(seed)
    wins = [0.0] * seats
    finished = 0
    for _ in range(count):
        sample = determinize(state, rng)
        outcome = play_out(sample, rng)
        if outcome is None:
            continue
        for key, share in _split(outcome, seats).items():
            wins[int(key)] += share
        finished += 1
    if not finished:
        return Odds({str(s): 1 / seats for s in range(seats)}, count)
    return Odds({str(s): wins[s] / finished for s in range(seats)}, count)


def _split(result: dict[str, Any] | None, seats: int) -> dict[str, float]:
    winners = list((result or {}).get("winners") or range(seats))
    return {str(s): (1 / len(winners) if s in winners else 0.0) for s in range(seats)}
