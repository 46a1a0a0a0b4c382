from tests.engine.games.horse_racing.helpers import dice  # noqa: F401  (fixture)
