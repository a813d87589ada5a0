"""Domain events: recorded with the change, delivered after commit, never lost."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from kombu.exceptions import OperationalError

from games import events, tasks
from games.models import Game, OutboxEvent
from tests.games.helpers import act

pytestmark = pytest.mark.django_db


def _delivered_so_far():
    """The table's own events (its start) count as delivered: the test is about a move."""
    OutboxEvent.objects.update(delivered_at=timezone.now())


def _broker_down(*args, **kwargs):
    raise OperationalError("Error 111 connecting to the broker. Connection refused.")


def test_a_move_records_its_event_in_the_same_transaction(duo, ana):
    act(duo, ana, "pass")  # the test's transaction never commits: nothing delivered yet
    row = OutboxEvent.objects.get(name="move_made")
    assert row.payload["game_id"] == duo.pk and row.payload["seq"] == 1
    assert row.delivered_at is None


def test_a_change_that_rolls_back_publishes_nothing(duo, ana):
    with pytest.raises(RuntimeError), transaction.atomic():
        act(duo, ana, "pass")
        raise RuntimeError("something failed after the move")
    assert not OutboxEvent.objects.filter(name="move_made").exists()
    assert Game.objects.get(pk=duo.pk).version == 0


@pytest.mark.django_db(transaction=True)
def test_publishing_outside_a_transaction_is_refused():
    with pytest.raises(RuntimeError, match="inside the transaction"):
        events.publish(events.GameEnded(game_id=1, termination="finished"))


def test_delivered_events_are_marked(duo, ana, on_commit):
    with on_commit():
        act(duo, ana, "pass")
    assert OutboxEvent.objects.get(name="move_made").delivered_at is not None


def test_with_the_broker_down_the_move_stands_and_its_mail_goes_out_later(
    duo, ana, ben, on_commit, monkeypatch, time_machine
):
    mail.outbox.clear()
    _delivered_so_far()
    with monkeypatch.context() as broken:
        broken.setattr(tasks.send_turn_mails, "delay", _broker_down)
        with on_commit():
            game = act(duo, ana, "pass")  # no exception reaches the player
    assert game.version == 1
    row = OutboxEvent.objects.get(name="move_made")
    assert row.delivered_at is None and row.attempts == 1
    assert not [m for m in mail.outbox if "Your move" in m.subject]

    assert events.redeliver() == 0  # too soon: a delivery may still be under way
    time_machine.move_to(timezone.now() + events.REDELIVER_AFTER + timedelta(seconds=1))
    assert events.redeliver() == 1  # the broker is back
    row.refresh_from_db()
    assert row.delivered_at is not None
    assert [m.to for m in mail.outbox if "Your move" in m.subject] == [[ben.email]]


def test_a_persons_move_leaves_its_mail_to_the_relay(duo, ana, ben):
    mail.outbox.clear()
    _delivered_so_far()
    act(duo, ana, "pass")  # committed: no bot must answer, so nothing is delivered now
    row = OutboxEvent.objects.get(name="move_made")
    assert row.delivered_at is None and row.attempts == 0
    assert events.relay() == 1  # its next run, a second later
    row.refresh_from_db()
    assert row.delivered_at is not None
    assert [m.to for m in mail.outbox if "Your move" in m.subject] == [[ben.email]]
    assert events.relay() == 0  # delivered once


def test_the_relay_works_off_a_backlog_a_batch_at_a_time(duo, monkeypatch):
    _delivered_so_far()
    monkeypatch.setattr(events, "REDELIVER_BATCH", 2)
    monkeypatch.setattr(events, "RELAY_BATCHES", 2)
    with transaction.atomic():
        for seq in range(1, 6):
            events.publish(events.GameEnded(game_id=duo.pk, termination=f"test {seq}"))
    assert events.relay() == 4  # two batches of two
    assert events.relay() == 1  # the rest, at the next run
    assert not OutboxEvent.objects.filter(delivered_at__isnull=True).exists()


