"""Taking a game's row lock: by id, inside a transaction, never a 500 for a bad id."""

import pytest
from django.db import transaction
from django.db.transaction import TransactionManagementError

from games.errors import GameNotFound
from games.models import Game
from games.play.locking import locked_game
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db


def test_the_locked_game_reads_every_field_as_the_orm_does(make_game, ana, ben):
    game = make_game(ana, ben)
    with transaction.atomic():
        locked = locked_game(game.pk)
    stored = Game.objects.get(pk=game.pk)
    fields = [f.attname for f in Game._meta.concrete_fields]
    assert {f: getattr(locked, f) for f in fields} == {f: getattr(stored, f) for f in fields}
    assert locked.state is not None and locked.rules.to_act(locked.state)


def test_the_locked_game_is_the_row_as_stored():
    game = GameFactory(options={"personalities": "off"})
    with transaction.atomic():
        locked = locked_game(str(game.pk))
    assert (locked.pk, locked.game, locked.options, locked.created_at) == (
        game.pk,
        game.game,
        {"personalities": "off"},
        game.created_at,
    )


@pytest.mark.parametrize("game_id", ["abc", None, 10**30, -(10**30), "99999999"])
def test_an_id_of_no_game_is_not_found(game_id):
    with transaction.atomic(), pytest.raises(GameNotFound):
        locked_game(game_id)


@pytest.mark.django_db(transaction=True)  # no test transaction around it
def test_a_lock_outside_a_transaction_is_a_programming_error():
    game = GameFactory()
    with pytest.raises(TransactionManagementError):
        locked_game(game.pk)
