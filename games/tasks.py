"""Celery tasks: thin entry points that take ids and call one function each.

Every task is queued by a subscriber in ``games.receivers`` (or by beat, for the scans)
and is idempotent: mails are recorded once per recipient and key (``games.mail``), moves
are played only at the version they were decided for (``games.autoplay``). Sending mail
may fail (the mail server is down, the database went away): the task is retried with
backoff, and what was recorded makes sure nobody gets a mail twice.

May import: ``games.clocks``, ``games.autoplay``, ``games.mail``, ``games.events`` and
below; never receivers, web or api.
"""

from __future__ import annotations

from smtplib import SMTPException

from celery import shared_task
from django.conf import settings
from django.db import DatabaseError, InterfaceError

from games import events
from games.autoplay import executor
from games.clocks import scans
from games.mail import clock_mails, game_mails
from games.play import turn_closing

MAIL_RETRY = {
    "autoretry_for": (SMTPException, OSError, DatabaseError, InterfaceError),
    "retry_backoff": settings.MAIL_RETRY_BACKOFF_SECONDS,
    "retry_backoff_max": 3600,
    "max_retries": 8,
}


@shared_task(**MAIL_RETRY)
def send_turn_mails(
    game_id: int, move_seq: int, user_ids: list[int], acted_by_user_id: int | None = None
) -> int:
    return game_mails.notify_turn(
        game_id=game_id, move_seq=move_seq, user_ids=user_ids, acted_by_user_id=acted_by_user_id
    )


@shared_task(**MAIL_RETRY)
def send_deal_mail(game_id: int, move_seq: int, to_user_id: int) -> int:
    return game_mails.notify_deal(game_id=game_id, move_seq=move_seq, to_user_id=to_user_id)


@shared_task(**MAIL_RETRY)
def send_started_mails(game_id: int) -> int:
    return game_mails.notify_started(game_id=game_id)


@shared_task(**MAIL_RETRY)
def send_finished_mails(game_id: int) -> int:
    return game_mails.notify_finished(game_id=game_id)


@shared_task(**MAIL_RETRY)
def send_invitation(game_id: int, email_or_user_id: int | str) -> int:
    return game_mails.notify_invited(game_id=game_id, email_or_user_id=email_or_user_id)


@shared_task(**MAIL_RETRY)
def send_opponent_left(game_id: int, note_id: int) -> int:
    return clock_mails.notify_opponent_left(game_id=game_id, note_id=note_id)


@shared_task(**MAIL_RETRY)
def send_reminder(seat_id: int, waiting_version: int) -> int:
    return clock_mails.notify_reminder(seat_id=seat_id, waiting_version=waiting_version)


@shared_task(**MAIL_RETRY)
def send_digest(user_id: int, day: str) -> int:
    return clock_mails.notify_digest(user_id=user_id, day=day)


@shared_task(**MAIL_RETRY)
def send_vacation_warning(user_id: int) -> int:
    return clock_mails.notify_vacation_ending(user_id=user_id)


# A move is played only at the version it was decided for, so retrying is always safe.
PLAY_RETRY = {
    "acks_late": True,
    "autoretry_for": (DatabaseError, InterfaceError),
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "max_retries": 8,
}


@shared_task(**PLAY_RETRY)
def play_seat(game_id: int, seat: int, version: int) -> int | None:
    return executor.play_seat(game_id, seat, version)


@shared_task(**PLAY_RETRY)
def close_announced_turn(game_id: int, seat: int, epoch) -> bool:
    return turn_closing.close_turn(game_id, seat, epoch)


# --- beat: the periodic scans ---------------------------------------------------------------

# A scan that waited in the queue past the next one is dropped: the next one does its work.
SCAN = {"expires": 55}


@shared_task(**SCAN)
def scan_deadlines() -> int:
    return scans.scan_deadlines()


@shared_task(**SCAN)
def scan_reminders() -> int:
    return scans.scan_reminders()


@shared_task(**SCAN)
def scan_digests() -> int:
    return scans.scan_digests()


@shared_task(**SCAN)
def scan_vacations() -> int:
    return scans.scan_vacations()


@shared_task(expires=5)  # a tick that waited past a few others is dropped: they relay
def relay_events() -> int:
    return events.relay()


@shared_task(**SCAN)
def redeliver_events() -> int:
    events.prune()
    return events.redeliver()
