"""Clock time with and without weekends (pure arithmetic, no database)."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from games.timing.calendar import add_clock_time, clock_time_between

UTC_ZONE = ZoneInfo("UTC")
FRIDAY_NOON = datetime(2026, 3, 6, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def test_without_weekends_off_every_hour_counts():
    assert add_clock_time(FRIDAY_NOON, DAY, None) == FRIDAY_NOON + DAY
    assert clock_time_between(FRIDAY_NOON, FRIDAY_NOON + 3 * DAY, None) == 3 * DAY


def test_a_day_from_friday_noon_ends_on_monday_noon_with_weekends_off():
    assert add_clock_time(FRIDAY_NOON, DAY, UTC_ZONE) == datetime(2026, 3, 9, 12, tzinfo=UTC)


def test_a_move_begun_on_saturday_counts_from_monday_midnight():
    saturday = datetime(2026, 3, 7, 15, 0, tzinfo=UTC)
    assert add_clock_time(saturday, DAY, UTC_ZONE) == datetime(2026, 3, 10, 0, tzinfo=UTC)


def test_the_weekend_is_the_players_own():
    # Friday 12:00 UTC is already Saturday 01:00 in Auckland: nothing runs until Monday there.
    auckland = ZoneInfo("Pacific/Auckland")
    monday_midnight_auckland = datetime(2026, 3, 9, 0, 0, tzinfo=auckland)
    assert add_clock_time(FRIDAY_NOON, DAY, auckland) == monday_midnight_auckland + DAY


def test_time_between_leaves_the_weekend_out():
    monday_noon = datetime(2026, 3, 9, 12, 0, tzinfo=UTC)
    assert clock_time_between(FRIDAY_NOON, monday_noon, UTC_ZONE) == DAY
    assert clock_time_between(monday_noon, FRIDAY_NOON, UTC_ZONE) == timedelta(0)


def test_a_clock_across_a_change_to_summer_time_counts_real_hours():
    paris = ZoneInfo("Europe/Paris")  # clocks go forward on Sunday 29 March 2026
    friday = datetime(2026, 3, 27, 12, 0, tzinfo=paris)
    deadline = add_clock_time(friday, DAY, paris)
    # 12 hours of Friday, then Monday 00:00 (already summer time) plus 12 hours.
    assert deadline == datetime(2026, 3, 30, 12, 0, tzinfo=paris)
    assert clock_time_between(friday, deadline, paris) == DAY


@given(
    start=st.datetimes(
        min_value=datetime(2020, 1, 1), max_value=datetime(2030, 1, 1), timezones=st.just(UTC)
    ),
    minutes=st.integers(min_value=0, max_value=60 * 24 * 60),
    zone=st.sampled_from(["UTC", "Europe/Paris", "America/New_York", "Pacific/Auckland"]),
)
def test_adding_then_measuring_clock_time_gives_it_back(start, minutes, zone):
    amount = timedelta(minutes=minutes)
    deadline = add_clock_time(start, amount, ZoneInfo(zone))
    assert deadline >= start + amount
    assert clock_time_between(start, deadline, ZoneInfo(zone)) == amount
