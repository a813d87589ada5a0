"""Finding a game: the lobby's filters, quick match, and following players."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import Follow
from games.models import Game
from games.play import endings, tables
from games.read import tables as lists
from tests.factories import UserFactory
from tests.games.helpers import act

pytestmark = pytest.mark.django_db


def _lobby(client, **params) -> str:
    return client.get(reverse("games:lobby"), params).content.decode()


def _shown(page: str, *games) -> list[bool]:
    return [reverse("games:game", args=[g.pk]) in page for g in games]


def test_the_lobby_filters_by_players_time_rating_and_language(client, toy_game, ana):
    two = tables.game_create(creator=ana, game="toy", players=2, language="de")
    three = tables.game_create(
        creator=ana, game="toy", players=3, rated=False, time_control={"days": 3}
    )
    assert _shown(_lobby(client, players="3"), two, three) == [False, True]
    assert _shown(_lobby(client, clock="clock"), two, three) == [False, True]
    assert _shown(_lobby(client, clock="none"), two, three) == [True, False]
    assert _shown(_lobby(client, rated="no"), two, three) == [False, True]
    assert _shown(_lobby(client, language="de"), two, three) == [True, False]
    assert _shown(_lobby(client, title="toy", players="9", language="xx"), two, three) == [
        True,
        True,
    ]


def test_tables_of_players_you_follow_come_first(client, toy_game, ana, ben, cy):
    fuller = tables.game_create(creator=ana, game="toy", players=3)
    tables.game_join(game_id=fuller.pk, user=cy)
    followed = tables.game_create(creator=ben, game="toy", players=3)
    viewer = UserFactory(username="dee")
    client.force_login(viewer)
    page = _lobby(client)
    assert page.index(f"/games/{fuller.pk}/") < page.index(f"/games/{followed.pk}/")
    client.post(reverse("accounts:follow", args=["ben"]))
    page = _lobby(client)
    assert page.index(f"/games/{followed.pk}/") < page.index(f"/games/{fuller.pk}/")
    assert "someone you follow" in page


def test_quick_match_takes_a_seat_at_the_fullest_open_table(client, toy_game, ana, ben, cy):
    emptier = tables.game_create(creator=ana, game="toy", players=4)
    fuller = tables.game_create(creator=ben, game="toy", players=4)
    tables.game_join(game_id=fuller.pk, user=ana)
    client.force_login(cy)
    response = client.post(reverse("games:quick_match", args=["toy"]))
    assert response.url == reverse("games:game", args=[fuller.pk])
    assert fuller.seats.filter(user=cy).exists() and not emptier.seats.filter(user=cy).exists()


def test_quick_match_opens_a_table_when_none_waits(client, toy_game, ana):
    client.force_login(ana)
    response = client.post(reverse("games:quick_match", args=["toy"]))
    table = Game.objects.get(seats__user=ana)
    assert response.url == reverse("games:game", args=[table.pk])
    assert table.status == Game.Status.OPEN and table.players == 2 and table.is_public


def test_quick_match_never_seats_you_twice_at_your_own_table(client, toy_game, ana):
    own = tables.game_create(creator=ana, game="toy", players=2)
    client.force_login(ana)
    client.post(reverse("games:quick_match", args=["toy"]))
    assert own.seats.count() == 1 and Game.objects.filter(seats__user=ana).count() == 2


def test_following_and_unfollowing_a_player(client, ana, ben):
    client.force_login(ana)
    response = client.post(reverse("accounts:follow", args=["ben"]))
    assert response.url == reverse("games:player", args=["ben"])
    assert Follow.objects.filter(follower=ana, followed=ben).exists()
    assert "Stop following" in client.get(reverse("games:player", args=["ben"])).content.decode()
    client.post(reverse("accounts:follow", args=["ben"]), {"stop": "1"})
    assert not Follow.objects.exists()


def test_following_yourself_or_nobody_is_refused_clearly(client, ana):
    client.force_login(ana)
    assert client.post(reverse("accounts:follow", args=["ana"])).status_code == 400
    assert client.post(reverse("accounts:follow", args=["nobody"])).status_code == 404
    assert not Follow.objects.exists()


def test_the_table_page_and_the_invitation_tell_the_time_control(
    client, toy_game, ana, django_capture_on_commit_callbacks
):
    from django.core import mail

    with django_capture_on_commit_callbacks(execute=True):
        table = tables.game_create(
            creator=ana,
            game="toy",
            players=2,
            time_control={"days": 3},
            invite=["friend@example.com"],
        )
    page = client.get(reverse("games:game", args=[table.pk])).content.decode()
    assert "Time: 3 days per move" in page
    (invitation,) = mail.outbox
    assert "Time: 3 days per move" in invitation.body
    assert "3 days a move" in _lobby(client)


def _counted(table) -> tuple[int, int]:
    table.refresh_from_db()
    return table.seats_taken, table.seats.count()


def test_a_table_counts_its_seats_as_players_join_and_leave(toy_game, ana, ben, cy):
    table = tables.game_create(creator=ana, game="toy", players=4, bots={"3": "random"})
    assert _counted(table) == (2, 2)
    tables.game_join(game_id=table.pk, user=ben)
    tables.game_join(game_id=table.pk, user=cy)
    assert _counted(table) == (4, 4) and table.status == Game.Status.ACTIVE
    other = tables.game_create(creator=ana, game="toy", players=3)
    tables.game_join(game_id=other.pk, user=ben)
    tables.game_leave(game_id=other.pk, user=ben)
    assert _counted(other) == (1, 1)
    duel = tables.game_create(creator=ana, game="toy", players=2, random_seat_order=False)
    tables.game_join(game_id=duel.pk, user=ben)
    duel.refresh_from_db()
    act(duel, ana, "pass")
    endings.game_resign(game_id=duel.pk, user=ben)
    rematch = tables.game_rematch(game_id=duel.pk, user=ben)
    assert _counted(rematch) == (1, 1)
    tables.game_rematch(game_id=duel.pk, user=ana)
    assert _counted(rematch) == (2, 2) and rematch.status == Game.Status.ACTIVE


def test_every_page_of_the_lobby_walks_followed_tables_then_the_fullest_each_once(
    toy_game, ana, ben, cy
):
    """Tables of players you follow first, then the others; each part the fullest first,
    then the oldest; and any page, of any size, is that order's slice."""
    dee = UserFactory(username="dee")
    Follow.objects.create(follower=dee, followed=ben)
    lone = tables.game_create(creator=ana, game="toy", players=3)
    full_ish = tables.game_create(creator=ana, game="toy", players=3)
    tables.game_join(game_id=full_ish.pk, user=cy)
    followed_lone = tables.game_create(creator=ben, game="toy", players=4)
    followed_joined = tables.game_create(creator=cy, game="toy", players=4)
    tables.game_join(game_id=followed_joined.pk, user=ben)
    later = tables.game_create(creator=cy, game="toy", players=2)
    started = tables.game_create(creator=ben, game="toy", players=2)
    tables.game_join(game_id=started.pk, user=ana)  # full: started, never listed
    expected = [followed_joined, followed_lone, full_ish, lone, later]
    whole = lists.lobby(user=dee)
    assert [g.pk for g in whole] == [g.pk for g in expected]
    assert [g.by_followed for g in whole] == [True, True, False, False, False]
    for size in range(1, 6):
        assert _walked(dee, size) == [g.pk for g in expected], size
    # a guest, or someone following nobody, sees only the lobby's own order
    guest = [full_ish, followed_joined, lone, followed_lone, later]
    assert [g.pk for g in lists.lobby()] == [g.pk for g in guest]
    for size in range(1, 6):
        assert _walked(None, size) == [g.pk for g in guest], size


