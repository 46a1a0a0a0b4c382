"""Group play over HTTP: rematch, chat settings, seat links for another device, the turn timer.

Host-only calls carry the host's seat token as `Authorization: Bearer <token>`; the seat link
of one's own seat carries that seat's token. One-time seat codes travel in the link's
fragment (`/rooms/<code>#seat=<one-time code>`), which browsers never send to a server; the
link's site is PUBLIC_ORIGIN, or the asking page's own (`link_origin`), never a bare `Host`.
"""

from __future__ import annotations

from typing import Any

import segno
from fastapi import APIRouter, Request
from pydantic import Field, StrictBool, StrictStr

from app.api.deps import Rooms, SeatToken
from app.api.validation import StrictBody
from app.ws.guard import origin_allowed

router = APIRouter(prefix="/api/rooms", tags=["group play"])


class ChatSettings(StrictBody):
    spectators: StrictBool


class Mute(StrictBody):
    sender: StrictStr = Field(alias="from", max_length=40)
    muted: StrictBool = True


class ClaimLink(StrictBody):
    code: StrictStr = Field(max_length=64)


class TurnTimer(StrictBody):
    turn_seconds: float | None = Field(default=None, allow_inf_nan=False)


@router.post("/{code}/rematch")
async def rematch(code: str, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    """After the end (host): `{"code": NEW}`, plus the host's own token and seat there."""
    new_code, new_token, seat = await rooms.rematch(code, token)
    return {"code": new_code, "token": new_token, "seat": seat, "url": f"/rooms/{new_code}"}


@router.post("/{code}/chat")
async def chat_settings(code: str, body: ChatSettings, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    """The host turns spectator chat on or off."""
    return await rooms.summary(await rooms.set_chat(code, token, spectators=body.spectators))


@router.post("/{code}/chat/mute")
async def mute(code: str, body: Mute, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    """The host mutes (or with `"muted": false` unmutes) a chat sender: `"from"` of their lines."""
    return await rooms.summary(await rooms.set_chat(code, token, sender=body.sender, muted=body.muted))


def link_origin(request: Request) -> str:
    """Where a seat link points: PUBLIC_ORIGIN when set; else the page's own origin as the
    browser states it (`Origin`, which a browser sets on every POST and no page can change),
    when the socket would allow it (app.ws.guard); else nothing (the link is its path alone).
    Never the `Host` header by itself: behind a proxy it is whatever the client sent."""
    settings = request.app.state.settings
    if settings.public_origin:
        return str(settings.public_origin)
    origin = request.headers.get("origin")
    if origin and origin_allowed(request.headers, settings):
        return origin.rstrip("/")
    return ""


def _link(request: Request, code: str, link: str, seat: int, seconds: float) -> dict[str, Any]:
    path = f"/rooms/{code}#seat={link}"
    absolute = link_origin(request) + path
    qr = segno.make(absolute, error="m")
    return {
        "url": absolute,
        "path": path,
        "seat": seat,
        "expires_in": seconds,
        "qr": qr.svg_data_uri(scale=4, border=2, dark="#111111", light="#ffffff"),
    }


@router.post("/{code}/seat-link")
async def own_seat_link(code: str, request: Request, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    """A one-time link (and its QR code) that moves the caller's seat to another device."""
    link, seat = await rooms.seat_link(code, token)
    return _link(request, code, link, seat, rooms.settings.seat_link_seconds)


@router.post("/{code}/seats/{seat}/link")
async def host_seat_link(
    code: str, seat: int, request: Request, rooms: Rooms, token: SeatToken
) -> dict[str, Any]:
    """The host issues a new one-time link for a player's seat (e.g. their device is lost)."""
    link, position = await rooms.seat_link(code, token, seat)
    return _link(request, code, link, position, rooms.settings.seat_link_seconds)


@router.post("/{code}/seat-link/claim")
async def claim_seat_link(code: str, body: ClaimLink, rooms: Rooms) -> dict[str, Any]:
    """Open a one-time link: this browser gets the seat's new token (the old device's stops)."""
    token, seat = await rooms.claim_link(code, body.code)
    return {"code": code, "token": token, "seat": seat}


@router.post("/{code}/timer")
async def turn_timer(code: str, body: TurnTimer, rooms: Rooms, token: SeatToken) -> dict[str, Any]:
    """The host sets the room's turn timer (seconds; null or 0 turns it off), also mid-game."""
    return await rooms.summary(await rooms.set_turn_timer(code, token, body.turn_seconds))
