"""Chat in the lobby, at the table and beside the replay.

A line is at most MAX_CHAT characters of printable text (runs of white space become one
space). Seated players speak under their seat's name; spectators under the name they took
(app.rooms.spectators) or as "Spectator <id>", where the id is their browser's (app.ws.group;
a client that sends no spectator key has one per connection). The host may turn spectator
chat off and mute a sender ("seat:N" and "spec:<id>" both survive reconnects). Every line is
stored with the room (the newest 50 are kept and sent at sync) and published on the room's
broadcast channel, so it reaches the sockets of every process. Flood control (per
connection, per address and room, per room) lives with the socket (app.ws.group).

A mute binds the sender and the addresses its kept lines came from (digests,
app.rooms.addresses, in `rooms.chat_muted_addresses` as [sender, digest] pairs, never in a
summary): a muted spectator who comes back with a new spectator key from the same address
(an IPv6 client: the same /64) is muted still, and so is a muted player's spectator socket
there; a seat's own lines go by the seat alone (players behind one address are not muted
together). The mute list never fills: the summary's `chat.muted` shows the newest MAX_MUTED
senders (older spectators drop out of it first), and the pairs keep up to MAX_MUTED_KEPT
mutes, each still binding.
"""

from __future__ import annotations

import logging
import unicodedata
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.models import Room, RoomMessage

from .addresses import room_address
from .errors import RoomError
from .lobby import _require_host
from .snapshot import RoomInfo, snapshot

if TYPE_CHECKING:
    from .parts import Parts

log = logging.getLogger("paddock.rooms")

MAX_CHAT = 300
# Muted senders the room summary lists (the list travels in every summary); more are muted
# still (MAX_MUTED_KEPT), only not listed.
MAX_MUTED = 32
# Mutes a room keeps ([sender, address digest] pairs; the oldest go first past this).
MAX_MUTED_KEPT = 1024


def clean_chat(text: Any) -> str:
    """The line as it will be shown, or a RoomError saying what is wrong with it."""
    if not isinstance(text, str):
        raise RoomError("bad_chat", "A chat message must be text.")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co") and not ch.isspace() for ch in text):
        raise RoomError("bad_chat", "A chat message cannot contain control characters.")
    text = " ".join(text.split())
    if not text:
        raise RoomError("chat_empty", "Type something to say first.")
    if len(text) > MAX_CHAT:
        raise RoomError(
            "chat_too_long", f"A chat message can be at most {MAX_CHAT} characters long.", max=MAX_CHAT
        )
    return text


def spectator_name(spectator_id: str) -> str:
    return f"Spectator {spectator_id}"


