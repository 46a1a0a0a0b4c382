"""Per-seat decisions: when is an action stale?

For each seat the room keeps `[version, digest]`: the digest of what bears on that seat's
next choice (`engine.decision_basis`: its legal actions and its view, without the log and
without who else has sealed a submission), and the version at which it last changed or at
which the seat itself last acted. An action sent against version `v` is stale only when
`v` is older than that version: another seat changing its sealed submission never touches
this seat's entry, so one indecisive player cannot stall a simultaneous round, and a seat's
own earlier action always makes its older versions stale, so no two actions of a seat are
applied against the same decision. Bot seats keep no digest (bots act under the row lock on
the current state); a seat that turns human again gets one at the next change.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection
from typing import Any

import orjson

import engine

Decisions = list[list[Any]]
# A seat's view (without log) and legal actions, as computed once per change.
SeatSight = tuple[dict[str, Any], list[dict[str, Any]]]


def digest(state: dict[str, Any], seat: int, sight: SeatSight | None = None) -> str:
    seen, actions = sight if sight is not None else (None, None)
    basis = orjson.dumps(engine.decision_basis(state, seat, seen, actions), option=orjson.OPT_SORT_KEYS)
    return hashlib.blake2b(basis, digest_size=12).hexdigest()


def initial(state: dict[str, Any], bots: Collection[int]) -> Decisions:
    return [[0, None if seat in bots else digest(state, seat)] for seat in range(state["seats"])]


def update(
    decisions: Decisions | None,
    state: dict[str, Any],
    version: int,
    actors: Collection[int],
    bots: Collection[int],
    sight: Callable[[int], SeatSight] | None = None,
) -> Decisions:
    """The entries after a change that produced `version`, `actors` having acted in it.
    `sight(seat)`: the seat's view and legal actions, when the caller computes them anyway."""
    old = decisions or [[0, None]] * state["seats"]
    out: Decisions = []
    for seat, (since, known) in enumerate(old):
        if seat in bots:
            out.append([version if seat in actors else since, None])
            continue
        now = digest(state, seat, sight(seat) if sight else None)
        out.append([version if (seat in actors or now != known) else since, now])
    return out


def is_stale(decisions: Decisions | None, seat: int, v: int, version: int) -> bool:
    """An action sent against version `v` by `seat`, the room being at `version`."""
    if v > version or v < 0:
        return True
    if not decisions:
        return v != version
    return v < decisions[seat][0]
