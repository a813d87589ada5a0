"""A player who chose German gets their mails in German; the others keep English."""

import pytest
from django.core import mail
from django.utils import translation

from tests.games.helpers import act, set_hands
from tests.notifications.helpers import html_of, mails_to

pytestmark = pytest.mark.django_db


def _german(text: str) -> str:
    with translation.override("de"):
        return translation.gettext(text)


def test_a_player_who_chose_german_gets_the_turn_mail_in_german(duo, ana, ben, on_commit):
    ben.language = "de"
    ben.save(update_fields=["language"])
    set_hands(duo, ["green", "green", "red"], ["red", "red", "green"])
    mail.outbox.clear()
    with on_commit():
        act(duo, ana, "play", card="green")
    (message,) = mails_to(ben)
    subject = _german("Your move in %(title)s") % {"title": f"Toy Race #{duo.pk}"}
    assert subject != f"Your move in Toy Race #{duo.pk}"
    assert message.subject.endswith(subject)
    assert subject in message.body and subject in html_of(message)
    assert "It is your move" not in message.body


def test_a_player_who_chose_nothing_gets_english_whatever_the_site_did_last(
    duo, ana, ben, on_commit
):
    set_hands(duo, ["green", "green", "red"], ["red", "red", "green"])
    mail.outbox.clear()
    with translation.override("de"), on_commit():
        act(duo, ana, "play", card="green")
    (message,) = mails_to(ben)
    assert message.subject == f"[Silkroad] Your move in Toy Race #{duo.pk}"
