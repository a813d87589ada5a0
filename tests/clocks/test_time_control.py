"""A table's time control: per-seat deadlines kept by the write path, banks, weekends off."""

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from games.errors import InvalidInput
from games.models import Game
from games.play import tables
from tests.clocks.conftest import START
from tests.clocks.helpers import play, seat

pytestmark = pytest.mark.django_db
DAY = timedelta(days=1)


def test_a_table_without_a_time_limit_sets_no_deadline(clocked, ana, ben):
    game = clocked(ana, ben, days=0)
    assert seat(game, 0).must_act and seat(game, 0).deadline is None


def test_the_player_to_move_gets_the_time_per_move(clocked, ana, ben):
    game = clocked(ana, ben, days=3)
    assert seat(game, 0).deadline == START + 3 * DAY
    assert seat(game, 1).deadline is None


def test_the_clock_stops_when_the_player_moves_and_starts_for_the_next(clocked, ana, ben, clock):
    game = clocked(ana, ben, days=2)
    clock.shift(timedelta(hours=5))
    play(game, ana)
    assert seat(game, 0).deadline is None
    assert seat(game, 1).deadline == START + timedelta(hours=5) + 2 * DAY
    assert seat(game, 1).waiting_version == 1


def test_each_seat_deciding_at_once_has_its_own_clock(clocked, ana, ben, cy, clock):
    game = clocked(ana, ben, cy, game="sealed", days=1)
    assert [seat(game, n).deadline for n in range(3)] == [START + DAY] * 3
    clock.shift(timedelta(hours=2))
    play(game, ben, "bid", amount=2)
    # Ben's clock stopped; the others keep the deadline they had, not a new one.
    assert seat(game, 1).deadline is None
    assert seat(game, 0).deadline == START + DAY and seat(game, 2).deadline == START + DAY


def test_a_time_bank_keeps_unused_time_and_grows_by_the_time_per_move(clocked, ana, ben, clock):
    game = clocked(ana, ben, days=1, bank_cap_days=7)
    clock.shift(timedelta(hours=4))
    play(game, ana)  # 20 hours unused
    play(game, ben)
    assert seat(game, 0).move_time == timedelta(hours=20) + DAY
    assert seat(game, 0).deadline == START + timedelta(hours=4) + timedelta(hours=44)


def test_a_time_bank_stops_growing_at_its_cap(clocked, ana, ben):
    game = clocked(ana, ben, days=3, bank_cap_days=7)
    for _ in range(4):  # instant moves: 3 days more each time, capped at 7
        play(game, ana)
        play(game, ben)
    assert seat(game, 0).move_time == 7 * DAY


def test_without_a_bank_every_move_gets_the_same_time(clocked, ana, ben, clock):
    game = clocked(ana, ben, days=1)
    play(game, ana)
    play(game, ben)
    assert seat(game, 0).move_time == DAY


def test_weekends_off_moves_a_friday_deadline_to_monday(clocked, ana, ben, clock):
    clock.move_to(datetime(2026, 3, 6, 12, 0, tzinfo=UTC), tick=False)  # Friday noon
    game = clocked(ana, ben, days=1, weekends_off=True)
    assert seat(game, 0).deadline == datetime(2026, 3, 9, 12, 0, tzinfo=UTC)


def test_weekends_off_follow_the_players_time_zone(clocked, ana, ben, clock):
    ana.timezone = "Pacific/Auckland"
    ana.save()
    clock.move_to(datetime(2026, 3, 6, 12, 0, tzinfo=UTC))  # already Saturday in Auckland
    game = clocked(ana, ben, days=1, weekends_off=True)
    # Monday 00:00 in Auckland (UTC+13) is Sunday 11:00 UTC; one day later:
    assert seat(game, 0).deadline == datetime(2026, 3, 9, 11, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    "control",
    [
        {"days": 4},
        {"days": 0, "bank_cap_days": 7},
        {"days": 7, "bank_cap_days": 7},
        {"days": 1, "on_timeout": "forfeit"},
        {"days": 1, "bot_level": "greedy"},
        {"days": 1, "weekends_off": "yes"},
        {"hours": 5},
    ],
)
def test_a_time_control_outside_the_choices_is_refused(ana, control):
    with pytest.raises(InvalidInput):
        tables.game_create(creator=ana, game="toy", players=2, time_control=control)
    assert not Game.objects.exists()


def test_the_new_table_form_sets_the_time_control(client, ana):
    client.force_login(ana)
    response = client.post(
        reverse("games:create"),
        {
            "game": "toy",
            "players": "2",
            "option_target": "10",
            "seat_order": "random",
            "clock_days": "3",
            "bank_cap_days": "14",
            "weekends_off": "on",
            "allow_vacation": "on",
            "timeout_policy": "abandon",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.clock_days, game.bank_cap_days, game.weekends_off, game.allow_vacation) == (
        3,
        14,
        True,
        True,
    )
    assert game.timeout_policy == "abandon"


def test_the_game_page_shows_the_time_left_and_the_deadline_in_my_zone(client, clocked, ana, ben):
    ben.timezone = "Asia/Tokyo"
    ben.save()
    game = clocked(ana, ben, days=2, bank_cap_days=14)
    client.force_login(ben)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "2 days left, until" in page
    assert "Wed 4 Mar, 18:00" in page  # 09:00 UTC is 18:00 in Tokyo
    assert "2 days per move, unused time banked up to 14 days" in page


def test_my_games_show_my_time_left_and_the_others(client, clocked, ana, ben, clock):
    game = clocked(ana, ben, days=1)
    clock.shift(timedelta(hours=3))
    client.force_login(ana)
    page = client.get(reverse("games:mine")).content.decode()
    assert "21 hours left" in page
    client.force_login(ben)
    page = client.get(reverse("games:mine")).content.decode()
    assert "ana: 21 hours left" in page
    assert game.pk
