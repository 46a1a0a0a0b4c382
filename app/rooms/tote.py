"""The tote of a room (engine.tote has the rules): named spectators back contenders with play
chips, stored with the room (tables `tote_bets` and `tote_payouts`, migration 0010), so it
survives a restart.

Chips belong to a spectator's identity for the evening's series (app.rooms.series), not to a
name: its account (`account_of`: derived on the server from the browser's spectator key and
the series' code, the same in every room of the series, never sent to a socket) has 100 at
the first game, less every chip it staked in the series' rooms, plus every payout it got
there. So the balance after a game's settlement follows into the rematch, and a name is only
what the account is shown as: a name that backed in the series stays that account's
(app.rooms.spectators refuses it, and its look-alikes, to anyone else). An address opens at
most `tote_accounts_per_address` accounts in a room, so new keys do not mint chips without
bound. Bets stored before migration 0014 have the account of their name (`name:<name>`).

The settlement runs once the game is over (by the first reader that sees it over: a spectator
socket, the series tally); a room with payout rows is settled, and the unique (room,
account) row keeps two processes from settling twice.

Each process keeps the last board of the rooms it serves (`Tote.boards`): a bet or the
settlement made here replaces it, one another process published replaces it when heard
(app.rooms.service), and it is used only while every change of the room reaches this process
(the room memory's `trusted`); whether the tote is still open is read off the room's play
record in memory. So a spectator arriving, the tote closing and the end of a game cost no
database transaction; the first reader of a room (the spectators arriving with it share its
read), and a room this process does not hear, read the board from the database. The first game
of a series is the whole of its series so far: its board reads no other room's bets.

What goes out (`board`) is public: the pools per contender, the payout per chip, whether the
tote is open, and after the settlement the rail (each backer's chips in the series, under the
name it last backed with). An account's own chips and bets (`people`, by account) are picked
out by the socket of that identity (app.ws.tote) and sent to it alone.

Each bet keeps the room's version when it was accepted (`v`, migration 0011): the replay's step
(step k is the state after the k-th action, version k) from which it is in the pools. Once the
game is over, and only then (like the replay), `history` gives every bet with its version and
name, the pools from each of those versions on, the settlement and the rail: the pools were
public live and the backers' names are on the rail after the settlement, so the replay tells
nothing a spectator could not see.
"""

from __future__ import annotations

from collections import OrderedDict, defaultdict
from typing import TYPE_CHECKING, Any, NamedTuple

from sqlalchemy import func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

import engine
from app.models import Room, ToteBet, TotePayout
from engine.tote import payout_per_chip, pools, settle, tote_open

from .addresses import room_address
from .errors import RoomError
from .replays import not_over
from .shared_reads import SharedReads
from .tote_accounts import account_of

if TYPE_CHECKING:
    from .parts import Parts

START_CHIPS = 100
# Finished rooms remembered as settled by this process.
SETTLED_KEPT = 4096
KIND = "tote"


def contenders(room: Room) -> list[str]:
    return [str(seat.position) for seat in sorted(room.seats, key=lambda seat: seat.position)]


def series_ids(session: Session, room: Room) -> list[int]:
    """The ids of the rooms of `room`'s series up to its game (a later rematch is not its past)."""
    first = series_of(room)
    query = select(Room.id).where(
        or_(Room.code == first, Room.series_code == first), Room.series_game <= (room.series_game or 1)
    )
    return list(session.scalars(query).all())


def series_of(room: Room) -> str:
    """The code naming `room`'s series: its first room's."""
    return room.series_code or room.code


def balances(session: Session, ids: list[int]) -> dict[str, int]:
    """Each account's chips across the rooms `ids` (only accounts that ever backed are listed)."""
    found: dict[str, int] = defaultdict(lambda: START_CHIPS)
    staked = (
        select(ToteBet.account, func.sum(ToteBet.chips))
        .where(ToteBet.room_id.in_(ids))
        .group_by(ToteBet.account)
    )
    for account, chips in session.execute(staked):
        found[account] -= int(chips)
    paid = select(TotePayout.account, func.sum(TotePayout.chips)).where(TotePayout.room_id.in_(ids))
    for account, chips in session.execute(paid.group_by(TotePayout.account)):
        found[account] += int(chips)
    return dict(found)


def names_in(session: Session, ids: list[int]) -> dict[str, str]:
    """Every name that backed in the rooms `ids`, with the account it belongs to (a name is
    one account's in a series: app.rooms.spectators refuses it to any other)."""
    rows = session.execute(
        select(ToteBet.name, ToteBet.account).where(ToteBet.room_id.in_(ids)).order_by(ToteBet.id)
    )
    return {name: account for name, account in rows}


