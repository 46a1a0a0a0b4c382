"""Whose tote chips are whose (app.rooms.tote): an account per spectator identity and series."""

from __future__ import annotations

import hashlib


def account_of(series: str, identity: str) -> str:
    """The tote account in `series` (its first room's code) of the spectator whose private
    identity is `identity` (app.ws.group: derived from its browser's spectator key). The same
    in every room of the series, unlike the public spectator id; one-way, so the account tells
    neither the key nor the identity, and it is never sent to any socket."""
    return hashlib.sha256(f"paddock tote {series} {identity}".encode()).hexdigest()[:32]
