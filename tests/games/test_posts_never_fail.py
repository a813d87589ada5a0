"""Every post on a game, by every kind of visitor, on every kind of table, plain and with
HTMX, with an empty body and with a plausible one: the answer is a page, a redirect or a
clear refusal, never a server error, and never shows a name its template cannot find (a
post that cannot be made changes nothing, which the other tests check route by route)."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from games.play import tables
from tests.factories import UserFactory
from tests.games.helpers import act
from tests.unknown_names import show_unknown_names, unknown_names

pytestmark = pytest.mark.django_db

ROUTES = (
    "come_back", "act", "deal", "chat", "join", "leave", "cancel", "invite_people",
    "resign", "vote_end", "rematch",
)  # fmt: skip
KINDS = ("open", "running", "private", "finished", "cancelled")
BODIES = (
    {},
    {
        "action": json.dumps({"type": "pass"}),
        "version": "1",
        "text": "hello",
        "to": "1",
        "invite": "nobody@example.com",
        "deal": "{}",
    },
)


def _table(kind: str, ana, ben) -> Game:
    if kind in ("open", "private"):
        return tables.game_create(creator=ana, game="toy", players=3, public=kind == "open")
    game = tables.game_create(creator=ana, game="toy", players=2, random_seat_order=False)
    if kind == "cancelled":
        tables.game_cancel(game_id=game.pk, user=ana)
        return game
    tables.game_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    game = act(game, ana, "pass")
    if kind == "finished":
        Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    return game


@pytest.mark.parametrize("kind", KINDS)
def test_no_post_on_a_game_answers_with_a_server_error(kind, ana, ben, settings, monkeypatch):
    show_unknown_names(settings, monkeypatch)
    outsider = UserFactory(username="outsider")
    visitors = {"seated": ana, "other player": ben, "outsider": outsider, "guest": None}
    failed = []
    for who, user in visitors.items():
        client = Client(raise_request_exception=False)
        if user is not None:
            client.force_login(user)
        for route in ROUTES:
            for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
                for body in BODIES:
                    game = _table(kind, ana, ben)
                    url = reverse(f"games:{route}", args=[game.pk])
                    answer = client.post(url, body, **headers)
                    unknown = unknown_names(answer.content.decode(errors="replace"))
                    if answer.status_code >= 500 or unknown:
                        failed.append(
                            (who, route, bool(headers), bool(body), answer.status_code, unknown)
                        )
    assert not failed, failed
