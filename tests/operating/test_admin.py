"""The admin: staff look at players, tables, moves, tokens and mail; the record stays intact."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import ApiToken
from games.models import Game, Move
from tests.factories import UserFactory
from tests.games.helpers import act

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client):
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(admin)
    return client


MODELS = [
    "accounts/user",
    "accounts/apitoken",
    "accounts/sentnotification",
    "accounts/mailoptout",
    "games/game",
    "games/move",
    "games/lognote",
    "games/chatmessage",
    "games/vacation",
    "games/outboxevent",
]


@pytest.mark.parametrize("model", MODELS)
def test_every_changelist_opens(staff, model, make_game, ana, ben):
    make_game(ana, ben)
    assert staff.get(f"/admin/{model}/").status_code == 200


def test_a_game_in_play_hides_its_seed_and_snapshot_and_cannot_be_edited(
    staff, make_game, ana, ben
):
    game = make_game(ana, ben)
    act(game, ana, "pass")
    page = staff.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert "hidden until the end" in page and str(game.seed) not in page
    assert "hidden while the game is in play" in page
    assert staff.post(reverse("admin:games_game_change", args=[game.pk]), {}).status_code == 403


def test_moves_are_read_only(staff, make_game, ana, ben):
    game = make_game(ana, ben)
    act(game, ana, "pass")
    move = Move.objects.get(game=game)
    assert staff.get(reverse("admin:games_move_change", args=[move.pk])).status_code == 200
    assert staff.get(reverse("admin:games_move_add")).status_code == 403
    assert (
        staff.post(reverse("admin:games_move_delete", args=[move.pk]), {"post": "yes"}).status_code
        == 403
    )
    assert Move.objects.filter(pk=move.pk).exists()


def test_staff_can_revoke_a_token(staff, ana):
    token, _ = ApiToken.issue(user=ana, name="laptop")
    staff.post(
        reverse("admin:accounts_apitoken_changelist"),
        {"action": "revoke", "_selected_action": [token.pk]},
    )
    token.refresh_from_db()
    assert token.revoked_at is not None


def test_a_finished_game_shows_its_seed(staff, make_game, ana, ben):
    game = make_game(ana, ben)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    page = staff.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert str(game.seed) in page


def test_deleting_a_player_who_sits_at_a_game_is_refused_and_the_game_keeps_its_seat(
    staff, make_game, ana, ben
):
    game = make_game(ana, ben)  # Ana opened it; Ben only sits there
    page = staff.post(reverse("admin:accounts_user_delete", args=[ben.pk]), {"post": "yes"})
    assert page.status_code == 200  # the admin explains what protects him
    assert "Cannot delete" in page.content.decode()
    assert game.seats.filter(user=ben).exists()
