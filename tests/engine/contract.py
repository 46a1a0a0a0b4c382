"""The hidden-information contract (engine/hidden.py) as checks any registered game can be put
through: tests/engine/test_secrets_contract.py runs them on every game of the registry, and
tests/engine/test_scratch_game.py shows they fail a scratch game that leaks.

An audience is a seat, None (the spectators) or REPLAY (what `engine.reveal_view` and
`engine.result` show after the end: every seat's secrets, never what nobody sees). What an
audience observes of a state: its view with its log, its part of `engine.views`, its legal
actions, its error replies to the same probes, its websocket frame, its decision basis, the
timer, who is awaited and the result.

- check_secrets: every declared secret (another deal, another order, another roll) is
  perturbed where an audience may not see it, and that audience's observation must not change;
  every declared secret must be reached.
- check_hidden_plays: two plays the declaration says look alike (another sealed choice, another
  face-down card) must give every other audience the same observation and the same new events.
- check_no_undeclared_secret_moves: two choices of a public move that the mover can tell apart
  and nobody else can are a secret move the game did not declare: a failure.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import engine
from app.ws.outgoing import state_message
from engine.errors import EngineError
from engine.hidden import HiddenInfo, Secret, Seen
from engine.moves import Int, Str
from engine.registry import GAMES

REPLAY = "replay"
Audience = int | str | None


def hidden_info(game_id: str) -> HiddenInfo:
    hidden = GAMES[game_id].hidden
    assert hidden is not None, (
        f"{game_id} must declare its hidden information (Game.hidden, engine/hidden.py; "
        "HiddenInfo() if nothing is hidden)"
    )
    return hidden


def option_variants(game_id: str) -> list[dict[str, Any] | None]:
    """The default options, then each other value of every choice or yes/no option."""
    out: list[dict[str, Any] | None] = [None]
    for option in GAMES[game_id].options:
        if option.kind == "choice":
            out += [{option.name: choice} for choice in option.choices if choice != option.default]
        elif option.kind == "bool":
            out.append({option.name: not option.default})
    return out


def states_along(
    game_id: str, seats: int, seed: int, options: dict[str, Any] | None = None, limit: int = 3000
) -> Iterator[tuple[dict[str, Any], int | None, random.Random]]:
    """(state, a seat to act or None at the end, rng) along one random game, its end included."""
    rng = random.Random(seed)
    state = engine.setup(game_id, options, seats, seed)
    for _ in range(limit):
        if engine.is_over(state):
            break
        seat = rng.choice(engine.to_act(state))
        yield state, seat, rng
        state = engine.apply(state, seat, pick(engine.all_actions(state, seat), rng))
    if engine.is_over(state):
        yield state, None, rng


def pick(actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A random action, its type first: rare kinds of move (a spy, a card played) come up often."""
    kind = rng.choice(sorted({a["type"] for a in actions}))
    return rng.choice([a for a in actions if a["type"] == kind])


def audiences(seats: int) -> list[Audience]:
    return [*range(seats), None, REPLAY]


def hidden_from(seen: Seen, audience: Audience) -> bool:
    """The replay sees what any seat may see; a seat its own; the spectators what is public."""
    if seen is None:
        return False
    if audience == REPLAY:
        return len(seen) == 0
    return audience is None or audience not in seen


def reply(state: dict[str, Any], seat: int, probe: dict[str, Any]) -> Any:
    try:
        engine.normalize(state, seat, probe)
        engine.apply(state, seat, probe)
        return "accepted"
    except EngineError as error:
        return error.to_dict()


