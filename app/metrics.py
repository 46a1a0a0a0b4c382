"""Every Prometheus metric of the server, and the small functions the room service and the
socket call to record what happened (`GET /metrics` serves them; app/routes/ops.py).

Counters and histograms live in this process's `REGISTRY` (with the client library's
process, platform and garbage-collector collectors). Numbers that already exist in the
app are read when scraped instead (`RoomsCollector`): rooms by status come from the
database (so every process of a site reports the same totals: aggregate with `max`,
not `sum`), and Redis reconnects from the broadcast backend. With several worker
processes each one answers with its own counters.

The same functions write the action log lines (logger `paddock.actions`): one per
accepted action at DEBUG, one per refused action at INFO, naming the room code and
version, never a token.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.gc_collector import GCCollector
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector
from prometheus_client.registry import Collector
from sqlalchemy import Engine

from app.broadcast import Broadcast
from app.models import Room

log = logging.getLogger("paddock.actions")

CONTENT_TYPE = CONTENT_TYPE_LATEST
# No `*_created` series next to every counter and histogram: they only double the output.
disable_created_metrics()
REGISTRY = CollectorRegistry(auto_describe=True)
ProcessCollector(registry=REGISTRY)
PlatformCollector(registry=REGISTRY)
GCCollector(registry=REGISTRY)

# Seconds, from 1 ms (an in-memory SQLite commit) to 10 s (a stuck database or client).
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

ACTIONS_ACCEPTED = Counter(
    "paddock_actions_accepted",
    "Actions stored, by who played them (player, bot or timer).",
    ["source"],
    registry=REGISTRY,
)
ACTIONS_REFUSED = Counter(
    "paddock_actions_refused",
    "Actions refused, by the error code the client received.",
    ["code"],
    registry=REGISTRY,
)
ACTION_COMMIT_SECONDS = Histogram(
    "paddock_action_commit_seconds",
    "From an action reaching the room service to its transaction being committed.",
    buckets=LATENCY_BUCKETS,
    registry=REGISTRY,
)
FANOUT_SECONDS = Histogram(
    "paddock_fanout_seconds",
    "From a change being committed to its state frame being sent on a socket (one per socket).",
    buckets=LATENCY_BUCKETS,
    registry=REGISTRY,
)
SWEEP_SECONDS = Histogram(
    "paddock_sweep_seconds",
    "Duration of one sweep over running rooms (taking over bots and timers).",
    buckets=LATENCY_BUCKETS,
    registry=REGISTRY,
)
DB_TRANSACTIONS = Counter(
    "paddock_db_transactions",
    "Database transactions begun by the room service, by kind (play: a group commit of "
    "actions; read: the play path reading a room it does not hold in memory; orm: lobby, "
    "seats, chat and lifecycle).",
    ["kind"],
    registry=REGISTRY,
)
GROUP_COMMIT_ROOMS = Histogram(
    "paddock_group_commit_rooms",
    "Rooms whose actions one group commit wrote together.",
    buckets=(1, 2, 4, 8, 16, 32, 64, 128),
    registry=REGISTRY,
)
CAS_LOST = Counter(
    "paddock_cas_lost",
    "Writes of the play path that lost their compare-and-set to another writer, by how the "
    "action was decided again (heard: against the winner's change, heard on the bus; read: "
    "against the room read again).",
    ["then"],
    registry=REGISTRY,
)
SOCKETS = Gauge("paddock_sockets", "Open room sockets on this process.", registry=REGISTRY)

# Known label values start at 0, so a rate() over them exists before the first event. Their
# children are kept: `labels()` looks one up under a lock, once per action and transaction.
_ACCEPTED = {source: ACTIONS_ACCEPTED.labels(source=source) for source in ("player", "bot", "timer")}
_TRANSACTIONS = {kind: DB_TRANSACTIONS.labels(kind=kind) for kind in ("play", "read", "orm")}
_CAS_LOST = {then: CAS_LOST.labels(then=then) for then in ("heard", "read")}
_REFUSED = {
    code: ACTIONS_REFUSED.labels(code=code)
    for code in ("stale", "not_your_turn", "illegal_action", "bad_action", "game_over")
}


# ---- what the room service and the socket call ---------------------------------


def actions_committed(
    room: str, first_version: int, seats: list[int], source: str, seconds: float | None = None
) -> None:
    """The actions of one committed transaction, in order: seat `seats[i]`'s action made the
    room's version `first_version + i + 1`. `seconds`: from the request's arrival to the commit."""
    counter = _ACCEPTED.get(source) or ACTIONS_ACCEPTED.labels(source=source)
    counter.inc(len(seats))
    if log.isEnabledFor(logging.DEBUG):
        for index, seat in enumerate(seats):
            version = first_version + index + 1
            log.debug(
                "action accepted: room %s v%d seat %d (%s)",
                room,
                version,
                seat,
                source,
                extra={"room": room, "version": version, "seat": seat, "source": source},
            )
    if seconds is not None and seats:
        ACTION_COMMIT_SECONDS.observe(seconds)


def action_refused(code: str) -> None:
    """One refused action, counted by the error it got (the log line, at most one per
    connection and interval, is app.ws.refusals')."""
    (_REFUSED.get(code) or ACTIONS_REFUSED.labels(code=code)).inc()


def db_transaction(kind: str) -> None:
    (_TRANSACTIONS.get(kind) or DB_TRANSACTIONS.labels(kind=kind)).inc()


def cas_lost(then: str) -> None:
    (_CAS_LOST.get(then) or CAS_LOST.labels(then=then)).inc()


def group_commit(rooms: int) -> None:
    GROUP_COMMIT_ROOMS.observe(rooms)


def fanout(seconds: float) -> None:
    FANOUT_SECONDS.observe(max(seconds, 0.0))


def sweep_done(seconds: float) -> None:
    SWEEP_SECONDS.observe(seconds)


def socket_opened() -> None:
    SOCKETS.inc()


def socket_closed() -> None:
    SOCKETS.dec()


# ---- read at scrape time ------------------------------------------------------------

# Always reported (0 when none), so dashboards have every series; other statuses appear when present.
ROOM_STATUSES = ("lobby", "playing", "over", "closed")


def rooms_by_status(database: Engine) -> dict[str, int]:
    """Counted on a raw connection, outside the app's transactions (no SQLite write lock)."""
    connection = database.raw_connection()
    try:
        cursor = connection.cursor()
        cursor.execute(f"SELECT status, COUNT(*) FROM {Room.__tablename__} GROUP BY status")
        counts = {str(status): int(count) for status, count in cursor.fetchall()}
        cursor.close()
        return counts
    finally:
        connection.close()


class AppCollector(Collector):
    """Rooms by status (from the database) and Redis reconnects (from the broadcast)."""

    def __init__(self, database: Engine, broadcast: Broadcast) -> None:
        self.database = database
        self.broadcast = broadcast

    def collect(self) -> Iterator[Metric]:
        rooms = GaugeMetricFamily("paddock_rooms", "Rooms in the database, by status.", labels=["status"])
        try:
            counts = rooms_by_status(self.database)
        except Exception as exc:  # noqa: BLE001 - a scrape must not fail because the database did
            log.warning("rooms by status unavailable: %s", type(exc).__name__)
        else:
            for status in sorted(set(ROOM_STATUSES) | set(counts)):
                rooms.add_metric([status], counts.get(status, 0))
            yield rooms
        reconnects = getattr(self.broadcast, "reconnects", None)
        if reconnects is not None:
            yield CounterMetricFamily(
                "paddock_redis_reconnects",
                "Times this process's Redis subscription was lost and re-established.",
                value=reconnects,
            )


def app_registry(database: Engine, broadcast: Broadcast) -> CollectorRegistry:
    registry = CollectorRegistry(auto_describe=False)
    registry.register(AppCollector(database, broadcast))
    return registry


def exposition(app_metrics: CollectorRegistry | None = None) -> bytes:
    """The text format Prometheus scrapes: this process's metrics, then the app's."""
    body = generate_latest(REGISTRY)
    if app_metrics is not None:
        body += generate_latest(app_metrics)
    return body