def first_game(room: Room) -> bool:
    """Whether `room` is the first game of its series (so the series up to it is the room)."""
    return room.series_code is None and (room.series_game or 1) <= 1


def own_balances(bets: list[Bet], payouts: dict[str, int] | None) -> dict[str, int]:
    """`balances` of a first game, from its own bets and payouts (nothing more to read)."""
    found: dict[str, int] = defaultdict(lambda: START_CHIPS)
    for bet in bets:
        found[bet.account] -= bet.chips
    for account, chips in (payouts or {}).items():
        found[account] += chips
    return dict(found)


class Bet(NamedTuple):
    account: str
    name: str
    contender: str
    chips: int


def room_bets(session: Session, room: Room) -> list[Bet]:
    rows = session.execute(
        select(ToteBet.account, ToteBet.name, ToteBet.contender, ToteBet.chips)
        .where(ToteBet.room_id == room.id)
        .order_by(ToteBet.id)
    )
    return [Bet(*row) for row in rows]


def staked(bets: list[Bet]) -> list[tuple[str, str, int]]:
    """The bets as engine.tote counts them: (account, contender, chips)."""
    return [(bet.account, bet.contender, bet.chips) for bet in bets]


def timed_bets(session: Session, room: Room) -> list[dict[str, Any]]:
    """The room's bets in the order they were accepted, each with its version (null when
    stored before migration 0011) and the name it was placed under (never the account)."""
    rows = session.execute(
        select(ToteBet.v, ToteBet.name, ToteBet.contender, ToteBet.chips)
        .where(ToteBet.room_id == room.id)
        .order_by(ToteBet.id)
    )
    return [
        {"v": v, "name": name, "contender": contender, "chips": chips} for v, name, contender, chips in rows
    ]


def settled(session: Session, room: Room) -> dict[str, int] | None:
    """Each account's payout in `room`, or None while it is not settled."""
    rows = session.execute(
        select(TotePayout.account, TotePayout.chips).where(TotePayout.room_id == room.id)
    ).all()
    return {account: chips for account, chips in rows} if rows else None


def paid_by_name(session: Session, room: Room) -> dict[str, int]:
    rows = session.execute(select(TotePayout.name, TotePayout.chips).where(TotePayout.room_id == room.id))
    return {name: chips for name, chips in rows}


def ranked(chips: dict[str, int], names: dict[str, str]) -> list[dict[str, Any]]:
    """The rail leaderboard: each account that backed in the series, by the name it last
    backed under (`names`: account -> name), most chips first."""
    rows = [(names.get(account, ""), count) for account, count in chips.items()]
    return [{"name": n, "chips": c} for n, c in sorted(rows, key=lambda nc: (-nc[1], nc[0].casefold()))]


def last_names(named: dict[str, str]) -> dict[str, str]:
    """account -> the name it last backed under, from `names_in`'s name -> account (in order)."""
    return {account: name for name, account in named.items()}


def rail(session: Session, room: Room) -> list[dict[str, Any]]:
    """The rail of the series up to this room."""
    ids = series_ids(session, room)
    return ranked(balances(session, ids), last_names(names_in(session, ids)))


def board(session: Session, room: Room, open_now: bool | None = None) -> dict[str, Any]:
    """The room's tote as it goes out: the public part and, under `people`, each account's
    own chips and bets (never sent as such: app.ws.tote picks one spectator's, by its
    account), under `names` every name that backed in the series with its account (which
    app.rooms.spectators keeps for it), and the series' code (`series`) the accounts are of.
    `open_now`: whether the tote is open, when known without the room's state (else read off it)."""
    bets = room_bets(session, room)
    pool = pools(staked(bets), contenders(room))
    payouts = settled(session, room)
    if first_game(room):
        chips = own_balances(bets, payouts)
        named = {bet.name: bet.account for bet in bets}
    else:
        ids = series_ids(session, room)
        chips, named = balances(session, ids), names_in(session, ids)
    mine: dict[str, dict[str, int]] = defaultdict(dict)
    for bet in bets:
        mine[bet.account][bet.contender] = mine[bet.account].get(bet.contender, 0) + bet.chips
    public: dict[str, Any] = {
        "type": KIND,
        "open": room.status == "playing" and tote_open(room.state) if open_now is None else open_now,
        "pools": pool,
        "total": sum(pool.values()),
        "payout": payout_per_chip(pool),
        "settled": payouts is not None,
    }
    if payouts is not None:
        public["rail"] = ranked(chips, last_names(named))
        # Nobody backed the winner: every backer got their own chips back (a refund, not a win).
        result = (engine.result(room.state) if room.state else None) or {}
        winners = result.get("winners") or []
        public["refund"] = not any(pool.get(str(seat), 0) for seat in winners)
    people = {
        account: {
            "chips": chips.get(account, START_CHIPS),
            "bets": mine.get(account, {}),
            "won": (payouts or {}).get(account),
        }
        for account in set(chips) | set(mine)
    }
    return {"public": public, "people": people, "names": named, "series": series_of(room)}


