"""The declared move table (engine/moves.py) as the engine interprets it: fields checked
before any handler runs, only declared fields kept, game bugs raised as GameFault, and the
default path of a game without a table."""

from __future__ import annotations

import json

import pytest

import engine
from engine import errors, events
from engine.errors import EngineError, GameFault
from engine.game import Game
from engine.moves import CHOOSE, Bool, Int, ListOf, Move, MoveTable, Obj, Str
from engine.registry import GAMES, register

HANDLED: list[str] = []


def _count(state, seat, action, rng):
    HANDLED.append(action["type"])
    state["count"] += action["by"]
    events.emit(state, "counted", seat=seat, by=action["by"])


def _buggy(state, seat, action, rng):
    HANDLED.append(action["type"])
    state["missing"]["key"] += 1  # a rule bug: KeyError


def _pile(state, seat, action, rng):
    HANDLED.append(action["type"])
    state["piles"].append(action["cards"])


def _late_only(state, seat):
    return state["count"] >= 100


class MovesGame(Game):
    id = "toy_moves"
    title = "Toy moves"
    min_seats = 2
    max_seats = 2
    moves = MoveTable(
        Move("count", _count, fields={"by": Int(1, 3), "loud": Bool()}, optional=("loud",)),
        Move("bug", _buggy),
        Move(
            "pile",
            _pile,
            fields={
                "cards": ListOf(Obj({"card": Str(("a", "b")), "as": Str()}, optional=("as",)), 1, 2),
            },
        ),
        Move("late", _count, fields={"by": Int()}, allowed=_late_only, not_now="Not before 100."),
    )

    def setup(self, state, rng):
        state["count"] = 0
        state["piles"] = []
        state["missing"] = {}

    def to_act(self, state):
        return [0]

    def legal_actions(self, state, seat):
        return [{"type": "count", "by": 1}] if seat == 0 else []

    def public_view(self, state):
        return {"count": state["count"]}

    def is_over(self, state):
        return state["count"] >= 200

    def result(self, state):
        return {"scores": [0, 0], "winners": [0, 1], "revealed": {}}


@pytest.fixture(autouse=True, scope="module")
def registered():
    """The toy game exists only while these tests run (the contract tests walk the registry)."""
    register(MovesGame())
    yield
    GAMES.pop("toy_moves")


def refused(action, seat=0, game="toy_moves"):
    state = engine.setup(game, {}, 2, seed=1)
    before = json.dumps(state, sort_keys=True)
    HANDLED.clear()
    with pytest.raises(EngineError) as info:
        engine.apply(state, seat, action)
    assert json.dumps(state, sort_keys=True) == before
    return info.value


@pytest.mark.parametrize(
    "action, field, words",
    [
        ({"type": "count", "by": 1.0}, "by", "'by' must be a whole number."),
        ({"type": "count", "by": True}, "by", "'by' must be a whole number."),
        ({"type": "count", "by": "1"}, "by", "'by' must be a whole number."),
        ({"type": "count", "by": 4}, "by", "'by' must be between 1 and 3."),
        ({"type": "count"}, "by", "The action needs 'by'."),
        ({"type": "count", "by": 1, "loud": 1}, "loud", "'loud' must be true or false."),
        ({"type": "count", "by": 1, "extra": 1}, "extra", "'extra' is not part of this action."),
        ({"type": "pile", "cards": []}, "cards", "'cards' must hold 1 to 2 entries."),
        ({"type": "pile", "cards": "a"}, "cards", "'cards' must be a list."),
        ({"type": "pile", "cards": ["a"]}, "cards[0]", "'cards[0]' must be an object."),
        ({"type": "pile", "cards": [{"card": "c"}]}, "cards[0].card", "'cards[0].card' must be one of: a"),
        ({"type": "pile", "cards": [{"card": "a", "x": 1}]}, "cards[0].x", "'cards[0].x' is not part"),
        ({"type": "pile", "cards": [{"as": "a"}]}, "cards[0].card", "The action needs 'cards[0].card'."),
    ],
)
def test_fields_are_checked_before_any_handler_runs(action, field, words):
    error = refused(action)
    assert error.code == errors.BAD_ACTION
    assert error.message.startswith(words) and error.params["field"] == field
    assert HANDLED == []


def test_unknown_type_names_the_known_ones():
    error = refused({"type": "fly"})
    assert error.code == errors.BAD_ACTION and error.params["types"] == ["count", "bug", "pile", "late"]
    assert HANDLED == []


def test_a_move_not_allowed_now_is_refused_with_its_sentence():
    error = refused({"type": "late", "by": 1})
    assert (error.code, error.message) == (errors.ILLEGAL_ACTION, "Not before 100.")
    assert HANDLED == []


def test_the_validated_action_holds_only_declared_fields():
    state = engine.setup("toy_moves", {}, 2, seed=1)
    assert engine.normalize(state, 0, {"type": "count", "by": 2}) == {"type": "count", "by": 2}
    nested = {"type": "pile", "cards": [{"card": "b", "as": "a"}, {"card": "a"}]}
    assert engine.normalize(state, 0, nested) == nested
    state = engine.apply(state, 0, nested)
    assert state["piles"] == [[{"card": "b", "as": "a"}, {"card": "a"}]]
    with pytest.raises(EngineError):
        engine.normalize(state, 1, {"type": "count", "by": 2})  # not this seat's turn


def test_an_exception_in_game_code_is_a_game_fault_never_a_refusal():
    state = engine.setup("toy_moves", {}, 2, seed=1)
    with pytest.raises(GameFault) as info:
        engine.apply(state, 0, {"type": "bug"})
    assert not isinstance(info.value, EngineError)
    assert isinstance(info.value.__cause__, KeyError)
    assert info.value.game == "toy_moves" and "'bug'" in info.value.during
    with pytest.raises(GameFault):
        engine.step(state, 0, {"type": "bug"})


def test_describe_lists_the_declared_moves():
    described = engine.api.describe(engine.get_game("toy_moves"))
    count = described["moves"][0]
    assert count["type"] == "count" and count["fields"]["by"] == {
        "kind": "int",
        "min": 1,
        "max": 3,
        "optional": False,
    }
    assert count["fields"]["loud"]["optional"] is True


def test_a_move_table_refuses_a_type_declared_twice():
    with pytest.raises(ValueError):
        MoveTable(Move("a", _count), Move("a", _count))


def test_a_described_move_drops_its_choose_description_and_others_refuse_it():
    """A move declared `described` is listed as a sample plus `choose` (engine/moves.py, CHOOSE):
    sent back verbatim, the description is dropped before the checks and never stored; any other
    move treats `choose` as the unknown field it is."""
    described = Move("pile", _pile, fields={"cards": ListOf(Str(("a", "b")), 1, 2)}, described=True)
    plain = Move("pile", _pile, fields={"cards": ListOf(Str(("a", "b")), 1, 2)})
    listed = {"type": "pile", "cards": ["a"], CHOOSE: {"cards": {"count": 1}}}
    assert described.validate({}, 0, listed) == {"type": "pile", "cards": ["a"]}
    with pytest.raises(EngineError) as info:
        plain.validate({}, 0, listed)
    assert info.value.code == errors.BAD_ACTION
    assert "'choose' is not part of this action" in info.value.message
    with pytest.raises(EngineError):  # the sample itself is still checked
        described.validate({}, 0, {**listed, "cards": ["c"]})
    assert described.describe()["described"] and not plain.describe()["described"]
