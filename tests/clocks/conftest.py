"""Clocked tables of the toy game (and a game of simultaneous bids) at a controlled time.

Every test starts on Monday 2 March 2026 at 09:00 UTC with the clock stopped; move it with
``time_machine.shift``. What the services queue on commit (mails, absent players' moves)
runs inside ``committing()``.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from games.engine import registry
from games.play import tables
from tests.api.conftest import ana_api, ben_api  # noqa: F401
from tests.games.conftest import (  # noqa: F401
    ana,
    ben,
    cy,
    make_game,
    rows_drawn,
    sent,
    toy_game,
)
from tests.notifications.conftest import _site_url  # noqa: F401

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday


@pytest.fixture(autouse=True)
def clock(time_machine):
    time_machine.move_to(START, tick=False)
    return time_machine


@pytest.fixture(autouse=True)
def sealed_game(monkeypatch, toy_game):  # noqa: F811
    monkeypatch.setitem(registry._MODULES, "sealed", "tests.clocks.sealed_game")
    return registry.get("sealed")


@pytest.fixture
def committing(django_capture_on_commit_callbacks):
    """``with committing(): …`` runs the on-commit work (tasks are eager in tests)."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def clocked(db, committing):
    """``clocked(ana, ben, days=1, …)``: a started toy table with a time control; the
    players sit in that order (the first moves first). Keywords are ``time_control``
    keys; ``game="sealed"`` for simultaneous bids."""

    def make(*users, game="toy", **control):
        control.setdefault("days", 1)
        with committing():
            table = tables.game_create(
                creator=users[0],
                game=game,
                players=len(users),
                public=True,
                random_seat_order=False,
                time_control=control,
            )
            for user in users[1:]:
                tables.game_join(game_id=table.pk, user=user)
        table.refresh_from_db()
        return table

    return make
