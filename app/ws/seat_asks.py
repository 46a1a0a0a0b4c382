""" "I'm one of the players" on the socket (app.rooms.seat_requests):

- `{"type": "seat_request", "seat": N, "name": "Ben"}` from a spectator connection (name
  optional: the seat's name): answered with `{"type": "seat_requested", "seat", "name"}`; the
  room summary then lists the request under the seat's `requests` (`from`: this connection's
  spectator id, the name given, `named`, `yes`). Counted per address (app.core.ratelimit
  "seat_request", refusals `slow_down`);
- `{"type": "seat_give", "seat": N, "from": ID, "yes": true|false}` from a seated connection:
  the seat's own device, the host, or an agreeing player answers spectator ID's request (who
  may, app.rooms.seat_requests); answered with `{"type": "seat_gave", "seat", "outcome"}`
  ("moved", "agreed": more players must agree, or "dropped"). Once the seat is given, the
  asking connection, and only it, gets `{"type": "seat_given", "seat", "link"}`: the
  one-time code its page opens (POST /api/rooms/{code}/seat-link/claim), approved already.
Refusals are error frames with a sentence, and change nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.core.ratelimit import SlowDown
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
            address = "unknown"
            if conn.guard is not None:
                address = conn.guard.client
                try:
                    conn.guard.limits.hit("seat_request", address)
                except SlowDown as exc:
                    await conn.error("slow_down", exc.message, retry_after=exc.retry_after)
                    return
            name = await conn.rooms.seat_requests.request(
                conn.code, conn.group.spectator_id, message.seat, message.name, address
            )
            await conn.send({"type": "seat_requested", "seat": message.seat, "name": name})
        else:
            if conn.token_hash is None:
                await conn.error("not_seated", "Only a seated player can answer a seat request.")
                return
            outcome = await conn.rooms.seat_requests.answer(
                conn.code, conn.token_hash, conn.group.spectator_id, message.seat, message.sender, message.yes
            )
            await conn.send({"type": "seat_gave", "seat": message.seat, "outcome": outcome})
    except RoomError as exc:
        await conn.send(error_message(exc))


async def on_given(conn: RoomConnection, payload: dict[str, Any]) -> None:
    """Pass a given seat's link on, to the spectator connection that asked for it only."""
    if conn.token_hash is None and payload.get("for") == conn.group.spectator_id:
        await conn.send({"type": "seat_given", "seat": payload["seat"], "link": payload["link"]})
