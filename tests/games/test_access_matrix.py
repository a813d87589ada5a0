"""Who may see what: every reading route × every kind of visitor × every kind of table.

Visitors: the seated player, the other player, an outsider (signed in, not seated), a guest
and a revoked API token. Tables: open, running, private (with a bot seat, whose empty user
must never match a guest), finished, cancelled. Each answer is checked for its status and
for what must never be in it: the other seat's hand, the seed, a private table's invite
code, a private table's very existence.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client

from accounts.models import ApiToken
from games.models import Game
from games.play import tables
from tests.factories import UserFactory
from tests.games.helpers import act, set_hands

pytestmark = pytest.mark.django_db

ROLES = ("seated", "other player", "outsider", "guest", "revoked token")
KINDS = ("open", "running", "private", "finished", "cancelled")
SECRET_HAND = ["blue", "blue", "blue", "green"]  # ben's hand: ana must never see it


@pytest.fixture
def world(ana, ben):
    made = {}
    made["open"] = tables.game_create(creator=ana, game="toy", players=3)
    running = tables.game_create(creator=ana, game="toy", players=2, random_seat_order=False)
    tables.game_join(game_id=running.pk, user=ben)
    running.refresh_from_db()
    set_hands(running, ["red"], SECRET_HAND)
    made["running"] = act(running, ana, "pass")
    made["private"] = tables.game_create(
        creator=ana, game="toy", players=3, public=False, bots=[None, "random", None]
    )
    finished = tables.game_create(creator=ana, game="toy", players=2, random_seat_order=False)
    tables.game_join(game_id=finished.pk, user=ben)
    Game.objects.filter(pk=finished.pk).update(status=Game.Status.FINISHED)
    made["finished"] = finished
    cancelled = tables.game_create(creator=ana, game="toy", players=2)
    tables.game_cancel(game_id=cancelled.pk, user=ana)
    made["cancelled"] = cancelled
    return made


def visitor(role, ana, ben) -> tuple[Client, dict]:
    client, headers = Client(), {}
    if role == "seated":
        client.force_login(ana)
    elif role == "other player":
        client.force_login(ben)
    elif role == "outsider":
        client.force_login(UserFactory(username="outsider"))
    elif role == "revoked token":
        token, key = ApiToken.issue(user=ana, name="old")
        token.revoke()
        headers = {"Authorization": f"Bearer {key}"}
    return client, headers


def may_see(role: str, kind: str) -> bool:
    """Public tables are open to all; the private one to its seated player only."""
    if kind == "private":
        return role == "seated"
    return True


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("kind", KINDS)
def test_who_sees_which_table(world, ana, ben, role, kind):
    game = Game.objects.get(pk=world[kind].pk)  # as stored now: status, seed
    client, headers = visitor(role, ana, ben)
    seen = may_see(role, kind)
    answers = {
        "page": client.get(f"/games/{game.pk}/", headers=headers),
        "poll": client.get(f"/games/{game.pk}/version", headers=headers),
        "htmx poll": client.get(
            f"/games/{game.pk}/version?v=x&c=0", headers={**headers, "HX-Request": "true"}
        ),
        "api": client.get(f"/api/games/{game.pk}", headers=headers),
        "api chat": client.get(f"/api/games/{game.pk}/chat", headers=headers),
        "check": client.get(f"/games/{game.pk}/check", headers=headers),
    }
    for route, response in answers.items():
        assert response.status_code < 500, (route, response.status_code)
        if route.startswith("api"):
            signed_in = role in ("seated", "other player", "outsider")
            expected = (200 if seen else 404) if signed_in else 401
            assert response.status_code == expected, (route, response.status_code)
        elif not seen:
            assert response.status_code == 404, (route, response.status_code)
        else:
            assert response.status_code in (200, 204), (route, response.status_code)
        body = response.content.decode()
        if game.status != Game.Status.FINISHED:  # revealed at the end, never before
            for secret in (str(game.seed), str(game.server_seed), game.seed_nonce):
                assert secret not in body, route
        if kind == "private" and not seen:
            assert game.invite_code not in body
    if kind == "running" and role != "other player":
        for route in ("page", "api"):
            assert not _shows_bens_hand(answers[route]), (route, role)


def _shows_bens_hand(response) -> bool:
    if response.status_code != 200:
        return False
    if response["Content-Type"].startswith("application/json"):
        view = response.json().get("view") or {}
        return view.get("hand") == sorted(SECRET_HAND)
    return json.dumps(sorted(SECRET_HAND)) in response.content.decode()


def test_the_other_player_does_see_their_own_hand(world, ana, ben):
    client, _ = visitor("other player", ana, ben)
    view = client.get(f"/api/games/{world['running'].pk}").json()["view"]
    assert view["hand"] == sorted(SECRET_HAND)
    assert view["hand_sizes"] == [2, 4]  # ana passed and drew one
