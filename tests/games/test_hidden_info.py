"""No page or API answer shows another seat's hidden cards.

Two checks per game: what seat 0 is shown must not change when seat 1's hidden hand (and
the deck order) changes, and no private log text of seat 1 reaches seat 0.
"""

import json
import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.engine import LogEntry
from games.engine.contract import fill_names
from games.models import Game
from games.play import tables
from tests.games.helpers import play_randomly

pytestmark = pytest.mark.django_db


def _toy_swap(state):
    state["hands"][1] = (
        ["red"] * len(state["hands"][1])
        if "red" not in state["hands"][1]
        else ["blue"] * len(state["hands"][1])
    )
    state["deck"].reverse()


def _silk_road_swap(state):
    from games.engine.silk_road import data

    hand = state["hands"][1]
    total = sum(hand.values())
    other = next(kind for kind in data.KINDS if kind not in hand)
    state["hands"][1] = {other: total} if total else {}
    state["deck"].reverse()


SWAPS = {"toy": _toy_swap, "silk-road": _silk_road_swap}


def _start(slug, ana, ben, moves, seed):
    table = tables.game_create(creator=ana, game=slug, players=2, random_seat_order=False)
    tables.game_join(game_id=table.pk, user=ben)
    return play_randomly(table, {0: ana, 1: ben}, random.Random(seed), moves)


def _seen_by(client, game):
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    page = re.sub(r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]+', r"\1", page)
    api = client.get(f"/api/games/{game.pk}").json()
    return page, api


@pytest.mark.parametrize("slug", list(SWAPS))
@pytest.mark.parametrize("moves", [0, 7, 23])
def test_seat_zero_sees_nothing_of_seat_ones_hand(slug, moves, ana, ben):
    game = _start(slug, ana, ben, moves, seed=moves)
    client = Client()
    client.force_login(ana)
    before = _seen_by(client, game)
    state = game.state
    SWAPS[slug](state)
    Game.objects.filter(pk=game.pk).update(state=state)
    after = _seen_by(client, game)
    assert before[1] == after[1]
    assert before[0] == after[0]


@pytest.mark.parametrize("slug", list(SWAPS))
def test_private_log_lines_stay_private(slug, ana, ben):
    game = _start(slug, ana, ben, moves=30, seed=5)
    client = Client()
    client.force_login(ana)
    page, api = _seen_by(client, game)
    api_text = json.dumps(api)
    names = ["ana", "ben"]
    secrets = set()
    for move in game.moves.all():
        for data in move.log:
            entry = LogEntry.from_json(data)
            private = entry.for_viewer(1)
            if private != entry.text and private != entry.for_viewer(0):
                secrets.add(fill_names(private, names))
    for secret in secrets:
        assert secret not in api_text
        assert secret not in page
