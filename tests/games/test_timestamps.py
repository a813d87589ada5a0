"""Timestamps read from PostgreSQL with the compiled parser are the values Django reads."""

from datetime import UTC, datetime, timedelta

import psycopg
import pytest
from django.db import connection

from games.models import Game
from silkroad import timestamps

pytestmark = pytest.mark.django_db


@pytest.fixture
def postgres():
    if connection.vendor != "postgresql" or timestamps.CompiledLoader is None:
        pytest.skip("PostgreSQL with psycopg's compiled loader only")


def test_timestamps_read_back_exactly_as_written_in_utc(postgres, make_game, ana, ben):
    game = make_game(ana, ben)
    written = [
        datetime(2026, 3, 29, 1, 30, tzinfo=UTC),  # a whole second
        datetime(2026, 10, 25, 2, 59, 59, 999999, tzinfo=UTC),  # microseconds
        datetime(1999, 12, 31, 23, 0, 0, 5, tzinfo=UTC),
    ]
    for moment in written:
        Game.objects.filter(pk=game.pk).update(created_at=moment, finished_at=None)
        created, finished = Game.objects.values_list("created_at", "finished_at").get(pk=game.pk)
        assert created == moment and created.tzinfo is UTC
        assert finished is None
    with connection.cursor() as cursor:
        cursor.execute("SELECT now() AT TIME ZONE 'UTC', now()")
        naive, aware = cursor.fetchone()
    assert aware.tzinfo is UTC and abs(aware.replace(tzinfo=None) - naive) < timedelta(seconds=1)


def test_the_compiled_loader_serves_every_new_connection(postgres):
    connection.close()
    connection.ensure_connection()
    oid = psycopg.postgres.types["timestamptz"].oid
    loader = connection.connection.adapters.get_loader(oid, psycopg.pq.Format.TEXT)
    assert issubclass(loader, timestamps.CompiledTzLoader)
    assert loader.timezone is UTC
