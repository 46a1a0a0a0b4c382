"""What a room keeps of a client's address: a digest of its limit key (app.core.ratelimit: an
IPv6 client by its /64) and the room's code, never the address itself. It lets the tote cap
the fresh accounts one address opens in a room (app.rooms.tote) and a host's mute bind the
muted spectator's address (app.rooms.chat); the digest differs from room to room, so it does
not tell who was where, and it goes with the room's rows when the room is deleted."""

from __future__ import annotations

import hashlib

DIGEST = 16  # hex characters kept


def room_address(code: str, address: str) -> str:
    """The digest of the limit key `address` in room `code`."""
    return hashlib.sha256(f"paddock address {code} {address}".encode()).hexdigest()[:DIGEST]
