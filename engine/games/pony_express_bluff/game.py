"""The Game definition: options, the declared moves (engine/moves.py) and the views.

Every action type is declared once in MOVES with its fields; the engine checks them
before a handler runs. A move is allowed when the rules list it for that seat now
(actions.legal_actions); the handlers hand over to the rule modules, and turn.py
decides what comes next.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import errors
from engine.game import Game
from engine.moves import Int, ListOf, Move, MoveTable, Spec, Str
from engine.options import Option

from . import actions, calls, fights, flow, turn
from . import view as view_mod
from .board import BOARDS
from .hands import FACES, HANDS
from .items import ITEMS
from .secrets import HIDDEN

State = dict[str, Any]
Action = dict[str, Any]
MAX_POWER = 100.0


@dataclass(frozen=True)
class Number(Spec):
    """A finite number (a JSON integer or decimal, never true/false) in [min, max]: an aimed shot."""

    min: float
    max: float

    def check(self, value: Any, where: str) -> float | int:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise errors.bad_action(f"'{where}' must be a number.", field=where)
        if not self.min <= value <= self.max:
            sentence = f"'{where}' must be between {self.min:g} and {self.max:g}."
            raise errors.bad_action(sentence, field=where, min=self.min, max=self.max)
        return value

    def describe(self) -> dict[str, Any]:
        return {"kind": "number", "min": self.min, "max": self.max}

    def sample(self) -> float | int:
        return self.min if self.min >= 0 else 0


def listed(kind: str) -> Callable[[State, int], bool]:
    """A move is allowed when the rules list it for that seat now (actions.legal_actions)."""

    def allowed(state: State, seat: int) -> bool:
        return any(a["type"] == kind for a in actions.legal_actions(state, seat))

    return allowed


# --- one handler per action type (the action's fields are already checked) -----------------


def keep_item(state: State, seat: int, action: Action, rng: Any) -> None:
    """PEB-5 (the draft) and PEB-26 (a relay station): keep one of the cards offered."""
    index = action["index"]
    count = len(state["draft"]["offers"][seat]) if state["phase"] == "draft" else len(state["offer"])
    if index >= count:
        raise errors.illegal("Choose one of the cards offered.", count=count)
    if state["phase"] == "draft":
        flow.draft_keep(state, seat, index, rng)
    else:
        turn.relay_keep(state, seat, index, rng)


def shoot(state: State, seat: int, action: Action, rng: Any) -> None:
    """PEB-20: an aimed shot (angle in degrees, power 0-100) or, with `dice`, a roll."""
    if state["options"]["shots"] == "aim":
        if "angle" not in action or "power" not in action:
            raise errors.bad_action("Aim with an angle in degrees and a power from 0 to 100.")
        angle, power = float(action["angle"]) % 360.0, float(action["power"])
    else:
        angle, power = 0.0, 0.0
    turn.shoot(state, seat, angle, power, rng)


def ride(state: State, seat: int, action: Action, rng: Any) -> None:
    """PEB-22 / PEB-29: pay the fare or use a Train Pass."""
    how = action["pay"]
    if how not in {a["pay"] for a in actions.legal_actions(state, seat) if a["type"] == "ride"}:
        raise errors.illegal("You cannot ride that way.")
    turn.train(state, seat, "pass" if how == "pass" else "pay", rng)


def play_item(state: State, seat: int, action: Action, rng: Any) -> None:
    """PEB-29: a card played at its moment (Sheriff's Pardon and the Vest play themselves)."""
    item = action["item"]
    if item not in {a.get("item") for a in actions.legal_actions(state, seat) if a["type"] == "play_item"}:
        raise errors.illegal("You cannot play that card now.", item=item)
    if item == "marked_die":
        if "die" not in action or "face" not in action:
            raise errors.bad_action("A Marked Die needs the die (0 to 4) and the face to set.")
        calls.marked_die(state, seat, action["die"], action["face"])
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


def simple(step: Callable[[State, int, Any], None]) -> Any:
    """A handler for an action without fields: step(state, seat, rng)."""

    def handler(state: State, seat: int, action: Action, rng: Any) -> None:
        step(state, seat, rng)

    return handler


NOT_NOW = "That is not possible now."
MOVES = MoveTable(
    Move(
        "keep_item",
        keep_item,
        fields={"index": Int(0, 1)},
        allowed=listed("keep_item"),
        not_now="There is no card for you to keep now.",
        sealed=True,
    ),
    Move(
        "pay_bail",
        simple(flow.pay_bail),
        allowed=listed("pay_bail"),
        not_now="You can pay bail only in jail, with 3 gold.",
    ),
    Move(
        "jail_roll",
        simple(flow.jail_roll),
        allowed=listed("jail_roll"),
        not_now="You can roll to escape only at the start of your turn in jail.",
    ),
    Move(
        "reroll",
        lambda st, seat, action, rng: calls.reroll(st, seat, action["keep"], action["mode"], rng),
        fields={"keep": ListOf(Int(0, 4), 0, 5), "mode": Str(("cup", "hand"))},
        allowed=listed("reroll"),
        not_now="You cannot re-roll now.",
    ),
    Move(
        "arrange",
        lambda state, seat, action, rng: calls.arrange(state, seat, action["under_cup"]),
        fields={"under_cup": ListOf(Int(0, 4), 0, 5)},
        allowed=listed("arrange"),
        not_now="You can move dice only during your roll.",
    ),
    Move(
        "claim",
        lambda state, seat, action, rng: turn.claim(state, seat, action["hand"], rng),
        fields={"hand": Str(HANDS)},
        allowed=listed("claim"),
        not_now="You can claim only after your roll.",
    ),
    Move("call", simple(turn.call), allowed=listed("call"), not_now="You may not call this claim."),
    Move(
        "believe",
        simple(turn.believe),
        allowed=listed("believe"),
        not_now="There is no claim for you to answer.",
    ),
    Move(
        "advance",
        lambda state, seat, action, rng: turn.bluff_move(state, seat, True, rng),
        allowed=listed("advance"),
        not_now="Only the rider who caught a bluff may move now.",
    ),
    Move(
        "decline",
        lambda state, seat, action, rng: turn.bluff_move(state, seat, False, rng),
        allowed=listed("decline"),
        not_now="Only the rider who caught a bluff may move now.",
    ),
    Move(
        "stand",
        lambda state, seat, action, rng: fights.stand(state, seat, action["corner"]),
        fields={"corner": Int(0, 1)},
        allowed=listed("stand"),
        not_now="Only the rider who arrived chooses where the duellists stand.",
    ),
    Move(
        "shoot",
        shoot,
        fields={"angle": Number(-360.0, 720.0), "power": Number(0.0, MAX_POWER)},
        optional=("angle", "power"),
        allowed=listed("shoot"),
        not_now="It is not your shot.",
    ),
    Move(
        "ride",
        ride,
        fields={"pay": Str(("gold", "pass"))},
        allowed=listed("ride"),
        not_now="There is no train for you to ride now.",
    ),
    Move(
        "stay",
        lambda state, seat, action, rng: turn.train(state, seat, "stay", rng),
        allowed=listed("stay"),
        not_now="There is no train to stay off now.",
    ),
    Move(
        "drink",
        lambda state, seat, action, rng: turn.saloon(state, seat, False, rng),
        allowed=listed("drink"),
        not_now="You are not in a saloon.",
    ),
    Move(
        "end_turn",
        lambda state, seat, action, rng: turn.fresh_horse(state, seat, False, rng),
        allowed=listed("end_turn"),
        not_now="You cannot end a turn now.",
    ),
    Move(
        "play_item",
        play_item,
        fields={"item": Str(ITEMS), "die": Int(0, 4), "face": Str(FACES)},
        optional=("die", "face"),
        allowed=listed("play_item"),
        not_now="You cannot play a card now.",
    ),
)


class PonyExpressBluff(Game):
    hidden = HIDDEN
    rule_prefix = "PEB"
    id = "pony_express_bluff"
    moves = MOVES
    private_keys = view_mod.PRIVATE_KEYS
    progress_keys = ("chosen", "believed")
    # The drawing of the board (board.geometry) and the table of moves per die face.
    static_keys = ("board", "move_table")

    def decision_view(self, seen: dict[str, Any]) -> dict[str, Any]:
        """The progress keys live in two places only: who has chosen in a draft, who believed
        a call (the contract checks this equals the generic search at any depth)."""
        out = dict(seen)
        if isinstance(out.get("draft"), dict):
            out["draft"] = {k: v for k, v in out["draft"].items() if k != "chosen"}
        if isinstance(out.get("call"), dict):
            out["call"] = {k: v for k, v in out["call"].items() if k != "believed"}
        return out

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

    # --- views and results -----------------------------------------------------------------
    def public_view(self, state: State) -> dict[str, Any]:
        return view_mod.public_view(state)

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        return view_mod.private_view(state, seat)

    def timer_seconds(self, state: State) -> float | None:
        """PEB-14: the bluff-call window is timed; silence believes."""
        return state["options"]["call_seconds"] if state["phase"] == "call" else None

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def result(self, state: State) -> dict[str, Any]:
        """PEB-32 and the spec's "who sees what": every rider's cards and the last roll are
        revealed; the item deck's order is nobody's, during the game and after it."""
        winner = state["winner"]
        return {
            "scores": [1 if s == winner else 0 for s in range(state["seats"])],
            "winners": [winner],
            "revealed": {
                "items": [list(cards) for cards in state["items"]],
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
