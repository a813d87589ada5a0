"""The toy game and its players, for the fault tests."""

from tests.games.conftest import ana, ben, cy, duo, make_game, toy_game  # noqa: F401
