"""Vacations pause clocks where tables allow it; the allowance accrues and runs out."""

from datetime import timedelta

import pytest
from django.urls import reverse

from games.clocks import scans
from games.errors import Conflict
from games.models import Vacation
from games.play import vacations
from tests.clocks.conftest import START
from tests.clocks.helpers import outbox, play, seat

pytestmark = pytest.mark.django_db
DAY = timedelta(days=1)


def test_a_player_on_vacation_loses_no_time(clocked, ana, ben, clock, committing):
    game = clocked(ana, ben, days=2)
    clock.shift(timedelta(hours=10))
    vacations.vacation_start(user=ana)
    assert seat(game, 0).deadline is None and seat(game, 0).time_left == timedelta(hours=38)
    clock.shift(10 * DAY)
    with committing():
        scans.scan_deadlines()
        scans.scan_reminders()
    assert seat(game, 0).must_act and outbox("left for your move") == []
    vacations.vacation_stop(user=ana)
    assert seat(game, 0).deadline == START + timedelta(hours=10) + 10 * DAY + timedelta(hours=38)


def test_a_move_that_reaches_a_player_on_vacation_starts_their_clock_paused(
    clocked, ana, ben, clock
):
    game = clocked(ben, ana, days=1)
    vacations.vacation_start(user=ana)
    play(game, ben)
    assert seat(game, 1).must_act and seat(game, 1).deadline is None
    clock.shift(3 * DAY)
    vacations.vacation_stop(user=ana)
    assert seat(game, 1).deadline == START + 3 * DAY + DAY


def test_a_table_that_allows_no_vacations_keeps_the_clock_running(clocked, ana, ben):
    game = clocked(ana, ben, days=1, vacations=False)
    vacations.vacation_start(user=ana)
    assert seat(game, 0).deadline == START + DAY


def test_opponents_see_the_vacation_on_the_board_in_the_log_and_in_my_games(
    client, clocked, ana, ben
):
    game = clocked(ana, ben, days=1)
    vacations.vacation_start(user=ana)
    client.force_login(ben)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "on vacation" in page and "clock paused, 1 day left" in page
    assert "ana is on vacation: their clock is paused." in page
    mine = client.get(reverse("games:mine")).content.decode()
    assert 'ana <span class="badge vacation">on vacation</span>: clock paused' in mine


def test_the_allowance_is_used_by_the_hour_and_grows_back_up_to_the_cap(ana, clock):
    vacations.vacation_start(user=ana)
    clock.shift(10 * DAY)
    left = vacations.vacation_stop(user=ana).left
    assert left == 20 * DAY
    clock.shift(timedelta(days=73))  # 73 days earn 6 days
    assert vacations.available(Vacation.objects.get(user=ana), START + 83 * DAY) == 26 * DAY
    clock.shift(timedelta(days=365))
    assert vacations.available(Vacation.objects.get(user=ana), START + 448 * DAY) == 30 * DAY


def test_a_vacation_ends_when_the_allowance_runs_out_with_a_warning_the_day_before(
    clocked, ana, ben, clock, committing
):
    game = clocked(ana, ben, days=1)
    Vacation.objects.create(user=ana, left=3 * DAY, accrued_at=START)
    vacations.vacation_start(user=ana)
    clock.shift(timedelta(days=1, hours=23))
    with committing():
        scans.scan_vacations()
    assert outbox("vacation") == []
    clock.shift(timedelta(hours=2))  # 23 hours left
    for _ in range(3):
        with committing():
            scans.scan_vacations()
    (warning,) = outbox("Your vacation ends tomorrow")
    assert "Thu 5 Mar, 09:00 (UTC)" in warning.body and "/unsubscribe/" in warning.body
    clock.shift(timedelta(hours=23, minutes=1))
    with committing():
        scans.scan_vacations()
    vacation = Vacation.objects.get(user=ana)
    assert not vacation.active and vacation.left == timedelta(0)
    # The clock runs again from the moment the allowance ran out.
    assert seat(game, 0).deadline == START + 3 * DAY + DAY


def test_no_vacation_can_start_twice_or_without_allowance(ana):
    Vacation.objects.create(user=ana, left=timedelta(minutes=30), accrued_at=START)
    with pytest.raises(Conflict):
        vacations.vacation_start(user=ana)
    Vacation.objects.filter(user=ana).update(left=DAY)
    vacations.vacation_start(user=ana)
    with pytest.raises(Conflict):
        vacations.vacation_start(user=ana)


def test_the_settings_page_starts_and_stops_a_vacation(client, clocked, ana, ben):
    game = clocked(ana, ben, days=1)
    client.force_login(ana)
    page = client.get(reverse("accounts:settings")).content.decode()
    assert "You have <strong>30 days</strong> of vacation" in page
    response = client.post(reverse("games:vacation_start"), follow=True)
    assert "You are on vacation" in response.content.decode()
    assert "end my vacation" in response.content.decode()
    assert seat(game, 0).deadline is None
    client.post(reverse("games:vacation_stop"))
    assert seat(game, 0).deadline is not None
    assert not Vacation.objects.get(user=ana).active


def test_a_clock_left_paused_by_an_interrupted_pass_is_mended(clocked, ana, ben, clock):
    game = clocked(ana, ben, days=1)
    vacations.vacation_start(user=ana)
    Vacation.objects.filter(user=ana).update(started_at=None, ends_at=None)  # a crash
    clock.shift(timedelta(hours=1))
    scans.scan_vacations()
    assert seat(game, 0).deadline == START + timedelta(hours=1) + DAY
