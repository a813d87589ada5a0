""""My games" keeps each row of a game in play drawn until what it shows changes: its
clocks must still read right a minute on, weekends off included."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


def _my_clock(client) -> str:
    """Ana's time left as her row of "my games" shows it."""
    page = client.get("/games/").content.decode()
    shown = page.split('class="game-clock"')[1].split('class="clock')[1]
    return shown.split(">", 1)[1].split("</span>")[0]


def test_my_games_shows_the_time_left_of_each_minute(clocked, ana, ben, clock, client):
    clocked(ana, ben, days=1)
    client.force_login(ana)
    assert _my_clock(client) == "1 day left"
    clock.shift(timedelta(hours=23, minutes=50))
    assert _my_clock(client) == "10 minutes left"
    clock.shift(timedelta(minutes=1))
    assert _my_clock(client) == "9 minutes left"


def _their_clock(client, rows_drawn) -> tuple[str, bool]:
    """The time left of the player to move as another player's row shows it, and whether
    the row was drawn again."""
    drawn = len(rows_drawn)
    page = client.get("/games/").content.decode()
    shown = page.split('class="game-clock"')[1].split("<small>")[1].split("</small>")[0]
    return " ".join(shown.split()), len(rows_drawn) > drawn


def test_my_games_keeps_a_row_whose_clock_stands_still_over_the_weekend(
    clocked, ana, ben, clock, client, rows_drawn
):
    clock.move_to(datetime(2026, 3, 6, 23, 0, tzinfo=UTC), tick=False)  # Friday 23:00
    clocked(ana, ben, days=1, weekends_off=True)  # one hour on Friday, 23 on Monday
    client.force_login(ben)  # Ben's row shows Ana's clock (and no waiting time of his)
    clock.shift(timedelta(minutes=58))
    assert _their_clock(client, rows_drawn) == ("ana: 23 hours 2 minutes left", True)
    clock.shift(timedelta(minutes=1))
    assert _their_clock(client, rows_drawn) == ("ana: 23 hours 1 minute left", True)
    clock.shift(timedelta(minutes=31))  # Saturday 00:30: the clock stands still
    assert _their_clock(client, rows_drawn) == ("ana: 23 hours left", True)
    clock.shift(timedelta(minutes=1))
    assert _their_clock(client, rows_drawn) == ("ana: 23 hours left", False)  # kept
