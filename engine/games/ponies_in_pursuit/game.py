"""The Ponies in Pursuit game definition: the contract glue over the rule modules."""

from __future__ import annotations

import random
from typing import Any

from engine import events, simultaneous
from engine.game import Action, Game, State
from engine.moves import CHOOSE, Int, ListOf, Move, MoveTable, Obj, Str
from engine.options import Option
from engine.rng import Rng

from . import bot, choice, rounds, scoring, spying, submissions
from .cards import CARD_ORDER, PONIES, STARTING_HAND
from .secrets import HIDDEN
from .view import OWN_KEYS, own_view
from .view import public_view as table_view

MAX_SEATS = 6
PLAY = Obj(
    {"card": Str(CARD_ORDER), "use": Str(submissions.USES), "as": Str(PONIES)},
    optional=("as",),
)


def submit(state: State, seat: int, action: Action, rng: Rng) -> None:
    """PIP-4..PIP-8: a submission replaces the previous one until the last seat is in.

    Only the first submission of a round is announced ("seat X is in"); a change of
    mind adds no event, so nobody learns that a seat changed its submission.
    """
    plays = submissions.normalise(action["cards"], state["hands"][seat], state["finish_order"])
    if state["sub"]["submitted"][seat] is None:
        events.emit(state, "submitted", seat=seat, round=state["round"])
    if simultaneous.submit(state["sub"], seat, plays):
        rounds.resolve(state)
        if state["over"]:
            outcome = scoring.game_result(state)
            events.emit(state, "game_over", scores=outcome["scores"], winners=outcome["winners"])


def spy(state: State, seat: int, action: Action, rng: Rng) -> None:
    """PIP-19."""
    spying.spy(state, seat, action["target"])


def awaited(state: State, seat: int) -> bool:
    return seat in state["sub"]["awaited"]


class PoniesInPursuit(Game):
    hidden = HIDDEN
    rule_prefix = "PIP"
    id = "ponies_in_pursuit"
    progress_keys = ("submitted", "awaited")

    def decision_view(self, seen: dict[str, Any]) -> dict[str, Any]:
        """The progress keys are top-level keys of the view only (the contract checks this
        equals the generic search at any depth): no walk through the rounds' history."""
        return {key: value for key, value in seen.items() if key not in self.progress_keys}

    title = "Ponies in Pursuit"
    min_seats = 2
    max_seats = MAX_SEATS
    moves = MoveTable(
        # Up to a hand's worth of cards: more than two is refused by the rule (PIP-4), in words.
        Move(
            "submit",
            submit,
            fields={"cards": ListOf(PLAY, 1, len(STARTING_HAND))},
            allowed=awaited,
            not_now="You have no cards left to play.",
            sealed=True,
            described=True,  # listed once: a sample plus its `choose` description (choice.py)
        ),
        # The target is the spy's secret: swapping it must look the same to everyone else.
        Move("spy", spy, fields={"target": Int(0, MAX_SEATS - 1)}, sealed=True),
    )
    private_keys = OWN_KEYS
    options = (
        Option("rounds", "int", 5, help="Rounds in a game (PIP-4).", min=1, max=6),
        Option("garnets", "int", 10, help="Garnets per player; 0 turns spying off (PIP-3).", min=0, max=100),
        Option("round_seconds", "int", 0, help="Seconds per round; 0 = no timer (PIP-18).", min=0, max=3600),
    )

    def setup(self, state: State, rng: Rng) -> None:
        seats = state["seats"]
        state["round"] = 1
        state["positions"] = [0] * len(PONIES)  # PIP-1
        state["finish_order"] = []
        state["hands"] = [list(STARTING_HAND) for _ in range(seats)]  # PIP-2
        state["garnets"] = [state["options"]["garnets"]] * seats  # PIP-3
        state["stakes"] = [[0] * len(PONIES) for _ in range(seats)]
        state["bet_cards"] = [[0] * len(PONIES) for _ in range(seats)]
        state["spy_results"] = [[] for _ in range(seats)]
        state["played"] = []
        state["history"] = []
        state["over"] = False
        rounds.open_round(state)

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else simultaneous.waiting(state["sub"])

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """The submission once (a legal sample and its `choose` description, see `choice`),
        then one spy action per target. Built in one pass over the hand: no enumeration."""
        if state["over"] or not 0 <= seat < state["seats"]:
            return []
        actions: list[Action] = []
        if seat in state["sub"]["awaited"]:
            hand, finished = state["hands"][seat], state["finish_order"]
            sample = submissions.first_submission(hand, finished)
            if sample is not None:
                described = {"cards": choice.describe(hand, finished)}
                actions.append({"type": "submit", "cards": sample, CHOOSE: described})
        return actions + self._spies(state, seat)

    def may_act(self, state: State, seat: int) -> bool:
        """Awaited (an awaited seat holds cards, so it has a submission), or able to spy."""
        if state["over"] or not 0 <= seat < state["seats"]:
            return False
        return seat in state["sub"]["awaited"] or bool(spying.spy_targets(state, seat))

    def all_actions(self, state: State, seat: int) -> list[Action]:
        """Every submission spelled out (identical cards merged, plays in card order), then the spies."""
        if state["over"] or not 0 <= seat < state["seats"]:
            return []
        actions: list[Action] = []
        if seat in state["sub"]["awaited"]:
            actions = [
                {"type": "submit", "cards": sub}
                for sub in submissions.all_submissions(state["hands"][seat], state["finish_order"])
            ]
        return actions + self._spies(state, seat)

    def _spies(self, state: State, seat: int) -> list[Action]:
        return [{"type": "spy", "target": t} for t in spying.spy_targets(state, seat)]

    def public_view(self, state: State) -> dict[str, Any]:
        return table_view(state)

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        return own_view(state, seat)

    def timer_seconds(self, state: State) -> float | None:
        """PIP-18: the round timer, when the room set one."""
        return state["options"]["round_seconds"] or None

    def is_over(self, state: State) -> bool:
        return state["over"]

    def result(self, state: State) -> dict[str, Any]:
        return scoring.game_result(state)

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """PIP-18: the lowest-value legal submission, every card as a bet."""
        if state["over"] or seat not in simultaneous.waiting(state["sub"]):
            return None
        cards = submissions.cheapest_bet(state["hands"][seat], state["finish_order"])
        return {"type": "submit", "cards": cards} if cards else None

    def bot_action(self, view: dict[str, Any], actions: list[Action], rng: random.Random) -> Action:
        return bot.choose(view, actions, rng)
