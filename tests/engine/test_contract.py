"""The game contract, checked for every registered game: a new game gets all of it by registering.

- random play: every listed action is accepted and the game ends, at the fewest and most seats;
- a combinatorial move listed once (a sample and its `choose` description) is sendable verbatim,
  and `all_actions` spells out the same legal actions (the listed ones among them);
- determinism and replay: the same seed and actions give the same state, events and log;
- the state is plain JSON with whole numbers (no floats, no int keys) after every step;
- the declared moves (engine/moves.py): every listed action passes the table unchanged, and an
  action with a field of the wrong type, an unknown field or a missing field is refused in words
  (an EngineError, never a GameFault and never applied);
- views: `view` is `public_view` plus the seat's `private_view`, the spectator sees the private
  keys as None; `reveal_view` gives each seat's private part;
- secrecy: tests/engine/test_secrets_contract.py (each game's declared hidden information,
  engine/hidden.py: deals, face-down plays, sealed choices, the deck);
- bots and timeouts choose listed actions.
"""

from __future__ import annotations

import json
import random
from typing import Any

import orjson
import pytest

import engine
from engine.errors import EngineError
from engine.game import Game, _without_keys
from engine.moves import CHOOSE, Int, MoveTable
from engine.registry import GAMES
from tests.utils.play import assert_json_state, play_random, replay

# Games that still dispatch in their own `apply` and build one `view` (the default path).
# The Pony Express games adopt the move table and the view split on their own branch and
# take their ids out of this set; every other game must have both.
GAME_IDS = sorted(GAMES)
SEATS = [
    (game_id, seats)
    for game_id, game in sorted(GAMES.items())
    for seats in sorted({game.min_seats, min(game.max_seats, game.min_seats + 2)})
]


def declared(game_id: str) -> bool:
    game = GAMES[game_id]
    if not isinstance(getattr(game, "moves", None), MoveTable) or type(game).public_view is Game.public_view:
        pytest.fail(f"{game_id} must declare its moves and split its views (engine/moves.py, engine/game.py)")
    return True


