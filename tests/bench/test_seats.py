"""bench/seats.py's peer choosers: from a boardgame.io frame (as bench/peer/*.js filter it for a
seat), a random move that the game accepts, and nothing when the seat may not move."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

import pytest

from bench.seats import (
    PEER_RAISES,
    Frame,
    Load,
    LoadFailed,
    PaddockTarget,
    Room,
    all_ready,
    bluff_chooser,
    sealed_chooser,
)


def sealed_state(active: dict | None, sealed: dict) -> dict:
    hand = [{"colour": "red", "value": 1}] * 8
    return {"G": {"hands": {"1": hand}, "sealed": sealed}, "ctx": {"activePlayers": active}}


def test_sealed_submits_two_different_cards_of_the_hand_each_moving_or_betting():
    choose = sealed_chooser(sealed_state({"0": "submit", "1": "submit"}, {"0": True}), "1")
    assert choose is not None
    rng = random.Random(3)
    picks = {tuple(choose(rng)[1]) for _ in range(3000)}
    assert all(first != second and 0 <= first < 8 and 0 <= second < 8 for first, second, _, _ in picks)
    assert {use for pick in picks for use in pick[2:]} == {"move", "bet"}
    assert len(picks) == 8 * 7 * 2 * 2  # every choice can come up


def test_sealed_seat_that_submitted_or_is_not_active_has_nothing_to_do():
    assert sealed_chooser(sealed_state({"0": "submit", "1": "submit"}, {"1": [{}, {}]}), "1") is None
    assert sealed_chooser(sealed_state(None, {}), "1") is None


def bluff_state(current: str, bid: dict | None, dice: dict) -> dict:
    return {"G": {"dice": dice, "bid": bid}, "ctx": {"currentPlayer": current, "activePlayers": None}}


def test_bluff_raises_to_one_of_the_next_bids_or_calls():
    bid = {"quantity": 2, "face": 6, "by": "0"}  # rank 11
    choose = bluff_chooser(bluff_state("1", bid, {"0": 5, "1": [1, 2, 3, 4, 5], "2": 5}), "1")
    assert choose is not None
    rng = random.Random(1)
    moves = {(move, tuple(args)) for move, args in (choose(rng) for _ in range(3000))}
    ranks = {(q - 1) * 6 + f - 1 for move, (q, f) in [m for m in moves if m[0] == "raise"]}
    assert ranks == set(range(12, 12 + PEER_RAISES))
    assert ("call", ()) in moves


def test_bluff_opening_bid_cannot_call_and_raises_stop_at_the_dice_on_the_table():
    choose = bluff_chooser(bluff_state("1", None, {"0": 0, "1": [2], "2": 1}), "1")
    assert choose is not None
    moves = {tuple(choose(random.Random(s))[1]) for s in range(500)}
    # 2 dice on the table (seat 0 is out): up to "two sixes"; no bid stands, so no call.
    assert moves == {(q, f) for q in (1, 2) for f in range(1, 7)}


def test_bluff_not_my_turn_is_nothing_to_do():
    assert bluff_chooser(bluff_state("0", None, {"0": [1], "1": [2], "2": 1}), "1") is None


class UnreachableTarget:
    """A target whose sockets cannot be made, as the peer's without python-socketio installed."""

    name = "unreachable"

    def __init__(self) -> None:
        self.closed = False

    async def make_room(self, index: int) -> Room:
        return Room(f"room-{index}", [None, None, None])

    def socket(self, room: Room, index: int, seat: object) -> object:
        raise ModuleNotFoundError("No module named 'socketio'")

    async def close(self) -> None:
        self.closed = True


def test_a_load_whose_clients_cannot_start_ends_with_their_error_instead_of_waiting():
    """The bench's load used to wait for ever for rooms whose clients had failed."""
    target = UnreachableTarget()

    async def run() -> None:
        # The bound only turns a regression (a hang) into a failure; the load ends at once.
        await asyncio.wait_for(Load(target, seconds=1, rooms=3).run([]), 120)

    with pytest.raises(LoadFailed, match="socketio"):
        asyncio.run(run())
    assert target.closed


def test_a_room_whose_clients_all_end_before_a_frame_fails_the_load():
    async def run() -> None:
        readies = [asyncio.Event(), asyncio.Event()]
        readies[0].set()

        async def ends_quietly() -> bool:
            return False

        clients = [asyncio.create_task(ends_quietly()) for _ in readies]
        await asyncio.wait_for(all_ready(readies, clients), 120)

    with pytest.raises(LoadFailed, match="before its first frame"):
        asyncio.run(run())


class Seat:
    """A socket that only records the acts it sends."""

    def __init__(self) -> None:
        self.sent: list[int] = []

    async def act(self, v: int, action: object) -> None:
        self.sent.append(v)


def test_a_refused_act_that_alone_timed_its_version_times_nothing_else_the_next_version_times_it():
    """The time an act was sent is kept for its version and counted when every socket has seen a
    newer one. An act refused before any newer version came makes none: counting it then would
    time the room's wait for its next act (seconds at human pace) as an action's latency."""
    load = Load(target=None, seconds=1, rooms=1, think=(1.0, 3.0))
    load.counting = True
    room = Room("R", [0, 1], spectators=0)
    ann, bo = Seat(), Seat()
    frame = Frame(5, False, True, lambda rng: {"type": "pick"}, None)

    async def acts() -> None:
        await load.act(room, ann, random.Random(1), frame)
        load.refused(room, ann, 5)  # Ann's act at v5 refused: nothing timed
        assert room.sent_at == {}
        for _ in (ann, bo):
            load.arrived(room, Frame(6, False, False, None, size=10), 5, counts_versions=False)
        assert load.latencies == []
        await load.act(room, bo, random.Random(1), replace(frame, v=6))  # Bo's act makes v7
        load.arrived(room, Frame(7, False, False, None, size=10), 6, counts_versions=False)
        load.refused(room, bo, 6)  # a refusal after a newer version was seen: v6 still timed
        load.arrived(room, Frame(7, False, False, None, size=10), 6, counts_versions=False)

    asyncio.run(acts())
    assert ann.sent == [5] and bo.sent == [6]
    assert len(load.latencies) == 1 and load.latencies[0] >= 0


def test_by_room_every_socket_of_a_room_goes_to_the_process_its_code_hashes_to():
    """pg-redis-rooms: a room on one process (as deploy/nginx.conf routes); pg-redis: a room's
    sockets alternate over the processes."""

    def ports(target: PaddockTarget, code: str) -> list[str]:
        room = Room(code, ["t0", "t1", "t2"])
        return [target.socket(room, i, None).url.split("/")[2] for i in range(room.sockets)]

    async def scenario() -> tuple[list[list[str]], list[list[str]]]:
        routed = PaddockTarget([9001, 9002], "toy", 3, by_room=True)
        spread = PaddockTarget([9001, 9002], "toy", 3)
        try:
            codes = [f"ROOM{i}" for i in range(8)]
            return [ports(routed, c) for c in codes], [ports(spread, c) for c in codes]
        finally:
            await routed.close()
            await spread.close()

    routed, spread = asyncio.run(scenario())
    assert all(len(set(room)) == 1 for room in routed)
    assert {room[0] for room in routed} == {"127.0.0.1:9001", "127.0.0.1:9002"}  # rooms spread
    assert all(room[:2] == ["127.0.0.1:9001", "127.0.0.1:9002"] for room in spread)
