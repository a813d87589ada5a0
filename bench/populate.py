"""Fill a PostgreSQL database with many games for the history benchmarks (bench/dashboard.py).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/silkroad_bench \
    uv run python bench/populate.py --games 100000 --moves 10000000

Run it on a database of its own (migrated, otherwise empty): it adds players called
``bench-…``. The shape: ``--heavy`` players (5) with about ``--heavy-games`` (3,000)
finished games each and a few dozen in play, the rest spread over ``--games / 5`` players;
90% of games finished, 8% in play, 2% open tables; two to four players; Silk Road,
Samarkand and Merchant Lord; each heavy player follows ``--follows`` (200) others. Moves
average ``--moves / --games`` per started game. Rated games (seven in ten) give their
players a rating per title and a rating change each, as a rated game's end does, so a
profile draws a rating history of hundreds of games.

Each title and player count is played out once by the engine (random legal moves); every
game of that kind copies its moves (cycled when the game is longer), its final state and
its result. Users go in with ``bulk_create``; games and seats with COPY into staging
tables; the moves with one ``INSERT … SELECT`` inside PostgreSQL (no row passes through
Python), then ``VACUUM ANALYZE``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "silkroad.settings.dev")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection, transaction  # noqa: E402

from accounts.models import Follow  # noqa: E402
from games.engine import registry  # noqa: E402
from games.play import results  # noqa: E402
from games.timing.seat_clock import REMIND_WHEN_LEFT  # noqa: E402

TITLES = ("silk-road", "samarkand", "merchant-lord")
NOW = datetime(2026, 11, 1, tzinfo=UTC)  # bench/dashboard.py sets its clock here
SEAT_COLUMNS = (
    *("n", "number", "user_id", "must_act"),
    *("waiting_since", "deadline", "move_time", "time_left"),
)


def playout(slug: str, players: int, seed: int) -> dict:
    """One random game of ``slug``: its moves as the log stores them, final state, result."""
    rules = registry.get(slug)
    chooser = random.Random(seed)
    state = rules.setup(players, {}, seed)
    moves = []
    while rules.outcome(state) is None and len(moves) < 2000:
        seat = chooser.choice(list(rules.to_act(state)))
        actions = [a for a in rules.legal_actions(state, seat) if a.type != "offer"]
        action = chooser.choice(actions)
        state, entries = rules.apply(state, seat, action)
        moves.append(
            (
                seat,
                json.dumps(action.to_json(with_label=True)),
                json.dumps([e.to_json() for e in entries]),
            )
        )
    outcome = rules.outcome(state)
    result = results.from_outcome(outcome, state).to_json() if outcome else None
    return {"moves": moves, "state": state, "result": result, "format": rules.state_format}


def waiting_clock(timing: random.Random, clock_days: int) -> tuple:
    """A seat to move at ``NOW``: since when it waits (from a minute to its whole time, or
    three days with no time limit) and, on a clocked table, its running clock (deadline,
    move time and time left) as the write path starts it."""
    allowed = timedelta(days=clock_days or 3)
    since = NOW - timing.uniform(1 / (24 * 60), 1) * allowed
    if not clock_days:
        return since, None, None, None
    return since, since + allowed, allowed, allowed


def copy_rows(cursor, table: str, columns: list[str], rows) -> None:
    with cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--moves", type=int, default=10_000_000)
    parser.add_argument("--heavy", type=int, default=5, help="players with thousands of games")
    parser.add_argument("--heavy-games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--follows", type=int, default=200, help="players each heavy player follows"
    )
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        raise SystemExit("populate needs PostgreSQL (DATABASE_URL=postgres://…)")
    started = time.monotonic()
    chooser = random.Random(args.seed)
    timing = random.Random(args.seed + 1)  # waiting times: the rest is drawn as before

    def say(what: str) -> None:
        print(f"{time.monotonic() - started:7.1f} s  {what}", flush=True)

    # Templates: one played-out game per title and player count.
    templates = {}
    for slug in TITLES:
        rules = registry.get(slug)
        for players in range(max(2, rules.min_players), min(4, rules.max_players) + 1):
            templates[slug, players] = playout(slug, players, args.seed * 100 + players)
    lengths = ", ".join(f"{s} {p}: {len(t['moves'])}" for (s, p), t in templates.items())
    say(f"played out {len(templates)} template games (moves: {lengths})")

    # Players.
    User = get_user_model()
    prefix = f"bench-{args.seed}-"
    casual = max(args.games // 5, 10)
    names = [f"{prefix}heavy-{n}" for n in range(1, args.heavy + 1)]
    names += [f"{prefix}{n:06d}" for n in range(casual)]
    User.objects.bulk_create(
        [User(username=name, email=f"{name}@example.com", password="!") for name in names],
        batch_size=5000,
        ignore_conflicts=True,
    )
    ids = dict(User.objects.filter(username__startswith=prefix).values_list("username", "pk"))
    heavy = [ids[name] for name in names[: args.heavy]]
    others = [ids[name] for name in names[args.heavy :]]
    say(f"{len(ids)} players ({len(heavy)} heavy)")
    # Heavy players follow others (the lobby lists their tables first): drawn apart, so
    # that the games below are those of the same seed without follows.
    following = random.Random(args.seed + 1)
    Follow.objects.bulk_create(
        [
            Follow(follower_id=follower, followed_id=followed)
            for follower in heavy
            for followed in following.sample(others, min(args.follows, len(others)))
        ],
        ignore_conflicts=True,
    )

    # Games, with the seats of each; heavy players sit in the first games.
    per_game = args.moves / args.games
    games, seats = [], []
    heavy_slots = [(h, n) for h in heavy for n in range(args.heavy_games)]
    chooser.shuffle(heavy_slots)
    for index in range(args.games):
        slug = TITLES[index % len(TITLES)]
        rules = registry.get(slug)
        players = chooser.randint(max(2, rules.min_players), min(4, rules.max_players))
        roll = chooser.random()
        status = "finished" if roll < 0.90 else "active" if roll < 0.98 else "open"
        template = templates[slug, players]
        version = 0
        if status == "finished":
            version = max(1, int(chooser.uniform(0.5, 1.5) * per_game))
        elif status == "active":
            version = max(1, int(chooser.uniform(0.1, 1.0) * per_game))
        created = NOW - timedelta(minutes=(args.games - index) * 7)
        begun = created + timedelta(hours=1) if status != "open" else None
        ended = begun + timedelta(days=chooser.uniform(1, 20)) if status == "finished" else None
        seated = []
        if index < len(heavy_slots):
            seated.append(heavy_slots[index][0])
        while len(seated) < players:
            user = chooser.choice(others)
            if user not in seated:
                seated.append(user)
        if status == "open":
            seated = seated[: chooser.randint(1, players - 1)]
        chooser.shuffle(seated)
        to_move = version % players
        public, rated, clock_days = (
            chooser.random() < 0.8,
            chooser.random() < 0.7,
            chooser.choice((0, 0, 1, 3)),
        )
        games.append(
            (
                index,
                slug,
                players,
                status,
                version,
                public,
                seated[0],
                created,
                begun,
                ended,
                ended or begun or created,
                rated,
                clock_days,
                template["format"],
                len(seated),
            )
        )
        for number, user in enumerate(seated):
            if status == "active" and number == to_move:
                seats.append((index, number, user, True, *waiting_clock(timing, clock_days)))
            else:
                seats.append((index, number, user, False, None, None, None, None))
    # Scale the lengths so the moves add up to --moves.
    factor = args.moves / max(1, sum(row[4] for row in games))
    games = [(*row[:4], round(row[4] * factor) if row[4] else 0, *row[5:]) for row in games]
    say(f"{len(games)} games and {len(seats)} seats drawn")

    with transaction.atomic(), connection.cursor() as wrapper:
        cursor = wrapper.cursor  # psycopg's own, for COPY
        cursor.execute(
            "CREATE TEMP TABLE bench_template (game text, players int, seq int, seat int,"
            " action jsonb, log jsonb) ON COMMIT DROP"
        )
        cursor.execute(
            "CREATE TEMP TABLE bench_final (game text, players int, moves int, state jsonb,"
            " result jsonb) ON COMMIT DROP"
        )
        copy_rows(
            cursor,
            "bench_template",
            ["game", "players", "seq", "seat", "action", "log"],
            (
                (slug, players, seq, seat, action, log)
                for (slug, players), t in templates.items()
                for seq, (seat, action, log) in enumerate(t["moves"], start=1)
            ),
        )
        copy_rows(
            cursor,
            "bench_final",
            ["game", "players", "moves", "state", "result"],
            (
                (
                    slug,
                    players,
                    len(t["moves"]),
                    json.dumps(t["state"]),
                    json.dumps(t["result"]) if t["result"] else None,
                )
                for (slug, players), t in templates.items()
            ),
        )
        cursor.execute(
            "CREATE TEMP TABLE bench_game (n int, game text, players int, status text,"
            " version int, is_public bool, creator_id bigint, created_at timestamptz,"
            " started_at timestamptz, finished_at timestamptz, updated_at timestamptz,"
            " rated bool, clock_days int, state_format int, seats_taken int, id bigint)"
            " ON COMMIT DROP"
        )
        copy_rows(
            cursor,
            "bench_game",
            [
                "n",
                "game",
                "players",
                "status",
                "version",
                "is_public",
                "creator_id",
                "created_at",
                "started_at",
                "finished_at",
                "updated_at",
                "rated",
                "clock_days",
                "state_format",
                "seats_taken",
            ],
            games,
        )
        cursor.execute("CREATE INDEX ON bench_template (game, players, seq)")
        cursor.execute("ANALYZE bench_template; ANALYZE bench_final; ANALYZE bench_game")
        cursor.execute(
            "UPDATE bench_game SET id = nextval(pg_get_serial_sequence('games_game', 'id'))"
        )
        cursor.execute(
            """
            INSERT INTO games_game (id, game, options, players, seats_taken, is_public,
                random_seat_order,
                invite_code, status, seed, server_seed, seed_nonce, seed_committed, state,
                state_format, version, result, created_at, started_at, finished_at,
                updated_at, creator_id, allow_vacation, bank_cap_days, clock_days,
                timeout_bot_level, timeout_policy, weekends_off, rated, language, draft)
            SELECT b.id, b.game, '{}', b.players, b.seats_taken, b.is_public, true,
                'bench' || b.id, b.status, b.id * 7919, b.id * 104729, md5(b.id::text), true,
                CASE WHEN b.status = 'open' THEN NULL ELSE f.state END,
                b.state_format, b.version,
                CASE WHEN b.status = 'finished' THEN f.result END,
                b.created_at, b.started_at, b.finished_at, b.updated_at, b.creator_id, true,
                0, b.clock_days, '', 'autoplay', false, b.rated, '', '{}'
            FROM bench_game b JOIN bench_final f ON f.game = b.game AND f.players = b.players
            """
        )
        say("games written")
        cursor.execute(
            "CREATE TEMP TABLE bench_seat (n int, number int, user_id bigint, must_act bool,"
            " waiting_since timestamptz, deadline timestamptz, move_time interval,"
            " time_left interval) ON COMMIT DROP"
        )
        copy_rows(cursor, "bench_seat", list(SEAT_COLUMNS), seats)
        cursor.execute("ANALYZE bench_seat")
        cursor.execute(
            f"""
            INSERT INTO games_seat (game_id, number, user_id, joined_at, must_act,
                waiting_since, deadline, move_time, time_left, reminder_at,
                waiting_version, wants_end, controller, controller_level,
                entropy, finished_at, place)
            SELECT g.id, s.number, s.user_id, g.created_at, s.must_act, s.waiting_since,
                s.deadline, s.move_time, s.time_left,
                s.deadline - s.move_time * {REMIND_WHEN_LEFT},  -- as the write path sets it
                g.version, false, 'player', '', '',
                -- as a game's end writes them on its seats (the players' histories read them)
                CASE WHEN g.status = 'finished' THEN g.finished_at END,
                CASE WHEN g.status = 'finished' THEN (
                    SELECT (score ->> 'place')::int
                    FROM jsonb_array_elements(f.result::jsonb -> 'scores') AS score
                    WHERE (score ->> 'seat')::int = s.number LIMIT 1) END
            FROM bench_seat s JOIN bench_game g ON g.n = s.n
            JOIN bench_final f ON f.game = g.game AND f.players = g.players
            """
        )
        say("seats written")
        cursor.execute(
            """
            INSERT INTO games_move (game_id, seq, seat, action, log, created_at)
            SELECT g.id, s.seq, t.seat, t.action, t.log,
                g.started_at + s.seq * interval '17 minutes'
            FROM bench_game g
            JOIN bench_final f ON f.game = g.game AND f.players = g.players
            CROSS JOIN LATERAL generate_series(1, g.version) AS s(seq)
            JOIN bench_template t ON t.game = g.game AND t.players = g.players
                AND t.seq = (s.seq - 1) % f.moves + 1
            """
        )
        say(f"{cursor.rowcount} moves written")
        # Ratings, as rated games' ends write them: one per player and title, and a change
        # for each rated finished game (the profile draws its history).
        cursor.execute(
            """
            INSERT INTO games_rating (game, user_id, bot_level, mu, sigma, games, updated_at)
            SELECT b.game, s.user_id, '', 25 + 4 * sin(s.user_id), 3, count(*),
                max(b.finished_at)
            FROM bench_seat s JOIN bench_game b ON b.n = s.n
            WHERE b.status = 'finished' AND b.rated GROUP BY b.game, s.user_id
            """
        )
        cursor.execute(
            """
            INSERT INTO games_ratingchange (rating_id, played_id, seat, mu_before,
                sigma_before, mu_after, sigma_after, created_at)
            SELECT r.id, b.id, s.number, 25 + 4 * sin(b.n / 40.0), 3,
                25.5 + 4 * sin(b.n / 40.0), 3, b.finished_at
            FROM bench_seat s JOIN bench_game b ON b.n = s.n
            JOIN games_rating r ON r.user_id = s.user_id AND r.game = b.game
            WHERE b.status = 'finished' AND b.rated
            """
        )
        say(f"{cursor.rowcount} rating changes written")
    connection.ensure_connection()
    with connection.cursor() as cursor:
        tables = ("accounts_user", "games_game", "games_seat", "games_move", "games_rating")
        for table in (*tables, "games_ratingchange"):
            cursor.execute(f"VACUUM ANALYZE {table}")
    say("vacuumed and analysed; done")


if __name__ == "__main__":
    main()