def walk_json(value: Any, where: str = "state") -> None:
    """Plain JSON: dicts with str keys, lists, str, int, bool, None. No floats.

    Checked on the state the server stores (its `log` is empty: events leave the state;
    an event or a result may carry a half point, e.g. Ponies in Pursuit's scores)."""
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str), f"{where}: key {key!r} is not a string"
            walk_json(item, f"{where}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            walk_json(item, f"{where}[{index}]")
    else:
        assert value is None or isinstance(value, (str, int, bool)), f"{where}: {value!r} is not an int"


def check_state(game_id: str, state: dict[str, Any]) -> None:
    json.loads(json.dumps(state["log"]))
    walk_json({**state, "log": []})


def states_along(game_id: str, seats: int, seed: int, limit: int = 400):
    """(state, seat to act, its legal actions, rng) along one random game."""
    rng = random.Random(seed)
    state = engine.setup(game_id, None, seats, seed)
    for _ in range(limit):
        if engine.is_over(state):
            return
        seat = rng.choice(engine.to_act(state))
        actions = engine.legal_actions(state, seat)
        yield state, seat, actions, rng
        state = engine.apply(state, seat, rng.choice(engine.all_actions(state, seat)))


def spelled(action: dict[str, Any]) -> dict[str, Any]:
    """A listed action as the engine stores it: without its `choose` description."""
    return {k: v for k, v in action.items() if k != CHOOSE}


@pytest.mark.parametrize(("game_id", "seats"), SEATS)
def test_random_play_ends_with_json_int_states(game_id, seats):
    for seed in (1, 2):
        rng = random.Random(seed)
        state = engine.setup(game_id, None, seats, seed)
        steps = 0
        while not engine.is_over(state):
            check_state(game_id, state)
            waiting = engine.to_act(state)
            assert waiting, "a running game waits for someone"
            seat = rng.choice(waiting)
            actions = engine.legal_actions(state, seat)
            assert actions, f"seat {seat} is awaited but has no legal action"
            state = engine.apply(state, seat, rng.choice(actions))
            steps += 1
            assert steps < 20_000, "the game never ends"
        check_state(game_id, state)
        result = engine.result(state)
        assert len(result["scores"]) == seats and result["winners"]
        assert set(result["winners"]) <= set(range(seats))
        for seat in (None, *range(seats)):
            json.dumps(engine.view(state, seat))
        assert engine.to_act(state) == [] and all(engine.legal_actions(state, s) == [] for s in range(seats))


@pytest.mark.parametrize(("game_id", "seats"), SEATS)
def test_all_actions_spell_out_the_listed_ones_and_are_each_accepted(game_id, seats):
    """`may_act` says whether a seat has a legal action; `all_actions` holds every listed action
    (without its `choose` description) and nothing of another type; a listed action with
    `choose` belongs to a move declared `described`, and it is sent back verbatim; a sample of
    the spelled-out ones is accepted too."""
    game = GAMES[game_id]
    for number, (state, seat, actions, rng) in enumerate(states_along(game_id, seats, seed=12)):
        if number % 2:
            continue
        for other in range(seats):  # what engine.normalize asks before the checks
            assert game.may_act(state, other) == bool(engine.legal_actions(state, other))
        every = engine.all_actions(state, seat)
        keys = {json.dumps(a, sort_keys=True) for a in every}
        assert {a["type"] for a in every} == {a["type"] for a in actions}
        for action in actions:
            assert json.dumps(spelled(action), sort_keys=True) in keys, "a listed action is legal"
            if CHOOSE in action:
                assert game.moves is not None and game.moves.move(action["type"]).described
                engine.apply(state, seat, action)
        for action in rng.sample(every, min(3, len(every))):
            engine.apply(state, seat, action)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_seed_and_actions_replay_exactly_through_apply_and_step(game_id):
    seats = GAMES[game_id].min_seats
    final, log = play_random(game_id, seats, seed=5, chooser_seed=3)
    assert replay(game_id, seats, 5, None, log) == final
    assert_json_state(final)
    state, events = engine.start(game_id, None, seats, 5)
    assert state["log"] == [] and events == engine.setup(game_id, None, seats, 5)["log"]
    for seat, action in log:
        out = engine.step(state, seat, action)
        state, new = out.state, out.events
        assert state["log"] == []
        events += new
    assert events == final["log"]
    assert {**state, "log": final["log"]} == final
    other, _ = play_random(game_id, seats, seed=6, chooser_seed=3)
    assert engine.setup(game_id, None, seats, 5) != engine.setup(game_id, None, seats, 6) or other != final


def mutations(action: dict[str, Any], move) -> list[dict[str, Any]]:
    """Wrong-typed, unknown and missing fields of a listed action."""
    out = [{**action, "unexpected": 1}]
    for name, spec in move.fields.items():
        if name not in action:
            continue
        if name not in move.optional:
            out.append({k: v for k, v in action.items() if k != name})
        value = action[name]
        if isinstance(spec, Int):
            out += [{**action, name: float(value)}, {**action, name: value != 0}]
            out.append({**action, name: str(value)})
        elif isinstance(value, bool):
            out.append({**action, name: int(value)})
        elif isinstance(value, str):
            out += [{**action, name: 1}, {**action, name: None}]
        elif isinstance(value, list):
            out += [{**action, name: {"0": value}}, {**action, name: [*value, {"x": 1.5}]}]
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_declared_moves_take_every_listed_action_and_refuse_malformed_ones(game_id):
    declared(game_id)
    table = GAMES[game_id].moves
    seats = GAMES[game_id].min_seats
    checked = set()
    for state, seat, actions, rng in states_along(game_id, seats, seed=3):
        before = json.dumps(state, sort_keys=True)
        every = engine.all_actions(state, seat)
        for action in rng.sample(actions, min(4, len(actions))) + rng.sample(every, min(4, len(every))):
            normal = engine.normalize(state, seat, action)
            assert normal == spelled(action), "a listed action is already normal"
            for bad in mutations(action, table.move(action["type"])):
                with pytest.raises(EngineError):
                    engine.apply(state, seat, bad)
            checked.add(action["type"])
        for kind in table.types:
            probe = {"type": kind, **{n: s.sample() for n, s in table.move(kind).fields.items()}}
            try:
                engine.apply(state, seat, probe)
            except EngineError:
                pass
        with pytest.raises(EngineError) as info:
            engine.apply(state, seat, {"type": "no_such_move"})
        assert info.value.code == "bad_action"
        assert json.dumps(state, sort_keys=True) == before
    assert checked, "some actions were checked"
    assert checked <= set(table.types)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_view_is_the_public_view_plus_the_seats_private_view(game_id):
    declared(game_id)
    game = GAMES[game_id]
    seats = GAMES[game_id].min_seats
    for number, (state, _seat, _actions, _rng) in enumerate(states_along(game_id, seats, seed=4)):
        if number % 7:
            continue
        public = game.public_view(state)
        assert not set(public) & set(game.private_keys), "a private key in the public view"
        spectator = engine.view(state, None)
        assert {k: spectator[k] for k in public} == public
        assert all(spectator[k] is None for k in game.private_keys)
        revealed = engine.reveal_view(state)
        for seat in range(seats):
            own = game.private_view(state, seat)
            assert set(own) <= set(game.private_keys), "private_view may only use private_keys"
            seen = engine.view(state, seat)
            assert {k: seen[k] for k in public} == public
            assert {k: seen[k] for k in game.private_keys} == {**dict.fromkeys(game.private_keys), **own}
            assert revealed["secrets"][seat] == own


@pytest.mark.parametrize(("game_id", "seats"), SEATS)
def test_views_for_several_audiences_are_each_audiences_own_view(game_id, seats):
    """engine.views (the public part computed once for all audiences) gives, key for key and
    in the same order, what engine.view gives each seat and the spectator, to the end."""
    audiences = [*range(seats), None]
    rng = random.Random(9)
    state = engine.setup(game_id, None, seats, 9)
    checked = 0
    for number in range(5000):
        if number % 5 == 0 or engine.is_over(state):
            together = engine.views(state, audiences)
            for audience in audiences:
                alone = engine.view(state, audience, with_log=False)
                assert orjson.dumps(together[audience]) == orjson.dumps(alone), (game_id, audience)
            checked += 1
        if engine.is_over(state):
            break
        seat = rng.choice(engine.to_act(state))
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    assert engine.is_over(state) and checked > 1, "the game reached its end, checked there too"


@pytest.mark.parametrize(("game_id", "seats"), SEATS)
def test_static_keys_are_public_and_never_change_during_a_game(game_id, seats):
    """A game's `static_keys` are sent once per connection and left out of the decision
    digest, so they must be public view keys whose value is the same from the first state to
    the end, for every audience."""
    game = GAMES[game_id]
    assert not set(game.static_keys) & set(game.private_keys), "a static key must be public"
    if not game.static_keys:
        return
    first = engine.setup(game_id, None, seats, 3)
    fixed = {key: orjson.dumps(engine.view(first, None)[key]) for key in game.static_keys}
    states = 0
    for state, _seat, _actions, _rng in states_along(game_id, seats, seed=3):
        for audience in [*range(seats), None]:
            seen = engine.view(state, audience, with_log=False)
            assert {key: orjson.dumps(seen[key]) for key in game.static_keys} == fixed, audience
        states += 1
    assert states > 10


@pytest.mark.parametrize(("game_id", "seats"), SEATS)
def test_a_games_own_decision_view_drops_its_progress_keys_wherever_they_are(game_id, seats):
    """A game may write its own `decision_view` (where its progress keys sit); it must give
    what the generic one gives: the view without those keys at any depth."""
    game = GAMES[game_id]
    checked = 0
    for state, seat, _actions, _rng in states_along(game_id, seats, seed=6):
        if seat is None:
            continue
        seen = engine.view(state, seat, with_log=False)
        assert game.decision_view(seen) == _without_keys(seen, game.progress_keys)
        checked += 1
    assert checked > 1


def test_the_decision_digest_leaves_the_static_keys_out():
    """Dice and Bluff's board drawing is static: a seat's decision basis does not carry it."""
    assert GAMES["pony_express_bluff"].static_keys == ("board", "move_table")
    state = engine.setup("pony_express_bluff", None, 3, 3)
    seat = engine.to_act(state)[0]
    assert "board" in engine.view(state, seat)
    assert "board" not in engine.decision_basis(state, seat)["view"]


@pytest.mark.parametrize(("game_id", "seats"), SEATS)
def test_bots_and_timeouts_choose_listed_actions(game_id, seats):
    bot_rng = random.Random(1)
    for number, (state, seat, actions, _rng) in enumerate(states_along(game_id, seats, seed=8)):
        if number % 3:
            continue
        for s in range(seats):
            listed = engine.legal_actions(state, s)
            choice = engine.bot_action(state, s, bot_rng)
            assert (choice is None) == (not listed)
            if listed:
                # Listed, or (a game with free numeric parameters lists samples) of a listed type.
                assert choice in listed or choice["type"] in {a["type"] for a in listed}
                engine.apply(state, s, choice)
        forced = engine.timeout_action(state, seat, bot_rng)
        assert forced["type"] in {a["type"] for a in actions}
        engine.apply(state, seat, forced)
