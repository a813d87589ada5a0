"""Celery tasks: a thin layer that takes ids and calls ``games.notifications``.

Sending may fail (the mail server is down); the task is retried with backoff, and the
records kept by ``notifications.deliver`` make sure nobody gets a mail twice.
"""

from __future__ import annotations

from smtplib import SMTPException

from celery import shared_task

from games import notifications

MAIL_RETRY = {
    "autoretry_for": (SMTPException, OSError),
    "retry_backoff": 30,
    "retry_backoff_max": 3600,
    "max_retries": 8,
}


@shared_task(**MAIL_RETRY)
def send_turn_mails(
    game_id: int, move_seq: int, user_ids: list[int], acted_by_user_id: int | None = None
) -> int:
    return notifications.notify_turn(
        game_id=game_id, move_seq=move_seq, user_ids=user_ids, acted_by_user_id=acted_by_user_id
    )


@shared_task(**MAIL_RETRY)
def send_offer_mail(game_id: int, move_seq: int, to_user_id: int) -> int:
    return notifications.notify_offer(game_id=game_id, move_seq=move_seq, to_user_id=to_user_id)


@shared_task(**MAIL_RETRY)
def send_started_mails(game_id: int) -> int:
    return notifications.notify_started(game_id=game_id)


@shared_task(**MAIL_RETRY)
def send_finished_mails(game_id: int) -> int:
    return notifications.notify_finished(game_id=game_id)


@shared_task(**MAIL_RETRY)
def send_invitation(game_id: int, email_or_user_id: int | str) -> int:
    return notifications.notify_invited(game_id=game_id, email_or_user_id=email_or_user_id)
