"""Two moves on the same version at the same time: one wins, the other is told it is stale."""

import threading

import pytest
from django.db import connection

from games.engine import Action
from games.errors import StaleVersion
from games.play import acting

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_simultaneous_moves_on_one_version_apply_once(make_game, ana, ben):
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL; SQLite in memory has one connection")
    game = make_game(ana, ben)
    start = threading.Barrier(4)
    outcomes = []

    def attempt():
        try:
            start.wait()
            acting.game_act(
                game_id=game.pk, user=ana, action=Action.make("pass"), expected_version=0
            )
            outcomes.append("moved")
        except StaleVersion as exc:
            outcomes.append(f"stale at {exc.version}")
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcomes) == ["moved", "stale at 1", "stale at 1", "stale at 1"]
    game.refresh_from_db()
    assert game.version == 1 and game.moves.count() == 1
