"""The Game definition: options, dispatch of actions to the rule modules."""

from __future__ import annotations

import math
import random
from typing import Any

from engine import errors
from engine.game import Game
from engine.options import Option

from . import actions, calls, fights, flow, turn
from . import view as view_mod
from .board import BOARDS

State = dict[str, Any]
MAX_POWER = 100.0


class PonyExpressBluff(Game):
    id = "pony_express_bluff"
    progress_keys = ("chosen", "believed")
    title = "Pony Express: Dice and Bluff"
    min_seats = 3
    max_seats = 5
    options = (
        Option("shots", "choice", "aim", help="Aimed shots (skill) or dice shots.", choices=("aim", "dice")),
        Option("call_seconds", "int", 20, help="Seconds to call a bluff; silence believes.", min=5, max=120),
        Option("board", "choice", "standard", help="Board layout.", choices=BOARDS),
        Option("move_table", "choice", "standard", help="Spaces moved per hand.", choices=("standard",)),
    )

    def setup(self, state: State, rng: Any) -> None:
        flow.setup(state, rng)

    def to_act(self, state: State) -> list[int]:
        return actions.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        return actions.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: dict[str, Any], rng: Any) -> None:
        legal = actions.legal_actions(state, seat)
        kind = action["type"]
        if kind not in {a["type"] for a in legal}:
            raise errors.illegal("That is not possible now.", action=kind, phase=state["phase"])
        if kind == "play_item":
            item = action.get("item")
            if item not in {a.get("item") for a in legal if a["type"] == "play_item"}:
                raise errors.illegal("You cannot play that card now.", item=str(item))
            self._play_item(state, seat, item, action, rng)
            return
        handler = getattr(self, "_" + kind)
        handler(state, seat, action, rng)

    # --- one handler per action type -------------------------------------------------------
    def _keep_item(self, state, seat, action, rng):
        index = action["index"]
        count = len(state["draft"]["offers"][seat]) if state["phase"] == "draft" else len(state["offer"])
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
            raise errors.illegal("Choose one of the cards offered.", count=count)
        if state["phase"] == "draft":
            flow.draft_keep(state, seat, index, rng)
        else:
            turn.relay_keep(state, seat, index, rng)

    def _pay_bail(self, state, seat, action, rng):
        flow.pay_bail(state, seat, rng)

    def _jail_roll(self, state, seat, action, rng):
        flow.jail_roll(state, seat, rng)

    def _reroll(self, state, seat, action, rng):
        calls.reroll(state, seat, action["keep"], action["mode"], rng)

    def _arrange(self, state, seat, action, rng):
        calls.arrange(state, seat, action["under_cup"])

    def _claim(self, state, seat, action, rng):
        turn.claim(state, seat, action["hand"], rng)

    def _call(self, state, seat, action, rng):
        turn.call(state, seat, rng)

    def _believe(self, state, seat, action, rng):
        turn.believe(state, seat, rng)

    def _advance(self, state, seat, action, rng):
        turn.bluff_move(state, seat, True, rng)

    def _decline(self, state, seat, action, rng):
        turn.bluff_move(state, seat, False, rng)

    def _shoot(self, state, seat, action, rng):
        if state["options"]["shots"] == "aim":
            angle, power = action["angle"], action["power"]
            for value in (angle, power):
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                    raise errors.bad_action("A shot needs a numeric angle and power.")
            if not -360.0 <= angle <= 720.0 or not 0.0 <= power <= MAX_POWER:
                raise errors.illegal("Aim with an angle in degrees and a power from 0 to 100.")
            angle, power = float(angle) % 360.0, float(power)
        else:
            angle, power = 0.0, 0.0
        turn.shoot(state, seat, angle, power, rng)

    def _stand(self, state, seat, action, rng):
        corner = action["corner"]
        if isinstance(corner, bool) or corner not in (0, 1):
            raise errors.illegal("Choose corner 0 or 1 of the board.")
        fights.stand(state, seat, corner)

    def _ride(self, state, seat, action, rng):
        how = action["pay"]
        if how not in {a["pay"] for a in actions.legal_actions(state, seat) if a["type"] == "ride"}:
            raise errors.illegal("You cannot ride that way.")
        turn.train(state, seat, "pass" if how == "pass" else "pay", rng)

    def _stay(self, state, seat, action, rng):
        turn.train(state, seat, "stay", rng)

    def _drink(self, state, seat, action, rng):
        turn.saloon(state, seat, False, rng)

    def _end_turn(self, state, seat, action, rng):
        turn.fresh_horse(state, seat, False, rng)

    def _play_item(self, state, seat, item, action, rng):
        if item == "marked_die":
            calls.marked_die(state, seat, action.get("die"), action.get("face"))
        elif item == "lucky_horseshoe":
            calls.lucky_horseshoe(state, seat)
        elif item == "spyglass":
            calls.spyglass(state, seat)
        elif item == "steady_hand":
            fights.steady_hand(state, seat)
        elif item == "sarsaparilla":
            turn.saloon(state, seat, True, rng)
        elif item == "fresh_horse":
            turn.fresh_horse(state, seat, True, rng)

    # --- views and results -----------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view_mod.view(state, seat)

    def timer_seconds(self, state: State) -> float | None:
        """PEB-14: the bluff-call window is timed; silence believes."""
        return state["options"]["call_seconds"] if state["phase"] == "call" else None

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def result(self, state: State) -> dict[str, Any]:
        winner = state["winner"]
        return {
            "scores": [1 if s == winner else 0 for s in range(state["seats"])],
            "winners": [winner],
            "revealed": {
                "items": [list(cards) for cards in state["items"]],
                "deck": list(state["deck"]),
                "dice": list(state["dice"]["values"]) if state["dice"] else None,
            },
        }

    def timeout_action(self, state: State, seat: int) -> dict[str, Any] | None:
        """PEB-14: silence in the call window believes. PEB-20: a duellist who does not choose
        stands where the board puts the arriving rider (corner 0). Elsewhere the bot plays."""
        if state["phase"] == "call":
            return {"type": "believe"}
        if fights.placing(state) == seat:
            return {"type": "stand", "corner": 0}
        return None

    def bot_action(
        self, view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random
    ) -> dict[str, Any]:
        from .bot import choose

        return choose(view, legal, rng)
