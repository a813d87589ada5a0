"""Taking a game's row lock: by id, inside a transaction, never a 500 for a bad id."""

import pytest
from django.db import transaction
from django.db.transaction import TransactionManagementError

from games.errors import GameNotFound
from games.play.locking import locked_game
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db


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
