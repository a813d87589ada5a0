"""Endings that lead somewhere: a proposal to end is answered Agree or Decline."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.errors import Conflict
from games.models import LogNote
from games.play import endings

pytestmark = pytest.mark.django_db


def test_the_others_are_asked_to_agree_or_decline_a_proposal_to_end(client, duo, ana, ben):
    endings.game_vote_end(game_id=duo.pk, user=ana)
    client.force_login(ben)
    page = client.get(reverse("games:game", args=[duo.pk])).content.decode()
    assert "propose to end the game without a result" in page
    assert "Agree to end" in page and "Decline: play on" in page


def test_declining_clears_the_proposal_and_play_goes_on(client, duo, ana, ben):
    endings.game_vote_end(game_id=duo.pk, user=ana)
    client.force_login(ben)
    client.post(reverse("games:vote_end", args=[duo.pk]), {"decline": "1"})
    duo.refresh_from_db()
    assert duo.status == "active" and not duo.seats.filter(wants_end=True).exists()
    assert LogNote.objects.filter(game=duo, text__contains="declines to end").exists()
    page = client.get(reverse("games:game", args=[duo.pk])).content.decode()
    assert "Agree to end" not in page


def test_agreeing_ends_the_game_by_agreement(client, duo, ana, ben):
    endings.game_vote_end(game_id=duo.pk, user=ana)
    client.force_login(ben)
    client.post(reverse("games:vote_end", args=[duo.pk]), {"agree": "1"})
    duo.refresh_from_db()
    assert duo.status == "finished" and duo.result["termination"] == "agreed"


def test_nothing_to_decline_without_a_proposal(duo, ben):
    with pytest.raises(Conflict):
        endings.game_decline_end(game_id=duo.pk, user=ben)


def _finished(duo, ana, ben):
    endings.game_resign(game_id=duo.pk, user=ben)
    duo.refresh_from_db()
    return duo


def test_a_rematch_is_offered_to_the_others_and_starts_when_they_accept(
    client, duo, ana, ben, django_capture_on_commit_callbacks
):
    from django.core import mail

    from games.models import Game

    game = _finished(duo, ana, ben)
    client.force_login(ana)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert ">Rematch</button>" in page and "Next game" in page
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("games:rematch", args=[game.pk]))
    rematch = Game.objects.get(rematch_of=game)
    assert response.url == reverse("games:game", args=[rematch.pk])
    assert rematch.status == "open" and not rematch.is_public
    assert (rematch.game, rematch.players, rematch.options) == (game.game, 2, game.options)
    assert [m.to for m in mail.outbox] == [[ben.email]]  # ben is invited

    client.force_login(ben)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "Accept ana&#x27;s rematch" in page or "Accept ana's rematch" in page
    client.post(reverse("games:rematch", args=[game.pk]))
    rematch.refresh_from_db()
    assert rematch.status == "active"
    assert set(rematch.seats.values_list("user__username", flat=True)) == {"ana", "ben"}
    client.post(reverse("games:rematch", args=[game.pk]))  # asking again changes nothing
    assert Game.objects.filter(rematch_of=game).count() == 1


def test_a_rematch_keeps_the_computer_players(ana, toy_game):
    from games.models import Game
    from games.play import tables

    game = tables.game_create(creator=ana, game="toy", players=3, bots=[None, "random", "greedy"])
    endings.game_resign(game_id=game.pk, user=ana)
    rematch = tables.game_rematch(game_id=game.pk, user=ana)
    assert rematch.status == Game.Status.ACTIVE  # nobody else to wait for
    levels = sorted(s.controller_level for s in rematch.seats.all() if s.is_bot)
    assert levels == ["greedy", "random"]


def test_only_players_of_a_finished_game_can_ask_for_a_rematch(client, duo, ana, ben, cy):
    client.force_login(ana)
    assert client.post(reverse("games:rematch", args=[duo.pk])).status_code == 409  # not over
    _finished(duo, ana, ben)
    client.force_login(cy)
    assert client.post(reverse("games:rematch", args=[duo.pk])).status_code == 403


def test_next_game_goes_to_the_game_waiting_longest_for_me(client, duo, ana):
    client.force_login(ana)
    assert client.get(reverse("games:next_game")).url == reverse("games:game", args=[duo.pk])
    act_pass = reverse("games:act", args=[duo.pk])
    client.post(act_pass, {"action": '{"type": "pass"}', "version": "0"})
    assert client.get(reverse("games:next_game")).url == reverse("games:lobby")


def test_a_game_ended_by_agreement_shows_no_empty_score_table(client, duo, ana, ben):
    endings.game_vote_end(game_id=duo.pk, user=ana)
    endings.game_vote_end(game_id=duo.pk, user=ben)
    client.force_login(ana)
    page = client.get(reverse("games:game", args=[duo.pk])).content.decode()
    assert "No winner" in page and '<table class="scores">' not in page


def test_unknown_pages_answer_in_the_sites_style(client):
    page = client.get("/no/such/page/")
    assert page.status_code == 404 and "Nothing here" in page.content.decode()
    assert "favicon.svg" in page.content.decode()
