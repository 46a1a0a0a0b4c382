"""Named spectators: a spectator's socket may take a name (`{"type": "spectate", "name": ...}`),
checked like a seat's (app.rooms.names: trimmed, at most 40 characters, never a look-alike of
another name in the room) against the seats' names and the other named spectators' in the one
namespace of the room; a player joining later cannot take a spectator's name either. A name
that backed on the tote anywhere in the series up to this room is its account's (app.rooms.tote):
only the identity owning that account may take it (or a look-alike) again, so nobody can go by
another's name to see or spend their chips.

A named spectator is a presence member of the room, `spectator:<id>:<name>` (id: the socket's
spectator id, the one its chat lines are sent `from` as `spec:<id>`), next to the seats' token
hashes; so every process sees every named spectator (app.broadcast presence) and the public
summary lists them: `"spectators": {"count": N, "named": [{"id", "name"}, ...]}` (by name).
Anonymous watching stays possible and is not counted: an anonymous socket costs nobody a
message, however many watch (a crowd of thousands stays idle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import RoomError
from .names import clean_name, require_unique
from .tote_accounts import account_of

if TYPE_CHECKING:
    from .parts import Parts
    from .tote import Tote

PREFIX = "spectator:"


def member(spectator_id: str, name: str) -> str:
    """The presence member of a named spectator."""
    return f"{PREFIX}{spectator_id}:{name}"


def named(connected: set[str]) -> list[tuple[str, str]]:
    """(id, name) of the named spectators among a room's presence members, by name."""
    found = []
    for entry in connected:
        if entry.startswith(PREFIX):
            spectator_id, _, name = entry[len(PREFIX) :].partition(":")
            found.append((spectator_id, name))
    return sorted(found, key=lambda pair: (pair[1].casefold(), pair[0]))


def listing(connected: set[str]) -> dict[str, Any]:
    """The summary's `spectators`: how many named spectators watch, and who."""
    people = named(connected)
    return {"count": len(people), "named": [{"id": sid, "name": name} for sid, name in people]}


class Spectators:
    def __init__(self, parts: Parts, tote: Tote) -> None:
        self.parts = parts
        self.tote = tote

    async def names(self, code: str) -> list[str]:
        """The names the room's spectators go by (a joining player may not take one)."""
        return [name for _, name in named(await self.parts.publisher.connected(code))]

    async def take_name(
        self, code: str, spectator_id: str, name: Any, current: str | None, identity: str = ""
    ) -> str | None:
        """Name the spectator socket `spectator_id` (`current`: the name it has now; `identity`:
        its private identity, app.ws.group); an empty name (or None) makes it anonymous again.
        Returns the name as shown, or None. Refusals (bad_name, name_taken) change nothing."""
        cleaned = clean_name(name, "")
        publisher = self.parts.publisher
        backed: list[str] = []
        if cleaned:  # the names that backed in the series stay their accounts' (app.rooms.tote)
            board = await self.tote.board(code)
            if "series" not in board:  # heard from a process of an older version: read it here
                self.tote.forget(code)
                board = await self.tote.board(code)
            series = board.get("series")
            mine = account_of(series, identity) if series and identity else None
            backed = [n for n, account in board.get("names", {}).items() if account != mine]
        async with self.parts.locks[code]:
            info = await self.parts.memory.info(code)  # not_found for a room that is gone
            if cleaned:
                others = [n for sid, n in named(await publisher.connected(code)) if sid != spectator_id]
                require_unique(cleaned, [seat.name for seat in info.seats] + others + backed)
            if cleaned == current:
                return current or None
            if cleaned:
                await publisher.arrive(code, member(spectator_id, cleaned))
            if current:
                await publisher.depart(code, member(spectator_id, current))
            await publisher.room(info)
        return cleaned or None

    async def leave(self, code: str, spectator_id: str, name: str) -> None:
        """The named spectator's socket closed: the room lists them no more."""
        publisher = self.parts.publisher
        await publisher.depart(code, member(spectator_id, name))
        try:
            info = await self.parts.memory.info(code)
        except RoomError:
            return
        await publisher.room(info)
