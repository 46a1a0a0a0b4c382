"""A scratch fifth game, added to the registry at test time only, to show that the contract
(tests/engine/contract.py) catches a game that leaks: "Stash", a sequential card game.

Each seat is dealt a hand of 3 cards from a shuffled deck of 12 (values 1..6, twice); the rest
stays face down. In turn, a seat either stashes a card face down (only it knows which: its
stash is its secret) or shows a card face up (public). When every hand is empty, the highest
stash total plus shown total wins. Honest as written; the subclasses below each break one
promise the way a new game's author might.
"""

from __future__ import annotations

from typing import Any

from engine import errors, events
from engine.game import Game
from engine.hidden import NOBODY, HiddenInfo, Secret, nothing_public
from engine.moves import Int, Move, MoveTable

HAND = 3


def play(state: dict[str, Any], seat: int, action: dict[str, Any], rng: Any, face_down: bool) -> None:
    card = action["card"]
    if card not in state["hands"][seat]:
        raise errors.illegal("You do not hold that card.")
    state["hands"][seat].remove(card)
    if face_down:
        state["stash"][seat].append(card)
        events.emit(state, "stashed", seat=seat)
        events.emit_private(state, [seat], "stashed_card", seat=seat, card=card)
    else:
        state["shown"][seat].append(card)
        events.emit(state, "shown", seat=seat, card=card)
    state["turn"] = (state["turn"] + 1) % state["seats"]


def stash(state: dict[str, Any], seat: int, action: dict[str, Any], rng: Any) -> None:
    play(state, seat, action, rng, face_down=True)


def show(state: dict[str, Any], seat: int, action: dict[str, Any], rng: Any) -> None:
    play(state, seat, action, rng, face_down=False)


def my_turn(state: dict[str, Any], seat: int) -> bool:
    return seat == state["turn"]


class Stash(Game):
    id = "scratch_stash"
    title = "Stash"
    rule_prefix = "STASH"
    min_seats = 2
    max_seats = 3
    moves = MoveTable(
        Move("stash", stash, fields={"card": Int(1, 6)}, allowed=my_turn, not_now="It is not your turn."),
        Move("show", show, fields={"card": Int(1, 6)}, allowed=my_turn, not_now="It is not your turn."),
    )
    private_keys = ("hand", "my_stash")
    hidden = HiddenInfo(
        secrets=(Secret("hands"), Secret("stash"), Secret("deck", NOBODY, nested=False)),
        deals=(("hands", "deck"),),
        plays={"stash": nothing_public},
    )

    def setup(self, state: dict[str, Any], rng: Any) -> None:
        deck = [value for value in range(1, 7) for _ in range(2)]
        rng.shuffle(deck)
        n = state["seats"]
        state["hands"] = [sorted(deck[s * HAND : (s + 1) * HAND]) for s in range(n)]
        state["deck"] = deck[n * HAND :]
        state["stash"] = [[] for _ in range(n)]
        state["shown"] = [[] for _ in range(n)]
        state["turn"] = 0

    def to_act(self, state: dict[str, Any]) -> list[int]:
        return [state["turn"]]

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        if seat != state["turn"]:
            return []
        cards = sorted(set(state["hands"][seat]))
        return [{"type": kind, "card": card} for kind in ("stash", "show") for card in cards]

    def public_view(self, state: dict[str, Any]) -> dict[str, Any]:
        return {
            "turn": state["turn"],
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "stash_sizes": [len(pile) for pile in state["stash"]],
            "shown": [list(pile) for pile in state["shown"]],
            "deck_count": len(state["deck"]),
        }

    def private_view(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        return {"hand": list(state["hands"][seat]), "my_stash": list(state["stash"][seat])}

    def is_over(self, state: dict[str, Any]) -> bool:
        return not any(state["hands"])

    def result(self, state: dict[str, Any]) -> dict[str, Any]:
        totals = [sum(a) + sum(b) for a, b in zip(state["stash"], state["shown"], strict=True)]
        best = max(totals)
        return {
            "scores": totals,
            "winners": [s for s, t in enumerate(totals) if t == best],
            "revealed": {"stash": [list(pile) for pile in state["stash"]]},
        }


class LeaksHands(Stash):
    """Puts every seat's dealt hand into the public view."""

    id = "scratch_leaks_hands"

    def public_view(self, state: dict[str, Any]) -> dict[str, Any]:
        return {**super().public_view(state), "dealt": [list(hand) for hand in state["hands"]]}


class UndeclaredStash(Stash):
    """Stashing face down is a secret move, but the game does not declare it."""

    id = "scratch_undeclared"
    hidden = HiddenInfo(
        secrets=(Secret("hands"), Secret("stash"), Secret("deck", NOBODY, nested=False)),
        deals=(("hands", "deck"),),
    )


class ShowsStashedCard(Stash):
    """Declares the face-down play but its public event names the card."""

    id = "scratch_face_down_leak"

    def apply(self, state: dict[str, Any], seat: int, action: dict[str, Any], rng: Any) -> None:
        super().apply(state, seat, action, rng)
        if action["type"] == "stash":
            events.emit(state, "table_talk", card=action["card"])


class RevealsDeck(Stash):
    """Shows the undealt deck's order in the result (nobody may ever see it)."""

    id = "scratch_reveals_deck"

    def result(self, state: dict[str, Any]) -> dict[str, Any]:
        out = super().result(state)
        out["revealed"]["deck"] = list(state["deck"])
        return out


class Undeclared(Stash):
    """Declares no hidden information at all."""

    id = "scratch_no_declaration"
    hidden = None
