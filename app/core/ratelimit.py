"""Per-client limits (by address): room creations, joins, socket hellos, seat requests and chat lines (per
address and room, and a room's spectator lines in all) per time window, and sockets open at
once per room. An IPv6 client is counted by its /64 (`limit_key`): one
client holds a whole /64, and each of its addresses would count as another client.

The windows use the `limits` library (moving window, in-process memory): each address keeps at
most N timestamps per kind and its entries expire with the window, so the state stays bounded by
the clients seen in the last window. The open-socket counts drop to nothing when sockets close.
`RATE_LIMITS=off` (Settings.rate_limits) turns all of this off; the byte limits stay.

With several processes each one counts its own clients (a client spread over N processes by a
load balancer gets up to N times the limit), which is enough to stop one client flooding.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import Counter

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from app.core.config import Settings

# What each limited kind of request is called in the refusal sentence.
WHAT = {
    "create": "rooms created",
    "join": "seats taken",
    "hello": "connections to rooms",
    "seat_request": "seat requests",
}


class SlowDown(Exception):
    """A client went past a limit; `retry_after` is in whole seconds (at least 1)."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after


class ClientLimits:
    def __init__(self, settings: Settings) -> None:
        self.enabled = settings.rate_limits
        # Each kind may have several windows ("60/minute;600/hour"): all must hold.
        self.items: dict[str, list[RateLimitItem]] = {
            "create": parse_many(settings.rooms_created_limit),
            "join": parse_many(settings.joins_limit),
            "hello": parse_many(settings.hellos_limit),
            "seat_request": parse_many(settings.seat_requests_limit),
            "chat": parse_many(settings.chat_address_limit),
            "chat_room": parse_many(settings.chat_room_limit),
        }
        self.sockets_per_room = settings.sockets_per_room
        self.storage = MemoryStorage()
        self.limiter = MovingWindowRateLimiter(self.storage)
        # (address, room code) -> sockets open now (entries are removed at zero).
        self.open_sockets: Counter[tuple[str, str]] = Counter()

    def hit(self, kind: str, client: str) -> None:
        """Count one request of `kind` by `client`; raise SlowDown when it goes past the limit."""
        if not self.enabled:
            return
        for item in self.items[kind]:
            if not self.limiter.hit(item, kind, client):
                break
        else:
            return
        reset = self.limiter.get_window_stats(item, kind, client).reset_time
        retry_after = max(1, math.ceil(reset - time.time()))
        raise SlowDown(
            f"Too many {WHAT[kind]} from your address (the limit is {item.amount} per "
            f"{_per(item)}); please try again in {retry_after} seconds.",
            retry_after,
        )

    def chat(self, client: str, code: str, spectator: bool) -> None:
        """Count one chat line of `client` in room `code` (and, a spectator's, of the room);
        raise SlowDown past either budget, counting nothing then."""
        if not self.enabled:
            return
        keys = [("chat", f"{client} {code}")] + ([("chat_room", code)] if spectator else [])
        for kind, key in keys:
            for item in self.items[kind]:
                if not self.limiter.test(item, kind, key):
                    reset = self.limiter.get_window_stats(item, kind, key).reset_time
                    retry_after = max(1, math.ceil(reset - time.time()))
                    whose = "your address" if kind == "chat" else "this room's spectators"
                    raise SlowDown(
                        f"Too many chat lines from {whose} (the limit is {item.amount} per "
                        f"{_per(item)}); please wait {retry_after} seconds.",
                        retry_after,
                    )
        for kind, key in keys:
            for item in self.items[kind]:
                self.limiter.hit(item, kind, key)

    def open_socket(self, client: str, code: str) -> None:
        """Count an open socket to a room; raise SlowDown past the per-room cap (call close_socket after)."""
        if not self.enabled:
            return
        key = (client, code)
        if self.open_sockets[key] >= self.sockets_per_room:  # (reading a Counter adds no entry)
            raise SlowDown(
                f"Your address already has {self.sockets_per_room} connections open to this room; "
                "close some tabs and try again.",
                5,
            )
        self.open_sockets[key] += 1

    def close_socket(self, client: str, code: str) -> None:
        key = (client, code)
        if key not in self.open_sockets:
            return
        self.open_sockets[key] -= 1
        if self.open_sockets[key] <= 0:
            del self.open_sockets[key]


def _per(item: RateLimitItem) -> str:
    unit = item.GRANULARITY.name
    return unit if item.multiples == 1 else f"{item.multiples} {unit}s"


def client_address(scope_client: tuple[str, int] | None) -> str:
    """The address limits are counted by (behind a proxy, uvicorn's --forwarded-allow-ips
    puts the real client here): see `limit_key`."""
    return limit_key(scope_client[0]) if scope_client else "unknown"


def limit_key(host: str) -> str:
    """What one client is counted as: an IPv4 address as it is, an IPv6 address by its /64 (a
    client holds a whole /64, so each of its addresses would count as another client), an
    IPv4-mapped IPv6 address as the IPv4 address; anything else (a Unix socket's name) as given."""
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])  # (a zone index names no client)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)