def _walked(user, size: int) -> list[int]:
    """The lobby page after page of ``size``, each from the cursor of the one before."""
    walked, after = [], None
    while True:
        page = lists.lobby(user=user, after=after, limit=size)
        walked += [g.pk for g in page]
        if len(page) < size:
            return walked
        after = lists.lobby_cursor(page[-1])


def test_the_lobby_pages_on_from_a_cursor_never_skipping_what_came_before(
    client, toy_game, ana, ben, monkeypatch
):
    """A later page starts where the cursor points (no OFFSET: the tables before it are
    not walked), tables of the same fullness opened at the same moment included; a
    cursor that is not one shows the first page."""
    monkeypatch.setattr(lists, "LOBBY_PAGE", 2)
    opened = [tables.game_create(creator=ana, game="toy", players=3) for _ in range(3)]
    Game.objects.filter(pk__in=[g.pk for g in opened]).update(created_at=opened[0].created_at)
    tables.game_join(game_id=opened[2].pk, user=ben)  # the fullest comes first
    client.force_login(ben)
    first = client.get("/lobby/").content.decode()
    after = first.split('rel="next" href="?after=')[1].split('"')[0]
    with CaptureQueriesContext(connection) as queries:
        second = client.get(f"/lobby/?after={after}").content.decode()
    assert not [q for q in queries if "OFFSET" in q["sql"]]
    order = [opened[2], opened[0], opened[1]]
    assert [f'href="/games/{g.pk}/"' in first for g in order] == [True, True, False]
    assert [f'href="/games/{g.pk}/"' in second for g in order] == [False, False, True]
    assert 'rel="next"' not in second
    for nonsense in ("x", "f9_nope_1", "o1_1.0_", "f" * 80):
        page = client.get(f"/lobby/?after={nonsense}").content.decode()
        assert f'href="/games/{opened[2].pk}/"' in page  # the first page


def test_a_lobby_row_names_who_sits_there_bots_included(client, toy_game, ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=4, bots={"0": "greedy"})
    tables.game_join(game_id=table.pk, user=ben)
    client.force_login(ben)
    row = _lobby(client).split(f'href="/games/{table.pk}/"')[1].split("</li>")[0]
    assert '<span class="game-players">Bot (Medium), ana, ben</span>' in row
    assert "3 of 4 seated" in row and "You sit here" in row
