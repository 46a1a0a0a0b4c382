"""What a room tells the world: presence of connections, the public summary, and the messages
on the room's broadcast channel.

What a change publishes on the room's channel (once, whatever the number of sockets):
- `{"kind": "state", "from": F, "v": V, "state": …, "events": [...], "log": [...]|None,
  "deadline": D}`: the room moved from version F to V (one action, or several when a timer
  plays for several seats); `events` are the log events those actions added; `log` is the
  whole log, sent only at the end (when the private events are revealed in their places);
  `deadline` is when the timer fires next (a moved deadline rides with the state frame, never
  as a summary of its own); `status` and `decisions` let another process that holds the room
  in memory move it along without reading it (app.rooms.memory). Each process turns it into
  one frame per audience (app.ws.frames), which never carries `decisions`.
- `{"kind": "room", ...}`: the public summary, only when something in it changed (seats,
  presence, status), never merely because the version or the deadline moved. `"presence":
  true` when only who is connected changed and nothing stored: another process keeps the room
  it holds in memory (any other summary has it read the room again). Who is connected is read
  afresh for it, with the room's count of changes of presence (`presence_count`): summaries
  of two processes can reach a socket in another order than they were made (each process
  hands its own to its sockets at once, the other's through Redis), and a socket that gets
  one older than what it showed builds it again (app.ws.socket).
- `{"kind": "chat", "frame": ...}`: a chat line or a public notice of the room's feed.
"""

from __future__ import annotations

import time
from collections import Counter, OrderedDict, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.broadcast import Broadcast
from app.core.config import Settings

from .lobby_state import public_lobby
from .snapshot import RoomInfo
from .spectators import listing as spectator_listing
from .summary import public_summary
from .summary_extras import add_extras

# What other processes have connected to a room, and the room's count of changes of presence
# (every process's) when that was read.
Presence = tuple[frozenset[str], int]

# How long what other processes have connected is trusted without reading it again (OthersPresent).
OTHERS_PRESENT_SECONDS = 2.0
OTHERS_PRESENT_ROOMS = 4096


def channel(code: str) -> str:
    return f"room:{code}"


@dataclass
class Change:
    """What one write did to a room: versions `first`..`info.version`, the events the
    actions added, and whether the public summary changed with it."""

    info: RoomInfo
    first: int
    events: list[dict[str, Any]] = field(default_factory=list)
    summary_changed: bool = False
    full_log: list[dict[str, Any]] | None = None
    # Each human seat's and the spectators' (None) view without log and legal actions at the
    # new version, computed once by the engine; this process's frames reuse them.
    sights: dict[int | None, tuple[dict[str, Any], list[dict[str, Any]]]] = field(default_factory=dict)
    # The seat of each action, in order (app.metrics counts and logs them).
    actors: list[int] = field(default_factory=list)
    # The per-seat decisions at the new version: with the state, what another process needs
    # to move the room it holds in memory along (never sent to a client).
    decisions: list[list[Any]] | None = None


class OthersPresent:
    """Who other processes have connected, per room, as last read from the broadcast, with
    the room's count of changes of presence then (a round trip to Redis, asked at every
    socket's sync: a room's five sockets arriving together asked it about fifteen times).

    An entry is used only while this process hears the room's channel: a process publishes a
    summary there after every change of its presence (app.rooms.seats, app.rooms.spectators),
    which clears the entry when it arrives here (`heard`); a read that was under way when the
    room was cleared is not kept. And for at most `max_age` seconds: a process that dies says
    nothing, its sockets stop counting when its heartbeat key expires (app.broadcast.redis)."""

    def __init__(self, max_age: float = OTHERS_PRESENT_SECONDS, rooms: int = OTHERS_PRESENT_ROOMS) -> None:
        self.max_age = max_age
        self.rooms = rooms
        # room -> (when read or cleared (monotonic), (the members, the count); None: cleared).
        self.entries: OrderedDict[str, tuple[float, Presence | None]] = OrderedDict()

    def get(self, code: str, now: float) -> Presence | None:
        entry = self.entries.get(code)
        if entry is None or entry[1] is None or now - entry[0] >= self.max_age:
            return None
        return entry[1]

    def keep(self, code: str, read: tuple[set[str], int], read_at: float) -> None:
        """Keep what a read started at `read_at` found, unless the room was cleared since."""
        entry = self.entries.get(code)
        if entry is not None and entry[0] > read_at:
            return
        self._put(code, (read_at, (frozenset(read[0]), read[1])))

    def heard(self, code: str, now: float) -> None:
        """Another process changed the room or who is in it (or this process may have missed
        that): what was read before now is stale."""
        self._put(code, (now, None))

    def _put(self, code: str, entry: tuple[float, Presence | None]) -> None:
        self.entries[code] = entry
        self.entries.move_to_end(code)
        while len(self.entries) > self.rooms:
            self.entries.popitem(last=False)


