"""Vacations: while a player is away their clocks are paused at every table that allows it.

The allowance: a new player starts with 30 days; it grows by 30 days a year (counted to
the second, 1/365 of that a day) up to 30 days, and does not grow while on vacation. A
vacation uses calendar time, weekends included, from when it starts until it ends: by
hand, or by itself when the allowance runs out (``scans.scan_vacations``), with a warning
mail a day before. A vacation of less than an hour cannot be started.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.errors import Conflict
from games.models import Game, LogNote, Seat, Vacation
from games.play.notes import add_note
from games.timing import seat_clock

CAP = timedelta(days=30)
PER_YEAR = timedelta(days=30)
WARN_BEFORE = timedelta(days=1)
SHORTEST = timedelta(hours=1)
_ACCRUAL_RATE = PER_YEAR / timedelta(days=365)


def available(vacation: Vacation, now: datetime) -> timedelta:
    """The allowance left at ``now`` (while away: until the vacation must end)."""
    if vacation.started_at is not None:
        return max(vacation.ends_at - now, timedelta(0))
    grown = vacation.left + (now - vacation.accrued_at) * _ACCRUAL_RATE
    return min(grown, CAP)


def warning_key(vacation: Vacation) -> str:
    """The key the "your vacation ends tomorrow" mail is recorded under, once per vacation."""
    return f"vacation-{int(vacation.started_at.timestamp())}"


def allowance(user, now: datetime | None = None) -> Vacation:
    """The user's vacation record, made with a full allowance the first time."""
    vacation, _created = Vacation.objects.get_or_create(
        user=user, defaults={"left": CAP, "accrued_at": now or timezone.now()}
    )
    return vacation


def current(user, now: datetime) -> Vacation:
    """The user's vacation record to read (unsaved, full allowance, when they have none)."""
    found = Vacation.objects.filter(user=user).first()
    return found or Vacation(user=user, left=CAP, accrued_at=now)


def _locked(user, now: datetime) -> Vacation:
    allowance(user, now)
    return Vacation.objects.select_for_update().get(user=user)


def vacation_start(*, user, now: datetime | None = None) -> Vacation:
    """Go on vacation now, for as long as the allowance lasts (or until stopped)."""
    now = now or timezone.now()
    with transaction.atomic():
        vacation = _locked(user, now)
        if vacation.active:
            raise Conflict(_("You are already on vacation."))
        left = available(vacation, now)
        if left < SHORTEST:
            raise Conflict(_("You have less than an hour of vacation left."))
        vacation.left, vacation.accrued_at = left, now
        vacation.started_at, vacation.ends_at = now, now + left
        vacation.save()
    # The vacation is committed first: a move made meanwhile either sees it (and starts
    # the seat's clock paused) or is finished before the pass below pauses its table.
    set_clocks_paused(user, True, now)
    return vacation


def vacation_stop(*, user, now: datetime | None = None) -> Vacation:
    """Come back: clocks run again and what is left of the allowance is kept."""
    now = now or timezone.now()
    with transaction.atomic():
        vacation = _locked(user, now)
        if not vacation.active:
            return vacation
        vacation.left, vacation.accrued_at = available(vacation, now), now
        vacation.started_at = vacation.ends_at = None
        vacation.save()
    set_clocks_paused(user, False, now)
    return vacation


def _tables_of(user) -> list[int]:
    seats = Seat.objects.filter(
        user=user,
        game__status=Game.Status.ACTIVE,
        game__allow_vacation=True,
        game__clock_days__gt=0,
    )
    return sorted(seats.values_list("game_id", flat=True))


def set_clocks_paused(user, paused: bool, now: datetime, *, announce: bool = True) -> int:
    """Pause (or run again) the user's clocks, one table at a time; how many changed."""
    changed = 0
    for game_id in _tables_of(user):
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game_id)
            seat = game.seats.select_related("user").filter(user=user).first()
            if game.status != Game.Status.ACTIVE or seat is None:
                continue
            switch = seat_clock.pause if paused else seat_clock.resume
            if switch(game, seat, now):
                seat.save(update_fields=seat_clock.CLOCK_FIELDS)
                changed += 1
            if announce:
                # Stored in English, put in the reader's language when shown.
                text = (
                    gettext_noop("%(name)s is on vacation: their clock is paused.")
                    if paused
                    else gettext_noop("%(name)s is back from vacation: their clock runs again.")
                ) % {"name": f"{{p{seat.number}}}"}
                add_note(game, seat.number, LogNote.Kind.VACATION, text)
    return changed
