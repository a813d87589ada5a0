import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import MailOptOut, Notification
from accounts.unsubscribe import unsubscribe_token, unsubscribe_url

pytestmark = pytest.mark.django_db


def _url(**kwargs) -> str:
    return reverse("accounts:unsubscribe", args=[unsubscribe_token(**kwargs)])


def test_unsubscribe_links_are_absolute_from_site_url(user, settings):
    settings.SITE_URL = "https://silkroad.example"

    url = unsubscribe_url(kind=Notification.TURN, user=user)

    assert url.startswith("https://silkroad.example/me/unsubscribe/")


def test_following_the_link_only_asks(client, user):
    response = client.get(_url(kind=Notification.GAME_OVER, user=user))

    assert response.status_code == 200
    assert b"Unsubscribe</button>" in response.content
    user.refresh_from_db()
    assert user.notify_game_over


def test_one_click_post_without_login_or_csrf_switches_the_mail_off(user):
    client = Client(enforce_csrf_checks=True)

    response = client.post(
        _url(kind=Notification.GAME_OVER, user=user), {"List-Unsubscribe": "One-Click"}
    )

    assert response.status_code == 200
    user.refresh_from_db()
    assert not user.notify_game_over
    assert user.notify_started  # only that kind
    assert "_auth_user_id" not in client.session


def test_a_post_with_no_body_works_too(user):
    client = Client(enforce_csrf_checks=True)

    response = client.generic("POST", _url(kind=Notification.OFFER, user=user))

    assert response.status_code == 200
    user.refresh_from_db()
    assert not user.notify_offer


def test_unsubscribing_twice_is_harmless(client, user):
    url = _url(kind=Notification.INVITED, user=user)

    first, second = client.post(url), client.post(url)

    assert first.status_code == second.status_code == 200
    user.refresh_from_db()
    assert not user.notify_invited
    assert b"Done" in second.content
    assert b"Done" in client.get(url).content


def test_turn_mail_unsubscribe_stops_every_turn_mail(client, user):
    user.turn_mail = "digest"
    user.save()

    client.post(_url(kind=Notification.TURN, user=user))

    user.refresh_from_db()
    assert user.turn_mail == "none"


def test_a_tampered_link_is_refused(client, user):
    token = unsubscribe_token(kind=Notification.TURN, user=user)
    forged = token[:-3] + ("aaa" if not token.endswith("aaa") else "bbb")

    for method in (client.get, client.post):
        response = method(reverse("accounts:unsubscribe", args=[forged]))
        assert response.status_code == 400
    user.refresh_from_db()
    assert user.turn_mail == "each"


def test_a_link_signed_for_something_else_is_refused(client, user):
    from django.core import signing

    token = signing.dumps({"u": user.pk, "k": "turn"}, salt="some.other.purpose")

    assert client.post(reverse("accounts:unsubscribe", args=[token])).status_code == 400


def test_an_invited_stranger_can_refuse_all_invitations(client):
    url = _url(kind=Notification.INVITED, email="Stranger@Example.com")

    assert b"stranger@example.com" in client.get(url).content
    client.post(url)
    client.post(url)

    assert list(MailOptOut.objects.values_list("email", flat=True)) == ["stranger@example.com"]
