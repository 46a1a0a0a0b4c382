"""uvicorn's protocol errors, counted instead of logged one by one: a client sending garbage
requests or invalid UTF-8 text frames made uvicorn write a line (with a traceback for the
frames) per connection. This filter on uvicorn's logger lets the first such line of each
`refusal_log_seconds` interval through, without its traceback, and counts the rest; the next
line that passes says how many were left out. Other uvicorn lines pass as they are."""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from collections.abc import Callable

# uvicorn's messages about a client's malformed traffic (uvicorn/protocols/*).
PROTOCOL_NOISE = (
    "Invalid HTTP request received.",
    "Invalid UTF-8 sequence received from client.",
    "Unsupported upgrade request.",
    "Invalid HTTP/2 frame received: %s",
    "Exceeded concurrency limit.",
)
LOGGER = "uvicorn.error"


class ProtocolNoiseFilter(logging.Filter):
    def __init__(self, interval: float, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__("paddock.protocol_noise")
        self.interval = interval
        self.clock = clock
        self.counts: Counter[str] = Counter()
        self.quiet_until = 0.0
        self.lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        if not isinstance(record.msg, str) or record.msg not in PROTOCOL_NOISE:
            return True
        with self.lock:
            now = self.clock()
            if now < self.quiet_until:
                self.counts[record.msg.rstrip(".: %s")] += 1
                return False
            self.quiet_until = now + self.interval
            left_out = ", ".join(f"{n} x {text!r}" for text, n in self.counts.most_common())
            self.counts.clear()
        record.exc_info = None  # a client's garbage is not the server's bug: no traceback
        record.exc_text = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        if left_out:
            record.msg = f"{record.getMessage()} (and, left out in the last {self.interval:g} s: {left_out})"
            record.args = ()
        return True


def install(interval: float) -> ProtocolNoiseFilter:
    """Put the filter on uvicorn's error logger (replacing one put there before)."""
    logger = logging.getLogger(LOGGER)
    for old in [f for f in logger.filters if isinstance(f, ProtocolNoiseFilter)]:
        logger.removeFilter(old)
    noise = ProtocolNoiseFilter(interval)
    logger.addFilter(noise)
    return noise
