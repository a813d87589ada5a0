"""How the history pages answer on a big database (fill it first with bench/populate.py).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/silkroad_bench \
    CACHE_URL=redis://127.0.0.1:6379/1 uv run python bench/dashboard.py --requests 300

Signed in as the busiest player (thousands of finished games), it asks for each hot page
``--requests`` times through the site's WSGI application in this process (every
middleware, the real URLs) and prints the wall-clock p50, p99 and max, the CPU median and
the queries. Then it runs EXPLAIN (ANALYZE) on every query those pages made and reports
any sequential scan of a large table (users, games, seats, moves); ``--plans`` prints
every plan.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import re
import statistics
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import Count  # noqa: E402
from django.test.utils import override_settings  # noqa: E402
from http_cost import Site, _urls, cookie_for  # noqa: E402  (sets Django up)

from games.models import Game, Seat  # noqa: E402
from games.read import tables as lists  # noqa: E402

LARGE = ("accounts_user", "games_game", "games_seat", "games_move")
MISSED = "my games, lists drawn anew"


# A minute on at every call, from a start no earlier run used (their drawings may still
# be in the cache).
MINUTES = itertools.count(time.time_ns())


@contextlib.contextmanager
def a_new_minute():
    """The clock that "my games" puts in its cache key, a minute on from the last call."""
    with mock.patch.object(lists, "time", SimpleNamespace(time=lambda: next(MINUTES) * 60)):
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
    # "My games" keeps its drawn lists in the cache under a key of everything they show
    # and the minute; a change to any listed game, or a new minute, draws them anew.
    # This line asks for the dashboard as if a minute had passed since each request.
    pages[MISSED] = "/games/"
    with override_settings(ROOT_URLCONF=_urls()):
        site, cookie = Site(), cookie_for(player)
        statements = {}
        walls = {name: [] for name in pages}
        cpus = {name: [] for name in pages}
        queries = {}
        for round_ in range(args.requests + 3):
            for name, url in pages.items():
                with a_new_minute() if name == MISSED else contextlib.nullcontext():
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
    main()
