"""Spectators: anyone may watch a public game; the players see how many watch, and who."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _page(client, game) -> str:
    return client.get(reverse("games:game", args=[game.pk])).content.decode()


def test_signed_in_spectators_are_counted_and_named_guests_counted(client, duo, ana, cy):
    watcher = Client()
    watcher.force_login(cy)
    _page(watcher, duo)
    Client(HTTP_USER_AGENT="a guest's browser").get(reverse("games:game", args=[duo.pk]))
    client.force_login(ana)
    page = _page(client, duo)
    assert "2 watching" in page and ">cy</a>" in page and "1 guest" in page


def test_the_players_themselves_are_not_counted_as_watching(client, duo, ana, ben):
    other = Client()
    other.force_login(ben)
    _page(other, duo)
    client.force_login(ana)
    assert "watching" not in _page(client, duo)


def test_a_spectator_polling_stays_counted(client, duo, ana, cy):
    watcher = Client()
    watcher.force_login(cy)
    watcher.get(reverse("games:version", args=[duo.pk]))
    client.force_login(ana)
    assert "1 watching: " in _page(client, duo)


def test_a_guest_polling_a_game_against_the_computer_is_counted_as_watching(client, ana):
    from games.play import presence, tables

    game = tables.game_create(creator=ana, game="toy", players=2, bots=[None, "random"])
    Client().get(reverse("games:version", args=[game.pk]))  # a computer's seat has no user
    assert presence.watchers(game.pk) == ([], 1)


def test_nobody_can_watch_a_private_table_they_were_not_invited_to(client, ana, ben, cy):
    from games.play import tables

    private = tables.game_create(creator=ana, game="toy", players=2, public=False)
    tables.game_join(game_id=private.pk, user=ben, invite_code=private.invite_code)
    client.force_login(cy)
    assert client.get(reverse("games:game", args=[private.pk])).status_code == 404
