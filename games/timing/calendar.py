"""Clock time: wall time, or wall time without Saturdays and Sundays.

With weekends off, a clock does not run from Saturday 00:00 to Monday 00:00 in the
player's own time zone (their weekend is what matters to them, and deadlines are shown in
that zone). Pure functions of aware datetimes; no database, no clock of their own.
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

SATURDAY = 5


def _stretch(moment: datetime, zone: ZoneInfo) -> tuple[bool, datetime]:
    """Whether the clock runs at ``moment`` and when that changes next (aware, UTC)."""
    local = moment.astimezone(zone)
    weekday = local.weekday()
    if weekday >= SATURDAY:
        change = local.date() + timedelta(days=7 - weekday)  # Monday
    else:
        change = local.date() + timedelta(days=SATURDAY - weekday)  # Saturday
    return weekday < SATURDAY, datetime.combine(change, time.min, tzinfo=zone).astimezone(UTC)


def add_clock_time(start: datetime, amount: timedelta, zone: ZoneInfo | None) -> datetime:
    """The moment when ``amount`` of clock time has run from ``start``.

    ``zone`` None: every hour counts. Otherwise weekends in ``zone`` do not.
    """
    if zone is None:
        return start + amount
    moment, left = start.astimezone(UTC), amount
    while True:
        runs, change = _stretch(moment, zone)
        if runs:
            if left <= change - moment:
                return moment + left
            left -= change - moment
        moment = change


def clock_time_between(start: datetime, end: datetime, zone: ZoneInfo | None) -> timedelta:
    """How much clock time runs from ``start`` to ``end`` (zero when ``end`` is earlier)."""
    if end <= start:
        return timedelta(0)
    if zone is None:
        return end - start
    moment, total = start.astimezone(UTC), timedelta(0)
    while moment < end:
        runs, change = _stretch(moment, zone)
        stop = min(change, end)
        if runs:
            total += stop - moment
        moment = stop
    return total
