"""The Horse Racing Game (drafted hands): the Game definition tying the rule modules together.

Phases per race: "draft" (HR-3, HR-4) -> antes and scratches, automatic
(HR-6..HR-10) -> "race" (HR-11..HR-15) -> settlement, automatic (HR-16..HR-18)
-> the next race with the dealer passing left, or "over" (HR-19).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from engine import errors, events, simultaneous
from engine.game import Game
from engine.moves import Bool, Int, ListOf, Move, MoveTable, Str
from engine.options import Option
from engine.rng import Rng

from . import draft, race
from .board import DEFAULT_BOARD, HORSES, PRESETS, board_steps, check_board
from .cards import CARD_ORDER, deal
from .money import collect_antes, settle
from .scratch import run_scratches
from .secrets import HIDDEN
from .view import PRIVATE_KEYS, own_view
from .view import public_view as table_view

MAX_RACES = 24


def check_races(value: Any) -> int | str:
    """HR-19: a number of races, or "orbit" (one race per player)."""
    if value == "orbit":
        return value
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or int(value) != value
    ):
        raise ValueError("Option 'races' must be a whole number of races or 'orbit'.")
    if not 1 <= value <= MAX_RACES:
        raise ValueError(f"Option 'races' must be between 1 and {MAX_RACES}, or 'orbit'.")
    return int(value)


def start_race(state: dict[str, Any], rng: Rng) -> None:
    """HR-3/HR-19: a fresh deck dealt by the current dealer, then the draft."""
    seats = state["seats"]
    state["race_no"] += 1
    state["phase"] = "draft"
    state["positions"] = [0] * 11
    state["scratched"] = [0] * 11
    state["advantage"] = [0] * seats
    state["race_pot"] = 0
    state["jockey_pot"] = 0
    state["active"] = None
    state["turn"] = None
    state["debt"] = None
    state["finish"] = None
    packets, state["set_aside"] = deal(seats, state["dealer"], rng)
    state["drafted"] = [[] for _ in range(seats)]
    events.emit(
        state,
        "deal",
        race=state["race_no"],
        dealer=state["dealer"],
        cards_each=len(packets[0]),
        set_aside=len(state["set_aside"]),
    )
    draft.start_draft(state, packets)


def start_running(state: dict[str, Any], rng: Rng) -> None:
    """HR-6..HR-10: antes, the four scratches, then the first turn."""
    state["drafted"] = [list(h) for h in state["hands"]]
    collect_antes(state)
    first = run_scratches(state, rng)
    state["phase"] = "race"
    race.new_turn(state, first)


def finish_race(state: dict[str, Any], rng: Rng) -> None:
    """HR-16..HR-19: settle, then pass the deal left or end the game."""
    finish = state["finish"]
    state["results"].append(settle(state, finish["winner"], finish["jockey"]))
    state["hands"] = [[] for _ in range(state["seats"])]
    state["turn"] = None
    state["debt"] = None
    state["active"] = None
    if state["race_no"] >= state["races_total"]:
        state["phase"] = "over"
        events.emit(state, "game_over", chips=list(state["chips"]))
        return
    state["dealer"] = (state["dealer"] + 1) % state["seats"]
    start_race(state, rng)


def pick(state: dict[str, Any], seat: int, action: dict[str, Any], rng: Rng) -> None:
    """HR-4: keep a card of the packet; the last pick of the draft starts the race."""
    if draft.pick(state, seat, action["card"]):
        start_running(state, rng)


def race_move(step: Callable[..., None]) -> Callable[..., None]:
    """A race action's handler: only the awaited seat acts (HR-14); a finish settles the race (HR-15)."""

    def handler(state: dict[str, Any], seat: int, action: dict[str, Any], rng: Rng) -> None:
        if seat != race.awaited(state):
            raise errors.EngineError(errors.NOT_YOUR_TURN, "It is not your turn.")
        step(state, seat, action, rng)
        if state["finish"]:
            finish_race(state, rng)

    return handler


def drafting(state: dict[str, Any], seat: int) -> bool:
    return state["phase"] == "draft"


def racing(state: dict[str, Any], seat: int) -> bool:
    return state["phase"] == "race"


