"""Finding a game: the lobby's filters, quick match, and following players."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import Follow
from games.models import Game
from games.play import tables
from tests.factories import UserFactory

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
