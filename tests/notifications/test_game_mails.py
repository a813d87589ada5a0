import pytest
from django.core import mail

from accounts.models import MailOptOut, SentNotification
from games.mail import game_mails
from games.play import tables
from tests.factories import UserFactory
from tests.games.helpers import act, set_hands
from tests.notifications.conftest import SITE_URL
from tests.notifications.helpers import html_of, mails_to

pytestmark = pytest.mark.django_db


def _kinds(user) -> list[str]:
    return list(SentNotification.objects.filter(user=user).values_list("kind", flat=True))


# --- game started ---------------------------------------------------------------------


def test_everyone_hears_that_the_game_started_and_who_moves_first(make_game, ana, ben, on_commit):
    with on_commit():
        game = make_game(ana, ben)

    (to_ana,) = mails_to(ana)
    (to_ben,) = mails_to(ben)
    assert to_ana.subject == f"[Silkroad] Toy Race #{game.pk} has started"
    assert "You move first: Play a card or pass." in to_ana.body
    assert "You move first" not in to_ben.body
    assert "Waiting for ana." in to_ben.body
    assert "you play with ben" in to_ana.body
    assert "Play your move" in html_of(to_ana)


def test_without_start_mails_the_first_player_still_gets_a_turn_mail(
    make_game, ana, ben, on_commit
):
    ana.notify_started = False
    ana.save()
    ben.notify_started = False
    ben.save()

    with on_commit():
        game = make_game(ana, ben)

    (to_ana,) = mails_to(ana)
    assert to_ana.subject == f"[Silkroad] Your move in Toy Race #{game.pk}"
    assert mails_to(ben) == []


# --- offers ---------------------------------------------------------------------------


def test_an_offer_is_told_once_to_whom_it_is_made(duo, ana, ben, on_commit):
    set_hands(duo, ["red", "green", "green"], ["green", "blue", "blue"])
    mail.outbox.clear()

    with on_commit():
        act(duo, ana, "offer", to=1, give_cards=["red"], get_cards=["green"])

    (to_ben,) = mails_to(ben)
    assert to_ben.subject == f"[Silkroad] ana made you an offer in Toy Race #{duo.pk}"
    assert "ana offered ben 1 card for 1 card." in to_ben.body  # the public line only
    assert "Answer the offer." in to_ben.body
    assert _kinds(ben) == ["offer"]  # no turn mail on top of it
    assert mails_to(ana) == []


def test_without_offer_mails_the_turn_mail_tells_of_the_offer(duo, ana, ben, on_commit):
    ben.notify_offer = False
    ben.save()
    set_hands(duo, ["red", "green", "green"], ["green", "blue", "blue"])
    mail.outbox.clear()

    with on_commit():
        act(duo, ana, "offer", to=1, give_cards=["red"], get_cards=[])

    (to_ben,) = mails_to(ben)
    assert to_ben.subject.startswith("[Silkroad] Your move in")
    assert "Answer the offer." in to_ben.body


# --- game over ------------------------------------------------------------------------


def test_everyone_gets_the_result_when_the_game_ends(duo, ana, ben, on_commit):
    set_hands(duo, ["blue", "red", "red"], ["red", "red", "red"], scores=[8, 3])
    mail.outbox.clear()

    with on_commit():
        act(duo, ana, "play", card="blue")

    (to_ana,) = mails_to(ana)
    (to_ben,) = mails_to(ben)
    assert to_ben.subject == f"[Silkroad] Toy Race #{duo.pk} is over: ana won"
    for message in (to_ana, to_ben):
        assert "The target score was reached." in message.body
        assert "1. ana: 11" in message.body
        assert "2. ben: 3" in message.body
        assert ">11</td>" in html_of(message)
    assert "turn" not in _kinds(ben)


def test_no_result_mail_when_switched_off(duo, ana, ben, on_commit):
    set_hands(duo, ["blue", "red", "red"], ["red", "red", "red"], scores=[8, 3])
    ben.notify_game_over = False
    ben.save()
    mail.outbox.clear()

    with on_commit():
        act(duo, ana, "play", card="blue")

    assert mails_to(ben) == []
    assert len(mails_to(ana)) == 1


# --- invitations ----------------------------------------------------------------------


def test_an_invited_player_gets_the_invite_link(ana, ben, on_commit):
    with on_commit():
        game = tables.game_create(creator=ana, game="toy", players=3, public=False, invite=["ben"])

    (to_ben,) = mails_to(ben)
    assert to_ben.subject == "[Silkroad] ana invited you to play Toy Race"
    assert f"{SITE_URL}/join/{game.invite_code}" in to_ben.body
    assert "1 seated so far" in to_ben.body
    assert to_ben.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_an_address_without_an_account_is_invited_once(ana, on_commit):
    with on_commit():
        game = tables.game_create(creator=ana, game="toy", players=2, invite=["Friend@Example.com"])
    game_mails.notify_invited(game_id=game.pk, email_or_user_id="Friend@Example.com")

    (message,) = mails_to("friend@example.com")
    assert "signing up" in message.body
    assert f"{SITE_URL}/join/{game.invite_code}" in html_of(message)
    assert message.extra_headers["List-Unsubscribe"].startswith(f"<{SITE_URL}/me/unsubscribe/")


def test_an_address_that_opted_out_gets_no_invitations(ana, on_commit):
    MailOptOut.objects.create(email="friend@example.com")

    with on_commit():
        tables.game_create(creator=ana, game="toy", players=2, invite=["friend@example.com"])

    assert mail.outbox == []


def test_no_invitation_when_switched_off(ana, ben, on_commit):
    ben.notify_invited = False
    ben.save()

    with on_commit():
        tables.game_create(creator=ana, game="toy", players=2, invite=["ben"])

    assert mail.outbox == []


def test_an_inactive_account_gets_no_mail(make_game, ana, on_commit):
    gone = UserFactory(username="gone", is_active=False)

    with on_commit():
        make_game(ana, gone)

    assert mails_to(gone) == []
