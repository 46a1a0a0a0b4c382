"""Refusals are counted, not logged one by one: a connection writes at most one log line per
`refusal_log_seconds` (60 s by default) about what it had refused: flood refusals, refused
actions, malformed messages. The first refusal of an interval is logged as it happens (with
the room, version, seat and code); the others are counted, and the next line (or the one when
the connection closes) says how many of each there were. So one client cannot write more than
about two short lines of log a minute however fast it sends (issue 20: one socket used to write
63 MB in 20 s)."""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

log = logging.getLogger("paddock.ws")


class RefusalLog:
    __slots__ = ("interval", "clock", "counts", "quiet_until")

    def __init__(self, interval: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.interval = interval
        self.clock = clock
        self.counts: Counter[str] = Counter()
        self.quiet_until = 0.0

    def action(self, room: str, version: int | None, code: str, seat: int | None) -> None:
        self._note(
            code,
            "action refused: room %s v%s seat %s: %s",
            (room, version, seat, code),
            {"room": room, "version": version, "seat": seat, "code": code},
        )

    def message(self, room: str, code: str) -> None:
        self._note(code, "message refused: room %s: %s", (room, code), {"room": room, "code": code})

    def close(self, room: str) -> None:
        """The counts not logged yet, when the connection ends."""
        if self.counts:
            log.info(
                "refused on a connection that closed: room %s: %s",
                room,
                self._summary(),
                extra={"room": room, "refused": dict(self.counts)},
            )
            self.counts.clear()

    def _note(self, code: str, text: str, args: tuple[Any, ...], extra: dict[str, Any]) -> None:
        now = self.clock()
        if now < self.quiet_until:
            self.counts[code] += 1
            return
        if self.counts:
            text += " (and %s more on this connection in the last %g s)"
            args = (*args, self._summary(), self.interval)
            extra = {**extra, "refused": dict(self.counts)}
            self.counts.clear()
        log.info(text, *args, extra=extra)
        self.quiet_until = now + self.interval

    def _summary(self) -> str:
        return ", ".join(f"{count} {code}" for code, count in self.counts.most_common())
