"""The play area (games/jinja2/games/play.jinja, with its board and parts) uses no name
its context lacks, as a seated player, a spectator and after the game sees it, and in a
move's HTMX answer: a misspelt name would draw nothing, silently."""

import pytest
from django.template import engines
from django.urls import reverse

from games.play import endings
from tests.factories import UserFactory
from tests.games.helpers import NamesNotGiven

pytestmark = pytest.mark.django_db


@pytest.fixture
def noting(monkeypatch):
    backend = engines["jinja2"]
    monkeypatch.setattr(backend, "env", backend.env.overlay(undefined=NamesNotGiven))
    NamesNotGiven.found = set()
    return NamesNotGiven.found


def test_the_play_area_uses_only_names_it_is_given(client, duo, ana, ben, noting):
    page = reverse("games:game", args=[duo.pk])
    client.force_login(ana)
    assert client.get(page).status_code == 200
    answer = client.post(
        reverse("games:act", args=[duo.pk]),
        {"action": '{"type": "pass"}', "version": 0},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200 and 'id="play"' in answer.content.decode()
    client.force_login(UserFactory(username="watcher"))
    assert client.get(page).status_code == 200
    endings.game_resign(game_id=duo.pk, user=ben)
    client.force_login(ana)
    assert "Rematch" in client.get(page).content.decode()
    # Flags only the poll's answer sets (games.web.views._changed_parts): swap out of band.
    assert not noting - {"oob", "poll_oob"}
