"""Two moves on the same version at the same time: one wins, the other is told it is stale."""

import pytest

from games.engine import Action
from games.errors import StaleVersion
from games.play import acting
from tests.concurrency import WORKERS, at_once, require_postgres

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_simultaneous_moves_on_one_version_apply_once(make_game, ana, ben):
    require_postgres()
    game = make_game(ana, ben)

    def attempt() -> str:
        try:
            acting.game_act(
                game_id=game.pk, user=ana, action=Action.make("pass"), expected_version=0
            )
        except StaleVersion as exc:
            return f"stale at {exc.version}"
        return "moved"

    assert sorted(at_once(attempt)) == ["moved"] + ["stale at 1"] * (WORKERS - 1)
    game.refresh_from_db()
    assert game.version == 1 and game.moves.count() == 1