def stages(bets: list[dict[str, Any]], seats: list[str]) -> list[dict[str, Any]]:
    """The pools and the payout per chip as they stood from each version at which bets came in:
    `[{"v", "pools", "total", "payout"}]` by version (a bet without a version counts from 0)."""
    found: list[dict[str, Any]] = []
    placed: list[tuple[str, str, int]] = []
    for bet in sorted(bets, key=lambda bet: bet["v"] or 0):
        placed.append((bet["name"], bet["contender"], bet["chips"]))
        pool = pools(placed, seats)
        stage = {
            "v": bet["v"] or 0,
            "pools": pool,
            "total": sum(pool.values()),
            "payout": payout_per_chip(pool),
        }
        if found and found[-1]["v"] == stage["v"]:
            found[-1] = stage
        else:
            found.append(stage)
    return found


def history(session: Session, room: Room) -> dict[str, Any]:
    """A finished room's tote for its replay: `{"bets": [{v, name, contender, chips}], "stages":
    (see `stages`), "payouts": {name: chips}, "rail": [{name, chips}]}` (all empty when nobody
    backed)."""
    bets = timed_bets(session, room)
    return {
        "bets": bets,
        "stages": stages(bets, contenders(room)),
        "payouts": paid_by_name(session, room),
        "rail": rail(session, room) if bets else [],
    }


def opened_here(session: Session, room: Room, ids: list[int], digest: str) -> int:
    """How many accounts were opened in `room` from the address whose digest is `digest`: its
    backers there that had not backed in the series before."""
    here = set(
        session.scalars(
            select(ToteBet.account).where(ToteBet.room_id == room.id, ToteBet.address == digest).distinct()
        )
    )
    earlier = [room_id for room_id in ids if room_id != room.id]
    if here and earlier:
        before = select(ToteBet.account).where(ToteBet.room_id.in_(earlier), ToteBet.account.in_(here))
        here -= set(session.scalars(before.distinct()))
    return len(here)


def refuse(code: str, message: str) -> RoomError:
    return RoomError(code, message, 409)


