"""SQLAlchemy models: rooms, their seats, and each room's action log.

A room's `state` and `version` are replaced in the same transaction that
appends the action row with `seq == version`, so the log always rebuilds the
stored state (seed + options + seats + actions).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class Room(Base):
    __tablename__ = "rooms"
    # The sweep's and the purge's queries (migration 0003_lifecycle).
    __table_args__ = (
        Index("ix_rooms_status_active_at", "status", "active_at"),
        Index("ix_rooms_ended_at", "ended_at"),
        Index("ix_rooms_deadline", "deadline"),
        Index("ix_rooms_bot_turn", "bot_turn"),
        # Games running per address (migration 0012_rest).
        Index("ix_rooms_opened_by_status", "opened_by", "status"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(40), unique=True, index=True)
    game: Mapped[str] = mapped_column(String(64))
    # The game's validated options (never the seed).
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Secret until the game is over; `seeded` says whether the host chose it.
    seed: Mapped[int] = mapped_column(BigInteger)
    seeded: Mapped[bool] = mapped_column(Boolean, default=False)
    # "lobby", "playing", "over" or "closed".
    status: Mapped[str] = mapped_column(String(16), default="lobby")
    # Number of accepted actions; the `v` of the state messages.
    version: Mapped[int] = mapped_column(Integer, default=0)
    state: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # Room-level turn timer; the game's own `round_seconds` option wins when set.
    turn_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    # When the running timer fires (Unix time), so timers survive a restart.
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    # The log events of the game's setup (each action row keeps the events it added).
    initial_events: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)
    # Per seat: [version, digest] of what that seat last had to decide on (see app.rooms.decisions).
    decisions: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # Group play (migration 0004): the room of this room's rematch, once the host asked for it;
    # whether spectators may chat; the chat senders the host muted ("seat:N" / "spec:<id>").
    rematch_code: Mapped[str | None] = mapped_column(String(40), nullable=True)
    chat_spectators: Mapped[bool] = mapped_column(Boolean, default=True)
    # The host's room option "odds for players": seated players see the live odds too.
    odds_players: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    chat_muted: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    # The addresses a mute binds besides its sender (migration 0014, app.rooms.chat): digests of
    # app.rooms.addresses, never in a summary.
    chat_muted_addresses: Mapped[list[list[str]] | None] = mapped_column(JSON, nullable=True)
    # The evening's series (migration 0006, app.rooms.series): the code of its first room
    # (None: this room is the first), and which game of the evening this room is (1, 2, ...).
    series_code: Mapped[str | None] = mapped_column(String(40), nullable=True, index=True)
    series_game: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    # The lobby of a group (migration 0007, app.rooms.group_lobby): who is ready (seat names),
    # whether the game starts once everyone is, and friends asking to replace a bot.
    lobby: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # Lifecycle (app.rooms.lifecycle; migration 0003_lifecycle), all Unix times:
    # the last time a seated player was known to be here (created, connected, left the socket),
    active_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    # when the room became "over" or "closed" (purged a retention period later),
    ended_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    # and whether a bot seat is awaited (the sweep selects these and rooms with a deadline).
    bot_turn: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # Ending a game by vote (app.rooms.end_vote; migration 0007): the open proposal
    # ({"kind", "by", "yes": [seats], "no": [seats], "at"}), when each kind was last declined
    # ({kind: Unix time}), and how the vote ended the game ("bots" or "abandon").
    end_vote: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    end_declined: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    ended_by: Mapped[str | None] = mapped_column(String(16), nullable=True)
    # Rooms that rest (app.rooms.rest; migration 0012_rest): since when the running game rests
    # (nobody connected: its bots and timer wait), None while it plays on; and a digest of the
    # address that opened the room, which games running per address are counted by.
    rest_since: Mapped[float | None] = mapped_column(Float, nullable=True)
    opened_by: Mapped[str | None] = mapped_column(String(64), nullable=True)

    seats: Mapped[list[Seat]] = relationship(
        back_populates="room", order_by="Seat.position", cascade="all, delete-orphan"
    )


class Seat(Base):
    __tablename__ = "seats"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    # sha256 of the seat's token; None for bots and for seats whose player left.
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    is_host: Mapped[bool] = mapped_column(Boolean, default=False)
    has_left: Mapped[bool] = mapped_column(Boolean, default=False)
    # Group play (migration 0004, see app.rooms.seats and app.rooms.rematch):
    # when the seat's last socket closed (Unix time; the grace period runs from here);
    away_since: Mapped[float | None] = mapped_column(Float, nullable=True)
    # the token hash of the player whose seat a bot plays for now (their hello takes it back);
    reclaim_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # in a rematch room: the token hash the seat had in the old room (claimed at the rematch);
    rematch_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # sha256 of the one-time "continue on another device" code, and when it expires.
    link_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    link_expires: Mapped[float | None] = mapped_column(Float, nullable=True)
    # When a claim of that link asked the seat's connected device (migration 0005); 0.0
    # (app.rooms.seats.APPROVED) once the seat's consent was given: the device said "that's me",
    # or a seat request was approved. A device that keeps its seat clears `link_expires` (the
    # link then says so).
    link_asked: Mapped[float | None] = mapped_column(Float, nullable=True)
    # "I'm one of the players" (app.rooms.seat_requests; migration 0013): the spectators asking
    # for this seat now, oldest first, each {"from": spectator id, "name": the name they gave,
    # "named": whether a named spectator of the room goes by it, "at": when, "yes": [seats
    # that agreed]}; None or [] when nobody asks.
    requests: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)

    room: Mapped[Room] = relationship(back_populates="seats")


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("room_id", "seq", name="uq_actions_room_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    # "player", "bot" or "timer": who chose it (the game only sees the seat).
    source: Mapped[str] = mapped_column(String(8))
    # The log events this action added (public, or addressed with "to").
    events: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RoomMessage(Base):
    """The room's chat and public seat notices (the newest CHAT_KEEP are kept, see app.rooms.chat)."""

    __tablename__ = "room_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    # The frame every socket receives: {"type": "chat", ...} or {"type": "notice", ...}.
    frame: Mapped[dict[str, Any]] = mapped_column(JSON)
    # A spectator's line: the digest of its address for this room (app.rooms.addresses; a mute
    # binds it, migration 0014). Never sent.
    address: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class WriteCheck(Base):
    """A scratch row the start check and /readyz write and delete (app.core.storage): a write
    that really needs the disk, not a no-op (migration 0005)."""

    __tablename__ = "write_checks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    checked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ToteBet(Base):
    """A named spectator's chips on a contender of a room's tote (app.rooms.tote; migrations 0010,
    0011, 0014)."""

    __tablename__ = "tote_bets"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    # The backer's account (app.rooms.tote: private, derived from its spectator key and the
    # series; `name:<name>` for a bet stored before migration 0014) and the name it went by.
    account: Mapped[str] = mapped_column(String(64), nullable=True, index=True)
    name: Mapped[str] = mapped_column(String(40))
    # The digest of the backer's address for this room (app.rooms.addresses; null before 0014).
    address: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # The contender backed: a seat id as in the live odds ("0", "1", ...).
    contender: Mapped[str] = mapped_column(String(8))
    chips: Mapped[int] = mapped_column(Integer)
    # The room's version when the bet was accepted (migration 0011): the replay's step at which
    # it joined the pools. Null for bets stored before.
    v: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class TotePayout(Base):
    """The settlement of a room's tote: what each backer got back (0 for a loser); a room with
    any row is settled (migration 0010)."""

    __tablename__ = "tote_payouts"
    __table_args__ = (
        UniqueConstraint("room_id", "name", name="uq_tote_payouts_room_name"),
        Index("uq_tote_payouts_room_account", "room_id", "account", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    # The account paid (see ToteBet) and the name it went by.
    account: Mapped[str] = mapped_column(String(64), nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    chips: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
