"""The Ponies in Pursuit game definition: the contract glue over the rule modules."""

from __future__ import annotations

import random
from typing import Any

from engine import errors, events, simultaneous
from engine.game import Action, Game, State
from engine.options import Option
from engine.rng import Rng

from . import bot, rounds, scoring, spying, submissions
from .cards import PONIES, STARTING_HAND, by_pony
from .view import seat_view


class PoniesInPursuit(Game):
    id = "ponies_in_pursuit"
    progress_keys = ("submitted", "awaited")
    title = "Ponies in Pursuit"
    min_seats = 2
    max_seats = 6
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
        if state["over"] or not 0 <= seat < state["seats"]:
            return []
        actions: list[Action] = []
        if seat in state["sub"]["awaited"]:
            actions = [
                {"type": "submit", "cards": sub}
                for sub in submissions.all_submissions(state["hands"][seat], state["finish_order"])
            ]
        actions += [{"type": "spy", "target": t} for t in spying.spy_targets(state, seat)]
        return actions

    def apply(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        kind = action["type"]
        if kind == "spy":
            spying.spy(state, seat, action.get("target"))
        elif kind == "submit":
            self._submit(state, seat, action.get("cards"))
        else:
            raise errors.bad_action("Unknown action: send a submission or a spy.", type=kind)

    def _submit(self, state: State, seat: int, raw: Any) -> None:
        """PIP-8: a submission replaces the previous one until the last seat is in."""
        if seat not in state["sub"]["awaited"]:
            raise errors.illegal("You have no cards left to play.")
        plays = submissions.normalise(raw, state["hands"][seat], state["finish_order"])
        events.emit(state, "submitted", seat=seat, round=state["round"])
        if simultaneous.submit(state["sub"], seat, plays):
            rounds.resolve(state)
            if state["over"]:
                outcome = self.result(state)
                events.emit(state, "game_over", scores=outcome["scores"], winners=outcome["winners"])

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return seat_view(state, seat)

    def timer_seconds(self, state: State) -> float | None:
        """PIP-18: the round timer, when the room set one."""
        return state["options"]["round_seconds"] or None

    def is_over(self, state: State) -> bool:
        return state["over"]

    def result(self, state: State) -> dict[str, Any]:
        values = scoring.scores(state)
        breakdown = [
            scoring.seat_score(state["stakes"][s], state["bet_cards"][s], state["finish_order"])
            for s in range(state["seats"])
        ]
        return {
            "scores": [scoring.number(v) for v in values],
            "winners": scoring.winners(values),
            "revealed": {
                "stakes": [by_pony(row) for row in state["stakes"]],
                "bet_cards": [by_pony(row) for row in state["bet_cards"]],
                "payouts": [scoring.number(b["payout"]) for b in breakdown],
                "penalties": [b["penalty"] for b in breakdown],
                "submissions": [
                    {"round": n + 1, "cards": [list(plays) for plays in per_seat]}
                    for n, per_seat in enumerate(state["played"])
                ],
                "hands": [list(hand) for hand in state["hands"]],
                "garnets": list(state["garnets"]),  # PIP-20: shown, not scored
                "finish_order": list(state["finish_order"]),
            },
        }

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """PIP-18: the lowest-value legal submission, every card as a bet."""
        if state["over"] or seat not in simultaneous.waiting(state["sub"]):
            return None
        cards = submissions.cheapest_bet(state["hands"][seat], state["finish_order"])
        return {"type": "submit", "cards": cards} if cards else None

    def bot_action(self, view: dict[str, Any], actions: list[Action], rng: random.Random) -> Action:
        return bot.choose(view, actions, rng)
