"""Rows read and written by statements built once (``silkroad.rows``)."""

from datetime import UTC, datetime, timedelta

import pytest

from games.models import Game, Move, Seat
from silkroad.rows import insert_rows, read_rows, read_values, stored_fields, update_fields
from tests.factories import GameFactory, SeatFactory

pytestmark = pytest.mark.django_db


def test_the_listed_fields_of_each_row_are_written_as_the_orm_would():
    game = GameFactory()
    first, second = SeatFactory(game=game, number=0), SeatFactory(game=game, number=1)
    since = datetime(2026, 3, 1, 12, 30, 15, 123456, tzinfo=UTC)
    first.must_act, first.waiting_since, first.move_time = True, since, timedelta(days=2)
    second.must_act, second.waiting_since = False, None

    update_fields([first, second], {"must_act", "waiting_since", "move_time"})

    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.must_act, first.waiting_since, first.move_time) == (
        True,
        since,
        timedelta(days=2),
    )
    assert (second.must_act, second.waiting_since) == (False, None)


def test_fields_not_listed_keep_what_the_database_holds():
    seat = SeatFactory(must_act=False)
    seat.must_act = True
    seat.controller_level = "strong"

    update_fields([seat], ["must_act"])

    stored = Seat.objects.get(pk=seat.pk)
    assert stored.must_act is True
    assert stored.controller_level != "strong"


def test_other_rows_are_untouched():
    seat, other = SeatFactory(must_act=False), SeatFactory(must_act=False)
    seat.must_act = True
    update_fields([seat], ["must_act"])
    assert Seat.objects.get(pk=other.pk).must_act is False


def test_no_rows_writes_nothing(django_assert_num_queries):
    with django_assert_num_queries(0):
        update_fields([], ["must_act"])


def test_a_field_that_is_not_a_column_is_refused():
    seat = SeatFactory()
    with pytest.raises(ValueError, match="not a column"):
        update_fields([seat], ["id"])


def test_a_listed_field_that_keeps_the_time_of_the_change_gets_the_time_now():
    game = GameFactory()
    before = game.updated_at
    game.draft = {"seat": 0, "steps": []}
    update_fields([game], ["draft", "updated_at"])
    stored = type(game).objects.get(pk=game.pk)
    assert stored.draft == {"seat": 0, "steps": []}
    assert stored.updated_at > before and stored.updated_at == game.updated_at


def test_inserted_rows_read_back_as_the_orm_wrote_them():
    game = GameFactory()
    at = datetime(2026, 5, 4, 3, 2, 1, tzinfo=UTC)
    moves = [
        Move(game=game, seq=n, seat=n % 2, action={"type": "pass"}, log=[{"n": n}], created_at=at)
        for n in (1, 2, 3)
    ]
    insert_rows(moves, ("game", "seq", "seat", "action", "log", "created_at"))
    stored = list(Move.objects.filter(game=game).order_by("seq"))
    assert [(m.seq, m.seat, m.action, m.log, m.created_at) for m in stored] == [
        (n, n % 2, {"type": "pass"}, [{"n": n}], at) for n in (1, 2, 3)
    ]


def test_saving_every_stored_field_is_what_save_writes():
    game = GameFactory()
    game.status, game.options, game.version = Game.Status.ACTIVE, {"speed": 2}, 7
    update_fields([game], stored_fields(Game))
    stored = Game.objects.get(pk=game.pk)
    fields = [f.attname for f in Game._meta.concrete_fields if f.attname != "updated_at"]
    assert {f: getattr(stored, f) for f in fields} == {f: getattr(game, f) for f in fields}


def test_a_written_out_select_reads_instances_with_their_fields_converted():
    game = GameFactory()
    first = SeatFactory(game=game, number=0, must_act=True)
    SeatFactory(game=game, number=1)
    sql = "SELECT {columns} FROM games_seat s WHERE s.game_id = %s ORDER BY s.number"
    found = read_rows(Seat, "s", sql, [game.pk])
    assert [(s.pk, s.number, s.must_act) for s in found] == [
        (first.pk, 0, True),
        (found[1].pk, 1, False),
    ]
    assert read_rows(Seat, "s", sql, [game.pk + 1000]) == []


def test_a_written_out_select_reads_some_fields_converted_as_values_list_reads_them():
    game = GameFactory()
    made = datetime(2026, 3, 1, 12, 30, 15, 123456, tzinfo=UTC)
    Move.objects.create(game=game, seq=1, seat=0, action={"type": "pass"}, created_at=made)
    Move.objects.create(game=game, seq=2, seat=1, action={}, log=[{"text": "{p1} sold Tea"}])
    names = ("seq", "log", "created_at")
    sql = "SELECT {columns} FROM games_move m WHERE m.game_id = %s ORDER BY m.seq"

    found = read_values(Move, "m", names, sql, [game.pk])

    assert found == [list(row) for row in game.moves.order_by("seq").values_list(*names)]
    assert found[0] == [1, [], made]  # JSON decoded, the time aware as the ORM gives it
    assert read_values(Move, "m", names, sql, [game.pk + 1000]) == []
