"""The broker unreachable when a move commits: the player's move stands, with no error (it
never talks to the broker: its mail is left to the relay), and the mail goes out once the
broker is back."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from games import events
from games.models import Game, OutboxEvent
from silkroad.celery import app
from tests.faults.conftest import new_pools, tasks_sent_to

pytestmark = pytest.mark.django_db(transaction=True)  # real commits, as in production


@pytest.fixture
def unreachable_broker():
    """A broker that refuses connections (nothing listens on port 1), tried once."""
    with tasks_sent_to("redis://127.0.0.1:1/0", task_publish_retry=False):
        yield


def test_a_move_made_while_the_broker_is_down_stands_and_its_mail_follows(
    client, duo, ana, ben, unreachable_broker, time_machine
):
    mail.outbox.clear()
    OutboxEvent.objects.update(delivered_at=timezone.now())  # the start was told already
    client.force_login(ana)
    response = client.post(
        reverse("games:act", args=[duo.pk]),
        {"action": '{"type": "pass"}', "version": "0"},
    )
    assert response.status_code == 302  # no error reaches the player
    assert Game.objects.get(pk=duo.pk).version == 1
    pending = OutboxEvent.objects.get(name="move_made")
    assert pending.delivered_at is None and pending.attempts == 0  # left to the relay
    assert events.relay() == 0  # its run while the broker is down
    pending.refresh_from_db()
    assert pending.delivered_at is None and pending.attempts == 1

    app.conf.update(broker_url="memory://", task_always_eager=True)  # the broker is back
    new_pools()
    time_machine.move_to(timezone.now() + events.REDELIVER_AFTER + timedelta(seconds=1))
    assert events.redeliver() == 1
    assert [m.to for m in mail.outbox if "Your move" in m.subject] == [[ben.email]]
    assert events.redeliver() == 0  # delivered once
