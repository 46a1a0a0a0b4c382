"""Per-seat decisions: when is an action stale?

For each seat the room keeps `[version, digest]`: the digest of what bears on that seat's
next choice (`engine.decision_digest`: its legal actions and its view, without the log and
without who else has sealed a submission), and the version at which it last changed or at
which the seat itself last acted. An action sent against version `v` is stale only when
`v` is older than that version: another seat changing its sealed submission never touches
this seat's entry, so one indecisive player cannot stall a simultaneous round, and a seat's
own earlier action always makes its older versions stale, so no two actions of a seat are
applied against the same decision. Bot seats keep no digest (a bot decides on the current
state); a seat that turns human again gets one at the next change. Nor does a seat with no
choice to make (not awaited in a turn-based game): its entry moves with every change, so what
it sends against an older version is stale, and against the current one is refused by the
rules (not its turn); the engine computes no digest for it (two seats in three in Dice and
Bluff at every bid).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import engine

Decisions = list[list[Any]]


def initial(state: dict[str, Any], bots: Collection[int]) -> Decisions:
    return [
        [0, None if seat in bots else engine.decision_digest(state, seat)] for seat in range(state["seats"])
    ]


def update(
    decisions: Decisions | None,
    seats: int,
    version: int,
    actors: Collection[int],
    bots: Collection[int],
    digests: Mapping[int, str | None],
) -> Decisions:
    """The entries after a change that produced `version`, `actors` having acted in it;
    `digests`: each human seat's decision digest at that version (engine.step's outcome)."""
    old = decisions or [[0, None]] * seats
    out: Decisions = []
    for seat, (since, known) in enumerate(old):
        if seat in bots:
            out.append([version if seat in actors else since, None])
            continue
        now = digests.get(seat)
        out.append([version if (seat in actors or now is None or now != known) else since, now])
    return out


def is_stale(decisions: Decisions | None, seat: int, v: int, version: int) -> bool:
    """An action sent against version `v` by `seat`, the room being at `version`."""
    if v > version or v < 0:
        return True
    if not decisions:
        return v != version
    return v < decisions[seat][0]