FIRST_PICK = "Keep one card of the hand in front of you first."
MOVES = MoveTable(
    Move(
        "pick",
        pick,
        fields={"card": Str(tuple(CARD_ORDER))},
        allowed=drafting,
        not_now="The draft is over: there is nothing to pick.",
        sealed=True,
    ),
    Move(
        "roll",
        race_move(race.roll),
        fields={"advantage": Bool()},
        optional=("advantage",),
        allowed=racing,
        not_now=FIRST_PICK,
    ),
    Move(
        "choose",
        race_move(race.choose),
        fields={"dice": ListOf(Int(0, 2), 2, 2)},
        allowed=racing,
        not_now=FIRST_PICK,
    ),
    Move("pay", race_move(race.answer_debt), allowed=racing, not_now=FIRST_PICK),
    Move("ace", race_move(race.answer_debt), allowed=racing, not_now=FIRST_PICK),
    Move(
        "king",
        race_move(race.answer_debt),
        fields={"to": Str(("left", "right"))},
        allowed=racing,
        not_now=FIRST_PICK,
    ),
    Move(
        "joker",
        race_move(race.play_joker),
        fields={"horse": Int(HORSES[0], HORSES[-1]), "move": Int(choices=(1, -1))},
        allowed=racing,
        not_now=FIRST_PICK,
    ),
    Move("end_turn", race_move(race.end_turn), allowed=racing, not_now=FIRST_PICK),
)


class HorseRacing(Game):
    hidden = HIDDEN
    rule_prefix = "HR"
    id = "horse_racing"
    moves = MOVES
    private_keys = PRIVATE_KEYS
    progress_keys = ("picked",)
    title = "Horse Racing Game"
    min_seats = 4
    max_seats = 12
    options = (
        Option(
            "board",
            "custom",
            DEFAULT_BOARD,
            help="Steps to the finish for horses 2..12: a preset name or a list of 11 step counts.",
            choices=tuple(PRESETS),
            check=check_board,
        ),
        Option("base_ante", "int", 1, help="Chips per base ante.", min=1, max=1000),
        Option("jockey_ante", "int", 2, help="Chips each player puts in the jockey pot.", min=0, max=1000),
        Option("starting_chips", "int", 80, help="Chips each player starts with.", min=0, max=1_000_000),
        Option(
            "scratch",
            "choice",
            "quick",
            help="How the four horses are scratched.",
            choices=("quick", "orbit"),
        ),
        Option(
            "races",
            "custom",
            1,
            help="Number of races, or 'orbit' for one race per player.",
            min=1,
            max=MAX_RACES,
            choices=("orbit",),
            check=check_races,
        ),
    )

    def setup(self, state: dict[str, Any], rng: Rng) -> None:
        seats = state["seats"]
        opts = state["options"]
        state["board"] = board_steps(opts["board"])
        state["chips"] = [opts["starting_chips"]] * seats
        state["races_total"] = seats if opts["races"] == "orbit" else opts["races"]
        state["race_no"] = 0
        state["dealer"] = 0
        state["results"] = []
        start_race(state, rng)

    def to_act(self, state: dict[str, Any]) -> list[int]:
        if state["phase"] == "draft":
            return simultaneous.waiting(state["picks"])
        if state["phase"] == "race":
            return [race.awaited(state)]
        return []

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        if not 0 <= seat < state["seats"]:
            return []
        if state["phase"] == "draft":
            return [{"type": "pick", "card": card} for card in dict.fromkeys(state["packets"][seat])]
        if state["phase"] == "race":
            return race.legal(state, seat)
        return []

    def public_view(self, state: dict[str, Any]) -> dict[str, Any]:
        return table_view(state)

    def private_view(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        return own_view(state, seat)

    def is_over(self, state: dict[str, Any]) -> bool:
        return state["phase"] == "over"

    def result(self, state: dict[str, Any]) -> dict[str, Any]:
        """HR-19: the player with the most chips wins (ties share the win)."""
        best = max(state["chips"])
        return {
            "scores": list(state["chips"]),
            "winners": [s for s, c in enumerate(state["chips"]) if c == best],
            "revealed": {"races": [dict(r) for r in state["results"]]},
        }

    def bot_action(
        self, view: dict[str, Any], actions: list[dict[str, Any]], rng: random.Random
    ) -> dict[str, Any]:
        from .bot import choose_action

        return choose_action(view, actions, rng)
