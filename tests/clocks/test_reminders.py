"""The 80% reminder: once per move, not while the game is open, never stale."""

from datetime import timedelta

import pytest
from django.urls import reverse

from accounts.models import SentNotification
from games.clocks import scans
from games.mail import clock_mails
from games.play import presence
from tests.clocks.helpers import outbox, play, seat

pytestmark = pytest.mark.django_db
REMINDER = "left for your move"


def scan(committing):
    with committing():
        return scans.scan_reminders()


def test_a_slow_player_is_reminded_once_when_80_percent_of_the_time_is_used(
    clocked, ana, ben, clock, committing
):
    game = clocked(ana, ben, days=5)
    clock.shift(timedelta(days=3, hours=23))  # 79%
    assert scan(committing) == 0
    clock.shift(timedelta(hours=1))  # 80%
    scan(committing)
    clock.shift(timedelta(hours=5))
    scan(committing)
    (reminder,) = outbox(REMINDER)
    assert reminder.to == [ana.email]
    assert reminder.subject == f"[Silkroad] 1 day left for your move in Toy Race #{game.pk}"
    assert "until Sat 7 Mar, 09:00 (UTC)" in reminder.body
    assert "Play a card or pass." in reminder.body
    assert "/unsubscribe/" in reminder.body and "List-Unsubscribe" in reminder.extra_headers


def test_the_next_move_gets_its_own_reminder(clocked, ana, ben, clock, committing):
    game = clocked(ana, ben, days=1)
    clock.shift(timedelta(hours=20))
    scan(committing)
    play(game, ana)
    play(game, ben)
    clock.shift(timedelta(hours=20))
    scan(committing)
    assert len(outbox(REMINDER, to=ana)) == 2


def test_no_reminder_while_the_player_has_the_game_open(
    client, clocked, ana, ben, clock, committing
):
    game = clocked(ana, ben, days=1)
    client.force_login(ana)
    clock.shift(timedelta(hours=20))
    poll = client.get(reverse("games:version", args=[game.pk]), headers={"HX-Request": "true"})
    assert poll.status_code in (200, 204)
    scan(committing)
    assert outbox(REMINDER) == []
    clock.shift(timedelta(minutes=2))  # closed the page: the poll stopped
    scan(committing)
    assert len(outbox(REMINDER, to=ana)) == 1


def test_the_poll_records_presence_in_the_cache_not_the_database(client, clocked, ana, ben, clock):
    game = clocked(ana, ben, days=1)
    client.force_login(ana)
    url = reverse("games:version", args=[game.pk])
    client.get(url)
    first = presence.last_seen(game.pk, ana.pk)
    assert first is not None
    clock.shift(timedelta(seconds=20))
    client.get(url)
    assert presence.last_seen(game.pk, ana.pk) == first + timedelta(seconds=20)
    assert presence.is_present(game.pk, ana.pk, first + timedelta(seconds=100))
    assert not presence.is_present(game.pk, ben.pk, first)


def test_a_reminder_queued_before_a_move_is_not_sent_after_it(clocked, ana, ben, clock):
    game = clocked(ana, ben, days=1)
    clock.shift(timedelta(hours=20))
    version = seat(game, 0).waiting_version
    scans.scan_reminders()  # queued on commit, which this test never reaches…
    play(game, ana)  # …before the move; then the task runs:
    assert clock_mails.notify_reminder(seat_id=seat(game, 0).pk, waiting_version=version) == 0
    assert outbox(REMINDER) == []


def test_a_reminder_for_an_earlier_wait_is_not_sent_on_a_later_one(clocked, ana, ben, clock):
    game = clocked(ana, ben, days=1)
    clock.shift(timedelta(hours=20))
    stale = seat(game, 0).waiting_version
    play(game, ana)
    play(game, ben)
    clock.shift(timedelta(hours=20))  # ana waits again, 80% used: but on another move
    assert clock_mails.notify_reminder(seat_id=seat(game, 0).pk, waiting_version=stale) == 0
    fresh = seat(game, 0).waiting_version
    assert clock_mails.notify_reminder(seat_id=seat(game, 0).pk, waiting_version=fresh) == 1


def test_scanning_twice_sends_each_reminder_once(clocked, ana, ben, cy, clock, committing):
    clocked(ana, ben, days=2)
    clocked(cy, ana, days=2)
    clock.shift(timedelta(hours=40))  # both 83% used
    for _ in range(2):
        scan(committing)
    assert len(outbox(REMINDER)) == 2
    assert SentNotification.objects.filter(kind="reminder").count() == 2
    # The task run again (a retry) sends nothing either.
    for s in SentNotification.objects.filter(kind="reminder"):
        seats = s.game.seats.filter(user=s.user)
        assert clock_mails.notify_reminder(seat_id=seats.get().pk, waiting_version=0) == 0
    assert len(outbox(REMINDER)) == 2


def test_no_reminder_for_a_player_who_switched_reminders_off(clocked, ana, ben, clock, committing):
    ana.notify_reminder = False
    ana.save()
    game = clocked(ana, ben, days=1)
    clock.shift(timedelta(hours=20))
    scan(committing)
    assert outbox(REMINDER) == []
    assert seat(game, 0).reminder_at is None  # handled: not scanned again


def test_no_reminder_at_a_table_without_a_time_limit(clocked, ana, ben, clock, committing):
    clocked(ana, ben, days=0)
    clock.shift(timedelta(days=30))
    assert scan(committing) == 0


def test_the_reminder_unsubscribe_link_switches_reminders_off(
    client, clocked, ana, ben, clock, committing
):
    import re

    clocked(ana, ben, days=1)
    clock.shift(timedelta(hours=20))
    scan(committing)
    (reminder,) = outbox(REMINDER)
    link = re.search(r"https://silkroad.example(/me/unsubscribe/\S+)", reminder.body).group(1)
    client.post(link)
    ana.refresh_from_db()
    assert not ana.notify_reminder and ana.turn_mail == "each"


def test_a_second_scan_queues_no_reminder_the_first_one_queued(
    clocked, ana, ben, clock, monkeypatch
):
    from games import events

    clocked(ana, ben, days=2)
    clock.shift(timedelta(hours=40))
    queued = []
    monkeypatch.setattr(events, "publish", queued.append)  # as if the tasks were still queued
    assert scans.scan_reminders() == 1
    assert scans.scan_reminders() == 0  # the first scan's claim holds after it committed
    assert [type(event).__name__ for event in queued] == ["ReminderDue"]
    clock.shift(timedelta(minutes=16))  # a task lost in between is queued again later
    assert scans.scan_reminders() == 1
