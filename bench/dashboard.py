"""How the history pages answer on a big database (fill it first with bench/populate.py).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/silkroad_bench \
    CACHE_URL=redis://127.0.0.1:6379/1 uv run python bench/dashboard.py --requests 300

Signed in as the busiest player (thousands of finished games), it asks for each hot page
``--requests`` times through the site's WSGI application in this process (every
middleware, the real URLs) and prints the wall-clock p50, p99 and max, the CPU median and
the queries (of the last request). Its clock starts at the moment bench/populate.py
filled the database as of, so waiting times and clocks read as they were drawn. Then it
runs EXPLAIN (ANALYZE) on every query those pages made and reports any sequential scan
of a large table (users, games, seats, moves); ``--plans`` prints every plan.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import re
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path
from unittest import mock

import time_machine

sys.path.insert(0, str(Path(__file__).resolve().parent))

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.cache.utils import make_template_fragment_key  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import Count  # noqa: E402
from django.test.utils import override_settings  # noqa: E402
from http_cost import Site, _urls, cookie_for  # noqa: E402  (sets Django up)
from populate import NOW  # noqa: E402

from games.models import Game, Seat  # noqa: E402
from games.read import tables as lists  # noqa: E402
from games.read.playing_rows import playing_rows  # noqa: E402

LARGE = ("accounts_user", "games_game", "games_seat", "games_move")


MINUTE_ON = "my games, a minute after the last"
DRAWN_ANEW = "my games, games in play drawn anew"
MINUTES = itertools.count(1)


ROWS_DRAWN: list[int] = []  # rows of games in play drawn at each call of a_minute_on


@contextlib.contextmanager
def a_minute_on():
    """The clock a minute on from the last call: "my games" draws again the rows of
    games in play whose words changed ("waiting 5 minutes", "2 hours left")."""
    ROWS_DRAWN.append(0)

    def counted(seats_by_game, *args):
        ROWS_DRAWN[-1] += len(seats_by_game)
        return playing_rows(seats_by_game, *args)

    with (
        time_machine.travel(NOW + timedelta(minutes=next(MINUTES)), tick=True),
        mock.patch.object(lists, "playing_rows", counted),
    ):
        yield


@contextlib.contextmanager
def games_in_play_forgotten(player):
    """The dashboard with its games in play drawn anew: their group and every row of it
    taken out of the cache (the worst case: a first visit, or every row changed)."""
    my = lists.my_games(user=player, shown=lists.SECTION_SHOWN)
    names = {"my_games_current": my.cache_keys["current"]}
    names.update({f"my_games_row_{pk}": key for pk, key in my.row_keys.items()})
    cache.delete_many([make_template_fragment_key(name, [key]) for name, key in names.items()])
    yield


def busiest_player():
    row = (
        Seat.objects.filter(user__isnull=False)
        .values("user")
        .annotate(n=Count("id"))
        .order_by("-n")
        .first()
    )
    if row is None:
        raise SystemExit("No games here: fill the database with bench/populate.py first.")
    return get_user_model().objects.get(pk=row["user"]), row["n"]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--plans", action="store_true", help="print every query plan")
    args = parser.parse_args()

    player, seats = busiest_player()
    finished = Game.objects.filter(seats__user=player, status=Game.Status.FINISHED).count()
    print(
        f"{Game.objects.count()} games, {Seat.objects.count()} seats; the busiest player, "
        f"{player.username}, sits at {seats} tables ({finished} finished)"
    )
    longest = (
        Game.objects.filter(seats__user=player, status=Game.Status.ACTIVE)
        .order_by("-version")
        .values_list("pk", "version")
        .first()
    )
    older = lists.my_games(user=player).older
    pages = {
        "my games (dashboard)": "/games/",
        "my games, older page": f"/games/?older={older}",
        "lobby": "/lobby/",
        "archive": "/archive/",
        f"archive, {player.username}'s games": f"/archive/?player={player.username}",
        "profile": f"/players/{player.username}/",
        "leaderboard (Samarkand)": "/ratings/samarkand/",
    }
    if longest:
        pages[f"game page (move {longest[1]})"] = f"/games/{longest[0]}/"
    # "My games" keeps its drawn lists, and each row of a game in play, in the cache under
    # a key of everything they show; a move, or a minute that changes a row's words,
    # draws again the rows it changed. One line asks for the dashboard a minute after the
    # last; the other with every row of the games in play to draw.
    pages[MINUTE_ON] = "/games/"
    pages[DRAWN_ANEW] = "/games/"
    moments = {
        MINUTE_ON: a_minute_on,
        DRAWN_ANEW: lambda: games_in_play_forgotten(player),
    }
    # A cache key prefix of this run's own: what an earlier run drew (at the same moments
    # of its clock) is not found.
    fresh = {
        name: {**config, "KEY_PREFIX": f"bench-{time.time_ns()}"}
        for name, config in settings.CACHES.items()
    }
    with override_settings(ROOT_URLCONF=_urls(), CACHES=fresh):
        site, cookie = Site(), cookie_for(player)
        statements = {}
        walls = {name: [] for name in pages}
        cpus = {name: [] for name in pages}
        queries = {}
        for round_ in range(args.requests + 3):
            for name, url in pages.items():
                with moments.get(name, contextlib.nullcontext)():
                    status, cpu, _size, count = site.call("GET", url, cookie)
                if status != 200:
                    raise SystemExit(f"{url} answered {status}")
                if round_ >= 3:  # warm-up
                    walls[name].append(site.wall)
                    cpus[name].append(cpu)
                queries[name] = count
                statements[name] = site.statements
    print(f"\n{args.requests} requests of each page, milliseconds")
    print(f"{'page':34} {'p50':>7} {'p99':>7} {'max':>7} {'CPU p50':>8} {'queries':>8}")
    for name in pages:
        wall = walls[name]
        print(
            f"{name:34} {percentile(wall, 0.5) * 1000:7.2f} {percentile(wall, 0.99) * 1000:7.2f} "
            f"{max(wall) * 1000:7.2f} {statistics.median(cpus[name]) * 1000:8.2f} "
            f"{queries[name]:8d}"
        )

    drawn = ROWS_DRAWN[3:]  # after the warm-up
    print(
        f"\n{MINUTE_ON}: rows of games in play drawn again per request: median "
        f"{statistics.median(drawn):.0f}, p99 {percentile(drawn, 0.99):.0f}, max {max(drawn)}; "
        f"{sum(1 for n in drawn if n)} of {len(drawn)} requests drew some"
    )

    print("\nQuery plans (EXPLAIN ANALYZE): sequential scans of large tables")
    found = 0
    with connection.cursor() as cursor:
        for name, made in statements.items():
            for sql, params in made:
                if not sql.lstrip().upper().startswith("SELECT"):
                    continue
                cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
                plan = "\n".join(row[0] for row in cursor.fetchall())
                scans = [
                    table for table in re.findall(r"Seq Scan on (\w+)", plan) if table in LARGE
                ]
                if scans or args.plans:
                    print(f"\n-- {name}: {sql[:160]}…\n{plan}")
                found += len(scans)
    print(f"\n{found} sequential scan(s) of a large table on these pages.")


if __name__ == "__main__":
    with time_machine.travel(NOW, tick=True):  # the moment the database was filled as of
        main()