def test_a_quiet_relay_or_redelivery_only_looks(duo):
    """Run every second by the scheduler: with nothing to deliver, one read each and no
    transaction opened (under the test's own transaction, one would show as a savepoint)."""
    _delivered_so_far()
    with CaptureQueriesContext(connection) as queries:
        assert events.relay() == 0 and events.redeliver() == 0
    assert len(queries) == 2 and all(q["sql"].startswith("SELECT") for q in queries)


def test_what_a_bot_must_answer_is_delivered_at_commit_and_not_by_the_relay(duo, time_machine):
    _delivered_so_far()
    with transaction.atomic():
        events.publish(
            events.MoveMade(
                game_id=duo.pk, seq=1, seat=0, acted_by_user_id=None, autoplay=((1, "random"),)
            )
        )
    assert events.relay() == 0  # its own commit delivers it (dropped here: a test's commit)
    time_machine.move_to(timezone.now() + events.REDELIVER_AFTER + timedelta(seconds=1))
    assert events.relay() == 1  # never delivered: the relay catches it up
    assert events.redeliver() == 0


def test_only_what_a_bot_or_a_timer_waits_for_is_delivered_at_commit():
    person = events.MoveMade(game_id=1, seq=2, seat=0, acted_by_user_id=7, waiting_user_ids=(8,))
    bot = events.MoveMade(game_id=1, seq=2, seat=0, acted_by_user_id=7, autoplay=((1, "easy"),))
    assert (person.at_commit, bot.at_commit) == (False, True)
    assert not events.GameStarted(game_id=1, version=0).at_commit
    assert events.GameStarted(game_id=1, version=0, autoplay=((1, "easy"),)).at_commit
    assert not events.GameEnded(game_id=1, termination="finished").at_commit
    assert not events.DealOffered(game_id=1, seq=3, to_user_ids=(8,)).at_commit
    assert events.TurnClosing(game_id=1, seat=0, epoch=None, due="2026-01-01T00:00:00").at_commit
    assert events.SeatControlChanged(game_id=1, version=3, seat=1, level="easy").at_commit


def test_an_event_delivered_twice_mails_once(duo, ana, ben, on_commit, time_machine):
    mail.outbox.clear()
    _delivered_so_far()
    with on_commit():
        act(duo, ana, "pass")
    row = OutboxEvent.objects.get(name="move_made")
    OutboxEvent.objects.filter(pk=row.pk).update(delivered_at=None)  # as if the mark was lost
    time_machine.move_to(timezone.now() + events.REDELIVER_AFTER + timedelta(seconds=1))
    assert events.redeliver() == 1
    assert len([m for m in mail.outbox if "Your move" in m.subject]) == 1


def test_an_event_survives_a_round_trip_through_its_row(duo, ana):
    event = events.MoveMade(
        game_id=duo.pk,
        seq=3,
        seat=1,
        acted_by_user_id=None,
        waiting_user_ids=(ana.pk,),
        autoplay=((1, "greedy"),),
    )
    with transaction.atomic():
        events.publish(event)
    assert events.from_row(OutboxEvent.objects.get(name="move_made")) == event


def test_every_event_type_has_a_subscriber():
    from games import receivers

    subscribed = {event_type for event_type, _ in receivers.SUBSCRIBERS}
    assert subscribed == set(events.EVENT_TYPES.values())


def test_delivered_events_are_pruned_after_a_week(duo, ana, on_commit, time_machine):
    with on_commit():
        act(duo, ana, "pass")
    time_machine.move_to(timezone.now() + events.KEEP_DELIVERED + timedelta(hours=1))
    undelivered = set(OutboxEvent.objects.filter(delivered_at=None).values_list("pk", flat=True))
    undelivered.add(OutboxEvent.objects.create(name="move_made", payload={}).pk)
    assert events.prune() >= 1
    assert not OutboxEvent.objects.exclude(delivered_at=None).exists()
    assert set(OutboxEvent.objects.values_list("pk", flat=True)) == undelivered  # kept
