from tests.games.conftest import ana, ben, cy, duo, make_game, toy_game  # noqa: F401
