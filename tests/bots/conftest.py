"""Fixtures for bot seats: the toy game of the platform tests, people, tables with bots."""

from __future__ import annotations

import pytest

from games.play import tables
from tests.games.conftest import (  # noqa: F401  (toy_game is autouse)
    ana,
    ben,
    make_game,
    toy_game,
)


@pytest.fixture
def run_on_commit(django_capture_on_commit_callbacks):
    """Run what commits queue (bot tasks run eagerly), including what those queue."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def table_with_bots(db, run_on_commit):
    """``table_with_bots(ana, [None, "random"])``: seats as listed, committed, bots played."""

    def make(creator, bots, *, game="toy", options=None, random_seat_order=False):
        with run_on_commit():
            table = tables.game_create(
                creator=creator,
                game=game,
                players=len(bots),
                options=options,
                random_seat_order=random_seat_order,
                bots=bots,
            )
        table.refresh_from_db()
        return table

    return make
