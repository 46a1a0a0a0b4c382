"""Flood control for one socket: a token bucket per kind of message.

Acts, pings and malformed messages each have a sustained rate and a burst. Beyond them the
connection gets a `slow_down` error (with the seconds to wait) and the message is dropped
before anything else happens: no database, no engine. Token buckets are a few floats per
connection, so holding thousands of sockets costs nothing here.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any


class TokenBucket:
    __slots__ = ("rate", "burst", "tokens", "stamp", "clock")

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.clock = clock
        self.stamp = clock()

    def take(self) -> float:
        """0.0 when the message may pass, else the seconds until one token is back."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / self.rate if self.rate > 0 else math.inf


class FloodControl:
    """The buckets of one connection: acts, pings and malformed messages."""

    __slots__ = ("acts", "pings", "junk")

    def __init__(
        self,
        act_rate: float,
        act_burst: float,
        ping_rate: float,
        ping_burst: float,
        junk_rate: float,
        junk_burst: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.acts = TokenBucket(act_rate, act_burst, clock)
        self.pings = TokenBucket(ping_rate, ping_burst, clock)
        self.junk = TokenBucket(junk_rate, junk_burst, clock)

    @classmethod
    def from_settings(cls, settings: Any) -> FloodControl:
        """The configured rates; with RATE_LIMITS=off nothing is ever refused."""
        if not settings.rate_limits:
            return cls(math.inf, math.inf, math.inf, math.inf, math.inf, math.inf)
        return cls(
            settings.act_rate,
            settings.act_burst,
            settings.ping_rate,
            settings.ping_burst,
            settings.junk_rate,
            settings.junk_burst,
        )


def slow_down(wait: float) -> dict[str, object]:
    seconds = max(0.1, round(wait, 1))
    return {
        "type": "error",
        "code": "slow_down",
        "message": f"You are sending messages too fast; wait {seconds:g} seconds and try again.",
        "params": {"retry_after": seconds},
    }