class Tote:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        # Finished rooms this process has settled or found settled (every watching socket
        # asks when it sees the end: one transaction per room, not one per socket).
        self.done: OrderedDict[str, None] = OrderedDict()
        # The last board of each room served here (see the module's docstring).
        self.boards: OrderedDict[str, dict[str, Any]] = OrderedDict()
        # Boards being read: the spectators of a room arriving together share one read.
        self.reads: SharedReads[dict[str, Any]] = SharedReads()

    def remember(self, code: str, found: dict[str, Any]) -> None:
        """The room's board as it now stands (a bet, the settlement, one heard from another
        process)."""
        self.boards[code] = found
        self.boards.move_to_end(code)
        while len(self.boards) > SETTLED_KEPT:
            self.boards.popitem(last=False)

    def forget(self, code: str) -> None:
        """Read the room's board again next time (this process may have missed a change)."""
        self.boards.pop(code, None)

    async def known(self, code: str) -> dict[str, Any] | None:
        """The board kept here, with `open` as the room now stands; None when it must be read
        (not kept, the room not heard, or a game over whose settlement is still to run)."""
        found = self.boards.get(code)
        if found is None or not self.parts.memory.trusted(code):
            return None
        room = await self.parts.memory.record(code)
        public = found["public"]
        if room.status == "over" and not public["settled"] and public["total"] and code not in self.done:
            return None
        open_now = room.status == "playing" and room.state is not None and tote_open(room.state)
        if open_now == public["open"]:
            return found
        return {**found, "public": {**public, "open": open_now}}

    async def back(
        self,
        code: str,
        name: str | None,
        seated: bool,
        contender: str,
        chips: int,
        identity: str = "",
        address: str = "unknown",
    ) -> dict[str, Any]:
        """Put `chips` of the named spectator `name` on `contender`, from the account of its
        `identity` (app.ws.group) in the room's series; `address`: its limit key (an account
        opened here counts against the address's cap). Refusals change nothing."""
        if seated:
            raise refuse("tote_seated", "Seated players cannot back a player on the tote.")
        if not name or not identity:
            raise refuse("tote_unnamed", "Pick a name as a spectator to back a player.")
        settings = self.parts.settings
        cap = settings.tote_accounts_per_address if settings.rate_limits else 0

        def work(session: Session) -> dict[str, Any]:
            room = self.parts.store.room(session, code)
            if room.status != "playing" or not tote_open(room.state):
                raise refuse("tote_closed", "The tote is closed: no more bets in this game.")
            if contender not in contenders(room):
                raise refuse("tote_contender", "There is no such player in this game.")
            account = account_of(series_of(room), identity)
            ids = series_ids(session, room)
            found = balances(session, ids)
            digest = room_address(room.code, address)
            if account not in found and cap > 0 and opened_here(session, room, ids, digest) >= cap:
                raise RoomError(
                    "tote_accounts",
                    "Too many new tote accounts were opened from your address in this room; back "
                    "under a name you have backed with before.",
                    409,
                    max=cap,
                )
            have = found.get(account, START_CHIPS)
            if chips < 1 or chips > have:
                raise RoomError("tote_chips", f"You have {have} chips to back with.", 409, chips=have)
            session.add(
                ToteBet(
                    room_id=room.id,
                    account=account,
                    name=name,
                    address=digest,
                    contender=contender,
                    chips=chips,
                    v=room.version,
                )
            )
            session.flush()
            return board(session, room)

        async with self.parts.locks[code]:
            found = await self.parts.store.tx(work)
            self.remember(code, found)
            await self.parts.publisher.other(code, {"kind": KIND, "board": found})
        return found

    async def board(self, code: str, since: float | None = None) -> dict[str, Any]:
        """The room's tote (settling it first when the game is over and it is not yet).
        `since`: when the caller's subscription to the room's channel was confirmed (it may
        then share a read in flight: app.rooms.shared_reads)."""
        found = await self.known(code)
        if found is not None:
            return found
        return await self.reads.read(code, since, lambda: self._read(code))

    async def _read(self, code: str) -> dict[str, Any]:
        room = await self.parts.memory.record(code)
        if room.status == "over":
            await self.settle(code)
        before = self.boards.get(code)
        # Whether it is open comes from the play record: the row is read without its state.
        open_now = room.status == "playing" and room.state is not None and tote_open(room.state)
        found = await self.parts.store.tx(
            lambda session: board(session, self.parts.store.room(session, code, False, light=True), open_now)
        )
        now = self.boards.get(code)
        if now is not None and now is not before:  # a bet or the settlement came in meanwhile
            return now
        self.remember(code, found)
        return found

    async def settle(self, code: str) -> bool:
        """Share the pool of a finished game among the backers of the winner (once);
        publishes the settled board. Returns whether this call settled it."""

        over: bool | None = None

        def work(session: Session) -> dict[str, Any] | None:
            nonlocal over
            room = self.parts.store.room(session, code)
            over = room.status == "over"
            if room.status != "over" or room.state is None or settled(session, room) is not None:
                return None
            bets = room_bets(session, room)
            if not bets:
                return None
            result = engine.result(room.state) or {}
            winners = [str(seat) for seat in result.get("winners") or []]
            names = {bet.account: bet.name for bet in bets}  # the name each last backed under
            for account, chips in sorted(settle(staked(bets), winners).items()):
                session.add(TotePayout(room_id=room.id, account=account, name=names[account], chips=chips))
            session.flush()
            return board(session, room)

        if code in self.done:
            return False
        kept = self.boards.get(code)
        if kept is not None and not kept["public"]["total"] and self.parts.memory.trusted(code):
            return False  # nobody backed anyone here: nothing to share out
        async with self.parts.locks[code]:
            if code in self.done:
                return False
            try:
                found = await self.parts.store.tx(work)
            except IntegrityError:  # another process settled it meanwhile
                found = None
            if found is not None or over is True:
                self.done[code] = None
                while len(self.done) > SETTLED_KEPT:
                    self.done.popitem(last=False)
            if found is None:
                return False
            self.remember(code, found)
            await self.parts.publisher.other(code, {"kind": KIND, "board": found})
        return True

    async def history(self, code: str) -> dict[str, Any]:
        """The tote of a finished game for its replay (module `history`), settled first;
        refused with `not_over` while the game runs, as the replay is (app.rooms.replays)."""
        if (await self.parts.memory.info(code)).status != "over":
            raise not_over()
        await self.settle(code)
        return await self.parts.store.tx(
            lambda session: history(session, self.parts.store.room(session, code, False))
        )

    async def series_rail(self, code: str) -> list[dict[str, Any]]:
        return await self.parts.store.tx(
            lambda session: rail(session, self.parts.store.room(session, code, False))
        )
