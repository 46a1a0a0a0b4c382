"""Secrets of fixed width on the wire (issue 20, finding 7): two states that differ only in a
seat's secret values give that seat frames of the same length, so a network observer learns
nothing from them. Before: one byte more per "10" under the cup, and hands of equal size
with different lengths."""

from __future__ import annotations

import copy
import random

import orjson
import pytest

import engine
from app.ws.fixed_width import ROUND, padded_text, shape_width
from app.ws.frames import SyncFrames, update_frame
from app.ws.outgoing import state_message

LOG: list[dict] = []  # the log of the game peb_roll played (the state keeps none)


def peb_roll() -> tuple[dict, int]:
    """A Pony Express Bluff state where the seat to act has all five dice under its cup."""
    state, events = engine.start("pony_express_bluff", None, 3, 7)
    LOG[:] = list(events)
    rng = random.Random(1)
    for _ in range(400):
        seats = engine.to_act(state)
        dice = state.get("dice")
        if dice and all(dice["hidden"]) and seats:
            if engine.view(state, seats[0], with_log=False).get("cup"):
                return state, seats[0]
        outcome = engine.step(state, seats[0], engine.bot_action(state, seats[0], rng))
        state = outcome.state
        LOG.extend(outcome.events)
    raise AssertionError("no roll under the cup")


def frames(state: dict, seat: int | None, v: int = 5) -> tuple[str, str]:
    """The seat's update frame and its sync frame, as the server builds them."""
    payload = {"state": state, "v": v, "from": v - 1, "events": LOG[-3:]}
    sync = SyncFrames().get("ROOM", v, state, LOG, seat)
    return update_frame(payload, seat), sync


def with_cup(state: dict, faces: list[str]) -> dict:
    other = copy.deepcopy(state)
    other["dice"]["values"] = list(faces)
    return other


def with_items(state: dict, seat: int, items: list[str]) -> dict:
    other = copy.deepcopy(state)
    other["items"][seat] = list(items)
    return other


@pytest.mark.parametrize(
    ("one", "two"),
    [
        (["9", "9", "9", "9", "9"], ["10", "10", "10", "10", "10"]),
        (["A", "K", "Q", "J", "9"], ["10", "10", "A", "10", "K"]),
    ],
)
def test_the_cup_faces_do_not_change_the_rollers_frame_length(one, two):
    state, seat = peb_roll()
    a, b = with_cup(state, one), with_cup(state, two)
    assert engine.view(a, seat, with_log=False)["cup"] != engine.view(b, seat, with_log=False)["cup"]
    # Unpadded, the secret shows in the length (the finding):
    raw = [len(orjson.dumps(state_message(s, 5, seat, []))) for s in (a, b)]
    assert raw[0] != raw[1]
    update_a, sync_a = frames(a, seat)
    update_b, sync_b = frames(b, seat)
    assert len(update_a.encode()) == len(update_b.encode())
    assert len(sync_a.encode()) == len(sync_b.encode())
    assert len(update_a.encode()) % ROUND == 0
    # The frame still says the secret, to its seat only, and parses as before.
    assert orjson.loads(update_b)["view"]["cup"] == two
    assert {"view", "actions", "events", "pad"} <= set(orjson.loads(update_b))


@pytest.mark.parametrize(
    ("one", "two"),
    [
        # Hands that allow the same plays now (none; one Lucky Horseshoe), names of other widths.
        (["spyglass", "spyglass"], ["bulletproof_vest", "sheriffs_pardon"]),
        (["lucky_horseshoe", "spyglass"], ["bulletproof_vest", "lucky_horseshoe"]),
    ],
)
def test_hands_of_equal_size_give_frames_of_equal_length(one, two):
    state, seat = peb_roll()
    short, long = with_items(state, seat, one), with_items(state, seat, two)
    raw = [len(orjson.dumps(state_message(s, 5, seat, []))) for s in (short, long)]
    assert raw[0] != raw[1]
    assert len(frames(short, seat)[0].encode()) == len(frames(long, seat)[0].encode())
    assert len(frames(short, seat)[1].encode()) == len(frames(long, seat)[1].encode())


def test_spectator_frames_are_not_padded_and_equal():
    state, _seat = peb_roll()
    a, b = with_cup(state, ["9"] * 5), with_cup(state, ["10"] * 5)
    assert frames(a, None) == frames(b, None)
    assert "pad" not in orjson.loads(frames(a, None)[0])


@pytest.mark.parametrize("seat", [0, 1])
def test_a_seats_frame_is_its_message_with_the_pad_as_last_key_and_a_whole_number_of_rounds(seat):
    """The pad is spliced into the message's text (not a second dump of the message): the frame
    reads back as the message plus its pad, last, and its length is a multiple of ROUND. An
    odd private value (a long string, a wide number) still counts at its power-of-two width."""
    state, _ = peb_roll()
    odd = with_items(state, seat, ["x" * 40, "plain"])
    for one in (state, odd):
        message = state_message(one, 5, seat, LOG[-3:])
        text = padded_text(message)
        loaded = orjson.loads(text)
        assert list(loaded)[-1] == "pad" and set(loaded.pop("pad")) <= {" "}
        assert loaded == orjson.loads(orjson.dumps(message))
        assert len(text) % ROUND == 0
    assert shape_width(["x" * 40, 123456789, True, None, 7]) == 2 + 4 + 64 + 16 + 8 + 8 + 8


def test_a_parts_pad_comes_from_its_json_text_and_the_kept_pads_are_bounded():
    """part_pad keeps what a part's shape adds by its JSON text: the same part again, or another
    with the same text (a tuple is a JSON array like a list), gets the pad computed afresh."""
    from app.ws import fixed_width

    parts = [
        ["red1", "blue2", "wild"],
        {"white": 0, "red": 12, "ten": "10"},
        [{"card": "white1", "use": "move"}, {"card": "red1", "use": None}],
        ("red1", "blue2", "wild"),
        {"big": 10**12, "f": 1.5, "t": True},
    ]
    for part in parts:
        afresh = shape_width(part) - len(orjson.dumps(part))
        assert fixed_width.part_pad(part) == afresh
        assert fixed_width.part_pad(copy.deepcopy(part)) == afresh  # from the kept pads
    assert fixed_width.part_pad(parts[0]) == fixed_width.part_pad(parts[3])
    for n in range(fixed_width.PADS_KEPT + 10):
        fixed_width.part_pad([f"card{n}"])
    assert 0 < len(fixed_width._PADS) <= fixed_width.PADS_KEPT
