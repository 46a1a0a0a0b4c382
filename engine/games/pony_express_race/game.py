"""The Game definition: options, whose turn, the declared moves (engine/moves.py), the views."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.game import Game
from engine.moves import Bool, Int, Move, MoveTable, Str
from engine.options import Option
from engine.rng import Rng

from . import allocation, betting, race
from .bot import choose_action
from .cards import HORSE_COUNT
from .deal import setup_game
from .money import winners
from .secrets import HIDDEN
from .tracks import TRACK_COUNT
from .view import PRIVATE_KEYS, private_view
from .view import public_view as table_view

State = dict[str, Any]
Action = dict[str, Any]
RACE_PHASES = ("ride", "pace", "dice")
HORSE = Int(0, HORSE_COUNT - 1)
CARD = Str(max_len=12)  # "black-5", "white-2": the rules name a wrong card in words


def in_phase(*phases: str) -> Callable[[State, int], bool]:
    """A move is allowed in these phases (whose turn it is, the engine checks first)."""

    def allowed(state: State, seat: int) -> bool:
        return state["phase"] in phases

    return allowed


def next_turn(state: State, rng: Rng) -> None:
    """PER-9, PER-14: the next stage-1 turn; after the last card, the left-overs, owners, tracks."""
    if betting.next_turn(state):
        return
    betting.deal_leftovers(state)
    allocation.settle_owners(state)
    if allocation.start_allocation(state, rng):
        start_race(state, rng)


def start_race(state: State, rng: Rng) -> None:
    race.start_race(state, rng)
    race.run_until_decision(state, rng)


def bet(state: State, seat: int, action: Action, rng: Rng) -> None:
    if not betting.apply_bet(state, seat, action):
        next_turn(state, rng)


def play(state: State, seat: int, action: Action, rng: Rng) -> None:
    betting.apply_play(state, seat, action)
    next_turn(state, rng)


def track(state: State, seat: int, action: Action, rng: Rng) -> None:
    if allocation.apply_track(state, seat, action):
        start_race(state, rng)


MOVES = MoveTable(
    Move(
        "open",
        betting.apply_open,
        fields={"horse": HORSE, "card": CARD},
        allowed=in_phase("opening"),
        not_now="The opening cards are all placed.",
    ),
    Move(
        "bet",
        bet,
        fields={"horse": HORSE},
        allowed=in_phase("bet"),
        not_now="Now is not the time to bet: play a card or wait for the race.",
    ),
    Move(
        "play",
        play,
        fields={"card": CARD, "horse": HORSE},
        allowed=in_phase("play"),
        not_now="Now is not the time to play a card onto a horse.",
    ),
    Move(
        "track",
        track,
        fields={"track": Int(1, TRACK_COUNT)},
        allowed=in_phase("track"),
        not_now="Nobody is choosing a track now.",
    ),
    Move(
        "ride",
        race.apply_ride,
        fields={"card": CARD, "move_up": Bool()},
        optional=("move_up",),
        allowed=in_phase("ride"),
        not_now="Play your horse's card first, or wait for your horse's turn.",
    ),
    Move(
        "pace",
        race.apply_pace,
        fields={"push": Bool()},
        allowed=in_phase("pace"),
        not_now="There is no pace to choose now.",
    ),
    Move(
        "dice_card",
        race.apply_dice_card,
        fields={"use": Bool()},
        allowed=in_phase("dice"),
        not_now="There is no roll to void now.",
    ),
)


class PonyExpressRace(Game):
    hidden = HIDDEN
    rule_prefix = "PER"
    id = "pony_express_race"
    moves = MOVES
    private_keys = PRIVATE_KEYS
    # The colours of every track's spaces and the odds table: constant tables.
    static_keys = ("tracks", "odds_table")
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
            rider = race.rider_of(state)
            return [] if rider is None else [rider]
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

    def public_view(self, state: dict[str, Any]) -> dict[str, Any]:
        return table_view(state)

    def private_view(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        return private_view(state, seat)

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

    def bot_action(
        self, view: dict[str, Any], actions: list[dict[str, Any]], rng: random.Random
    ) -> dict[str, Any]:
        return choose_action(view, actions, rng)
