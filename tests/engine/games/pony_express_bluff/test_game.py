"""The whole game: random play, replay, refusals, options."""

import json

import pytest

import engine
from engine import errors
from tests.utils.play import assert_json_state, play_random, replay

from .helpers import GAME, at_roll, started, stood


@pytest.mark.parametrize("seats, shots", [(3, "aim"), (4, "dice"), (5, "aim"), (3, "dice")])
def test_random_play_every_listed_action_accepted_every_game_ends(seats, shots):
    for seed in range(4):
        state, log = play_random(GAME, seats, seed, {"shots": shots}, chooser_seed=seed)
        assert engine.is_over(state) and state["winner"] is not None
        assert_json_state(state)
        result = engine.result(state)
        assert result["winners"] == [state["winner"]] and sum(result["scores"]) == 1


def test_replay_gives_the_same_game_including_shots():
    state, log = play_random(GAME, 4, 21, {"shots": "aim"}, chooser_seed=5)
    assert any(a["type"] == "shoot" for _, a in log)
    assert replay(GAME, 4, 21, {"shots": "aim"}, log) == state


def test_refused_actions_change_nothing():
    state = at_roll(started(), 0, ["K", "K", "9", "10", "A"], pos=[7, 8, 12])
    before = json.dumps(state, sort_keys=True)
    for seat, action, code in [
        (1, {"type": "claim", "hand": "pair"}, errors.NOT_YOUR_TURN),
        (0, {"type": "call"}, errors.ILLEGAL_ACTION),
        (0, {"type": "claim", "hand": "royal"}, errors.BAD_ACTION),
        (0, {"type": "claim", "hand": "nothing"}, errors.ILLEGAL_ACTION),
        (0, {"type": "reroll", "keep": "all", "mode": "cup"}, errors.BAD_ACTION),
        (0, {"type": "reroll", "keep": [0, 0], "mode": "cup"}, errors.ILLEGAL_ACTION),
        (0, {"type": "reroll", "keep": [0], "mode": "sideways"}, errors.BAD_ACTION),
        (0, {"type": "reroll", "keep": [0], "mode": "cup", "extra": 1}, errors.BAD_ACTION),
        (0, {"type": "reroll"}, errors.BAD_ACTION),
        (0, {"type": "play_item", "item": "spyglass"}, errors.ILLEGAL_ACTION),
        (0, {"type": "arrange", "under_cup": [7]}, errors.BAD_ACTION),
        (0, {"type": "arrange", "under_cup": [0, 0]}, errors.ILLEGAL_ACTION),
    ]:
        with pytest.raises(engine.EngineError) as info:
            engine.apply(state, seat, action)
        assert info.value.code == code and info.value.message.endswith(".")
    assert json.dumps(state, sort_keys=True) == before


def test_shot_values_are_checked():
    state = at_roll(started(), 0, ["K", "K", "9", "10", "A"], pos=[6, 7, 20])
    state = engine.apply(state, 0, {"type": "claim", "hand": "pair"})
    state = stood(engine.apply(state, 1, {"type": "believe"}))
    for bad, code in [
        ({"angle": "x", "power": 50}, errors.BAD_ACTION),
        ({"angle": 10, "power": 101}, errors.BAD_ACTION),
        ({"angle": True, "power": 50}, errors.BAD_ACTION),
        ({"angle": float("nan"), "power": 50}, errors.BAD_ACTION),
        ({"power": 50}, errors.BAD_ACTION),
    ]:
        with pytest.raises(engine.EngineError) as info:
            engine.apply(state, 0, {"type": "shoot", **bad})
        assert info.value.code == code
    after = engine.apply(state, 0, {"type": "shoot", "angle": 333.3, "power": 77.7})  # any value in range
    assert engine.view(after, None)["last_shot"]["aim"] == [333.3, 77.7]


def test_options_and_seats():
    described = next(g for g in engine.describe_games() if g["id"] == GAME)
    assert (described["min_seats"], described["max_seats"]) == (3, 5)
    assert {o["name"]: o["default"] for o in described["options"]} == {
        "shots": "aim",
        "call_seconds": 20,
        "board": "standard",
        "move_table": "standard",
    }
    with pytest.raises(engine.EngineError):
        engine.setup(GAME, {}, 2, 1)
    with pytest.raises(engine.EngineError):
        engine.setup(GAME, {"shots": "cannon"}, 3, 1)


def test_timeout_outside_the_call_window_is_the_bots_move():
    state = at_roll(started(), 0, ["K", "K", "9", "10", "A"], pos=[7, 8, 12])
    action = engine.timeout_action(state, 0)
    assert action is not None and action in engine.legal_actions(state, 0)
    assert engine.timeout_action(state, 1) is None  # not awaited


def test_one_owner_of_the_turn_continuation_and_no_import_cycle():
    """turn.py alone sequences a turn (move, duel, space, Fresh Horse, next rider): no rule
    module imports it, and the package's modules import each other without a cycle."""
    import ast
    import graphlib
    from pathlib import Path

    package = Path(engine.__file__).parent / "games" / "pony_express_bluff"
    imports: dict[str, set[str]] = {}
    for path in package.glob("*.py"):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                found |= {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
        imports[path.stem] = found
    list(graphlib.TopologicalSorter(imports).static_order())  # raises CycleError on a cycle
    assert {name for name, used in imports.items() if "turn" in used} == {"game"}
    assert "flow" not in imports["fights"] | imports["moves"] | imports["calls"]
