"""One frame per audience: the text of a state frame is built once per version and per
audience (the spectators, or one seat) in this process, and the same string goes to every
socket of that audience.

A published change (see app.rooms.publish) reaches every local subscriber as ONE dict; its
frames are cached on it, so they live exactly as long as some socket still has to send
them. Sync frames (with the whole visible log) are cached per room and version in a small
LRU, so a crowd of spectators resyncing together costs one build, and the state and log they
are built from are kept with them, so each other audience's sync frame of that version costs
no read of the room. A seat's frames are padded to the width of their shape
(app.ws.fixed_width), so their length tells nothing of its secrets.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import orjson

from .fixed_width import padded_text
from .outgoing import state_message

FRAMES_KEY = "_frames"  # local only: added after delivery, never published
SYNC_ROOMS = 64


def _text(message: dict[str, Any], seat: int | None = None) -> str:
    return orjson.dumps(message).decode() if seat is None else padded_text(message)


def update_frame(payload: dict[str, Any], seat: int | None, full: bool = False) -> str:
    """The delta frame of a published change for `seat` (None = spectators), built once.
    `full`: with the game's static keys, for a connection that has not had them yet."""
    frames: dict[tuple[int | None, bool], str] = payload.setdefault(FRAMES_KEY, {})
    text = frames.get((seat, full))
    if text is None:
        sight = payload.get("_sights", {}).get(seat)
        text = _text(
            state_message(
                payload["state"],
                payload["v"],
                seat,
                payload["events"],
                payload.get("log"),
                sight,
                payload.get("deadline"),
                full,
            ),
            seat,
        )
        frames[seat, full] = text
    return text


class SyncFrames:
    """Per process: the full (sync) frame of each room's current version per audience, and the
    state and whole log they are built from (another audience's frame of that version is
    built from them without reading the room again)."""

    def __init__(self, rooms: int = SYNC_ROOMS) -> None:
        self.rooms = rooms
        self.cache: OrderedDict[
            str, tuple[int, dict[int | None, str], tuple[dict[str, Any], list[dict[str, Any]]]]
        ] = OrderedDict()

    def lookup(self, code: str, v: int, seat: int | None) -> str | None:
        entry = self.cache.get(code)
        if entry is None or entry[0] != v:
            return None
        return entry[1].get(seat)

    def source(self, code: str, v: int) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
        """The state and whole log of version `v` of the room, when a frame of it was built."""
        entry = self.cache.get(code)
        return entry[2] if entry is not None and entry[0] == v else None

    def get(
        self, code: str, v: int, state: dict[str, Any], log: list[dict[str, Any]], seat: int | None
    ) -> str:
        entry = self.cache.get(code)
        if entry is not None and entry[0] > v:  # an older version (a read shared since): not kept
            return _text(state_message(state, v, seat, [], log), seat)
        if entry is None or entry[0] != v:
            entry = (v, {}, (state, log))
            self.cache[code] = entry
            while len(self.cache) > self.rooms:
                self.cache.popitem(last=False)
        self.cache.move_to_end(code)
        frames = entry[1]
        text = frames.get(seat)
        if text is None:
            text = _text(state_message(state, v, seat, [], log), seat)
            frames[seat] = text
        return text
