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
