"""A move reads the seats with their players and vacations once, and they stay on the game
as the ORM's prefetch keeps them: nothing is read again."""

from datetime import timedelta

import pytest
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import prefetch_related_objects
from django.utils import timezone

from games.models import Game, Seat, Vacation
from games.read.names import read_seats, read_seats_of, seats_prefetch
from tests.factories import GameFactory, SeatFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    """Three seats, out of order: one player away on vacation, one who never took one,
    and an empty seat."""
    game = GameFactory(players=3)
    away = UserFactory(username="away")
    Vacation.objects.create(
        user=away, left=timedelta(days=9, hours=5), started_at=timezone.now() - timedelta(hours=2)
    )
    SeatFactory(game=game, number=2, user=None)
    SeatFactory(game=game, number=0, user=away)
    SeatFactory(game=game, number=1, user=UserFactory(username="here"))
    return Game.objects.get(pk=game.pk)


def test_the_seats_their_players_and_vacations_are_read_in_one_query(
    table, django_assert_num_queries
):
    with django_assert_num_queries(1):
        seats = read_seats(table)
    with django_assert_num_queries(0):
        assert list(table.seats.all()) == seats
        assert [s.number for s in seats] == [0, 1, 2]
        assert [s.user.username if s.user else None for s in seats] == ["away", "here", None]
        assert seats[0].user.vacation.started_at is not None
        assert seats[0].user.vacation.left == timedelta(days=9, hours=5)
        with pytest.raises(ObjectDoesNotExist):
            seats[1].user.vacation  # noqa: B018 (never took one: known without a query)
        assert seats[0].game is table


def test_the_seats_are_what_the_orms_prefetch_reads(table):
    ours = read_seats(table)
    theirs = Game.objects.get(pk=table.pk)
    prefetch_related_objects([theirs], seats_prefetch())
    fields = [f.attname for f in Seat._meta.concrete_fields]
    for mine, orm in zip(ours, theirs.seats.all(), strict=True):
        assert [getattr(mine, f) for f in fields] == [getattr(orm, f) for f in fields]
        if orm.user is not None:
            user_fields = [f.attname for f in type(orm.user)._meta.concrete_fields]
            assert [getattr(mine.user, f) for f in user_fields] == [
                getattr(orm.user, f) for f in user_fields
            ]


def test_a_seat_saved_after_reading_writes_its_row(table):
    seat = read_seats(table)[1]
    seat.must_act = True
    seat.save(update_fields=["must_act"])
    assert Seat.objects.get(pk=seat.pk).must_act is True


def test_the_seats_of_many_games_are_read_in_two_queries_and_kept_on_each(
    table, django_assert_num_queries
):
    other = GameFactory(players=2)
    SeatFactory(game=other, number=1, user=UserFactory(username="second"))
    SeatFactory(game=other, number=0, user=Seat.objects.get(game=table, number=1).user)
    empty = GameFactory(players=2)
    games = [Game.objects.get(pk=pk) for pk in (table.pk, other.pk, empty.pk)]
    with django_assert_num_queries(2):  # the seats, then their players
        read_seats_of(games)
    with django_assert_num_queries(0):
        first, second, none = (list(game.seats.all()) for game in games)
        assert [s.user.username if s.user else None for s in first] == ["away", "here", None]
        assert first[0].user.vacation.started_at is not None
        with pytest.raises(ObjectDoesNotExist):
            first[1].user.vacation  # noqa: B018 (never took one: known without a query)
        assert [s.user.username for s in second] == ["here", "second"]
        assert first[1].user is second[0].user  # one player, made once for both tables
        assert none == [] and second[0].game is games[1]
    mine = read_seats(Game.objects.get(pk=table.pk))
    fields = [f.attname for f in Seat._meta.concrete_fields]
    assert [[getattr(s, f) for f in fields] for s in first] == [
        [getattr(s, f) for f in fields] for s in mine
    ]
