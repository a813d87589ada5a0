"""games.lists.my_games and lobby: what a player sees first."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
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
    left = make_game(ana, ben)  # waiting for Ana, who resigned: not counted
    Seat.objects.filter(game=left, user=ana).update(resigned_at=timezone.now())
    tables.game_create(creator=ana, game="toy", players=3)  # filling up: not counted
    finished = make_game(ana, cy)
    set_hands(finished, ["blue"], ["green"], scores=[9, 0])
    act(finished, ana, "play", card="blue")
    assert lists.games_to_act_count(user=ana) == 2
    assert lists.games_to_act_count(user=ben) == 1


def test_the_lobby_lists_public_tables_with_free_seats(make_game, ana, ben, cy):
    public = tables.game_create(creator=ana, game="toy", players=3)
    tables.game_join(game_id=public.pk, user=ben)
    tables.game_create(creator=ana, game="toy", players=2, public=False)
    make_game(ana, ben)  # started
    fresh = tables.game_create(creator=cy, game="toy", players=2)
    lobby = lists.lobby(user=cy)
    assert [g.pk for g in lobby] == [public.pk, fresh.pk]
    assert [g.joined for g in lobby] == [False, True]


def test_my_games_sorts_every_section_as_its_heading_says(make_game, ana, ben, cy):
    """The database's order, checked against the rule written out: to act, longest waiting
    first and those with no waiting time last, oldest first; waiting for others, latest
    change first; open tables, newest first; ties by game number."""
    import random

    from games.models import Game

    chance = random.Random(7)
    now = timezone.now()
    for number in range(18):
        kind = number % 3
        if kind == 2:
            tables.game_create(creator=ana, game="toy", players=3)
        else:
            make_game(ana, ben) if kind == 0 else make_game(ben, ana)
    seats = Seat.objects.filter(user=ana)
    for seat in seats:  # waiting times and changes, some equal, some missing
        since = chance.choice([None, now - timedelta(hours=chance.randint(1, 4))])
        Seat.objects.filter(pk=seat.pk).update(waiting_since=since)
        moment = now - timedelta(hours=chance.randint(1, 4))
        Game.objects.filter(pk=seat.game_id).update(updated_at=moment, created_at=moment)
    Seat.objects.filter(pk=seats.filter(must_act=True).first().pk).update(resigned_at=now)

    expected = {"to_act": [], "active": [], "open": []}
    for seat in Seat.objects.filter(user=ana).select_related("game"):
        game = seat.game
        if game.status == Game.Status.OPEN:
            expected["open"].append((game.created_at, game.pk))
        elif seat.must_act and not seat.resigned_at:
            since = seat.waiting_since
            expected["to_act"].append((since is None, since or game.created_at, game.pk))
        else:
            expected["active"].append((game.updated_at, game.pk))
    expected["to_act"].sort()
    expected["active"].sort(reverse=True)
    expected["open"].sort(reverse=True)
    found = lists.current_sections(ana)
    assert found == {name: [row[-1] for row in rows] for name, rows in expected.items()}
    assert all(found.values())


def test_the_header_shows_how_many_games_wait_for_me_on_every_page(client, make_game, ana, ben, cy):
    """My games counts them from its own lists; other pages count them when drawn."""
    make_game(ana, ben)
    make_game(ana, cy)
    make_game(ben, ana)
    client.force_login(ana)
    for url in ("/games/", "/lobby/", "/games/?list=active", f"/players/{ana.username}/"):
        page = client.get(url).content.decode()
        assert 'data-count="2"' in page, url
        assert "<title>(2) " in page, url


def _my_games_setup(make_game, ana, ben):
    playing = make_game(ana, ben)  # Ana to move
    open_table = tables.game_create(creator=ana, game="toy", players=3)
    finished = make_game(ana, ben)
    set_hands(finished, ["blue"], ["green"], scores=[9, 0])
    act(finished, ana, "play", card="blue")
    return playing, open_table, finished


def test_my_games_reads_only_the_groups_not_found_drawn(make_game, ana, ben):
    playing, open_table, finished = _my_games_setup(make_game, ana, ben)
    mine = lists.my_games(user=ana)
    mine.already_drawn({"open", "finished"})
    assert [g.pk for g in mine.to_act] == [playing.pk]
    assert mine.open == [] and mine.finished == []  # not read: their drawing is known


def test_after_a_move_my_games_draws_the_games_in_play_anew_and_keeps_the_rest(
    client, make_game, ana, ben, rows_drawn
):
    playing, open_table, finished = _my_games_setup(make_game, ana, ben)
    client.force_login(ana)
    assert "Your move" in client.get("/games/").content.decode()
    rows_drawn.clear()
    act(playing, ana, "pass")  # now Ben's move: the game moves to "waiting for others"
    with CaptureQueriesContext(connection) as queries:
        page = client.get("/games/").content.decode()
    assert rows_drawn == [[playing.pk]]
    assert not _games_read(queries)  # neither the open table nor the finished game
    waiting = page.split('id="active"')[1].split("</section>")[0]
    assert f"/games/{playing.pk}/" in waiting
    assert f"/games/{open_table.pk}/" in page and f"/games/{finished.pk}/" in page


def _games_read(queries) -> list[str]:
    """The statements that read whole games (open tables' and finished games' rows)."""
    return [q["sql"] for q in queries if 'FROM "games_game"' in q["sql"] and " IN (" in q["sql"]]


def test_a_minute_on_my_games_draws_again_only_the_rows_whose_words_changed(
    client, make_game, ana, ben, cy, time_machine, rows_drawn
):
    time_machine.move_to(timezone.now(), tick=False)
    now = timezone.now()
    recent, older = make_game(ana, ben), make_game(ana, cy)  # both Ana to move
    Seat.objects.filter(game=recent, user=ana).update(waiting_since=now - timedelta(minutes=5))
    Seat.objects.filter(game=older, user=ana).update(
        waiting_since=now - timedelta(days=2, hours=3, minutes=10)
    )
    client.force_login(ana)
    page = client.get("/games/").content.decode()
    assert "waiting 5\xa0minutes" in page and "waiting 2\xa0days, 3\xa0hours" in page
    time_machine.shift(timedelta(minutes=1))
    with CaptureQueriesContext(connection) as queries:
        page = client.get("/games/").content.decode()
    assert "waiting 6\xa0minutes" in page and "waiting 2\xa0days, 3\xa0hours" in page
    assert rows_drawn[-1] == [recent.pk]  # the row still saying "2 days, 3 hours" was kept
    assert not _games_read(queries)


def test_after_a_move_my_games_draws_again_only_that_games_row(
    client, make_game, ana, ben, cy, rows_drawn
):
    moved, other = make_game(ana, ben), make_game(ana, cy)
    client.force_login(ana)
    client.get("/games/")
    act(moved, ana, "pass")  # now Ben's move
    page = client.get("/games/").content.decode()
    assert rows_drawn[-1] == [moved.pk]
    to_act = page.split('id="to_act"')[1].split("</section>")[0]
    waiting = page.split('id="active"')[1].split("</section>")[0]
    assert f"/games/{other.pk}/" in to_act and f"/games/{moved.pk}/" in waiting


def test_my_games_drawn_row_by_row_reads_as_drawn_at_once(client, make_game, ana, ben, cy):
    """The page from rows kept drawn is the page drawn whole."""
    for opponent in (ben, cy, ben):
        make_game(ana, opponent)
    make_game(ben, ana)
    client.force_login(ana)
    first = client.get("/games/").content.decode()
    again = client.get("/games/?list=to_act").content.decode()  # other groups, same rows
    rows = first.split('id="to_act"')[1].split("</ul>")[0]
    assert rows == again.split('id="to_act"')[1].split("</ul>")[0]
    cache.clear()  # the whole page drawn again from nothing
    redrawn = client.get("/games/").content.decode()
    assert _lists_of(redrawn) == _lists_of(first)


def _lists_of(page: str) -> str:
    return page.split('id="my-games"')[1].split("</main>")[0]
