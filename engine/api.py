"""The uniform entry points the server and tests call, for any registered game.

Every function takes or returns plain JSON-able data. `view` is the only way
state leaves the engine; `apply` never changes the state it is given.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import orjson

from . import errors
from .errors import EngineError, GameFault
from .events import Event, visible_log
from .game import Action, Game, State
from .options import validate_options
from .registry import get_game
from .rng import Rng, new_slot

CORE_KEYS = ("game", "seats", "options", "rng", "log")


@dataclass(frozen=True, slots=True)
class Sight:
    """What one audience gets of a state: its view (without the log), its legal actions and,
    for a seat with a choice to make, the digest of what bears on it (`decision_basis`)."""

    view: dict[str, Any]
    actions: list[Action]
    digest: str | None


@dataclass(frozen=True, slots=True)
class Outcome:
    """Everything the server needs from one step, computed once: the new state and the log
    events it added (the state keeps no log), the action as validated (what is stored),
    whether anything changed (the same sealed submission again changes nothing), who is
    awaited, the end and its result, the rules' own timer, and each asked audience's sight."""

    state: State
    events: list[Event]
    action: Action | None
    changed: bool
    to_act: list[int]
    over: bool
    result: dict[str, Any] | None
    timer_seconds: float | None
    sights: dict[int | None, Sight] = field(default_factory=dict)


def game_of(state: State) -> Game:
    return get_game(state["game"])


def setup(game_id: str, options: dict[str, Any] | None, seats: int, seed: int) -> State:
    """A fresh game: options validated and defaulted, randomness seeded."""
    game = get_game(game_id)
    opts = validate_options(game.options, options, game.title)
    if isinstance(seats, bool) or not isinstance(seats, int):
        raise EngineError(errors.BAD_SETUP, "The number of seats must be a whole number.")
    if not game.min_seats <= seats <= game.max_seats:
        raise EngineError(
            errors.BAD_SETUP,
            f"{game.title} needs {game.min_seats} to {game.max_seats} players, not {seats}.",
            min=game.min_seats,
            max=game.max_seats,
            seats=seats,
        )
    state: State = {"game": game.id, "seats": seats, "options": opts, "rng": new_slot(seed), "log": []}
    game.setup(state, Rng(state["rng"]))
    return state


def start(game_id: str, options: dict[str, Any] | None, seats: int, seed: int) -> tuple[State, list[Event]]:
    """A fresh game and the log events its setup produced; the state keeps no log."""
    state = setup(game_id, options, seats, seed)
    events = state["log"]
    state["log"] = []
    return state, events


def step(state: State, seat: int, action: Any, audiences: Iterable[int | None] = ()) -> Outcome:
    """`seat` plays `action`: everything the server needs from it at once (engine.outcome).

    The action is validated once; the new state keeps no log (its events are returned
    apart, so a stored state does not grow with the game's length); `audiences` (seats,
    None for the spectators) get their view, legal actions and decision digest computed
    once. Raises EngineError and changes nothing if refused.
    """
    game = game_of(state)
    normal = normalize(state, seat, action)
    base = {**state, "log": []} if state.get("log") else state
    new_state = _apply_valid(game, base, seat, normal)
    events = new_state["log"]
    new_state["log"] = []
    changed = bool(events) or new_state != base
    return observe(new_state, audiences, action=normal, events=events, changed=changed)


def observe(
    state: State,
    audiences: Iterable[int | None] = (),
    *,
    action: Action | None = None,
    events: list[Event] | None = None,
    changed: bool = True,
) -> Outcome:
    """The outcome of a state reached otherwise (the start, several timer actions in a row):
    who is awaited, the end, the rules' timer and each audience's sight, computed once."""
    game = game_of(state)
    over = game.is_over(state)
    awaited = [] if over else list(game.to_act(state))
    seconds = None if over else game.timer_seconds(state)
    audience_list = list(audiences)
    sights: dict[int | None, Sight] = {}
    if audience_list:
        seen = _views(game, state, audience_list, over, awaited)
        for audience in audience_list:
            actions = [] if audience is None or over else game.legal_actions(state, audience)
            digest = None if audience is None or not actions else _digest(game, seen[audience], actions)
            sights[audience] = Sight(seen[audience], actions, digest)
    return Outcome(
        state=state,
        events=list(events or ()),
        action=action,
        changed=changed,
        to_act=awaited,
        over=over,
        result=game.result(state) if over else None,
        timer_seconds=float(seconds) if seconds else None,
        sights=sights,
    )


def to_act(state: State) -> list[int]:
    game = game_of(state)
    return [] if game.is_over(state) else list(game.to_act(state))


def static_keys(state: State) -> tuple[str, ...]:
    """The keys of the view fixed for the whole game (Game.static_keys)."""
    return game_of(state).static_keys


def is_over(state: State) -> bool:
    return game_of(state).is_over(state)


def legal_actions(state: State, seat: int | None) -> list[Action]:
    game = game_of(state)
    if seat is None or game.is_over(state):
        return []
    return game.legal_actions(state, seat)


def all_actions(state: State, seat: int | None) -> list[Action]:
    """Every legal action spelled out: a described move (engine/moves.py, CHOOSE) once per
    legal value instead of one sample with its `choose` description. For tests, bots and
    tools; frames carry `legal_actions`."""
    game = game_of(state)
    if seat is None or game.is_over(state):
        return []
    return game.all_actions(state, seat)


def normalize(state: State, seat: int, action: Any) -> Action:
    """`action` as the engine will apply it, or an EngineError saying why it is refused.

    Checks the shape, that the game runs and that `seat` may act; with the game's
    move table (engine/moves.py) the type, every field and its type, and that the
    move is allowed now. The result holds only the declared fields: the server
    stores it.
    """
    game = game_of(state)
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise errors.bad_action("An action must be an object with a type.")
    if game.is_over(state):
        raise EngineError(errors.GAME_OVER, "The game is over.")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state["seats"]:
        raise EngineError(errors.NOT_YOUR_TURN, "Only a seated player can act.")
    if not game.may_act(state, seat):
        raise EngineError(errors.NOT_YOUR_TURN, "It is not your turn.")
    return game.moves.validate(state, seat, action)


def apply(state: State, seat: int, action: Any) -> State:
    """The state after `seat` plays `action` (its log growing); raises EngineError and
    changes nothing if refused. The server calls `step`; tests and tools walk games with this.

    Raises GameFault (not an EngineError) when game code fails: a bug, which the
    server logs and reports as `server_error`.
    """
    game = game_of(state)
    return _apply_valid(game, state, seat, normalize(state, seat, action))


def _apply_valid(game: Game, state: State, seat: int, action: Action) -> State:
    """Run a validated action's handler on a copy of `state`."""
    # A JSON round trip is a deep copy several times faster than copy.deepcopy,
    # and it keeps the state honest: only JSON-able data survives it.
    new_state = orjson.loads(orjson.dumps(state))
    try:
        game.apply(new_state, seat, action, Rng(new_state["rng"]))
    except EngineError:
        raise
    except Exception as exc:
        raise GameFault(game.id, f"a '{action['type']}' action", exc) from exc
    return new_state


