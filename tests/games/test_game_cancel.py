"""games.tables.game_cancel: the creator closes a table before it starts."""

import pytest

from games.errors import Conflict, Forbidden, GameNotFound
from games.models import Game
from games.play import tables

pytestmark = pytest.mark.django_db


def test_the_creator_cancels_an_open_table(ana):
    table = tables.game_create(creator=ana, game="toy", players=2)
    tables.game_cancel(game_id=table.pk, user=ana)
    table.refresh_from_db()
    assert table.status == Game.Status.CANCELLED


def test_only_the_creator_cancels(ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=3)
    tables.game_join(game_id=table.pk, user=ben)
    with pytest.raises(Forbidden):
        tables.game_cancel(game_id=table.pk, user=ben)
    table.refresh_from_db()
    assert table.status == Game.Status.OPEN


def test_a_started_game_cannot_be_cancelled(duo, ana):
    with pytest.raises(Conflict):
        tables.game_cancel(game_id=duo.pk, user=ana)


def test_cancelling_twice_is_refused(ana):
    table = tables.game_create(creator=ana, game="toy", players=2)
    tables.game_cancel(game_id=table.pk, user=ana)
    with pytest.raises(Conflict):
        tables.game_cancel(game_id=table.pk, user=ana)


def test_an_unknown_game_is_not_found(ana):
    with pytest.raises(GameNotFound):
        tables.game_cancel(game_id=999, user=ana)
