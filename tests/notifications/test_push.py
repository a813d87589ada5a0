"""Web Push: "your move" on the devices a player opted in, by the turn mail's rules."""

from __future__ import annotations

import json
from unittest import mock

import pytest
from django.core import mail
from django.urls import reverse
from pywebpush import WebPushException

from accounts import push
from accounts.models import PushSubscription
from games.mail import game_mails
from games.play import presence
from tests.games.helpers import act, set_hands
from tests.notifications.helpers import mails_to

pytestmark = pytest.mark.django_db

PUBLIC, PRIVATE = push.new_keys()
SUBSCRIPTION = {
    "endpoint": "https://push.example/send/abc123",
    "keys": {
        "p256dh": "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        "auth": "tBHItJI5svbpez7KI4CCXg",
    },
}


@pytest.fixture(autouse=True)
def keys(settings):
    settings.WEBPUSH_VAPID_PUBLIC_KEY = PUBLIC
    settings.WEBPUSH_VAPID_PRIVATE_KEY = PRIVATE


@pytest.fixture
def pushed():
    with mock.patch("accounts.push.webpush") as webpush:
        yield webpush


def _subscribe(client, user, data=SUBSCRIPTION):
    client.force_login(user)
    return client.post(
        reverse("accounts:push_subscribe"), json.dumps(data), content_type="application/json"
    )


def _ben_to_move(duo, ana, on_commit):
    set_hands(duo, ["green", "green", "red"], ["red", "red", "green"])
    mail.outbox.clear()
    with on_commit():
        act(duo, ana, "play", card="green")


def test_a_device_opts_in_from_settings(client, ben):
    client.force_login(ben)
    page = client.get(reverse("accounts:settings")).content.decode()
    assert f'data-push-key="{PUBLIC}"' in page and "Notifications on this device" in page
    response = _subscribe(client, ben)
    assert response.status_code == 201 and response.json() == {"devices": 1}
    assert PushSubscription.objects.get().user == ben


def test_without_keys_settings_offers_no_notifications(client, ben, settings):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    client.force_login(ben)
    assert (
        "Notifications on this device"
        not in client.get(reverse("accounts:settings")).content.decode()
    )
    assert _subscribe(client, ben).status_code == 400


@pytest.mark.parametrize(
    "data",
    [
        {"endpoint": "http://push.example/plain-http", "keys": SUBSCRIPTION["keys"]},
        {"endpoint": SUBSCRIPTION["endpoint"]},
        {"endpoint": SUBSCRIPTION["endpoint"], "keys": {"p256dh": "", "auth": "x"}},
        {"endpoint": SUBSCRIPTION["endpoint"], "keys": {"p256dh": "!!!", "auth": "x"}},
        ["not", "an", "object"],
    ],
)
def test_a_bad_subscription_is_a_clear_400_and_stores_nothing(client, ben, data):
    response = _subscribe(client, ben, data)
    assert response.status_code == 400 and response.json()["detail"]
    assert not PushSubscription.objects.exists()


def test_a_device_opts_out(client, ben):
    _subscribe(client, ben)
    response = client.post(
        reverse("accounts:push_unsubscribe"),
        json.dumps({"endpoint": SUBSCRIPTION["endpoint"]}),
        content_type="application/json",
    )
    assert response.json() == {"devices": 0}


def test_signed_out_nobody_can_subscribe(client):
    response = client.post(
        reverse("accounts:push_subscribe"),
        json.dumps(SUBSCRIPTION),
        content_type="application/json",
    )
    assert response.status_code == 302 and not PushSubscription.objects.exists()


def test_the_player_to_move_gets_one_push_saying_what_happened(
    client, duo, ana, ben, on_commit, pushed
):
    _subscribe(client, ben)
    _ben_to_move(duo, ana, on_commit)
    (call,) = pushed.call_args_list
    payload = json.loads(call.kwargs["data"])
    assert payload["title"] == f"Your move in Toy Race #{duo.pk}"
    assert "ana played green for 2." in payload["body"]
    assert payload["url"].endswith(f"/games/{duo.pk}/")
    assert "blue" not in payload["body"] and "drew a blue" not in payload["body"]
    # a retried task pushes nothing twice
    game_mails.notify_turn(game_id=duo.pk, move_seq=1, user_ids=[ben.pk], acted_by_user_id=ana.pk)
    assert pushed.call_count == 1


def test_no_push_while_the_game_is_open_in_front_of_them(client, duo, ana, ben, on_commit, pushed):
    _subscribe(client, ben)
    presence.seen(duo.pk, ben)
    _ben_to_move(duo, ana, on_commit)
    assert pushed.call_count == 0 and mails_to(ben) == []


def test_a_device_the_push_service_says_is_gone_is_forgotten(
    client, duo, ana, ben, on_commit, pushed
):
    _subscribe(client, ben)
    pushed.side_effect = WebPushException("gone", response=mock.Mock(status_code=410))
    _ben_to_move(duo, ana, on_commit)
    assert not PushSubscription.objects.exists()
    assert len(mails_to(ben)) == 1


def test_a_failing_push_service_never_holds_back_the_turn_mail(
    client, duo, ana, ben, on_commit, pushed
):
    _subscribe(client, ben)
    pushed.side_effect = WebPushException("busy", response=mock.Mock(status_code=503))
    _ben_to_move(duo, ana, on_commit)
    assert len(mails_to(ben)) == 1
    assert PushSubscription.objects.count() == 1


def test_a_push_goes_even_to_a_player_who_turned_turn_mail_off(
    client, duo, ana, ben, on_commit, pushed
):
    ben.turn_mail = ben.TurnMail.NONE
    ben.save()
    _subscribe(client, ben)
    _ben_to_move(duo, ana, on_commit)
    assert pushed.call_count == 1 and mails_to(ben) == []
