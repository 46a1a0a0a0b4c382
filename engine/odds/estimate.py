"""The estimate itself: a fixed number of playouts, seeded from public constants.

Steady numbers (issue 39):
- the estimate is a function of the state with every open round's sealed submissions
  withdrawn (determinize.withdraw_sealed): who has sealed is public, what is not, and the
  playouts seal again; so a sealed submission (a pick, a keep) that does not close its round
  changes nothing the estimate reads, and the numbers stay exactly as they were;
- playout i draws its redrawn state and its play from streams of its own, seeded from the
  game, the seat count, the options and i (common random numbers): every update of a room,
  and every room with the same options, reuses the same streams, so what moves the chances
  between two updates is the game, not the sampling;
- the last estimates are memoised by the digest of that withdrawn state's public view (less
  the keys no playout reads, UNREAD): equal public records give equal numbers, and a repeated
  one costs a digest.
"""

from __future__ import annotations

import hashlib
import random
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import orjson

from engine import api

from . import horse_racing_settle
from .determinize import determinize, withdraw_sealed
from .playout import play_out

State = dict[str, Any]

# Playouts per update, per game: a fixed count (never a time budget, which would make the
# numbers depend on the machine's load); bench/RESULTS-odds.md gives their cost.
PLAYOUTS: dict[str, int] = {
    "ponies_in_pursuit": 64,
    "horse_racing": 96,
    "pony_express_bluff": 24,
    "pony_express_race": 32,
}
DEFAULT_PLAYOUTS = 64
# Public keys of a game's view that no playout reads (the policy never spies, and garnets do
# not score, PIP-20): a change of them alone cannot move the numbers, so the memo ignores it.
UNREAD: dict[str, tuple[str, ...]] = {"ponies_in_pursuit": ("garnets", "spied")}
MEMO_SIZE = 512
_memo: OrderedDict[tuple[str, int], Odds] = OrderedDict()


@dataclass(frozen=True)
class Odds:
    """Each contender's chance to win (keys: seat numbers as strings; they sum to 1)."""

    chances: dict[str, float]
    playouts: int

    def to_json(self) -> dict[str, Any]:
        return {"chances": dict(self.chances), "playouts": self.playouts}


def _digest(value: Any) -> bytes:
    return hashlib.blake2b(orjson.dumps(value, option=orjson.OPT_SORT_KEYS), digest_size=16).digest()


def public_seed(state: State) -> int:
    """A seed from the spectator's view alone: equal public records, equal seeds."""
    return int.from_bytes(_digest(api.view(state, None, with_log=False))[:8], "big")


def stream_seed(state: State) -> str:
    """The room-stable part of every playout's seed: public constants of the game (its id,
    seat count and options), the same at every update of a room."""
    return _digest([state["game"], state["seats"], state.get("options")]).hex()


def estimate(state: State, playouts: int | None = None) -> Odds:
    """Each seat's chance to win the game, from the public record of `state` only."""
    seats = state["seats"]
    if api.is_over(state):
        return Odds(_split(api.result(state), seats), 0)
    count = playouts if playouts is not None else PLAYOUTS.get(state["game"], DEFAULT_PLAYOUTS)
    base = withdraw_sealed({**state, "log": []})
    seen = api.view(base, None, with_log=False)
    for name in UNREAD.get(state["game"], ()):
        seen.pop(name, None)
    key = (_digest([seen, count]).hex(), count)
    found = _memo.get(key)
    if found is None:
        found = _estimate(base, count)
        _memo[key] = found
        while len(_memo) > MEMO_SIZE:
            _memo.popitem(last=False)
    _memo.move_to_end(key)
    return found


def forget() -> None:
    """Empty the memo (tests that compare two computations use it)."""
    _memo.clear()


def _estimate(state: State, count: int) -> Odds:
    seats = state["seats"]
    streams = stream_seed(state)
    wins = [0.0] * seats
    finished = 0
    if state["game"] == "horse_racing" and horse_racing_settle.applies(state):
        horses = horse_racing_settle.horse_chances(state, streams)
        for index in range(count):
            sample = determinize(state, random.Random(f"{streams}:{index}:redraw"))
            for seat, share in enumerate(horse_racing_settle.seat_chances(sample, horses)):
                wins[seat] += share
        return Odds({str(s): wins[s] / count for s in range(seats)}, count)
    for index in range(count):
        sample = determinize(state, random.Random(f"{streams}:{index}:redraw"))
        outcome = play_out(sample, random.Random(f"{streams}:{index}:play"))
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
