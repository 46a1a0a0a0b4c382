"""The room service: the only place that changes rooms, composed of plain parts that each own
one concern, wired here explicitly:

- `RoomStore` (app.rooms.store): transactions on the database threads;
- `RoomMemory` (app.rooms.memory): each served room's play record in memory;
- `GroupCommit` (app.rooms.commit): actions of several rooms written in one transaction;
- `Publisher` (app.rooms.publish): presence, the public summary, the room's channel;
- `Pipeline` (app.rooms.pipeline): the one path of every action (player, bot, timer);
- `Autoplay` (app.rooms.autoplay): bots and timers, and taking over after a restart;
- `Lobby`, `GroupLobby`, `Seats`, `Chat`, `Spectators`, `Rematch`, `Series`, `Lifecycle`,
  `Replays`: the rest of a room's life.

Sockets and HTTP routes call the methods below and know no rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from app.broadcast import Broadcast
from app.core.config import Settings
from app.models import ActionRow

from .autoplay import Autoplay
from .chat import Chat
from .clock import Clock
from .commit import GroupCommit
from .end_vote import EndVote
from .feed import RoomFeed
from .group_lobby import GroupLobby
from .lifecycle import Lifecycle
from .lobby import Lobby
from .locks import RoomLocks
from .memory import RoomMemory
from .odds import OddsDesk
from .odds_option import OddsOption
from .parts import Parts
from .pipeline import Pipeline, PlayerMove
from .play_record import PlayRecord
from .publish import Change, Publisher, channel
from .rematch import Rematch
from .replays import Replays, not_over
from .rest import WATCHING
from .seat_choices import SeatChoices
from .seat_requests import SeatRequests
from .seats import Seats
from .series import Series
from .shared_reads import SharedReads
from .snapshot import RoomInfo, snapshot
from .spectators import Spectators
from .store import RoomStore
from .tote import KIND as TOTE_KIND
from .tote import Tote

__all__ = ["Change", "RoomService", "channel"]


class RoomService:
    def __init__(self, sessions: sessionmaker[Session], broadcast: Broadcast, settings: Settings) -> None:
        self.settings = settings
        self.broadcast = broadcast
        self._clock = Clock()
        self.store = RoomStore(sessions, settings)
        self.memory = RoomMemory(self.store, lambda code: broadcast.hears(channel(code)))
        self.memory.watch(sessions)
        self.publisher = Publisher(broadcast, settings, self._clock)
        self.locks = RoomLocks()
        parts = Parts(
            settings=settings,
            store=self.store,
            memory=self.memory,
            publisher=self.publisher,
            locks=self.locks,
            clock=self._clock,
            feed=RoomFeed(self.store, self._clock),
        )
        self.pipeline = Pipeline(self.store, self.memory, GroupCommit(self.store), self.publisher, self.locks)
        self.autoplay = Autoplay(parts, self.pipeline)
        self.lifecycle = Lifecycle(parts, self.autoplay)
        self.lobby = Lobby(parts, self.autoplay)
        self.group_lobby = GroupLobby(parts, self.lobby)
        self.seats = Seats(parts, self.autoplay, self.lifecycle)
        self.chat = Chat(parts)
        self.rematches = Rematch(parts)
        self.series = Series(parts)
        self.tote = Tote(parts)
        self.spectators = Spectators(parts, self.tote)
        self.replays = Replays(parts, self.action_log)
        self.feed = parts.feed
        # The sync reads (state and whole log) of the sockets of a room arriving together.
        self.sync_reads: SharedReads[tuple[PlayRecord, list[dict[str, Any]]]] = SharedReads()
        # Seats asked for from a spectator's page, away and back, ending a game by vote.
        self.seat_requests = SeatRequests(parts)
        self.seat_choices = SeatChoices(parts, self.autoplay)
        self.end_vote = EndVote(parts, self.autoplay)
        self.odds = OddsDesk(settings.odds_workers)
        self.odds_option = OddsOption(parts)
        broadcast.on_remote = self._remote_change

    @property
    def sessions(self) -> sessionmaker[Session]:
        return self.store.sessions

    @property
    def clock(self) -> Callable[[], float]:
        return self._clock.now

    @clock.setter
    def clock(self, now: Callable[[], float]) -> None:
        self._clock.now = now

    def _remote_change(self, channel_name: str, payload: dict[str, Any]) -> None:
        """Another process changed a room this process may hold: a state change moves it along
        in memory, a chat line or a seat's arrival (presence only) changes nothing held,
        anything else has it read again."""
        if not channel_name.startswith("room:"):
            return
        code = channel_name[5:]
        kind = payload.get("kind")
        if kind != "chat" and kind != "state":  # a summary (presence) or a gap: read who is in again
            self.publisher.heard(code)
        if kind == "state":
            self.memory.advance(code, payload)
        elif kind == TOTE_KIND:  # a bet or the settlement: the room's record is as it was
            self.tote.remember(code, payload["board"])
        elif kind == "room" and payload.get("presence") is True:
            return
        elif kind != "chat":  # a RESYNC too: heard again after a gap, a bet may have been missed
            self.memory.forget(code)
            self.tote.forget(code)

    # ---- reading ------------------------------------------------------------

    async def load(self, code: str) -> RoomInfo:
        return await self.memory.info(code)

    async def load_with_log(
        self, code: str, since: float | None = None
    ) -> tuple[RoomInfo, list[dict[str, Any]]]:
        """The room and its whole log (for a socket's sync). `since`: when the caller's
        subscription to the room's channel was confirmed (app.rooms.shared_reads)."""
        record, log = await self.sync_reads.read(code, since, lambda: self.store.read_with_log(code))
        return snapshot(record), log

    async def summary(self, info: RoomInfo) -> dict[str, Any]:
        return await self.publisher.summary(info)

    async def connected(self, code: str) -> set[str]:
        return await self.publisher.connected(code)

    async def action_log(self, code: str) -> tuple[RoomInfo, list[dict[str, Any]]]:
        store = self.store

        def work(session: Session) -> tuple[RoomInfo, list[dict[str, Any]]]:
            room = store.room(session, code, lock=False)
            rows = session.scalars(
                select(ActionRow).where(ActionRow.room_id == room.id).order_by(ActionRow.seq)
            ).all()
            return snapshot(room), [
                {"seq": r.seq, "seat": r.seat, "action": r.action, "source": r.source} for r in rows
            ]

        return await store.tx(work)

    async def chat_history(self, code: str, since: float | None = None) -> list[dict[str, Any]]:
        return await self.feed.history(code, since)

    async def odds_of(self, code: str) -> dict[str, Any]:
        """The live odds of the room's current version: {"v", "chances", "labels"}."""
        return await self.odds.current(await self.load(code))

    async def odds_history(self, code: str) -> dict[str, Any]:
        """A finished room's chances step by step, for the replay's chart."""
        info = await self.load(code)
        if info.status != "over":
            raise not_over()
        return await self.odds.history(info, self.action_log)

    async def set_odds_players(self, code: str, token: str | None, on: bool) -> RoomInfo:
        return await self.odds_option.set_odds_players(code, token, on)

    async def replay_steps(self, code: str) -> dict[str, Any]:
        return await self.replays.replay_steps(code)

    async def replay_views(self, code: str, start: int, stop: int) -> dict[str, Any]:
        return await self.replays.replay_views(code, start, stop)

    # ---- play -----------------------------------------------------------------

    async def act(
        self, code: str, token_hash: str, v: int, action: dict[str, Any], claimed_seat: int | None = None
    ) -> Change:
        """Apply a player's action. Raises RoomError / StaleVersion / EngineError and changes nothing then.

        Stale only when what this seat decides on changed since `v` (app.rooms.decisions). An
        action that changes nothing (the same submission again) is accepted without a new
        version or log row, so clicking twice never fills the log.
        """
        change = await self.pipeline.submit(code, PlayerMove(token_hash, v, action, claimed_seat))
        assert change is not None, "a player's move is applied or refused"
        return change

    def adopt(self, info: RoomInfo) -> None:
        self.autoplay.adopt(info)

    async def come_back(self, info: RoomInfo) -> None:
        """A socket said hello (`info`: the room it read): a resting room plays on (app.rooms.rest),
        and this process takes care of its bots and timer."""
        await self.autoplay.come_back(info.code, info)

    async def watch(self, code: str) -> None:
        """An anonymous spectator's socket said hello: the room is not empty (app.rooms.rest)."""
        await self.publisher.arrive(code, WATCHING)

    async def unwatch(self, code: str) -> None:
        await self.publisher.depart(code, WATCHING)

    async def resume(self) -> int:
        return await self.autoplay.resume()

    # ---- the lobby --------------------------------------------------------------

    async def create_room(
        self,
        game_id: str,
        options: dict[str, Any] | None,
        name: Any,
        turn_seconds: Any = None,
        address: str | None = None,
    ) -> tuple[str, str, int]:
        return await self.lobby.create_room(game_id, options, name, turn_seconds, address)

    async def join(self, code: str, name: Any) -> tuple[str, int]:
        return await self.lobby.join(code, name)

    async def add_bots(self, code: str, token: str | None, count: Any) -> RoomInfo:
        return await self.lobby.add_bots(code, token, count)

    async def remove_seat(self, code: str, token: str | None, position: int) -> RoomInfo:
        return await self.lobby.remove_seat(code, token, position)

    async def leave(self, code: str, token: str | None) -> RoomInfo:
        return await self.lobby.leave(code, token)

    async def start(self, code: str, token: str | None) -> RoomInfo:
        return await self.lobby.start(code, token)

    # ---- the lobby of a group (app.rooms.group_lobby) ---------------------------

    async def set_ready(self, code: str, token: str | None, ready: bool) -> RoomInfo:
        return await self.group_lobby.set_ready(code, token, ready)

    async def set_auto_start(self, code: str, token: str | None, on: bool) -> RoomInfo:
        return await self.group_lobby.set_auto_start(code, token, on)

    async def ask_seat(self, code: str, name: Any) -> tuple[str, str]:
        return await self.group_lobby.ask_seat(code, name)

    async def answer_ask(self, code: str, token: str | None, ask_id: str, approve: bool) -> RoomInfo:
        return await self.group_lobby.answer_ask(code, token, ask_id, approve)

    # ---- seats ----------------------------------------------------------------

    async def connect(self, code: str, token_hash: str) -> None:
        await self.seats.connect(code, token_hash)

    async def disconnect(self, code: str, token_hash: str) -> None:
        await self.seats.disconnect(code, token_hash)

    async def resolve(self, code: str, token: str) -> tuple[str, RoomInfo]:
        return await self.seats.resolve(code, token)

    async def hand_to_bot(self, code: str, token: str | None, position: int) -> RoomInfo:
        return await self.seats.hand_to_bot(code, token, position)

    async def seat_link(self, code: str, token: str | None, position: int | None = None) -> tuple[str, int]:
        return await self.seats.seat_link(code, token, position)

    async def claim_link(self, code: str, link: Any) -> tuple[str, int]:
        return await self.seats.claim_link(code, link)

    async def answer_seat_ask(self, code: str, token_hash: str, keep: bool) -> bool:
        return await self.seats.answer_seat_ask(code, token_hash, keep)

    async def set_turn_timer(self, code: str, token: str | None, seconds: Any) -> RoomInfo:
        return await self.seats.set_turn_timer(code, token, seconds)

    # ---- chat and rematch -----------------------------------------------------

    async def post_chat(
        self,
        code: str,
        token_hash: str | None,
        spectator_id: str,
        text: Any,
        spectator: str | None = None,
        address: str = "unknown",
    ) -> dict[str, Any]:
        return await self.chat.post_chat(code, token_hash, spectator_id, text, spectator, address)

    async def set_chat(
        self,
        code: str,
        token: str | None,
        spectators: bool | None = None,
        sender: str | None = None,
        muted: bool = True,
    ) -> RoomInfo:
        return await self.chat.set_chat(code, token, spectators, sender, muted)

    async def rematch(self, code: str, token: str | None) -> tuple[str, str, int]:
        return await self.rematches.rematch(code, token)

    async def series_tally(self, code: str) -> dict[str, Any]:
        found = await self.series.tally(code)
        for game in found["games"]:
            if game["status"] == "over":
                await self.tote.settle(game["code"])
        found["rail"] = await self.tote.series_rail(code)
        return found

    async def claim_rematch_seat(self, new_code: str, old_token: str) -> tuple[str, int] | None:
        return await self.rematches.claim_rematch_seat(new_code, old_token)

    # ---- lifecycle --------------------------------------------------------------

    async def touch(self, code: str, now: float | None = None) -> None:
        await self.lifecycle.touch(code, now)

    async def sweep_lifecycle(self, now: float | None = None) -> dict[str, int]:
        return await self.lifecycle.sweep(now)

    async def close(self) -> None:
        await self.seats.presence_news.close()
        await self.autoplay.close()
        self.odds.close()
        self.store.close()
