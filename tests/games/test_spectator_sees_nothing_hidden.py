"""A spectator (a signed-in outsider, or a guest) of a public game of any title sees only
the engine's spectator view: no seat's private log lines, no seed, in the page, the HTMX
poll and the API, at any point of random games."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.engine import LogEntry, registry
from games.engine.contract import fill_names
from games.play import tables
from tests.factories import UserFactory
from tests.games.helpers import play_randomly

pytestmark = pytest.mark.django_db

TITLES = ["silk-road", "samarkand", "merchant-lord"]


def _spectators():
    outsider = Client()
    outsider.force_login(UserFactory(username="watcher"))
    return {"outsider": outsider, "guest": Client()}


def _answers(client, game) -> dict[str, str]:
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    poll = client.get(
        reverse("games:version", args=[game.pk]), {"v": "stale", "c": "0"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    api = client.get(f"/api/games/{game.pk}")
    strip = r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]+'
    return {
        "page": re.sub(strip, r"\1", page),
        "poll": re.sub(strip, r"\1", poll),
        "api": api.content.decode() if api.status_code == 200 else "",
        "api_json": api.json() if api.status_code == 200 else None,
    }


def _private_texts(game, names) -> set[str]:
    """Every seat's private log lines (what only that seat was told)."""
    found = set()
    for move in game.moves.all():
        for data in move.log:
            entry = LogEntry.from_json(data)
            for seat in range(game.players):
                told = entry.for_viewer(seat)
                if told != entry.text:
                    found.add(fill_names(told, names))
    return found


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("moves", [0, 9, 40])
def test_a_spectator_sees_only_the_spectators_view(title, moves, ana, ben):
    table = tables.game_create(creator=ana, game=title, players=2, random_seat_order=False)
    tables.game_join(game_id=table.pk, user=ben)
    game = play_randomly(table, {0: ana, 1: ben}, random.Random(moves), moves)
    rules = registry.get(title)
    secrets = _private_texts(game, ["ana", "ben"])
    for who, client in _spectators().items():
        seen = _answers(client, game)
        if who == "outsider":
            assert seen["api_json"]["view"] == json.loads(json.dumps(rules.view(game.state, None)))
            assert seen["api_json"]["you"] is None and seen["api_json"]["legal_actions"] == []
        for where in ("page", "poll", "api"):
            for secret in secrets:
                assert secret not in seen[where], (who, where, secret)
            for hidden in (str(game.seed), str(game.server_seed), game.seed_nonce):
                assert hidden not in seen[where], (who, where)
