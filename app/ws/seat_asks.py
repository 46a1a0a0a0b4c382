""" "I'm one of the players" on the socket (app.rooms.seat_requests):

- `{"type": "seat_request", "seat": N}` from a spectator connection: answered with
  `{"type": "seat_requested", "seat", "name"}`; the room summary then marks the seat
  `requested` for the host (or, with the host not here, the other seated players);
- `{"type": "seat_give", "seat": N}` from the host: answered with `{"type": "seat_gave", "seat"}`;
  the asking connection, and only it, gets `{"type": "seat_given", "seat", "link"}`: the
  one-time code its page opens (POST /api/rooms/{code}/seat-link/claim), which asks a
  connected device first like any seat link.
Refusals are error frames with a sentence, and change nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.rooms.errors import RoomError, error_message

from .incoming import SeatGive, SeatRequest

if TYPE_CHECKING:
    from .socket import RoomConnection

# The broadcast payload kind handled here.
KIND = "seat_given"


async def on_message(conn: RoomConnection, message: SeatRequest | SeatGive) -> None:
    if not conn.greeted:
        await conn.error("hello_first", "Say hello first: send your seat token, or watch as a spectator.")
        return
    try:
        if isinstance(message, SeatRequest):
            if conn.token_hash is not None:
                await conn.error("already_seated", "You already hold a seat in this room.")
                return
            name = await conn.rooms.seat_requests.request(conn.code, conn.group.spectator_id, message.seat)
            await conn.send({"type": "seat_requested", "seat": message.seat, "name": name})
        else:
            if conn.token_hash is None:
                await conn.error("not_seated", "Only a seated player can give a seat.")
                return
            await conn.rooms.seat_requests.give(conn.code, conn.token_hash, message.seat)
            await conn.send({"type": "seat_gave", "seat": message.seat})
    except RoomError as exc:
        await conn.send(error_message(exc))


async def on_given(conn: RoomConnection, payload: dict[str, Any]) -> None:
    """Pass a given seat's link on, to the spectator connection that asked for it only."""
    if conn.token_hash is None and payload.get("for") == conn.group.spectator_id:
        await conn.send({"type": "seat_given", "seat": payload["seat"], "link": payload["link"]})
