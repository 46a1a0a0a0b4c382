"""A full state sampled consistently with the public record (a determinization).

From the game's hidden-information declaration (engine/hidden.py): the items hidden from a
spectator in each deal group are gathered, put in a canonical order (so which seat held
which no longer matters) and dealt again at random into the same slots; an item with
declared `values` (a die under the cup) is rolled again; every open simultaneous round's
sealed submissions are withdrawn (the playout seals again); the generator's slot is reseeded.
A game whose hidden multiset is itself secret (Ponies in Pursuit: which cards were bet)
adds its own resampling (RESAMPLERS), drawn from public information only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import orjson

from engine.hidden import HiddenInfo
from engine.registry import get_game
from engine.rng import new_slot

from . import horse_racing, ponies_in_pursuit, pony_express_race
from .redeal import redeal

State = dict[str, Any]
Resampler = Callable[[HiddenInfo, State, random.Random], None]
# Games whose hidden things the generic redeal would sample badly or from a secret multiset.
RESAMPLERS: dict[str, Resampler] = {
    "horse_racing": horse_racing.resample,
    "ponies_in_pursuit": ponies_in_pursuit.resample,
    "pony_express_race": pony_express_race.resample,
}


def determinize(state: State, rng: random.Random) -> State:
    """A copy of `state` whose hidden parts are redrawn from public information with `rng`."""
    sample: State = orjson.loads(orjson.dumps({**state, "log": []}))
    hidden = get_game(sample["game"]).hidden or HiddenInfo()
    RESAMPLERS.get(sample["game"], redeal)(hidden, sample, rng)
    _withdraw(sample)
    sample["rng"] = new_slot(rng.getrandbits(63))
    return sample


def withdraw_sealed(state: State) -> State:
    """A copy of `state` without its open rounds' sealed submissions (the top-level keys that
    hold one are copied; the rest is shared with `state`)."""
    copy = dict(state)
    for key, value in state.items():
        if _holds_sealed(value):
            copy[key] = orjson.loads(orjson.dumps(value))
            _withdraw(copy[key])
    return copy


def _holds_sealed(value: Any) -> bool:
    if isinstance(value, dict):
        if value.keys() == {"awaited", "submitted"} and isinstance(value["submitted"], list):
            return any(s is not None for s in value["submitted"])
        return any(_holds_sealed(inner) for inner in value.values())
    if isinstance(value, list):
        return any(_holds_sealed(inner) for inner in value)
    return False


def _withdraw(value: Any) -> None:
    """Every open simultaneous round (engine/simultaneous.py: a slot {"awaited", "submitted"})
    loses its sealed submissions: who has sealed is public, what is not; the playout seals again."""
    if isinstance(value, dict):
        if value.keys() == {"awaited", "submitted"} and isinstance(value["submitted"], list):
            value["submitted"] = [None] * len(value["submitted"])
            return
        for inner in value.values():
            _withdraw(inner)
    elif isinstance(value, list):
        for inner in value:
            _withdraw(inner)
