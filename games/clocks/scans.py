"""The periodic jobs, run every minute by Celery beat (``CELERY_BEAT_SCHEDULE``).

Each finds what is due and hands it on; running one twice, or in several workers at
once, changes nothing more than running it once. Rows are taken with
``SELECT … FOR UPDATE SKIP LOCKED`` so concurrent scans share the work; what is due is
published as a domain event (``games.events``), and whatever the subscribers queue
queue checks again under a lock before acting, with mails recorded once per key.
"""

from __future__ import annotations

import zoneinfo
from datetime import datetime

from django.core.cache import cache
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import Notification, SentNotification, User
from games import events
from games.models import DEFAULTS, Game, Seat, Vacation
from games.play import presence, timeouts, vacations
from games.play.locking import lock_unless_busy

BATCH = 500
# How long a queued reminder, digest or warning is not queued again, in seconds: the task
# normally runs within seconds; if it was lost, the next scan after this queues it again.
LEASE = {"reminder": 15 * 60, "digest": 60 * 60, "vacation": 60 * 60}


def _claim(kind: str, key: str) -> bool:
    """True for the one scan that queues ``kind`` for ``key``; False for any other, even
    one that starts after the first has committed (rows locks end with its transaction)."""
    return cache.add(f"queued:{kind}:{key}", True, timeout=LEASE[kind])


def scan_deadlines(now: datetime | None = None) -> int:
    """Apply the timeout policy wherever a clock ran out; how many seats timed out."""
    now = now or timezone.now()
    due = (
        Seat.objects.filter(must_act=True, deadline__lte=now, game__status=Game.Status.ACTIVE)
        .filter(Q(controller=Seat.Controller.PLAYER) | Q(controller_level=DEFAULTS))
        .order_by("deadline")
    )
    game_ids = dict.fromkeys(due.values_list("game_id", flat=True)[:BATCH])
    return sum(timeouts.time_out_game(game_id, now) for game_id in game_ids)


def scan_reminders(now: datetime | None = None) -> int:
    """Queue a reminder for each seat with 80% of its move's time used; how many."""
    now = now or timezone.now()
    due = Seat.objects.filter(
        must_act=True,
        reminder_at__lte=now,
        deadline__gt=now,
        game__status=Game.Status.ACTIVE,
        user__isnull=False,
        resigned_at__isnull=True,
        controller=Seat.Controller.PLAYER,
    )
    with transaction.atomic():
        rows = lock_unless_busy(due, of=("self",)).values_list(
            "pk", "waiting_version", "game_id", "user_id"
        )[:BATCH]
        found = list(rows)
        present = presence.present_users(((g, u) for _, _, g, u in found), now)
        queued = [
            (pk, version)
            for pk, version, g, u in found
            if (g, u) not in present and _claim("reminder", f"{pk}:{version}")
        ]
        for seat_id, version in queued:
            events.publish(events.ReminderDue(seat_id=seat_id, waiting_version=version))
    return len(queued)


def digest_day(user: User, now: datetime) -> tuple[int, str]:
    """The user's local (hour, date) at ``now``."""
    try:
        zone = zoneinfo.ZoneInfo(user.timezone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = zoneinfo.ZoneInfo("UTC")
    local = now.astimezone(zone)
    return local.hour, local.date().isoformat()


def scan_digests(now: datetime | None = None) -> int:
    """Queue today's digest for users whose local digest hour it is; how many.

    A digest goes out during the chosen hour only (a scan missed for the whole hour skips
    that day) and only when some game waits for the user.
    """
    now = now or timezone.now()
    digesters = User.objects.filter(is_active=True, turn_mail=User.TurnMail.DIGEST)
    hour_now = Q(pk__in=[])
    for name in set(digesters.values_list("timezone", flat=True)):
        user = User(timezone=name)
        hour_now |= Q(timezone=name, digest_hour=digest_day(user, now)[0])
    waiting = Q(seats__must_act=True, seats__game__status=Game.Status.ACTIVE)
    due = User.objects.filter(pk__in=digesters.filter(hour_now).filter(waiting).values("pk"))
    queued = 0
    with transaction.atomic():
        for user in lock_unless_busy(due.order_by("pk"))[:BATCH]:
            day = digest_day(user, now)[1]
            key = f"digest-{day}"
            if SentNotification.objects.filter(
                user=user, kind=Notification.DIGEST, game=None, key=key
            ).exists() or not _claim("digest", f"{user.pk}:{day}"):
                continue
            events.publish(events.DigestDue(user_id=user.pk, day=day))
            queued += 1
    return queued


def scan_vacations(now: datetime | None = None) -> int:
    """End vacations whose allowance ran out, warn a day before, and mend clocks left
    paused or running by an interrupted pass; returns how many vacations ended."""
    now = now or timezone.now()
    ended = 0
    over = Vacation.objects.filter(started_at__isnull=False, ends_at__lte=now)
    for vacation in over.select_related("user")[:BATCH]:
        stopped = vacations.vacation_stop(user=vacation.user, now=min(vacation.ends_at, now))
        ended += stopped.started_at is None
    ending = Vacation.objects.filter(
        started_at__isnull=False, ends_at__gt=now, ends_at__lte=now + vacations.WARN_BEFORE
    )
    with transaction.atomic():
        for vacation in ending[:BATCH]:
            key = vacations.warning_key(vacation)
            if not SentNotification.objects.filter(
                user_id=vacation.user_id, kind=Notification.VACATION_ENDING, key=key
            ).exists() and _claim("vacation", f"{vacation.user_id}:{key}"):
                events.publish(events.VacationEnding(user_id=vacation.user_id))
    _mend_clocks(now)
    return ended


def _mend_clocks(now: datetime) -> None:
    waiting = Seat.objects.filter(
        must_act=True, game__status=Game.Status.ACTIVE, game__clock_days__gt=0
    )
    away = Q(game__allow_vacation=True, user__vacation__started_at__isnull=False)
    to_run = waiting.filter(deadline__isnull=True, time_left__isnull=False).exclude(away)
    to_pause = waiting.filter(away, deadline__isnull=False)
    for paused, seats in ((False, to_run), (True, to_pause)):
        for user in User.objects.filter(pk__in=seats.values("user_id"))[:BATCH]:
            vacations.set_clocks_paused(user, paused, now, announce=False)
