"""A seat's clock, kept by the write path: started, stopped, paused and resumed.

A table with a time control gives each seat ``clock_days`` per move. With a time bank,
what a seat did not use is kept: each new move adds the per-move time to it, up to
``bank_cap_days``. Every waiting seat has its own clock, so simultaneous decisions run
side by side. ``deadline`` is set only while the clock runs; a paused clock (vacation)
keeps what is left in ``time_left``.
"""

from __future__ import annotations

import zoneinfo
from datetime import datetime, timedelta

from games.models import Game, Seat, Vacation
from games.timing.calendar import add_clock_time, clock_time_between

REMIND_WHEN_LEFT = 0.2  # remind once 80% of the move's time is used
CLOCK_FIELDS = ["waiting_version", "deadline", "move_time", "time_left", "reminder_at"]


def zone_for(game: Game, seat: Seat) -> zoneinfo.ZoneInfo | None:
    """The zone whose weekends don't count, or None when every hour counts."""
    if not game.weekends_off:
        return None
    return zone_named(seat.user.timezone if seat.user_id else "UTC")


def zone_named(name: str | None) -> zoneinfo.ZoneInfo | None:
    """The player's zone for a table with weekends off (UTC when unknown); None: no
    weekends off (``name`` None)."""
    if name is None:
        return None
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def per_move(game: Game) -> timedelta:
    return timedelta(days=game.clock_days)


def on_vacation(game: Game, seat: Seat) -> bool:
    """Whether this seat's clock stays paused: its player is away and the table allows it."""
    if not (game.clock_days and game.allow_vacation and seat.user_id):
        return False
    return Vacation.objects.filter(user_id=seat.user_id, started_at__isnull=False).exists()


def _run(game: Game, seat: Seat, now: datetime) -> None:
    """Start the clock from ``now`` with ``seat.time_left`` to go."""
    zone = zone_for(game, seat)
    seat.deadline = add_clock_time(now, seat.time_left, zone)
    until_reminder = max(seat.time_left - seat.move_time * REMIND_WHEN_LEFT, timedelta(0))
    seat.reminder_at = add_clock_time(now, until_reminder, zone)


def start(game: Game, seat: Seat, now: datetime, *, paused: bool = False) -> None:
    """The seat starts waiting: give it its time for this move."""
    seat.waiting_version = game.version
    if not game.clock_days:
        seat.deadline = seat.reminder_at = seat.move_time = seat.time_left = None
        return
    allotted = per_move(game)
    if game.bank_cap_days:
        banked = seat.time_left or timedelta(0)
        allotted = min(banked + allotted, timedelta(days=game.bank_cap_days))
    seat.move_time = seat.time_left = allotted
    if paused:
        seat.deadline = seat.reminder_at = None
    else:
        _run(game, seat, now)


def stop(game: Game, seat: Seat, now: datetime) -> None:
    """The seat stops waiting: bank what is left (with a time bank), clear the rest."""
    if game.bank_cap_days and seat.deadline is not None:
        seat.time_left = clock_time_between(now, seat.deadline, zone_for(game, seat))
    elif not game.bank_cap_days:
        seat.time_left = None
    seat.deadline = seat.reminder_at = seat.move_time = None


def pause(game: Game, seat: Seat, now: datetime) -> bool:
    """Stop a running clock, keeping what is left; True when it was running."""
    if not seat.must_act or seat.deadline is None:
        return False
    seat.time_left = clock_time_between(now, seat.deadline, zone_for(game, seat))
    seat.deadline = seat.reminder_at = None
    return True


def resume(game: Game, seat: Seat, now: datetime) -> bool:
    """Run a paused clock again from ``now``; True when it was paused."""
    if not (seat.must_act and game.clock_days and seat.deadline is None):
        return False
    if seat.time_left is None or seat.move_time is None:
        return False
    _run(game, seat, now)
    return True


def left(game: Game, seat: Seat, now: datetime) -> timedelta | None:
    """Clock time this seat has left for its move (None when it has no running clock)."""
    if not (game.clock_days and seat.must_act):
        return None
    return left_until(seat.deadline, seat.time_left, zone_for(game, seat), now)


def left_until(
    deadline: datetime | None, time_left: timedelta | None, zone, now: datetime
) -> timedelta | None:
    """The time left of a seat whose clock runs (or, with no ``deadline``, is paused with
    ``time_left``): ``left`` from plain values, for lists that read no seat."""
    if deadline is None:
        return time_left
    return clock_time_between(now, deadline, zone)


def waiting_changed(game: Game, seat: Seat, now: datetime) -> list[str]:
    """Called by the write path once ``seat.must_act`` changed; returns the fields to save."""
    if seat.must_act:
        start(game, seat, now, paused=on_vacation(game, seat))
    else:
        stop(game, seat, now)
    return CLOCK_FIELDS
