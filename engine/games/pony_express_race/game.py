"""The Game definition: options, whose turn, dispatch of actions to the stage modules."""

from __future__ import annotations

import random
from typing import Any

from engine import errors
from engine.game import Game
from engine.options import Option
from engine.rng import Rng

from . import allocation, betting, race
from .bot import choose_action
from .deal import setup_game
from .money import winners
from .view import game_view

RACE_PHASES = ("ride", "pace", "dice")
ACTION_OF_PHASE = {
    "opening": ("open",),
    "bet": ("bet",),
    "play": ("play",),
    "track": ("track",),
    "ride": ("ride",),
    "pace": ("pace",),
    "dice": ("dice_card",),
}


class PonyExpressRace(Game):
    id = "pony_express_race"
    title = "Pony Express: Odds and Riders"
    min_seats = 2
    max_seats = 6
    options = (
        Option(
            "opening_odds",
            "choice",
            "standard",
            help="How the horses' opening odds are set (PER-6).",
            choices=("standard", "random", "chosen", "first-card"),
        ),
        Option("track_choice", "bool", False, help="Owners pick tracks, favourite first (PER-18)."),
        Option(
            "movement",
            "choice",
            "standard",
            help="Race movement rules (PER-29).",
            choices=("standard", "alternative"),
        ),
        Option("first_player", "int", 0, help="Seat that starts round 1 (PER-8).", min=0, max=5),
    )

    def setup(self, state: dict[str, Any], rng: Rng) -> None:
        setup_game(state, rng)

    def to_act(self, state: dict[str, Any]) -> list[int]:
        phase = state["phase"]
        if phase in ("opening", "bet", "play"):
            return [state["turn"]]
        if phase == "track":
            return [state["owners"][allocation.choosing_horse(state)]]
        if phase in RACE_PHASES:
            return [race.rider_of(state)]
        return []

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        if seat not in self.to_act(state):
            return []
        phase = state["phase"]
        if phase == "opening":
            return betting.opening_actions(state)
        if phase == "bet":
            return betting.bet_actions(state)
        if phase == "play":
            return betting.play_actions(state, seat)
        if phase == "track":
            return allocation.track_actions(state)
        return race.ride_actions(state)

    def apply(self, state: dict[str, Any], seat: int, action: dict[str, Any], rng: Rng) -> None:
        phase = state["phase"]
        kind = action["type"]
        if kind not in ("open", "bet", "play", "track", "ride", "pace", "dice_card"):
            raise errors.bad_action(f"There is no action called '{kind}' in this game.")
        if kind not in ACTION_OF_PHASE.get(phase, ()):
            expected = ACTION_OF_PHASE.get(phase, ("nothing",))[0]
            raise errors.illegal(f"Now the game expects '{expected}', not '{kind}'.", expected=expected)
        if kind == "open":
            betting.apply_open(state, seat, action, rng)
        elif kind == "bet":
            if not betting.apply_bet(state, seat, action):
                self._next_turn(state, rng)
        elif kind == "play":
            betting.apply_play(state, seat, action)
            self._next_turn(state, rng)
        elif kind == "track":
            if allocation.apply_track(state, seat, action):
                self._start_race(state, rng)
        elif kind == "ride":
            race.apply_ride(state, seat, action, rng)
        elif kind == "pace":
            race.apply_pace(state, seat, action, rng)
        else:
            race.apply_dice_card(state, seat, action, rng)

    def _next_turn(self, state: dict[str, Any], rng: Rng) -> None:
        if betting.next_turn(state):
            return
        betting.deal_leftovers(state)
        allocation.settle_owners(state)
        if allocation.start_allocation(state, rng):
            self._start_race(state, rng)

    def _start_race(self, state: dict[str, Any], rng: Rng) -> None:
        race.start_race(state, rng)
        race.run_until_decision(state, rng)

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return game_view(state, seat)

    def is_over(self, state: dict[str, Any]) -> bool:
        return state["phase"] == "over"

    def result(self, state: dict[str, Any]) -> dict[str, Any]:
        chips = list(state["chips"])
        return {
            "scores": chips,
            "winners": winners(chips),
            "places": list(state["places"]),
            "revealed": {"race_cards": list(state["race"]["history"]), "settlement": state["settlement"]},
        }

    def bot_action(self, view: dict[str, Any], actions: list[dict[str, Any]], rng: random.Random):
        return choose_action(view, actions, rng)