def observation(
    state: dict[str, Any],
    audience: Audience,
    probes: list[dict[str, Any]],
    events: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Everything `audience` can learn from `state` (and from the `events` that led to it)."""
    if audience == REPLAY:
        return {"reveal": engine.reveal_view(state), "result": engine.result(state)}
    seat = audience if isinstance(audience, int) else None
    seen: dict[str, Any] = {
        "view": engine.view(state, seat),
        "views": engine.views(state, [seat])[seat],
        "actions": engine.legal_actions(state, seat),
        "to_act": engine.to_act(state),
        "timer": engine.timer_seconds(state),
        "result": engine.result(state),
        "frame": state_message(state, 1, seat, events or [], log=state["log"]),
    }
    if seat is not None:
        seen["replies"] = [reply(state, seat, probe) for probe in probes]
        seen["basis"] = engine.decision_basis(state, seat)
    return seen


def probes_for(states: list[dict[str, Any]], seats: int, rng: random.Random, count: int = 6) -> list[Any]:
    """Actions listed for any seat in any of `states`, and one no game has."""
    listed = [a for state in states for s in range(seats) for a in engine.all_actions(state, s)]
    unique = list({json.dumps(a, sort_keys=True): a for a in listed}.values())
    return rng.sample(unique, min(count, len(unique))) + [{"type": "no_such_move"}]


def slots_of(secrets: tuple[Secret, ...], state: dict[str, Any], audience: Audience) -> list[tuple[Any, ...]]:
    """(secret path, holder list, index) of every item of `secrets` hidden from `audience`."""
    return [
        (secret.path, holder, index)
        for secret in secrets
        for holder, index, seen in secret.slots(state)
        if hidden_from(seen, audience) and holder[index] is not None  # None: nothing there (yet)
    ]


def perturbations(
    hidden: HiddenInfo, state: dict[str, Any], audience: Audience, rng: random.Random
) -> Iterator[tuple[str, set[str], dict[str, Any]]]:
    """(what changed, the secret paths touched, the changed copy) for the items hidden from
    `audience`: two items of one deal trade places (another deal; within one list: another
    order), an item takes another of its possible values (another roll)."""
    for group in hidden.groups():
        slots = slots_of(group, state, audience)
        pairs = [
            (a, b)
            for a in range(len(slots))
            for b in range(a + 1, len(slots))
            if slots[a][1][slots[a][2]] != slots[b][1][slots[b][2]]
        ]
        apart = [p for p in pairs if slots[p[0]][1] is not slots[p[1]][1]]
        together = [p for p in pairs if slots[p[0]][1] is slots[p[1]][1]]
        for kind, choices in (("another deal", apart), ("another order", together)):
            if not choices:
                continue
            a, b = rng.choice(choices)
            other = copy.deepcopy(state)
            moved = slots_of(group, other, audience)
            (path_a, list_a, i), (path_b, list_b, j) = moved[a], moved[b]
            list_a[i], list_b[j] = list_b[j], list_a[i]
            if hidden.possible is None or hidden.possible(other):
                yield f"{kind}: {path_a} <-> {path_b}", {path_a, path_b}, other
        for secret in group:
            own = [k for k, slot in enumerate(slots) if slot[0] == secret.path]
            if not secret.values or not own:
                continue
            k = rng.choice(own)
            other = copy.deepcopy(state)
            _, holder, index = slots_of(group, other, audience)[k]
            holder[index] = rng.choice([v for v in secret.values if v != holder[index]])
            if hidden.possible is None or hidden.possible(other):
                yield f"another roll: {secret.path}", {secret.path}, other


EXTRA_SEEDS = range(101, 109)


def runs(
    game_id: str, seeds: tuple[int, ...], reached: Callable[[], bool] = lambda: True
) -> Iterator[tuple[dict[str, Any] | None, int, bool]]:
    """(options, seed, whether it is a main run): every seed with the default options, the first
    seed with each other option value, then more seeds with the default options until
    `reached()` says every declared secret has come up (at most len(EXTRA_SEEDS) more)."""
    for seed in seeds:
        yield None, seed, True
    for options in option_variants(game_id)[1:]:
        yield options, seeds[0], False
    for seed in EXTRA_SEEDS:
        if reached():
            return
        yield None, seed, False


def spread(items: list[Any], count: int) -> list[Any]:
    """`count` items spread evenly over `items`, the last one included."""
    if len(items) <= count:
        return items
    step = (len(items) - 1) / (count - 1)
    return [items[round(k * step)] for k in range(count)]


def check_secrets(game_id: str, seats: int, seeds: tuple[int, ...] = (1, 2), per_game: int = 16) -> set[str]:
    """Perturb every declared secret where an audience may not see it; its observation must not
    change. Returns the secret paths perturbed; fails when a declared secret is never reached."""
    hidden = hidden_info(game_id)
    touched: set[str] = set()
    reached: set[str] = set()
    declared = {secret.path for secret in hidden.secrets}
    for options, seed, main in runs(game_id, seeds, lambda: declared <= reached):  # noqa: B023
        count = per_game if main else max(4, per_game // 3)
        for state, _seat, rng in spread(list(states_along(game_id, seats, seed, options)), count):
            for audience in audiences(seats):
                reached |= {path for path, _holder, _index in slots_of(hidden.secrets, state, audience)}
                for what, paths, other in perturbations(hidden, state, audience, rng):
                    probes = probes_for([state, other], seats, rng)
                    before, after = observation(state, audience, probes), observation(other, audience, probes)
                    who = f"seat {audience}" if isinstance(audience, int) else audience or "a spectator"
                    assert before == after, (
                        f"{game_id}: {who} can tell {what} ({describe_difference(before, after)})"
                    )
                    touched |= paths
    assert declared <= reached, (
        f"{game_id}: declared secrets the random games never reach: {declared - reached}"
    )
    return touched


def describe_difference(a: Any, b: Any, where: str = "") -> str:
    """The first place two observations differ, for the failure message."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if a.get(key) != b.get(key):
                return describe_difference(a.get(key), b.get(key), f"{where}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return describe_difference(x, y, f"{where}[{index}]")
    return f"{where or 'value'}: {str(a)[:120]} vs {str(b)[:120]}"


def variants(game_id: str, state: dict[str, Any], seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
    """`action` with one field changed to another value its declared type allows."""
    move = GAMES[game_id].moves.move(action["type"])  # type: ignore[union-attr]
    out = []
    for name, spec in move.fields.items():
        if name not in action:
            continue
        if isinstance(spec, Str) and spec.choices:
            values: tuple[Any, ...] = spec.choices
        elif isinstance(spec, Int) and spec.choices:
            values = spec.choices
        elif (
            isinstance(spec, Int)
            and spec.min is not None
            and spec.max is not None
            and spec.max - spec.min < 16
        ):
            values = tuple(range(spec.min, spec.max + 1))
        else:
            continue
        out += [{**action, name: value} for value in values if value != action[name]]
    return out


def choices_at(
    game_id: str, state: dict[str, Any], seat: int, kind: str, rng: random.Random, cap: int = 24
) -> list[tuple[dict[str, Any], tuple[dict[str, Any], list[Any]]]]:
    """Up to `cap` plays of `kind` the game takes from `seat` now (listed ones, and listed ones
    with one field changed), each with the state and new events it gives."""
    listed = [a for a in engine.all_actions(state, seat) if a["type"] == kind]
    extra = [v for a in listed for v in variants(game_id, state, seat, a)]
    unique = list({json.dumps(a, sort_keys=True): a for a in listed + extra}.values())
    out = []
    for action in rng.sample(unique, min(cap, len(unique))):
        after = stepped(state, seat, action)
        if after is not None:
            out.append((action, after))
    return out


def stepped(
    state: dict[str, Any], seat: int, action: dict[str, Any]
) -> tuple[dict[str, Any], list[Any]] | None:
    """The state after the play (its log kept, so views show it) and the new events; None if refused."""
    try:
        after = engine.apply(state, seat, action)
    except EngineError:
        return None
    return after, after["log"][len(state["log"]) :]


def public_part(game_id: str, state: dict[str, Any], seat: int, action: dict[str, Any]) -> Any:
    """What the other audiences may learn of this play: a declared play's public part; a
    sealed choice nothing while other seats are still awaited; any other move all of it."""
    game = GAMES[game_id]
    hidden = hidden_info(game_id)
    if action["type"] in hidden.plays:
        return ("play", hidden.plays[action["type"]](state, seat, action))
    if (
        game.moves is not None
        and game.moves.move(action["type"]).sealed
        and set(engine.to_act(state)) - {seat}
    ):
        return ("sealed",)
    return ("public", json.dumps(action, sort_keys=True))


def declared_secret(game_id: str, kind: str) -> bool:
    game = GAMES[game_id]
    return kind in hidden_info(game_id).plays or bool(game.moves and game.moves.move(kind).sealed)


def check_hidden_plays(
    game_id: str, seats: int, seeds: tuple[int, ...] = (1, 2, 3), per_type: int = 12, require_all: bool = True
) -> dict[str, int]:
    """Two plays with the same public part (another sealed choice, another face-down card) give
    every other audience the same observation and the same new events; for a sealed choice,
    also after changing one's mind and back. Returns how often each declared type was compared;
    with `require_all`, fails when a declared type is never compared (with two seats a spy has
    one target only: nothing to compare it with)."""
    game = GAMES[game_id]
    kinds = [k for k in game.moves.types if declared_secret(game_id, k)]  # type: ignore[union-attr]
    compared = dict.fromkeys(kinds, 0)
    for options, seed, _main in runs(game_id, seeds, lambda: all(compared.values())):
        for state, seat, rng in states_along(game_id, seats, seed * 7, options):
            if seat is None:
                continue
            for kind in kinds:
                if compared[kind] >= per_type * len(option_variants(game_id)):
                    continue
                groups: dict[str, list[Any]] = {}
                for action, after in choices_at(game_id, state, seat, kind, rng):
                    part = public_part(game_id, state, seat, action)
                    groups.setdefault(json.dumps(part, sort_keys=True, default=str), []).append(
                        (action, after)
                    )
                alike = [g for g in groups.values() if len(g) > 1]
                if not alike:
                    continue
                (first, one), (second, two) = rng.sample(rng.choice(alike), 2)
                pairs = [(one, two)]
                sealed = game.moves.move(kind).sealed  # type: ignore[union-attr]
                if sealed and second in engine.all_actions(one[0], seat):
                    # changing one's mind: first, then second, then first again
                    back = stepped(one[0], seat, second)
                    again = stepped(back[0], seat, first) if back else None
                    if back is not None and again is not None:
                        pairs.append((one, (again[0], one[1] + back[1] + again[1])))
                for (a, a_events), (b, b_events) in pairs:
                    probes = probes_for([a, b], seats, rng)
                    for other in [s for s in range(seats) if s != seat] + [None]:
                        before = observation(a, other, probes, a_events)
                        after = observation(b, other, probes, b_events)
                        assert before == after, (
                            f"{game_id}: audience {other} can tell seat {seat}'s {kind} plays "
                            f"{first} and {second} apart ({describe_difference(before, after)})"
                        )
                compared[kind] += 1
    unreached = [kind for kind, count in compared.items() if count == 0]
    assert not (require_all and unreached), (
        f"{game_id}: declared secret plays the random games never compare: {unreached}"
    )
    return compared


def check_no_undeclared_secret_moves(
    game_id: str, seats: int, seeds: tuple[int, ...] = (1, 2), pairs_per_state: int = 2
) -> int:
    """Two choices of a move declared neither sealed nor in `plays` must not be a secret: if the
    mover's own view tells them apart and every other audience's observation (and new events)
    does not, the game hides a move it did not declare. Returns the pairs compared."""
    game = GAMES[game_id]
    public = [k for k in game.moves.types if not declared_secret(game_id, k)]  # type: ignore[union-attr]
    compared = 0
    for options, seed, _main in runs(game_id, seeds):
        for state, seat, rng in states_along(game_id, seats, seed * 13, options):
            if seat is None:
                continue
            for kind in public:
                candidates = choices_at(game_id, state, seat, kind, rng, cap=8)
                if len(candidates) < 2:
                    continue
                for _ in range(pairs_per_state):
                    (first, one), (second, two) = rng.sample(candidates, 2)
                    compared += 1
                    if engine.view(one[0], seat) == engine.view(two[0], seat):
                        continue  # the mover cannot tell them apart either: one same choice
                    others_alike = all(
                        observation(one[0], other, [], one[1]) == observation(two[0], other, [], two[1])
                        for other in [s for s in range(seats) if s != seat] + [None]
                    )
                    assert not others_alike, (
                        f"{game_id}: seat {seat}'s '{kind}' choices {first} and {second} are told apart "
                        "by that seat alone: a secret move it does not declare (seal it or list it in "
                        "hidden.plays, engine/hidden.py)"
                    )
    return compared
