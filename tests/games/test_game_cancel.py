"""games.services.game_cancel: the creator closes a table before it starts."""

import pytest

from games import services
from games.errors import Conflict, Forbidden, GameNotFound
from games.models import Game

pytestmark = pytest.mark.django_db


def test_the_creator_cancels_an_open_table(ana):
    table = services.game_create(creator=ana, game="toy", players=2)
    services.game_cancel(game_id=table.pk, user=ana)
    table.refresh_from_db()
    assert table.status == Game.Status.CANCELLED


def test_only_the_creator_cancels(ana, ben):
    table = services.game_create(creator=ana, game="toy", players=3)
    services.game_join(game_id=table.pk, user=ben)
    with pytest.raises(Forbidden):
        services.game_cancel(game_id=table.pk, user=ben)
    table.refresh_from_db()
    assert table.status == Game.Status.OPEN


def test_a_started_game_cannot_be_cancelled(duo, ana):
    with pytest.raises(Conflict):
        services.game_cancel(game_id=duo.pk, user=ana)


def test_cancelling_twice_is_refused(ana):
    table = services.game_create(creator=ana, game="toy", players=2)
    services.game_cancel(game_id=table.pk, user=ana)
    with pytest.raises(Conflict):
        services.game_cancel(game_id=table.pk, user=ana)


def test_an_unknown_game_is_not_found(ana):
    with pytest.raises(GameNotFound):
        services.game_cancel(game_id=999, user=ana)
