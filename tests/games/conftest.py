"""Fixtures for the platform tests: the toy game registered, users, tables in play."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.engine import registry
from games.play import tables
from games.read import tables as lists
from games.read.playing_rows import playing_rows
from tests.factories import UserFactory

JINJA_DIR = Path(__file__).parent / "jinja2"


@pytest.fixture(autouse=True)
def toy_game(monkeypatch, settings):
    """Register the toy game (and its board's templates) next to the real games."""
    monkeypatch.setitem(registry._MODULES, "toy", "tests.games.toy_game")
    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))
    templates = [dict(engine) for engine in settings.TEMPLATES]
    templates[1]["DIRS"] = [*templates[1].get("DIRS", []), JINJA_DIR]  # its board
    settings.TEMPLATES = templates
    return registry.get("toy")


@pytest.fixture
def ana(db):
    return UserFactory(username="ana")


@pytest.fixture
def as_ana(client, ana):
    """The test client, signed in as Ana."""
    client.force_login(ana)
    return client


@pytest.fixture
def ben(db):
    return UserFactory(username="ben")


@pytest.fixture
def cy(db):
    return UserFactory(username="cy")


@pytest.fixture
def make_game(db):
    """A toy game in play: ``make_game(ana, ben)`` seats them in that order."""

    def make(*users, public=True, options=None):
        table = tables.game_create(
            creator=users[0],
            game="toy",
            players=len(users),
            options=options,
            public=public,
            random_seat_order=False,
        )
        for user in users[1:]:
            tables.game_join(game_id=table.pk, user=user, invite_code=table.invite_code)
        table.refresh_from_db()
        return table

    return make


@pytest.fixture
def duo(make_game, ana, ben):
    """Ana (seat 0, to move) against Ben (seat 1)."""
    return make_game(ana, ben)


@pytest.fixture
def sent(db):
    """Domain events delivered (after commit), in order; use with on-commit capture."""
    from games import events

    found: list[events.Event] = []
    for event_type in events.EVENT_TYPES.values():
        events.subscribe(event_type, found.append)
    yield found
    for event_type in events.EVENT_TYPES.values():
        events.unsubscribe(event_type, found.append)


@pytest.fixture
def rows_drawn(monkeypatch) -> list[list[int]]:
    """The games in play whose rows "my games" drew, a list for each page drawn."""
    drawn: list[list[int]] = []

    def recorded(seats_by_game, *args):
        if seats_by_game:
            drawn.append(sorted(seats_by_game))
        return playing_rows(seats_by_game, *args)

    monkeypatch.setattr(lists, "playing_rows", recorded)
    return drawn
