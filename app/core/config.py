"""The one settings object, read from the environment (DATABASE_URL, BROADCAST_URL, HOST, PORT, ...)."""

from __future__ import annotations

from typing import Literal
from urllib.parse import urlsplit

from pydantic import field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from app.core.collector import DEFAULT as DEFAULT_GC_THRESHOLDS
from app.core.collector import parse_thresholds


class Settings(BaseSettings):
    model_config = SettingsConfigDict(extra="ignore")

    # A SQLite file in the working directory unless DATABASE_URL says otherwise;
    # plain `postgresql://...` URLs get the psycopg 3 driver (see app.core.db).
    database_url: str = "sqlite:///paddock.db"
    # Fan-out between connections: "memory://" (one process) or "redis://host:6379/0"
    # (several processes share rooms; see app.broadcast.redis).
    broadcast_url: str = "memory://"
    # Prefix of every Redis key and channel, so several sites (or test runs) share one Redis.
    broadcast_prefix: str = "paddock:"
    # Seconds between sweeps that take over bots and timers of running games
    # (e.g. after another process died); 0 turns the sweep off.
    sweep_seconds: float = 10.0
    # A database that cannot hang the server (app.core.db; README "Limits"): seconds to
    # connect to PostgreSQL; seconds a PostgreSQL statement (and any one use of a connection)
    # may take before it is cancelled and the request answers `storage_unavailable`; seconds
    # a SQLite write waits for a lock held by another process.
    db_connect_timeout: float = 5.0
    db_statement_timeout: float = 10.0
    sqlite_busy_timeout: float = 10.0
    # Database threads per process for PostgreSQL (SQLite always uses one).
    db_threads: int = 2
    host: str = "127.0.0.1"
    port: int = 8000

    # Largest client socket message we read, in bytes; bigger ones get a `too_big` error.
    max_message_bytes: int = 16_384
    # Messages a slow connection may have waiting before it is resynced instead.
    subscriber_queue_size: int = 32
    # Seconds a bot waits before acting, so people can follow the table (tests use 0).
    bot_delay: float = 0.8
    # Live odds (app.rooms.odds): worker processes that compute them, off the event loop and at
    # low priority (one update per room and version, a newer version skips the older); 0 turns
    # live odds off (GET /api/rooms/{code}/odds then answers `odds_off`).
    odds_workers: int = 1

    # ---- abuse limits (see app/core/ratelimit.py, app/ws/guard.py; README "Limits") ----
    # RATE_LIMITS=off turns the per-client limits below and the socket flood control off
    # (e.g. a load benchmark run from one address); the byte limits always hold.
    rate_limits: bool = True
    # Per client address, in the `limits` notation ("N/second|minute|hour|day", several
    # windows separated by ";", all of which must hold). Generous enough for a houseful of
    # players behind one address (and for the test suites), far below a flood.
    rooms_created_limit: str = "60/minute;600/hour"
    joins_limit: str = "120/minute;1200/hour"
    hellos_limit: str = "300/minute"
    # "I'm one of the players" requests for a seat (app.rooms.seat_requests), over all rooms.
    seat_requests_limit: str = "30/minute;300/hour"
    # Connections (app.core.connections, `paddock serve`): seconds a client has to send a
    # request's headers; connections one address may hold at once, HTTP and sockets together
    # (0: no cap); addresses counted only in the total (e.g. a reverse proxy, comma-separated);
    # all connections of a process (0: the file-descriptor limit less 64).
    header_timeout_seconds: float = 10.0
    connections_per_address: int = 64
    connection_limit_exempt: str = ""
    max_connections: int = 0
    # Sockets one address may hold open to one room at once.
    sockets_per_room: int = 24
    # Games one address may have running at once (rooms it created that are playing, resting
    # ones included; app.rooms.lobby): starting one more is refused with a sentence (0: no cap).
    rooms_per_address: int = 50
    # A socket that has not said a valid hello within this many seconds is closed.
    hello_timeout_seconds: float = 10.0
    # Browser origins allowed to open the room socket, comma-separated
    # ("https://a.example,https://b.example"); empty means the page's own origin only.
    # A client that sends no Origin header (not a browser) is always allowed.
    allowed_origins: str = ""
    # The site's address as its visitors reach it ("https://paddock.example"): seat links and
    # their QR codes are built on it (app/api/routes/group.py). Empty: on the page's own origin
    # as the browser states it (its `Origin`, when allowed as for the socket), never on a bare
    # `Host` header; a request with neither gets the link's path alone.
    public_origin: str = ""

    # Shortest room turn timer (`turn_seconds`) a host may set; the longest is 24 hours.
    min_turn_seconds: float = 5.0

    # ---- room lifecycle (see app/rooms/lifecycle.py; README "Rooms that end") ----
    # A running game with no seated player connected for this long is closed.
    idle_room_seconds: float = 30 * 60
    # A lobby nobody started expires after this long without a seated player connected.
    lobby_seconds: float = 6 * 3600
    # Finished and closed rooms (with their action logs) are deleted after this long.
    retention_days: float = 30.0
    # A running game with nobody connected (no seated player, no spectator) rests after this
    # long: its bots and its timer wait until someone connects again (app.rooms.rest).
    rest_seconds: float = 30.0
    # Bot and timer actions of all rooms of a process draw on one budget (app.rooms.budget):
    # this many per second, bursts of `bot_actions_burst`; beyond it they wait, a player's
    # action never does (0: no budget).
    bot_actions_per_second: float = 200.0
    bot_actions_burst: float = 50.0

    # Flood control per socket (app.ws.flood): sustained messages per second and burst, for
    # actions, pings and malformed messages. Beyond them: a `slow_down` error, nothing stored.
    act_rate: float = 8.0
    act_burst: float = 16.0
    ping_rate: float = 1.0
    ping_burst: float = 5.0
    junk_rate: float = 1.0
    junk_burst: float = 5.0

    # Group play (app/rooms/seats.py, chat.py): seconds after a player's last socket closed
    # before the host may hand the seat to a bot (tests set 0 or inject the clock).
    seat_grace_seconds: float = 30.0
    # How long a "continue on another device" link (one-time code) stays valid.
    seat_link_seconds: float = 600.0
    # A link claimed for a seat whose device is connected asks that device first; the claim is
    # told to try again after this long. The seat moves only on the device's "that's me", never
    # by silence (issue 42).
    seat_ask_seconds: float = 30.0
    # Chat flood control per connection: a burst of this many messages, then one more
    # every `chat_refill_seconds`.
    chat_burst: int = 5
    chat_refill_seconds: float = 2.0
    # Chat lines per client address and room (every line, seats' too), and a room's spectator
    # lines in all, in the `limits` notation (app.ws.group): one address's sockets share the
    # first, so opening more is no way past it, and the second keeps any number of addresses
    # from washing the room's kept lines (the newest 50) away in seconds.
    chat_address_limit: str = "20/minute"
    chat_room_limit: str = "30/minute"
    # The tote (app.rooms.tote): accounts one address may open in one room (a spectator key
    # that never backed in the series before opens one with 100 chips); 0: no cap.
    tote_accounts_per_address: int = 6

    # Operators only (app/routes/ops.py): /metrics and the reasons of /readyz need
    # `Authorization: Bearer <OPS_TOKEN>`; while it is empty, only requests from a loopback
    # address get them. Everyone else sees /readyz's bare status.
    ops_token: str = ""

    # A connection (and uvicorn's protocol errors, all together) writes at most one log line
    # per this many seconds about what was refused; the line counts the rest (app.ws.refusals).
    refusal_log_seconds: float = 60.0

    # Logging (app.logs): the least severe level written, and `text` or `json` (one object a line).
    log_level: Literal["debug", "info", "warning", "error", "critical"] = "info"
    log_format: Literal["text", "json"] = "text"

    # The serving process's garbage collector (app.core.collector): "gen0,gen1,gen2"
    # thresholds applied, with gc.freeze(), once the app has started; "off": Python's own.
    gc_thresholds: str = DEFAULT_GC_THRESHOLDS

    @field_validator("public_origin")
    @classmethod
    def _origin(cls, value: str) -> str:
        value = value.strip().rstrip("/")
        if value:
            parts = urlsplit(value)
            if parts.scheme not in ("http", "https") or not parts.netloc or parts.path or parts.query:
                raise ValueError("an origin is a scheme and a host, e.g. https://paddock.example")
        return value

    @field_validator("gc_thresholds")
    @classmethod
    def _thresholds(cls, value: str) -> str:
        parse_thresholds(value)  # a ValueError becomes the setting's error sentence
        return value

    @field_validator("log_level", "log_format", mode="before")
    @classmethod
    def _lower_case(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value
