"""The toy game of the platform tests and its players."""

from tests.games.conftest import ana, ben, make_game, toy_game  # noqa: F401
