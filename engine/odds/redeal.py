"""The generic determinization of a game's declared secrets (engine/hidden.py).

In each deal group the items hidden from a spectator are gathered, put in a canonical order
(so which seat held which no longer matters: the result depends only on the multiset, which
is public when every copy of the group's items is either seen or in the group) and dealt
again at random into the same slots; an item with declared `values` (a die under the cup)
is rolled again instead.
"""

from __future__ import annotations

import random
from typing import Any

import orjson

from engine.hidden import HiddenInfo, hidden_from

State = dict[str, Any]


def redeal(hidden: HiddenInfo, state: State, rng: random.Random, skip: tuple[str, ...] = ()) -> None:
    """Redeal every group of `hidden` in `state` (in place) but those holding a path in `skip`."""
    for group in hidden.groups():
        if any(secret.path in skip for secret in group):
            continue
        slots = [
            (secret, holder, index)
            for secret in group
            for holder, index, seen in secret.slots(state)
            if hidden_from(seen, None) and holder[index] is not None
        ]
        items = sorted((holder[index] for _, holder, index in slots), key=_order)
        rng.shuffle(items)
        for (secret, holder, index), item in zip(slots, items, strict=True):
            holder[index] = rng.choice(secret.values) if secret.values else item


def _order(item: Any) -> bytes:
    return orjson.dumps(item, option=orjson.OPT_SORT_KEYS)
