"""A tiny simultaneous game used to test the engine core on its own.

Each seat secretly picks a number 1..3 each round; after `rounds` rounds the
highest total wins. A secret pick is the thing no other seat may see.
It declares its one move in a move table and splits its view into a public
and a private part, as every game does (engine/moves.py, engine/game.py).
"""

from __future__ import annotations

from engine import errors, events, simultaneous
from engine.game import Game
from engine.hidden import HiddenInfo, Secret
from engine.moves import Int, Move, MoveTable
from engine.options import Option


def pick(state, seat, action, rng):
    if action["n"] not in (1, 2, 3):
        raise errors.illegal("Pick 1, 2 or 3.")
    if simultaneous.submit(state["picks"], seat, action["n"]):
        for s, n in enumerate(state["picks"]["submitted"]):
            state["totals"][s] += n
        events.emit(state, "round_done", round=state["round"])
        events.emit_private(state, [0], "secret_note", bonus=state["bonus"])
        state["round"] += 1
        state["picks"] = simultaneous.open_round(state["seats"], list(range(state["seats"])))


class ToyGame(Game):
    id = "toy"
    title = "Toy"
    min_seats = 2
    max_seats = 4
    options = (
        Option("rounds", "int", 2, min=1, max=5),
        Option("fast", "bool", False),
        Option("mode", "choice", "sum", choices=("sum", "max")),
    )
    moves = MoveTable(Move("pick", pick, fields={"n": Int()}, sealed=True))
    private_keys = ("my_pick",)
    rule_prefix = "TOY"
    hidden = HiddenInfo(secrets=(Secret("picks.submitted", nested=False),))

    def setup(self, state, rng):
        state["round"] = 1
        state["totals"] = [0] * state["seats"]
        state["bonus"] = rng.randint(1, 1000)
        state["picks"] = simultaneous.open_round(state["seats"], list(range(state["seats"])))

    def to_act(self, state):
        return simultaneous.waiting(state["picks"])

    def legal_actions(self, state, seat):
        if seat not in range(state["seats"]):
            return []
        return [{"type": "pick", "n": n} for n in (1, 2, 3)]

    def public_view(self, state):
        return {
            "round": state["round"],
            "totals": state["totals"],
            "submitted": simultaneous.has_submitted(state["picks"]),
        }

    def private_view(self, state, seat):
        return {"my_pick": state["picks"]["submitted"][seat]}

    def is_over(self, state):
        return state["round"] > state["options"]["rounds"]

    def result(self, state):
        best = max(state["totals"])
        return {
            "scores": state["totals"],
            "winners": [s for s, t in enumerate(state["totals"]) if t == best],
            "revealed": {"bonus": state["bonus"]},
        }
