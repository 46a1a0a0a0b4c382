"""The one table of games. Adding a game is one line in GAMES."""

from __future__ import annotations

from .errors import BAD_SETUP, EngineError
from .game import Game
from .games.horse_racing import HorseRacing
from .games.ponies_in_pursuit import PoniesInPursuit
from .games.pony_express_bluff import PonyExpressBluff
from .games.pony_express_race import PonyExpressRace

GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        # One line per game, e.g. `PoniesInPursuit(),` (imported above).
        PoniesInPursuit(),
        HorseRacing(),
        PonyExpressBluff(),
        PonyExpressRace(),
    )
}


# The games this package ships (GAMES as it is built above); `register` adds others at run time.
SHIPPED: tuple[str, ...] = tuple(sorted(GAMES))


def register(game: Game) -> Game:
    """Add a game at run time (tests use it for toy games)."""
    GAMES[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise EngineError(BAD_SETUP, f"There is no game called '{game_id}'.", game=str(game_id)) from None
