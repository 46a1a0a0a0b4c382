"""The garbage collector of a serving process: tuned once the app has started.

A server holds many long-lived objects (the imported framework, the rooms kept in memory, every
connection's state). CPython's default thresholds (700, 10, 10) run a full collection, which
walks every one of them with the event loop stopped, every few seconds under load: 200-300 ms
pauses that were Ponies in Pursuit's p99 at human pace (bench/RESULTS.md). Once started, the
process moves what it holds into the permanent generation (`gc.freeze`: never walked again)
and collects its youngest generation less often (GC_THRESHOLDS, default 20000,50,100), so young
cycles are still collected within seconds and a full collection comes every several minutes
instead. GC_THRESHOLDS=off keeps Python's own settings.
"""

from __future__ import annotations

import gc

DEFAULT = "20000,50,100"


def parse_thresholds(text: str) -> tuple[int, int, int] | None:
    """GC_THRESHOLDS: three positive whole numbers "gen0,gen1,gen2", or "off" (None)."""
    cleaned = text.strip().lower()
    if cleaned in ("off", ""):
        return None
    parts = [part.strip() for part in cleaned.split(",")]
    if len(parts) != 3 or not all(part.isdigit() and int(part) > 0 for part in parts):
        raise ValueError('give three positive whole numbers such as "20000,50,100", or "off"')
    first, second, third = (int(part) for part in parts)
    return first, second, third


def tune(text: str) -> bool:
    """Freeze what the started process holds and set the thresholds; False when "off"."""
    thresholds = parse_thresholds(text)
    if thresholds is None:
        return False
    gc.collect()  # what is garbage now is not frozen with the rest
    gc.freeze()
    gc.set_threshold(*thresholds)
    return True