class Publisher:
    def __init__(self, broadcast: Broadcast, settings: Settings, clock: Callable[[], float]) -> None:
        self.broadcast = broadcast
        self.settings = settings
        self.clock = clock
        # token hash -> open connections, per room (this process).
        self.presence: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.others = OthersPresent()

    # ---- presence ---------------------------------------------------------

    async def connected(self, code: str) -> set[str]:
        """Token hashes with an open socket to the room, on this process or (Redis) any other."""
        return (await self.connected_counted(code))[0]

    async def connected_counted(self, code: str, fresh: bool = False) -> tuple[set[str], int | None]:
        """`connected`, and the room's count of changes of presence it shows (None: other
        processes' could not be read). `fresh`: read again even if a read is kept."""
        local = {token_hash for token_hash, count in self.presence.get(code, {}).items() if count > 0}
        heard = self.broadcast.hears(channel(code))
        started = time.monotonic()
        if not fresh and heard and (kept := self.others.get(code, started)) is not None:
            return local | kept[0], kept[1]
        read = await self.broadcast.others_present_counted(code)
        if read is None:
            return local, None
        if heard and self.broadcast.hears(channel(code)):
            self.others.keep(code, read, started)
        return local | read[0], read[1]

    def heard(self, code: str) -> None:
        """A message of another process on the room's channel (or a gap in them) arrived."""
        self.others.heard(code, time.monotonic())

    def local_count(self, code: str, token_hash: str) -> int:
        counts = self.presence.get(code)
        return 0 if counts is None else counts[token_hash]

    async def arrive(self, code: str, token_hash: str) -> bool:
        """One more socket of `token_hash`; True when it is the seat's first here."""
        self.presence[code][token_hash] += 1
        if self.presence[code][token_hash] == 1:
            await self.broadcast.set_present(code, token_hash, True)
            return True
        return False

    async def depart(self, code: str, token_hash: str) -> bool:
        """One socket fewer; True when it was the seat's last here."""
        counts = self.presence[code]
        counts[token_hash] -= 1
        if counts[token_hash] > 0:
            return False
        del counts[token_hash]
        if not counts:
            del self.presence[code]
        await self.broadcast.set_present(code, token_hash, False)
        return True

    # ---- the summary ------------------------------------------------------

    async def summary(self, info: RoomInfo) -> dict[str, Any]:
        """The public summary plus: for each away seat of a running game `bot_in` (seconds until
        the host may hand it to a bot; absent for connected seats, bots, and outside a game),
        the grace period, the chat settings, the rematch room's code and the named spectators
        (app.rooms.spectators)."""
        return (await self.summary_counted(info))[0]

    async def summary_counted(self, info: RoomInfo, fresh: bool = False) -> tuple[dict[str, Any], int | None]:
        """`summary`, and the count of changes of presence it shows (see connected_counted)."""
        connected, count = await self.connected_counted(info.code, fresh)
        out = public_summary(info, connected, time.time())
        now = self.clock()
        grace = self.settings.seat_grace_seconds
        away_since = {seat.position: seat.away_since for seat in info.seats}
        for seat in out["seats"]:
            if info.status == "playing" and not seat["bot"] and not seat["connected"]:
                since = away_since.get(seat["seat"])
                left = 0.0 if since is None or seat["left"] else max(0.0, grace - (now - since))
                seat["bot_in"] = round(left, 3)
        out["grace_seconds"] = grace
        out["chat"] = {"spectators": info.chat_spectators, "muted": list(info.chat_muted)}
        out["rematch"] = info.rematch_code
        out["odds_players"] = info.odds_players
        # Nobody connected: the game's bots and timer wait (app.rooms.rest).
        out["resting"] = info.rest_since is not None and info.status == "playing"
        out["spectators"] = spectator_listing(connected)
        if info.status == "lobby":
            out["lobby"] = public_lobby(info)
        add_extras(out, info, now)
        return out, count

    # ---- the room's channel -----------------------------------------------

    async def room(self, info: RoomInfo, presence_only: bool = False) -> None:
        """`presence_only`: only who is connected changed (nothing stored changed)."""
        await self.broadcast.publish(channel(info.code), await self.room_message(info, presence_only))

    async def room_message(self, info: RoomInfo, presence_only: bool = False) -> dict[str, Any]:
        """What the room's channel carries when the room or who is in it changed (who is
        connected read afresh)."""
        summary, count = await self.summary_counted(info, fresh=True)
        return {
            "kind": "room",
            "summary": summary,
            "presence_count": count,
            "deadline": info.deadline,
            "seat_of": {s.token_hash: s.position for s in info.seats if s.token_hash},
            "host_hash": host.token_hash if (host := info.host()) else None,
            "presence": presence_only,
        }

    async def state(self, change: Change) -> None:
        info = change.info
        if info.state is None or info.version == change.first:
            return
        await self.broadcast.publish(
            channel(info.code),
            {
                "kind": "state",
                "from": change.first,
                "v": info.version,
                "state": info.state,
                "events": change.events,
                "log": change.full_log,
                "deadline": info.deadline,
                "status": info.status,
                "decisions": change.decisions,
                # Local only (a shared backend sends what is JSON and drops "_" keys).
                "_sights": change.sights,
                # When it was committed: the socket measures the fan-out (app.metrics).
                "at": time.time(),
            },
        )

    async def change(self, change: Change) -> None:
        if change.summary_changed:
            await self.room(change.info)
        await self.state(change)

    async def frames(self, code: str, frames: list[dict[str, Any]]) -> None:
        for frame in frames:
            await self.broadcast.publish(channel(code), {"kind": "chat", "frame": frame})

    async def other(self, code: str, payload: dict[str, Any]) -> None:
        await self.broadcast.publish(channel(code), payload)
