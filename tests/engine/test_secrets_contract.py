"""The hidden-information contract (engine/hidden.py, tests/engine/contract.py) for every
registered game, sequential and simultaneous alike: a new game gets all of it by registering.

- every game declares its hidden information and its rule-id prefix;
- each declared secret (a hand, a stake, a face-down card, the cup, the deck) perturbed where an
  audience may not see it (another deal, another order, another roll) leaves that audience's
  views, legal actions, error replies, frames and result the same; at the end the replay
  (reveal_view and result) shows every seat's secrets and nothing nobody may see (the deck);
- two plays declared alike (another sealed choice, another face-down card) give every other
  audience the same views, legal actions, replies, frames and new events;
- a move declared public that only the mover can tell apart is a failure (an undeclared secret).
"""

from __future__ import annotations

import pytest

from engine.registry import GAMES
from tests.engine import contract

SEATS = [
    (game_id, seats)
    for game_id, game in sorted(GAMES.items())
    for seats in sorted({game.min_seats, min(game.max_seats, game.min_seats + 2)})
]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_declares_its_hidden_information_and_rule_prefix(game_id):
    game = GAMES[game_id]
    hidden = contract.hidden_info(game_id)
    assert game.rule_prefix.isupper(), f"{game_id} must name its rule-id prefix (Game.rule_prefix)"
    paths = [secret.path for secret in hidden.secrets]
    assert len(set(paths)) == len(paths), "each secret is declared once"
    assert {path for deal in hidden.deals for path in deal} <= set(paths), "deals name declared secrets"
    assert set(hidden.plays) <= set(game.moves.types), "plays name declared moves"


@pytest.mark.parametrize(("game_id", "seats"), SEATS)
def test_every_declared_secret_is_invisible_to_whoever_may_not_see_it(game_id, seats):
    contract.check_secrets(game_id, seats)


@pytest.mark.parametrize(("game_id", "seats"), SEATS)
def test_secret_plays_declared_alike_look_alike_to_every_other_audience(game_id, seats):
    """At the larger seat count every declared secret play must have been compared."""
    largest = seats == max(s for g, s in SEATS if g == game_id)
    compared = contract.check_hidden_plays(game_id, seats, require_all=largest)
    assert sum(compared.values()) > 0


@pytest.mark.parametrize(("game_id", "seats"), SEATS)
def test_no_game_hides_a_move_it_does_not_declare(game_id, seats):
    contract.check_no_undeclared_secret_moves(game_id, seats)
