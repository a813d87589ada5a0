"""Since your last turn: what the others did is summed up on the page and in the turn
mail, from the player's own view, and the marks clear once the player acts."""

from __future__ import annotations

import pytest
from django.core import mail
from django.core.cache import cache
from django.urls import reverse

from tests.games.helpers import act

pytestmark = pytest.mark.django_db


def _page(client, game) -> str:
    return client.get(reverse("games:game", args=[game.pk])).content.decode()


def test_the_page_sums_up_the_others_moves_and_clears_after_acting(client, duo, ana, ben):
    act(duo, ana, "pass")
    client.force_login(ben)
    page = _page(client, duo)
    assert "1 move since your last turn" in page
    assert "ana passed" in page and 'class="new"' in page
    act(duo, ben, "pass")
    page = _page(client, duo)
    assert "since your last turn" not in page and 'class="new"' not in page


def test_the_summary_shows_only_what_the_player_may_see(client, duo, ana, ben):
    act(duo, ana, "pass")  # ana draws: only she learns which card
    drawn = [e for e in duo.moves.get(seq=1).log if e["private"]][0]
    secret = drawn["private"]["0"].replace("{p0}", "ana")
    client.force_login(ben)
    assert secret not in _page(client, duo)


def test_the_turn_mail_says_what_happened_since_the_last_move(
    duo, ana, ben, django_capture_on_commit_callbacks
):
    act(duo, ana, "pass")
    act(duo, ben, "pass")
    cache.clear()  # ben has closed the game since (a page open gets no turn mail)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        act(duo, ana, "pass")
    (turn,) = [m for m in mail.outbox if "Your move" in m.subject]
    assert turn.to == [ben.email]
    assert "Since your last move (1 move by the others):" in turn.body
    assert "ana passed" in turn.body
