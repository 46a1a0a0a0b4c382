"""The Horse Racing Game (drafted hands): the Game definition tying the rule modules together.

Phases per race: "draft" (HR-3, HR-4) -> antes and scratches, automatic
(HR-6..HR-10) -> "race" (HR-11..HR-15) -> settlement, automatic (HR-16..HR-18)
-> the next race with the dealer passing left, or "over" (HR-19).
"""

from __future__ import annotations

import math
from typing import Any

from engine import errors, events, simultaneous
from engine.game import Game
from engine.options import Option
from engine.rng import Rng

from . import draft, race
from .board import DEFAULT_BOARD, PRESETS, board_steps, check_board
from .cards import deal
from .money import collect_antes, settle
from .scratch import run_scratches
from .view import build_view

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


class HorseRacing(Game):
    id = "horse_racing"
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
        Option("scratch", "choice", "quick", help="How the four horses are scratched.",
               choices=("quick", "orbit")),
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
        self._start_race(state, rng)

    def _start_race(self, state: dict[str, Any], rng: Rng) -> None:
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
            state, "deal", race=state["race_no"], dealer=state["dealer"], cards_each=len(packets[0]),
            set_aside=len(state["set_aside"]),
        )
        draft.start_draft(state, packets)

    def _start_running(self, state: dict[str, Any], rng: Rng) -> None:
        """HR-6..HR-10: antes, the four scratches, then the first turn."""
        state["drafted"] = [list(h) for h in state["hands"]]
        collect_antes(state)
        first = run_scratches(state, rng)
        state["phase"] = "race"
        race.new_turn(state, first)

    def _finish_race(self, state: dict[str, Any], rng: Rng) -> None:
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
        self._start_race(state, rng)

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

    def apply(self, state: dict[str, Any], seat: int, action: dict[str, Any], rng: Rng) -> None:
        kind = action["type"]
        if kind != "pick" and kind not in race.ACTION_TYPES:
            raise errors.bad_action("Unknown action.", type=kind[:20])
        if state["phase"] == "draft":
            if kind != "pick":
                raise errors.illegal("Keep one card of the hand in front of you first.")
            if draft.pick(state, seat, action["card"]):
                self._start_running(state, rng)
            return
        if kind == "pick":
            raise errors.illegal("The draft is over: there is nothing to pick.")
        if seat != race.awaited(state):
            raise errors.EngineError(errors.NOT_YOUR_TURN, "It is not your turn.")
        race.apply_action(state, seat, action, rng)
        if state["finish"]:
            self._finish_race(state, rng)

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

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

    def bot_action(self, view, actions, rng):
        from .bot import choose_action

        return choose_action(view, actions, rng)
