"""games.tables.game_join and game_start: filling a table and starting the game."""

import pytest

from games import events
from games.errors import Conflict, Forbidden
from games.models import Game
from games.play import tables
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_joining_takes_the_lowest_free_seat(ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=3)
    tables.game_join(game_id=table.pk, user=ben)
    assert sorted(s.number for s in table.seats.all()) == [0, 1]
    table.refresh_from_db()
    assert table.status == Game.Status.OPEN


def test_the_game_starts_when_the_last_seat_is_taken(
    ana, ben, sent, django_capture_on_commit_callbacks
):
    table = tables.game_create(creator=ana, game="toy", players=2, random_seat_order=False)
    with django_capture_on_commit_callbacks(execute=True):
        tables.game_join(game_id=table.pk, user=ben)
    table.refresh_from_db()
    assert table.status == Game.Status.ACTIVE
    assert table.started_at is not None
    assert table.state == table.rules.setup(2, {"target": "10"}, table.seed)
    seats = {s.user: s for s in table.seats.all()}
    assert seats[ana].number == 0 and seats[ben].number == 1
    assert seats[ana].must_act and seats[ana].waiting_since is not None
    assert not seats[ben].must_act and seats[ben].waiting_since is None
    assert events.GameStarted(game_id=table.pk, version=0) in sent


def test_random_seat_order_is_a_permutation_and_varies(ana, ben, cy):
    orders = set()
    for _ in range(30):
        table = tables.game_create(creator=ana, game="toy", players=3)
        tables.game_join(game_id=table.pk, user=ben)
        tables.game_join(game_id=table.pk, user=cy)
        numbers = {s.user.username: s.number for s in table.seats.all()}
        assert sorted(numbers.values()) == [0, 1, 2]
        orders.add((numbers["ana"], numbers["ben"], numbers["cy"]))
    assert len(orders) > 1


def test_four_player_renumbering_keeps_seat_numbers_unique(ana):
    others = [UserFactory() for _ in range(3)]
    table = tables.game_create(creator=ana, game="toy", players=4)
    for user in others:
        tables.game_join(game_id=table.pk, user=user)
    assert sorted(table.seats.values_list("number", flat=True)) == [0, 1, 2, 3]


def test_private_table_needs_the_invite_code(ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=3, public=False)
    with pytest.raises(Forbidden):
        tables.game_join(game_id=table.pk, user=ben)
    with pytest.raises(Forbidden):
        tables.game_join(game_id=table.pk, user=ben, invite_code="wrong")
    tables.game_join(game_id=table.pk, user=ben, invite_code=table.invite_code)
    assert table.seats.count() == 2


def test_one_seat_per_player(ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=3)
    with pytest.raises(Conflict):
        tables.game_join(game_id=table.pk, user=ana)


def test_a_started_game_cannot_be_joined(duo, cy):
    with pytest.raises(Conflict):
        tables.game_join(game_id=duo.pk, user=cy)


def test_a_cancelled_table_cannot_be_joined(ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=2)
    tables.game_cancel(game_id=table.pk, user=ana)
    with pytest.raises(Conflict):
        tables.game_join(game_id=table.pk, user=ben)
    assert table.seats.count() == 1