class Chat:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts

    async def post_chat(
        self,
        code: str,
        token_hash: str | None,
        spectator_id: str,
        text: Any,
        spectator: str | None = None,
        address: str = "unknown",
    ) -> dict[str, Any]:
        """Store and publish one chat line; returns the frame every socket receives.
        `spectator`: the name a spectator took (app.rooms.spectators), else "Spectator <id>";
        `address`: the sender's limit key (a mute binds it, see the module docstring)."""
        line = clean_chat(text)
        digest = room_address(code, address)

        def work(session: Session) -> dict[str, Any]:
            room = self.parts.store.room(session, code, lock=False)
            seat = next((s for s in room.seats if token_hash and s.token_hash == token_hash), None)
            pairs = room.chat_muted_addresses or []
            if seat is None:
                if room.chat_spectators is False:
                    raise RoomError("chat_off", "The host has turned spectator chat off.", 403)
                sender, position = f"spec:{spectator_id}", None
                name = spectator or spectator_name(spectator_id)
                muted = any(pair[1] == digest for pair in pairs)
            else:
                sender, position, name = f"seat:{seat.position}", seat.position, seat.name
                muted = False
            if muted or sender in (room.chat_muted or []) or any(pair[0] == sender for pair in pairs):
                raise RoomError("chat_muted", "The host has muted you in this room's chat.", 403)
            frame = {
                "type": "chat",
                "seat": position,
                "name": name,
                "text": line,
                "at": round(self.parts.clock(), 3),
                "from": sender,
            }
            return self.parts.feed.store_frame(session, room, frame, digest)

        frame = await self.parts.store.tx(work)
        await self.parts.publisher.frames(code, [frame])
        return frame

    async def set_chat(
        self,
        code: str,
        token: str | None,
        spectators: bool | None = None,
        sender: str | None = None,
        muted: bool = True,
    ) -> RoomInfo:
        """The host turns spectator chat on or off, or mutes / unmutes one sender."""
        if sender is not None and not _is_sender(sender):
            raise RoomError("bad_request", "Say whom to mute: 'seat:N' or 'spec:<id>'.", field="from")

        def work(session: Session) -> tuple[RoomInfo, list[dict[str, Any]]]:
            room = self.parts.store.room(session, code)
            _require_host(room, token)
            frames = []
            if spectators is not None and spectators != (room.chat_spectators is not False):
                room.chat_spectators = spectators
                frames.append(self.parts.feed.notice(session, room, "spectator_chat", on=spectators))
            if sender is not None:
                current = list(room.chat_muted or [])
                pairs = [list(pair) for pair in room.chat_muted_addresses or []]
                bound = any(pair[0] == sender for pair in pairs)
                changed = True
                named: dict[str, Any] = {}
                if muted and sender not in current and not bound:
                    name, addresses = _require_sender(session, room, sender)
                    # The notice names whom (the name they wrote under): a room that carries the
                    # mute on (a rematch) may not know that spectator yet.
                    named = {"name": name}
                    current = listed([*current, sender])
                    pairs = [*pairs, *([sender, a] for a in sorted(addresses) or [""])][-MAX_MUTED_KEPT:]
                elif not muted and (sender in current or bound):
                    current = [entry for entry in current if entry != sender]
                    pairs = [pair for pair in pairs if pair[0] != sender]
                else:
                    changed = False
                if changed:
                    room.chat_muted = current
                    room.chat_muted_addresses = pairs
                    frames.append(
                        self.parts.feed.notice(
                            session, room, "muted" if muted else "unmuted", who=sender, **named
                        )
                    )
            session.flush()
            return snapshot(room), frames

        async with self.parts.locks[code]:
            info, frames = await self.parts.store.tx(work)
            await self.parts.publisher.room(info)
            await self.parts.publisher.frames(code, frames)
        return info


def listed(muted: list[str]) -> list[str]:
    """The summary's muted senders: the newest MAX_MUTED, seats kept before spectators."""
    while len(muted) > MAX_MUTED:
        oldest = next((entry for entry in muted if entry.startswith("spec:")), muted[0])
        muted = [entry for entry in muted if entry != oldest]
    return muted


def _require_sender(session: Session, room: Room, sender: str) -> tuple[str, set[str]]:
    """Only a seat of the room, or a spectator who has spoken in its kept chat, can be muted.
    Returns the name `sender` goes by (a seat's, or the one a spectator last wrote under) and the
    address digests the sender's kept lines came from (none for a seat that has not spoken, or
    lines stored before migration 0014)."""
    kind, _, rest = sender.partition(":")
    rows = session.execute(
        select(RoomMessage.frame, RoomMessage.address)
        .where(RoomMessage.room_id == room.id)
        .order_by(RoomMessage.id)
    ).all()
    mine = [
        (frame, address) for frame, address in rows if isinstance(frame, dict) and frame.get("from") == sender
    ]
    found: str | None = None
    if kind == "seat":
        seat = next((s for s in room.seats if s.position == int(rest)), None)
        found = seat.name if seat is not None else None
    elif mine:
        found = str(mine[-1][0].get("name") or "")
    if found is None:
        raise RoomError(
            "no_such_sender", "Nobody in this room's chat goes by that; mute someone who wrote here.", 404
        )
    return found, {address for _, address in mine if address}


def _is_sender(sender: Any) -> bool:
    if not isinstance(sender, str):
        return False
    kind, _, rest = sender.partition(":")
    return (kind == "seat" and rest.isascii() and rest.isdigit()) or (
        kind == "spec" and 0 < len(rest) <= 16 and rest.isalnum()
    )
