""""My games" keeps each row of a game in play drawn until what it shows changes: its
clocks must still read right a minute on, weekends off included."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.db import connection
from django.test.utils import CaptureQueriesContext


def _my_clock(client) -> tuple[str, int]:
    """Ana's time left as her row of "my games" shows it, and how many statements read
    whole games (to draw rows again)."""
    with CaptureQueriesContext(connection) as queries:
        page = client.get("/games/").content.decode()
    shown = page.split('class="game-clock"')[1].split('class="clock')[1]
    read = [q for q in queries if 'FROM "games_game"' in q["sql"] and " IN (" in q["sql"]]
    return shown.split(">", 1)[1].split("</span>")[0], len(read)


def test_my_games_shows_the_time_left_of_each_minute(clocked, ana, ben, clock, client):
    clocked(ana, ben, days=1)
    client.force_login(ana)
    assert _my_clock(client)[0] == "1 day left"
    clock.shift(timedelta(hours=23, minutes=50))
    assert _my_clock(client)[0] == "10 minutes left"
    clock.shift(timedelta(minutes=1))
    assert _my_clock(client)[0] == "9 minutes left"


def _their_clock(client) -> tuple[str, int]:
    """The time left of the player to move as another player's row shows it, and how
    many statements read whole games."""
    with CaptureQueriesContext(connection) as queries:
        page = client.get("/games/").content.decode()
    shown = page.split('class="game-clock"')[1].split("<small>")[1].split("</small>")[0]
    read = [q for q in queries if 'FROM "games_game"' in q["sql"] and " IN (" in q["sql"]]
    return " ".join(shown.split()), len(read)


def test_my_games_keeps_a_row_whose_clock_stands_still_over_the_weekend(
    clocked, ana, ben, clock, client
):
    clock.move_to(datetime(2026, 3, 6, 23, 0, tzinfo=UTC), tick=False)  # Friday 23:00
    clocked(ana, ben, days=1, weekends_off=True)  # one hour on Friday, 23 on Monday
    client.force_login(ben)  # Ben's row shows Ana's clock (and no waiting time of his)
    clock.shift(timedelta(minutes=58))
    assert _their_clock(client) == ("ana: 23 hours 2 minutes left", 1)
    clock.shift(timedelta(minutes=1))
    assert _their_clock(client) == ("ana: 23 hours 1 minute left", 1)
    clock.shift(timedelta(minutes=31))  # Saturday 00:30: the clock stands still
    assert _their_clock(client) == ("ana: 23 hours left", 1)
    clock.shift(timedelta(minutes=1))
    assert _their_clock(client) == ("ana: 23 hours left", 0)  # the row was kept
