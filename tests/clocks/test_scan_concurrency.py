"""Scans running in several workers at once: every reminder and timeout happens once.

The threaded tests need PostgreSQL (row locks, ``SKIP LOCKED``, one connection per
thread); the sequential one runs everywhere.
"""

from datetime import timedelta

import pytest

from accounts.models import SentNotification
from games import events
from games.clocks import scans
from games.models import LogNote
from tests.clocks.helpers import outbox, play
from tests.concurrency import at_once, require_postgres


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_reminder_scans_send_each_reminder_exactly_once(clocked, ana, ben, cy, clock):
    require_postgres()
    games = [clocked(ana, ben, days=2), clocked(ben, cy, days=2), clocked(cy, ana, days=2)]
    clock.shift(timedelta(hours=40))
    at_once(scans.scan_reminders)
    at_once(scans.scan_reminders)
    reminders = outbox("left for your move")
    assert sorted(m.to[0] for m in reminders) == sorted([ana.email, ben.email, cy.email])
    assert SentNotification.objects.filter(kind="reminder").count() == len(games)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_deadline_scans_time_each_seat_out_once(clocked, ana, ben, cy, clock):
    require_postgres()
    games = [clocked(ana, ben, days=1, on_timeout="skip") for _ in range(2)]
    games.append(clocked(cy, ana, days=1, on_timeout="abandon"))
    clock.shift(timedelta(days=1, minutes=1))
    handled = at_once(scans.scan_deadlines)
    assert sum(handled) == 3
    assert LogNote.objects.filter(kind="timed_out").count() == 3
    for game in games:
        game.refresh_from_db()
    assert [g.version for g in games] == [1, 1, 0]
    assert games[2].status == "finished"
    assert events.relay() >= 3  # its next run: the opponents' mails
    assert SentNotification.objects.filter(kind="opponent_left").count() == 3


@pytest.mark.django_db
def test_running_every_scan_twice_sends_no_mail_twice(clocked, ana, ben, cy, clock, committing):
    from games.play import vacations

    cy.turn_mail = "digest"
    cy.digest_hour = 9
    cy.save()
    first = clocked(ana, ben, days=1, on_timeout="skip")
    clocked(cy, ana, days=2)
    vacations.vacation_start(user=ben, now=None)
    play(first, ana)

    def every_scan():
        with committing():
            scans.scan_deadlines()
            scans.scan_reminders()
            scans.scan_digests()
            scans.scan_vacations()

    steps = [timedelta(minutes=30), timedelta(hours=20), timedelta(hours=18), timedelta(days=28)]
    for step in steps:
        clock.shift(step)
        every_scan()
        sent = len(outbox())
        every_scan()
        assert len(outbox()) == sent
    assert len(outbox()) == SentNotification.objects.count()
    kinds = set(SentNotification.objects.values_list("kind", flat=True))
    assert {"digest", "reminder", "vacation_ending", "opponent_left"} <= kinds
