"""Hostile or broken form posts get a clear 4xx and change nothing."""

import json

import pytest
from django.urls import reverse

from games.models import ChatMessage
from games.play import tables

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"action": "", "version": "0"},
        {"action": "{not json", "version": "0"},
        {"action": "[1, 2]", "version": "0"},
        {"action": '"pass"', "version": "0"},
        {"action": json.dumps({"type": "pass"})},
        {"action": json.dumps({"type": "pass"}), "version": "zero"},
        {"action": json.dumps({"type": "pass"}), "version": "-1"},
        {"action": json.dumps({"type": "pass", "x": "y" * 5000}), "version": "0"},
        {"action": "[" * 3000, "version": "0"},
        {"action": json.dumps({"type": "fly"}), "version": "0"},
        {"action": json.dumps({"type": "pass", "seat": 1.5}), "version": "0"},
    ],
)
def test_broken_action_posts_are_400(as_ana, duo, data):
    response = as_ana.post(reverse("games:act", args=[duo.pk]), data)
    assert response.status_code == 400
    duo.refresh_from_db()
    assert duo.version == 0 and not duo.moves.exists()


@pytest.mark.parametrize("headers", [{}, {"HTTP_HX_REQUEST": "true"}], ids=["form", "htmx"])
def test_a_move_posted_to_a_table_not_yet_started_is_refused_with_the_table(
    as_ana, ana, headers
):
    table = tables.game_create(creator=ana, game="toy", players=2)
    post = {"action": json.dumps({"type": "pass"}), "version": "0"}

    response = as_ana.post(reverse("games:act", args=[table.pk]), post, **headers)

    assert response.status_code == 409
    assert "The game has not started yet." in response.content.decode()
    assert reverse("games:invite", args=[table.invite_code]) in response.content.decode()
    table.refresh_from_db()
    assert table.version == 0 and not table.moves.exists()


def test_posts_to_unknown_games_are_404(as_ana):
    data = {"action": json.dumps({"type": "pass"}), "version": "0"}
    assert as_ana.post(reverse("games:act", args=[999]), data).status_code == 404
    assert as_ana.post("/games/99999999999999999999999/act", data).status_code == 404
    assert as_ana.post(reverse("games:chat", args=[999]), {"text": "x"}).status_code == 404


def test_post_only_endpoints_refuse_get(as_ana, duo):
    for name in ["games:act", "games:deal", "games:chat", "games:join", "games:leave"]:
        assert as_ana.get(reverse(name, args=[duo.pk])).status_code == 405


def test_anonymous_posts_are_sent_to_sign_in(client, duo):
    response = client.post(reverse("games:act", args=[duo.pk]), {})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_an_oversized_chat_message_is_400(as_ana, duo):
    response = as_ana.post(reverse("games:chat", args=[duo.pk]), {"text": "x" * 10_000})
    assert response.status_code == 400
    assert not ChatMessage.objects.exists()


def test_a_huge_form_body_is_refused(as_ana, duo, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    response = as_ana.post(reverse("games:chat", args=[duo.pk]), {"text": "x" * 20_000})
    assert response.status_code == 400
    assert not ChatMessage.objects.exists()
