"""What may be submitted: two cards, colours, Wilds, one-card hands (PIP-4 to PIP-7)."""

import pytest

import engine
from engine import errors
from engine.games.ponies_in_pursuit.submissions import all_submissions, can_play_two

from .helpers import new_game, play_round, sub


def refused(state, seat, action, code=errors.ILLEGAL_ACTION):
    with pytest.raises(engine.EngineError) as info:
        engine.apply(state, seat, action)
    assert info.value.code == code
    return info.value.message


def test_pip_4_five_rounds_of_two_cards_each_move_or_bet():
    state = new_game(2)
    assert engine.view(state, 0)["rounds"] == 5 and engine.view(state, 0)["must_play"] == 2
    assert "two cards" in refused(state, 0, sub("white1:move"))
    assert "at most two" in refused(state, 0, sub("white1:move", "red1:bet", "blue1:bet"))
    assert refused(
        state, 0, {"type": "submit", "cards": [{"card": "red1", "use": "push"}]}, errors.BAD_ACTION
    )
    for rnd in range(1, 6):
        assert engine.view(state, None)["round"] == rnd
        last = [a for a in engine.all_actions(state, 1) if a["type"] == "submit"][-1]
        first = sub("black1:bet", "yellow2:bet") if rnd < 3 else engine.all_actions(state, 0)[0]
        state = play_round(state, {0: first, 1: last})
    assert engine.is_over(state)
    assert len(engine.result(state)["revealed"]["submissions"]) == 5
    assert engine.view(new_game(2, rounds=3), 0)["rounds"] == 3


def test_pip_5_two_cards_of_different_colours_and_wild_counts_as_declared():
    state = new_game(2)
    assert "different colours" in refused(state, 0, sub("red1:move", "red1:bet"))
    assert "different colours" in refused(state, 0, sub("blue1:move", "blue2:bet"))
    # Wild declared White together with the White 1 is illegal.
    assert "different colours" in refused(state, 0, sub("white1:move", "wild=white:bet"))
    no_colour = {
        "type": "submit",
        "cards": [{"card": "white1", "use": "move"}, {"card": "wild", "use": "bet"}],
    }
    assert "Say which colour" in refused(state, 0, no_colour)
    state = play_round(state, {0: sub("white1:move", "wild=yellow:bet"), 1: sub("red1:move", "blue2:move")})
    assert engine.view(state, 0)["stakes"]["yellow"] == 1
    assert engine.view(state, None)["ponies"][0]["position"] == 1


def test_pip_5_submissions_never_pair_one_colour_and_are_spelled_out_once():
    state = new_game(2)
    actions = engine.all_actions(state, 0)
    submits = [a for a in actions if a["type"] == "submit"]
    keys = set()
    for action in submits:
        colours = [p.get("as") or p["card"].rstrip("12") for p in action["cards"]]
        assert len(action["cards"]) == 2 and colours[0] != colours[1]
        keys.add(repr(action))
    assert len(keys) == len(submits)
    assert {
        "type": "submit",
        "cards": [{"card": "red1", "use": "bet"}, {"card": "wild", "as": "blue", "use": "move"}],
    } in submits


def test_pip_6_one_card_when_hand_has_no_two_colours():
    state = new_game(2)
    state["hands"][0] = ["yellow2", "yellow2", "yellow1"]
    assert not can_play_two(state["hands"][0], [])
    assert engine.view(state, 0)["must_play"] == 1
    assert "play one card" in refused(state, 0, sub("yellow2:move", "yellow1:bet"))
    assert {len(a["cards"]) for a in engine.all_actions(state, 0)} == {1}
    state = engine.apply(state, 0, sub("yellow2:bet"))
    assert engine.view(state, 0)["submission"] == [{"card": "yellow2", "use": "bet"}]


def test_pip_6_wild_alone_with_one_colour_still_makes_two():
    assert can_play_two(["yellow2", "wild"], [])
    assert not can_play_two(["yellow2", "wild"], ["white", "red", "blue", "black"])
    assert not can_play_two(["wild"], [])


def test_pip_6_empty_hand_is_not_awaited_and_round_resolves_without_it():
    state = new_game(3)
    state["hands"][2] = []
    state["sub"]["awaited"] = [0, 1]  # as open_round would build it
    assert engine.to_act(state) == [0, 1]
    assert refused(state, 2, sub("red1:bet"), errors.NOT_YOUR_TURN)
    state = play_round(state, {0: sub("white1:bet", "red1:bet"), 1: sub("white1:bet", "red1:bet")})
    assert engine.view(state, None)["round"] == 2
    assert engine.view(state, None)["awaited"] == [0, 1]
    assert engine.view(state, 2)["must_play"] == 0


def test_pip_7_wild_cannot_be_declared_as_a_finished_pony():
    state = new_game(2)
    state["finish_order"] = ["white"]
    state["positions"][0] = 4
    state["hands"][0].remove("white1")
    assert "already finished" in refused(state, 0, sub("red1:move", "wild=white:bet"))
    declared = {
        p.get("as")
        for a in engine.all_actions(state, 0)
        if a["type"] == "submit"
        for p in a["cards"]
        if p["card"] == "wild"
    }
    assert declared == {"red", "blue", "black", "yellow"}
    assert all(p.get("as") != "white" for s in all_submissions(state["hands"][0], ["white"]) for p in s)


def test_cards_not_in_hand_and_unknown_cards_are_refused():
    state = new_game(2)
    state["hands"][0].remove("white1")
    assert "do not hold" in refused(state, 0, sub("white1:move", "red1:bet"))
    assert refused(state, 0, sub("green3:move", "red1:bet"), errors.BAD_ACTION)
    assert refused(state, 0, {"type": "submit", "cards": "red1"}, errors.BAD_ACTION)
    assert "Only the Wild" in refused(state, 0, sub("red1=blue:move", "black1:bet"))
