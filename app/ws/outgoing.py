"""Server -> client messages.

Game state leaves only through `engine.view(state, seat)` (seat None for a spectator), for
the first sync and every update alike. A state frame carries the version, the audience's
view WITHOUT the log, its legal actions, `events`: only the new log events that audience
may read, and `deadline_in`: seconds until the room's timer fires (null: no timer). A sync
frame (hello, a version gap, a resync, the end of the game) also carries `log`, the whole
log that audience may read (its deadline comes with the room summary sent with it); the
client keeps the log it has.

A game's static keys (engine.static_keys: a view's parts fixed for the whole game, such as a
board's drawing) come in a connection's first frame and in every sync frame, named under
`static`; later frames of that connection leave them out and the client keeps the ones it has.
"""

from __future__ import annotations

import time
from typing import Any

import engine


def state_message(
    state: dict[str, Any],
    v: int,
    seat: int | None,
    events: list[dict[str, Any]],
    log: list[dict[str, Any]] | None = None,
    sight: tuple[dict[str, Any], list[dict[str, Any]]] | None = None,
    deadline: float | None | bool = False,
    full: bool = True,
) -> dict[str, Any]:
    """`sight`: the seat's view (without log) and legal actions, when already computed.
    `deadline`: when the room's timer fires next (None: no timer), sent as `deadline_in`
    seconds with a change's frame (False: leave it to the room summary, as at a sync).
    `full`: with the game's static keys (a sync frame always is)."""
    over = engine.is_over(state)
    seen, actions = sight if sight is not None else (None, None)
    if seen is None:
        seen = engine.view(state, seat, with_log=False)
    statics = engine.static_keys(state)
    if statics and not (full or log is not None):
        seen = {key: value for key, value in seen.items() if key not in statics}
    message = {
        "type": "state",
        "v": v,
        "over": over,
        "view": seen,
        "actions": actions if actions is not None else engine.legal_actions(state, seat),
        "events": engine.visible_events(events, seat, over),
    }
    if statics and (full or log is not None):
        message["static"] = list(statics)
    if log is not None:
        message["log"] = engine.visible_events(log, seat, over)
    if deadline is not False:
        left = None if deadline is None else max(0.0, float(deadline) - time.time())
        message["deadline_in"] = None if left is None else round(left, 3)
    return message


def room_message(summary: dict[str, Any], seat: int | None, is_host: bool) -> dict[str, Any]:
    return {"type": "room", **summary, "you": seat, "is_host": is_host}
