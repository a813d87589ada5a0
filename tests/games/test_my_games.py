"""games.lists.my_games and lobby: what a player sees first."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Seat
from games.play import tables
from games.read import tables as lists
from tests.games.helpers import act, set_hands

pytestmark = pytest.mark.django_db


def test_games_waiting_for_me_come_first_longest_waiting_first(make_game, ana, ben, cy):
    newer = make_game(ana, ben)
    older = make_game(ana, cy)
    theirs = make_game(ben, ana)  # Ben moves first: Ana waits for him
    Seat.objects.filter(game=older, user=ana).update(
        waiting_since=timezone.now() - timedelta(days=2)
    )
    open_table = tables.game_create(creator=ana, game="toy", players=3)
    finished = make_game(ana, ben)
    set_hands(finished, ["blue"], ["green"], scores=[9, 0])
    act(finished, ana, "play", card="blue")
    cancelled = tables.game_create(creator=ana, game="toy", players=2)
    tables.game_cancel(game_id=cancelled.pk, user=ana)

    mine = lists.my_games(user=ana)
    assert [g.pk for g in mine.to_act] == [older.pk, newer.pk]
    assert [g.pk for g in mine.active] == [theirs.pk]
    assert [g.pk for g in mine.open] == [open_table.pk]
    assert [g.pk for g in mine.finished] == [finished.pk]
    assert [g.pk for g in mine.all()] == [older.pk, newer.pk, theirs.pk, open_table.pk, finished.pk]


def test_other_players_games_are_not_mine(make_game, ana, ben, cy):
    make_game(ben, cy)
    assert lists.my_games(user=ana).all() == []


def test_the_header_counts_games_waiting_for_me(make_game, ana, ben, cy):
    make_game(ana, ben)
    make_game(ana, cy)
    make_game(ben, ana)
    assert lists.games_to_act_count(user=ana) == 2


def test_the_lobby_lists_public_tables_with_free_seats(make_game, ana, ben, cy):
    public = tables.game_create(creator=ana, game="toy", players=3)
    tables.game_join(game_id=public.pk, user=ben)
    tables.game_create(creator=ana, game="toy", players=2, public=False)
    make_game(ana, ben)  # started
    fresh = tables.game_create(creator=cy, game="toy", players=2)
    lobby = lists.lobby(user=cy)
    assert [g.pk for g in lobby] == [public.pk, fresh.pk]
    assert [g.joined for g in lobby] == [False, True]
