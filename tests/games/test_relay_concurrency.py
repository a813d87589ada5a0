"""Relays and redeliveries running in several workers at once: each event is handed over
once. Needs PostgreSQL (row locks, ``SKIP LOCKED``, one connection per thread)."""

import threading
import time
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from games import events
from games.models import OutboxEvent
from tests.concurrency import at_once, require_postgres

EVENTS = 40


@pytest.fixture
def handed_over(monkeypatch):
    """The row ids delivered, in order, by every thread; each hand-over takes a little
    while, as a broker's does, so that the workers overlap."""
    delivered, lock, deliver = [], threading.Lock(), events.deliver

    def slow_deliver(row_id, event):
        time.sleep(0.005)
        with lock:
            delivered.append(row_id)
        return deliver(row_id, event)

    monkeypatch.setattr(events, "deliver", slow_deliver)
    return delivered


def _mails_to_relay(duo) -> list[int]:
    OutboxEvent.objects.update(delivered_at=timezone.now())  # the table's own events
    with transaction.atomic():
        for seq in range(EVENTS):
            events.publish(events.GameEnded(game_id=duo.pk, termination=f"test {seq}"))
    return list(OutboxEvent.objects.filter(delivered_at__isnull=True).values_list("pk", flat=True))


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_relays_running_at_once_hand_each_event_over_once(duo, handed_over):
    require_postgres()
    waiting = _mails_to_relay(duo)
    results = at_once(events.relay)
    assert sorted(handed_over) == sorted(waiting)  # every one, none twice
    assert sum(results) == EVENTS
    assert not OutboxEvent.objects.filter(delivered_at__isnull=True).exists()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_redeliveries_running_at_once_hand_each_event_over_once(duo, handed_over):
    require_postgres()
    waiting = _mails_to_relay(duo)
    later = timezone.now() + events.REDELIVER_AFTER + timedelta(seconds=1)
    results = at_once(lambda: events.redeliver(later))
    assert sorted(handed_over) == sorted(waiting)
    assert sum(results) == EVENTS == len(waiting)
