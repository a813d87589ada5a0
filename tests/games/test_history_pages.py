"""History a page at a time: my games, the lobby, the archive and profiles list a page,
link the next one (a plain link: works without JavaScript), and walking the links shows
every game once, none twice, none missed, even when games finished at the same moment."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from games.models import Game, Seat
from games.play import endings, tables
from games.read import tables as lists
from tests.games.helpers import act

pytestmark = pytest.mark.django_db
GAME_LINK = re.compile(r'href="/games/(\d+)/"')


def finished_games(ana, ben, count: int, *, same_moment: bool = True) -> list[int]:
    """``count`` finished public games of Ana and Ben (Ben resigned), newest first; with
    ``same_moment`` half of them finished at one instant (the cursor must break ties)."""
    made = []
    for _ in range(count):
        table = tables.game_create(creator=ana, game="toy", players=2, random_seat_order=False)
        tables.game_join(game_id=table.pk, user=ben, invite_code=table.invite_code)
        table.refresh_from_db()
        act(table, ana, "pass")
        endings.game_resign(game_id=table.pk, user=ben)
        made.append(table.pk)
    if same_moment:  # the finish time is written on the game and, once, on its seats
        moment = timezone.now()
        Game.objects.filter(pk__in=made[: count // 2]).update(finished_at=moment)
        Seat.objects.filter(game__in=made[: count // 2]).update(finished_at=moment)
    return [g.pk for g in Game.objects.filter(pk__in=made).order_by("-finished_at", "-pk")]


def walk(client, url: str, section: str, follow: str) -> tuple[list[list[int]], list[str]]:
    """The game ids of each page in ``section`` (an element id), following the link whose
    text is ``follow``; and the pages' next links."""
    pages, links = [], []
    path = url.split("?", 1)[0]
    while url and len(pages) < 20:
        html = client.get(url).content.decode()
        part = html.split(f'id="{section}"', 1)[1].split("</section>", 1)[0]
        pages.append([int(pk) for pk in GAME_LINK.findall(part)])
        found = re.search(rf'href="([^"]+)">{re.escape(follow)}</a>', html)
        url = found.group(1).replace("&amp;", "&") if found else None
        if url and url.startswith("?"):
            url = path + url
        links.append(url)
    return pages, links


def test_my_finished_games_come_twenty_a_page_with_an_older_games_link(client, ana, ben):
    newest_first = finished_games(ana, ben, 45)
    client.force_login(ana)
    pages, links = walk(client, "/games/", "finished", "Older games →")
    assert [len(page) for page in pages] == [20, 20, 5]
    assert sum(pages, []) == newest_first  # in order, none twice, none missed
    assert "older=" in links[0] and links[-1] is None


def test_a_later_page_of_my_games_lists_finished_games_only(client, make_game, ana, ben):
    finished_games(ana, ben, 21)
    playing = make_game(ana, ben)
    client.force_login(ana)
    first = client.get("/games/").content.decode()
    assert f'href="/games/{playing.pk}/"' in first
    older = lists.my_games(user=ana).older
    later = client.get("/games/", {"older": older}).content.decode()
    assert f'href="/games/{playing.pk}/"' not in later
    assert "Your move" not in later and "← My games" in later


def test_games_waiting_for_my_move_beyond_a_page_are_behind_a_more_link(
    client, make_game, ana, ben
):
    waiting = [make_game(ana, ben).pk for _ in range(23)]
    client.force_login(ana)
    html = client.get("/games/").content.decode()
    assert "?list=to_act&amp;page=2" in html
    pages, _ = walk(client, "/games/", "to_act", "More →")
    assert [len(page) for page in pages] == [20, 3]
    assert sorted(sum(pages, [])) == sorted(waiting)


def test_an_unknown_cursor_or_page_shows_the_first_page(client, ana, ben):
    newest_first = finished_games(ana, ben, 3, same_moment=False)
    client.force_login(ana)
    for query in ({"older": "nonsense"}, {"older": "1e400_x"}, {"list": "to_act", "page": "-1"}):
        response = client.get("/games/", query)
        assert response.status_code == 200
    html = client.get("/games/", {"older": "nonsense"}).content.decode()
    assert [int(pk) for pk in GAME_LINK.findall(html)] == newest_first


def test_the_lobby_shows_fifty_tables_and_a_link_to_more(client, ana, ben):
    made = [tables.game_create(creator=ana, game="toy", players=3).pk for _ in range(55)]
    pages, links = [], []
    url = "/lobby/?players=3"
    while url:
        html = client.get(url).content.decode()
        pages.append([int(pk) for pk in re.findall(r'action="/games/(\d+)/join"', html)])
        found = re.search(r'href="([^"]+)">More tables →</a>', html)
        url = "/lobby/" + found.group(1).replace("&amp;", "&") if found else None
        links.append(url)
    assert [len(page) for page in pages] == [50, 5]
    assert sorted(sum(pages, [])) == sorted(made)
    assert "players=3" in links[0]  # the filter is kept


def test_a_profile_pages_recent_results_with_an_older_results_link(client, ana, ben):
    newest_first = finished_games(ana, ben, 23)
    pages, links = walk(client, "/players/ben/", "recent", "Older results →")
    assert [len(page) for page in pages] == [10, 10, 3]
    assert sum(pages, []) == newest_first
    html = client.get("/players/ben/").content.decode()
    assert "23 finished games" in html  # the totals still count every game


def test_the_archive_links_older_games_without_gaps_or_repeats(client, ana, ben):
    newest_first = finished_games(ana, ben, 35)
    pages = []
    url = "/archive/"
    while url:
        html = client.get(url).content.decode()
        pages.append(
            [int(pk) for pk in re.findall(r'<th scope="row"><a href="/games/(\d+)/"', html)]
        )
        found = re.search(r'href="([^"]+)">Older games →</a>', html)
        url = "/archive/" + found.group(1).replace("&amp;", "&") if found else None
    assert [len(page) for page in pages] == [30, 5]
    assert sum(pages, []) == newest_first


def test_each_section_of_my_games_pages_through_in_the_order_of_the_whole_list(
    make_game, ana, ben, cy
):
    """Waiting for me (some told to wait long ago, some never), in play for others (one I
    resigned from while it was my move), filling up: a page of each section at a time,
    the database's cut gives the same games in the same order as sorting them all."""
    for number in range(5):
        make_game(ana, ben)  # in play, Ana to move
        make_game(ben, cy, ana)  # in play, waiting for Ben
        tables.game_create(creator=ana, game="toy", players=3)  # filling up
        if number % 2:
            Seat.objects.filter(game__game="toy", user=ana, must_act=True).update(
                waiting_since=None
            )
    resigned = make_game(ana, cy)
    Seat.objects.filter(game=resigned, user=ana).update(resigned_at=timezone.now())
    whole = lists.current_sections(ana)
    assert resigned.pk in whole["active"] and all(whole.values())
    for name in lists.SECTIONS:
        paged, page = [], 1
        while page:
            my = lists.my_games(user=ana, only=name, page=page, shown=2)
            paged += [game.pk for game in getattr(my, name)]
            page = my.more.get(name)
        assert paged == whole[name], name
    first = lists.my_games(user=ana, shown=3)
    assert {name: [g.pk for g in getattr(first, name)] for name in lists.SECTIONS} == {
        name: ids[:3] for name, ids in whole.items()
    }