def view(state: State, seat: int | None, with_log: bool = True) -> dict[str, Any]:
    """Everything `seat` (None for a spectator) may see, and nothing more.

    `with_log=False` leaves out the log (the server sends log events separately).
    """
    game = game_of(state)
    over = game.is_over(state)
    seen = _views(game, state, [seat], over, [] if over else list(game.to_act(state)))[seat]
    if with_log:
        seen = {**seen, "log": visible_log(state, seat, over)}
    return seen


def views(state: State, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
    """`view(state, seat, with_log=False)` for several audiences at once (a seat, or None for
    the spectators). The game's public part is computed once and every audience's view
    shares it: read them, never change them."""
    game = game_of(state)
    over = game.is_over(state)
    return _views(game, state, list(seats), over, [] if over else list(game.to_act(state)))


def _views(
    game: Game, state: State, seats: list[int | None], over: bool, awaited: list[int]
) -> dict[int | None, dict[str, Any]]:
    shared = {**game.public_view(state), **dict.fromkeys(game.private_keys)}
    result = game.result(state) if over else None
    out: dict[int | None, dict[str, Any]] = {}
    for seat in seats:
        seen = {
            "game": game.id,
            "seats": state["seats"],
            "you": seat,
            "options": dict(state["options"]),
            "to_act": list(awaited),
            "over": over,
            **shared,
        }
        if seat is not None:
            seen.update(game.private_view(state, seat))
        seen["result"] = result
        out[seat] = seen
    return out


def decision_basis(
    state: State, seat: int, seen: dict[str, Any] | None = None, actions: list[Action] | None = None
) -> dict[str, Any]:
    """What bears on `seat`'s next choice: its legal actions and its view of the table,
    without the log and without who else is still awaited or has sealed a submission
    (see Game.decision_view). When this has not changed since the version a seat acted
    on, its action is not stale, however many other seats changed their submissions.

    `seen` / `actions`: that seat's view (without log) and legal actions, when the caller
    already has them."""
    game = game_of(state)
    if seen is None:
        seen = view(state, seat, with_log=False)
    if actions is None:
        actions = legal_actions(state, seat)
    return _basis(game, seen, actions)


def _basis(game: Game, seen: dict[str, Any], actions: list[Action]) -> dict[str, Any]:
    left_out = ("to_act", "log", *game.static_keys)
    table = {key: value for key, value in seen.items() if key not in left_out}
    return {"view": game.decision_view(table), "actions": actions}


def _digest(game: Game, seen: dict[str, Any], actions: list[Action]) -> str:
    basis = orjson.dumps(_basis(game, seen, actions), option=orjson.OPT_SORT_KEYS)
    return hashlib.blake2b(basis, digest_size=12).hexdigest()


def decision_digest(state: State, seat: int) -> str | None:
    """A short digest of `decision_basis(state, seat)`: equal digests, equal decisions. None
    when the seat has no choice to make (nothing it could send is legal, whatever its view)."""
    game = game_of(state)
    actions = legal_actions(state, seat)
    return _digest(game, view(state, seat, with_log=False), actions) if actions else None


def reveal_view(state: State) -> dict[str, Any]:
    """Everything, for a replay after the end: the spectator's view, the whole log
    (private events too) and, per seat, its private_view (hands, stakes, cups,
    submissions...) under `secrets`. Never send it while the game runs.
    """
    game = game_of(state)
    seen = view(state, None)
    seen["log"] = [dict(event) for event in state["log"]]
    seen["secrets"] = [game.private_view(state, seat) for seat in range(state["seats"])]
    return seen


def result(state: State) -> dict[str, Any] | None:
    game = game_of(state)
    return game.result(state) if game.is_over(state) else None


def bot_action(state: State, seat: int, rng: random.Random | None = None) -> Action | None:
    """A bot's choice for `seat`, made from that seat's view only (bots don't cheat)."""
    actions = legal_actions(state, seat)
    if not actions:
        return None
    return game_of(state).bot_action(view(state, seat), actions, rng or random.Random())


def timer_seconds(state: State) -> float | None:
    """The rules' own time limit for the current wait (None: the room's timer applies)."""
    game = game_of(state)
    if game.is_over(state):
        return None
    seconds = game.timer_seconds(state)
    return float(seconds) if seconds else None


def timeout_action(state: State, seat: int, rng: random.Random | None = None) -> Action | None:
    """What the server applies when `seat`'s timer fires."""
    if seat not in to_act(state):
        return None
    forced = game_of(state).timeout_action(state, seat)
    return forced if forced is not None else bot_action(state, seat, rng)


def describe_games() -> list[dict[str, Any]]:
    from .registry import GAMES

    return [describe(game) for game in GAMES.values()]


def describe(game: Game) -> dict[str, Any]:
    return {
        "id": game.id,
        "title": game.title,
        "min_seats": game.min_seats,
        "max_seats": game.max_seats,
        "options": [opt.describe() for opt in game.options],
        "moves": game.moves.describe(),
    }
