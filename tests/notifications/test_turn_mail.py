from smtplib import SMTPException
from unittest import mock

import pytest
from django.core import mail
from django.test import Client

from accounts.models import SentNotification
from games import tasks
from games.mail import game_mails
from games.play import presence
from tests.games.helpers import act, set_hands
from tests.notifications.conftest import SITE_URL
from tests.notifications.helpers import html_of, mails_to

pytestmark = pytest.mark.django_db


@pytest.fixture
def ben_to_move(duo, ana, on_commit):
    """Ana played green (for 2) and drew; now Ben must move. Mails of the start are dropped."""
    set_hands(duo, ["green", "green", "red"], ["red", "red", "green"])
    duo.refresh_from_db()
    state = duo.state
    state["deck"][-1:] = ["blue"]  # Ana will draw a blue card: only she may know it
    duo.state = state
    duo.save(update_fields=["state"])
    mail.outbox.clear()
    with on_commit():
        act(duo, ana, "play", card="green")
    return duo


def test_the_player_to_move_gets_one_mail_with_game_opponents_and_prompt(ben_to_move, ben):
    (message,) = mails_to(ben)

    assert message.subject == f"[Silkroad] Your move in Toy Race #{ben_to_move.pk}"
    assert "ana" in message.body
    assert "Play a card or pass." in message.body
    assert "ana played green for 2." in message.body
    assert f"{SITE_URL}/games/{ben_to_move.pk}/" in message.body


def test_no_mail_to_the_player_who_just_acted(ben_to_move, ana):
    assert mails_to(ana) == []
    sent = game_mails.notify_turn(
        game_id=ben_to_move.pk, move_seq=1, user_ids=[ana.pk], acted_by_user_id=ana.pk
    )
    assert sent == 0


def test_turn_mail_has_text_and_html_and_unsubscribe_headers(ben_to_move, ben):
    (message,) = mails_to(ben)

    assert "Play a card or pass." in message.body
    html = html_of(message)
    assert "Play a card or pass." in html
    assert f'href="{SITE_URL}/games/{ben_to_move.pk}/"' in html
    unsubscribe = message.extra_headers["List-Unsubscribe"]
    assert unsubscribe.startswith(f"<{SITE_URL}/me/unsubscribe/") and unsubscribe.endswith(">")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = unsubscribe[1:-1]
    assert link in message.body
    assert link in html


def test_the_one_click_header_link_stops_turn_mails(ben_to_move, ben):
    (message,) = mails_to(ben)
    link = message.extra_headers["List-Unsubscribe"][1:-1]

    response = Client(enforce_csrf_checks=True).post(
        link.removeprefix(SITE_URL), {"List-Unsubscribe": "One-Click"}
    )

    assert response.status_code == 200
    ben.refresh_from_db()
    assert ben.turn_mail == "none"


def test_hidden_cards_never_reach_a_mail(ben_to_move, ben):
    (message,) = mails_to(ben)

    assert "ana drew a card." in message.body
    for text in (message.body, html_of(message)):
        assert "drew blue" not in text
        assert "blue" not in text


def test_a_retried_task_sends_nothing_twice(ben_to_move, ben):
    tasks.send_turn_mails.delay(ben_to_move.pk, 1, [ben.pk])
    tasks.send_turn_mails.delay(ben_to_move.pk, 1, [ben.pk])

    assert len(mails_to(ben)) == 1
    assert SentNotification.objects.filter(user=ben, kind="turn", key="1").count() == 1


def test_a_mail_that_failed_to_go_is_not_recorded_so_the_retry_sends_it(duo, ana, ben):
    act(duo, ana, "pass")  # no on-commit capture: nothing queued

    with mock.patch(
        "django.core.mail.EmailMultiAlternatives.send", side_effect=SMTPException("down")
    ):
        with pytest.raises(SMTPException):
            game_mails.notify_turn(game_id=duo.pk, move_seq=1, user_ids=[ben.pk])
    assert not SentNotification.objects.exists()

    assert game_mails.notify_turn(game_id=duo.pk, move_seq=1, user_ids=[ben.pk]) == 1
    assert len(mails_to(ben)) == 1


def test_no_mail_when_the_player_moved_before_the_task_ran(duo, ana, ben):
    act(duo, ana, "pass")
    act(duo, ben, "pass")

    assert game_mails.notify_turn(game_id=duo.pk, move_seq=1, user_ids=[ben.pk]) == 0
    assert mail.outbox == []


@pytest.mark.parametrize("turn_mail", ["none", "digest"])
def test_no_turn_mail_when_switched_off_or_digest(duo, ana, ben, on_commit, turn_mail):
    ben.turn_mail = turn_mail
    ben.save()
    mail.outbox.clear()

    with on_commit():
        act(duo, ana, "pass")

    assert mails_to(ben) == []


def test_names_are_escaped_in_the_html_mail(duo, ana, ben, on_commit):
    # Usernames cannot hold markup through the forms; the mail must not trust that.
    type(ana).objects.filter(pk=ana.pk).update(username="<b>ana</b>")
    mail.outbox.clear()

    with on_commit():
        act(duo, ana, "pass")

    (message,) = mails_to(ben)
    html = html_of(message)
    assert "<b>ana</b>" not in html
    assert "&lt;b&gt;ana&lt;/b&gt;" in html
    assert "<b>ana</b> passed." in message.body  # the text part is plain text


def test_no_turn_mail_while_the_player_has_the_game_open(duo, ana, ben):
    presence.seen(duo.pk, ben)  # ben's page is open (a visit or a poll just now)
    mail.outbox.clear()
    act(duo, ana, "pass")
    assert not [m for m in mail.outbox if "Your move" in m.subject]
