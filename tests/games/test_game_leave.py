"""games.tables.game_leave: giving up a seat before the start."""

import pytest

from games.errors import Conflict, NotAPlayer
from games.play import tables

pytestmark = pytest.mark.django_db


def test_leaving_frees_the_seat_for_the_next_player(ana, ben, cy):
    table = tables.game_create(creator=ana, game="toy", players=3)
    tables.game_join(game_id=table.pk, user=ben)
    tables.game_leave(game_id=table.pk, user=ben)
    assert list(table.seats.values_list("user__username", flat=True)) == ["ana"]
    tables.game_join(game_id=table.pk, user=cy)
    assert sorted(table.seats.values_list("number", flat=True)) == [0, 1]


def test_the_creator_cancels_instead_of_leaving(ana):
    table = tables.game_create(creator=ana, game="toy", players=2)
    with pytest.raises(Conflict):
        tables.game_leave(game_id=table.pk, user=ana)


def test_only_a_seated_player_can_leave(ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=2)
    with pytest.raises(NotAPlayer):
        tables.game_leave(game_id=table.pk, user=ben)


def test_nobody_leaves_a_started_game(duo, ben):
    with pytest.raises(Conflict):
        tables.game_leave(game_id=duo.pk, user=ben)
    assert duo.seats.count() == 2
