"""Live odds (engine/odds): from the public record only, and moving with it.

- two states with the same public record and different secrets (another deal or hand,
  another roll of the cup, another sealed submission or face-down card, another generator)
  give byte-identical odds, at states spread over random games of every game;
- the chances sum to 1, and at the end they are the result;
- the estimate moves when the public record moves (a pony finishing, a bluff revealed, a horse
  moving), and it knows more late in a game than at its start.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import orjson
import pytest

import engine
from engine.odds import PLAYOUTS, estimate
from engine.odds.estimate import forget
from engine.registry import GAMES
from tests.engine import contract

FEW = 8  # playouts per estimate in these tests: the property holds for any count
# The shipped games (a test module elsewhere may register a toy game in GAMES).
SHIPPED = sorted(PLAYOUTS)


def odds_bytes(state: dict[str, Any]) -> bytes:
    """The estimate computed afresh (the memo emptied: equal public records would hit it)."""
    forget()
    return orjson.dumps(estimate(state, FEW).to_json(), option=orjson.OPT_SORT_KEYS)


def seats_of(game_id: str) -> int:
    return max(GAMES[game_id].min_seats, 3)


def public(state: dict[str, Any]) -> bytes:
    return orjson.dumps(engine.view(state, None), option=orjson.OPT_SORT_KEYS)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_same_public_record_other_secrets_give_identical_odds(game_id):
    hidden = contract.hidden_info(game_id)
    seats = seats_of(game_id)
    compared = {"secret": 0, "play": 0, "generator": 0}
    for seed in (1, 2):
        states = list(contract.states_along(game_id, seats, seed))
        for state, seat, rng in contract.spread(states, 6):
            mine = odds_bytes(state)
            reseeded = {**state, "rng": {"seed": state["rng"]["seed"] + 1, "draws": 0}}
            assert odds_bytes(reseeded) == mine, f"{game_id}: the odds depend on the room's generator"
            compared["generator"] += 1
            for what, _paths, other in contract.perturbations(hidden, state, None, rng):
                assert odds_bytes(other) == mine, f"{game_id}: the odds tell {what}"
                compared["secret"] += 1
            if seat is None:
                continue
            by_record: dict[bytes, list[dict[str, Any]]] = {}
            actions = engine.all_actions(state, seat)
            for action in rng.sample(actions, min(8, len(actions))):
                after = engine.apply(state, seat, action)
                by_record.setdefault(public(after), []).append(after)
            for alike in by_record.values():
                if len(alike) > 1:
                    assert len({odds_bytes(s) for s in alike}) == 1, (
                        f"{game_id}: two plays that look alike to a spectator give other odds"
                    )
                    compared["play"] += 1
    assert compared["secret"] > 0 and compared["generator"] > 0
    if game_id != "horse_racing" or seats > 1:
        assert compared["play"] > 0, f"{game_id}: no secret plays compared"


@pytest.mark.parametrize("game_id", SHIPPED)
def test_chances_sum_to_one_and_the_end_gives_the_result(game_id):
    seats = seats_of(game_id)
    states = list(contract.states_along(game_id, seats, 3))
    for state, _seat, _rng in contract.spread(states, 4):
        chances = estimate(state, FEW).chances
        assert sorted(chances) == [str(s) for s in range(seats)]
        assert sum(chances.values()) == pytest.approx(1.0)
    end = states[-1][0]
    winners = engine.result(end)["winners"]
    assert estimate(end).chances == {
        str(s): (1 / len(winners) if s in winners else 0.0) for s in range(seats)
    }


def new_events(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    return after["log"][len(before["log"]) :]


def split(winners: list[int], seats: int) -> dict[str, float]:
    return {str(s): (1 / len(winners) if s in winners else 0.0) for s in range(seats)}


def first_step(
    game_id: str, seats: int, moved: Callable[[dict[str, Any], dict[str, Any]], bool]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The first (state, next state) of seeded random games where `moved(before, after)`."""
    for seed in range(1, 40):
        states = [s for s, _seat, _rng in contract.states_along(game_id, seats, seed)]
        for before, after in zip(states, states[1:], strict=False):
            if moved(before, after):
                return before, after
    raise AssertionError(f"{game_id}: no such step in 40 games")


@pytest.mark.parametrize(
    ("game_id", "what", "moved"),
    [
        (
            "ponies_in_pursuit",
            "a pony finishing",
            lambda a, b: len(b["finish_order"]) > len(a["finish_order"]),
        ),
        (
            "pony_express_bluff",
            "a bluff revealed",
            lambda a, b: any(e["e"] == "called" and not e["truthful"] for e in new_events(a, b)),
        ),
        (
            "horse_racing",
            "a horse moving",
            lambda a, b: any(e["e"] == "move" for e in new_events(a, b)),
        ),
        ("pony_express_race", "a horse moving", lambda a, b: a.get("race") and a["race"] != b.get("race")),
    ],
)
def test_the_estimate_moves_when_the_public_record_moves(game_id, what, moved):
    before, after = first_step(game_id, seats_of(game_id), moved)
    assert public(before) != public(after)
    assert estimate(before, 32).chances != estimate(after, 32).chances, (
        f"{game_id}: {what} left the odds still"
    )


# Not Ponies in Pursuit: its winner is decided by the stakes, secret until the end, so what a
# spectator sees late in the game says little more than at its start (docs/rules).
@pytest.mark.parametrize("game_id", [g for g in SHIPPED if g != "ponies_in_pursuit"])
def test_late_odds_are_closer_to_the_outcome_than_early_ones(game_id):
    """Brier score over a few seeded games: at 85 % of the game the estimate knows more than at the start."""
    seats = seats_of(game_id)
    early = late = 0.0
    for seed in range(1, 5):
        states = [s for s, _seat, _rng in contract.states_along(game_id, seats, seed)]
        winners = engine.result(states[-1])["winners"]
        truth = split(winners, seats)
        for when, state in (("early", states[0]), ("late", states[int(0.85 * (len(states) - 1))])):
            chances = estimate(state, 32).chances
            score = sum((chances[k] - truth[k]) ** 2 for k in truth)
            if when == "early":
                early += score
            else:
                late += score
    assert late < early, f"{game_id}: late {late:.3f} vs early {early:.3f}"


def test_random_module_state_does_not_matter():
    state = next(contract.states_along("pony_express_bluff", 3, 5))[0]
    random.seed(1)
    first = odds_bytes(state)
    random.seed(2)
    assert odds_bytes(state) == first
