"""Building PEB situations for rule tests: a started game, then a chosen turn."""

from __future__ import annotations

import copy
from typing import Any

import engine
from engine.games.pony_express_bluff.flow import reset_turn

GAME = "pony_express_bluff"


def started(seats: int = 3, seed: int = 1, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A game past the item draft (everyone kept their first card)."""
    state = engine.setup(GAME, options, seats, seed)
    for seat in range(seats):
        state = engine.apply(state, seat, {"type": "keep_item", "index": 0})
    return state


def at_roll(
    state: dict[str, Any],
    active: int,
    dice: list[str],
    hidden: list[bool] | None = None,
    pos: list[int] | None = None,
    gold: list[int] | None = None,
    items: list[list[str]] | None = None,
    jailed: list[bool] | None = None,
    free: int = 0,
) -> dict[str, Any]:
    """`active` is rolling with these dice (all under the cup unless `hidden` says otherwise)."""
    st = copy.deepcopy(state)
    n = st["seats"]
    hidden = hidden if hidden is not None else [True] * 5
    reset_turn(st, active)
    st.update(
        phase="dice",
        free_rerolls=free,
        dice={
            "values": list(dice),
            "hidden": list(hidden),
            "known": [None if h else v for v, h in zip(dice, hidden, strict=True)],
            "history": [],
            "marked_unseen": [],
        },
    )
    st["pos"] = list(pos) if pos else st["pos"]
    st["gold"] = list(gold) if gold else st["gold"]
    st["items"] = [list(c) for c in items] if items else [[] for _ in range(n)]
    st["jailed"] = list(jailed) if jailed else [False] * n
    return st


def act(state: dict[str, Any], seat: int, kind: str, **params: Any) -> dict[str, Any]:
    return engine.apply(state, seat, {"type": kind, **params})


def events(state: dict[str, Any], name: str, since: int = 0) -> list[dict[str, Any]]:
    return [e for e in state["log"][since:] if e["e"] == name]


def with_seed(state: dict[str, Any], seat: int, action: dict[str, Any], wanted, tries: int = 2000):
    """Apply `action` under the first rng seed whose outcome satisfies `wanted(after)`.

    Used to reach a particular dice outcome; the test then checks the rule's consequence."""
    for seed in range(tries):
        st = copy.deepcopy(state)
        st["rng"] = {"seed": seed, "draws": 0}
        after = engine.apply(st, seat, action)
        if wanted(after):
            return after
    raise AssertionError("no seed gave the wanted outcome")


def land(state: dict[str, Any], hand: str, corner: int | None = 0) -> dict[str, Any]:
    """The active rider claims `hand` and every eligible rider believes; if that starts a duel
    with aimed shots, the arriving rider takes `corner` (PEB-20; None: leave the choice open)."""
    state = act(state, state["active"], "claim", hand=hand)
    while state["phase"] == "call":
        state = act(state, engine.to_act(state)[0], "believe")
    return stood(state, corner)


def stood(state: dict[str, Any], corner: int | None = 0) -> dict[str, Any]:
    """PEB-20: if a duellist is choosing the corners, it takes `corner` (None: leave it open)."""
    fight = state.get("fight")
    if corner is not None and fight and fight.get("placing") is not None:
        state = act(state, fight["placing"], "stand", corner=corner)
    return state
