"""A load test anyone can rerun: players in two-player games taking turns over HTTP.

``--games M`` Silk Road tables for ``2 × M`` players. Every player follows their game's
live stream (``/live``, Server-Sent Events, as an open page does), reads the game through
the JSON API when told of a change (or every ``--poll`` seconds without news), and when
it is their turn waits a think time (exponential, mean ``--think`` seconds) and posts a
random legal move. After each move they also ask for a bare authenticated view (the
header's count, ``/me/waiting``) and, every ``--page-every`` moves, the game page, so
the run measures the cost of a move against the cheapest signed-in request under the same
load. A game that ends is replaced by a new one. The run lasts ``--seconds``; then it
prints moves/s, the p50/p99 latency of each kind of request, the time from a move to the
opponent's stream event, errors, and each kind's p50 and p99 as a multiple of the bare
view's.

Three ways to run it::

    # the development site (SQLite, file broker and live bus), as `runsite` starts it
    uv run python bench/load.py --site runsite --games 10 --seconds 60

    # the production setup on this machine: gunicorn with --web uvicorn workers, --workers
    # Celery workers, PostgreSQL, Redis (broker, cache, live bus), production settings
    uv run python bench/load.py --site production --web 3 --workers 1 --games 40 \
        --database-url postgres://postgres@127.0.0.1:5432/silkroad_load \
        --redis-url redis://127.0.0.1:6379/2

    # a site already running (players are made with manage.py in this environment,
    # which must reach the site's database)
    uv run python bench/load.py --url http://127.0.0.1:8000 --games 10

The players are made server-side (``manage.py shell``): accounts, an API token and a
signed-in session each; tables are opened and joined through the API. A started site
gets generous rate limits (``THROTTLE_API_WRITE``), since the run's players move faster
than people; against ``--url`` set them on the site.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("bare", "read", "move", "page", "join", "create")

SETUP = """
import json, os
from importlib import import_module
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth import get_user_model
from accounts.models import ApiToken
prefix, count = os.environ["LOAD_PREFIX"], int(os.environ["LOAD_COUNT"])
User = get_user_model()
engine = import_module(settings.SESSION_ENGINE)
players = []
for n in range(count):
    name = f"{prefix}{n}"
    user, _ = User.objects.get_or_create(username=name, defaults={"email": name + "@example.com"})
    session = engine.SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    players.append({"name": name, "token": ApiToken.issue(user=user, name="load")[1],
                    "session": session.session_key})
print("PLAYERS " + json.dumps(players))
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Site:
    """The site under test: its address, and the processes this script started."""

    url: str
    env: dict[str, str]
    folder: Path
    processes: list[subprocess.Popen] = field(default_factory=list)

    def spawn(self, name: str, *command: str, **env: str) -> None:
        log = open(self.folder / f"{name}.log", "a")  # noqa: SIM115 - closed with the process
        self.processes.append(
            subprocess.Popen(
                command,
                cwd=ROOT,
                env={**self.env, **env},
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own group: stopping it stops its children
            )
        )

    def manage(self, *args: str, **env: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env={**self.env, **env},
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise SystemExit(f"manage.py {args[0]} failed:\n{done.stderr[-3000:]}")
        return done.stdout

    def wait_until_up(self, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/", timeout=2)
                return
            except OSError:
                time.sleep(0.5)
        self.stop()
        raise SystemExit(f"the site did not answer at {self.url}; logs in {self.folder}")

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)


def base_env(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env.update(
        SILKROAD_VAR_DIR=str(folder),
        PYTHONUNBUFFERED="1",
        THROTTLE_API_WRITE="100000/m",
        THROTTLE_TABLE_CREATE="100000/h",
    )
    return env


def start_runsite(folder: Path) -> Site:
    """``manage.py runsite`` with its embedded defaults, in a folder of its own."""
    env = base_env(folder)
    for name in ("DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL", "LIVE_UPDATES_URL"):
        env.pop(name, None)
    port = free_port()
    site = Site(f"http://127.0.0.1:{port}", env, folder)
    site.spawn("runsite", sys.executable, "manage.py", "runsite", f"127.0.0.1:{port}")
    site.wait_until_up()
    site.env = {**env, "DJANGO_SETTINGS_MODULE": "silkroad.settings.dev"}
    return site


def start_production(folder: Path, args) -> Site:
    """The production settings and processes on this machine: gunicorn serving ASGI with
    ``--web`` uvicorn workers, ``--workers`` Celery workers, one beat, PostgreSQL, Redis."""
    if not args.database_url.startswith("postgres"):
        raise SystemExit("--site production needs --database-url postgres://…")
    prefix = f"silkroad-load-{secrets.token_hex(4)}:"
    env = base_env(folder)
    env.update(
        DJANGO_SETTINGS_MODULE="silkroad.settings.production",
        SECRET_KEY=secrets.token_urlsafe(48),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="0",
        SECURE_HSTS_SECONDS="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        DATABASE_URL=args.database_url,
        CELERY_BROKER_URL=args.redis_url,
        CELERY_BROKER_KEYPREFIX=prefix,
        CACHE_URL=args.redis_url,
        LIVE_UPDATES_PREFIX=prefix + "live:",
        EMAIL_FILE_PATH=str(folder / "mail"),
    )
    port = free_port()
    site = Site(f"http://127.0.0.1:{port}", env, folder)
    site.manage("migrate", "--noinput", "-v", "0")
    site.manage("collectstatic", "--noinput", "-v", "0")
    site.spawn(
        "web",
        sys.executable,
        "-m",
        "gunicorn",
        "silkroad.asgi:application",
        "-k",
        "uvicorn_worker.UvicornWorker",
        "--workers",
        str(args.web),
        "--bind",
        f"127.0.0.1:{port}",
        "--graceful-timeout",
        "5",
        DATABASE_POOL=str(args.pool),  # connections per web process (0: one per request)
    )
    site.spawn(
        "worker",
        sys.executable,
        "-m",
        "celery",
        "-A",
        "silkroad",
        "worker",
        "-l",
        "warning",
        "--concurrency",
        str(args.workers),
        "--without-gossip",
        "--without-mingle",
    )
    site.spawn("beat", sys.executable, "-m", "celery", "-A", "silkroad", "beat", "-l", "warning")
    site.wait_until_up()
    return site


def make_players(site: Site, count: int) -> list[dict]:
    prefix = f"load{secrets.token_hex(3)}-"
    out = site.manage("shell", "-c", SETUP, LOAD_PREFIX=prefix, LOAD_COUNT=str(count))
    line = next(line for line in out.splitlines() if line.startswith("PLAYERS "))
    return json.loads(line[len("PLAYERS ") :])


class Stats:
    def __init__(self) -> None:
        self.times: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.samples: list[str] = []
        self.moves = 0
        self.games_finished = 0
        self.events: list[float] = []  # from a move's answer to the opponent's stream event
        self.recording = False

    def error(self, kind: str, what: str) -> None:
        if self.recording:
            self.errors[kind] += 1
            if len(self.samples) < 5:
                self.samples.append(f"{kind}: {what}")


@dataclass
class Player:
    name: str
    token: str
    session: str
    http: aiohttp.ClientSession | None = None
    news: asyncio.Event = field(default_factory=asyncio.Event)
    game_id: int | None = None


@dataclass
class Table:
    """Two players and the game they are playing now (replaced when it ends)."""

    players: tuple[Player, Player]
    game_id: int | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    sent_at: dict[int, float] = field(default_factory=dict)  # seat: when its move was sent


class Load:
    def __init__(self, url: str, stats: Stats, args) -> None:
        self.url, self.stats, self.args = url, stats, args
        self.stop_at = 0.0
        self.rng = random.Random(args.seed)

    async def call(self, player: Player, kind: str, method: str, path: str, body=None, **kw):
        """(status, JSON or None) of one request, timed under ``kind``."""
        headers = {"Authorization": f"Bearer {player.token}"} if path.startswith("/api") else {}
        headers.update(kw.pop("headers", {}))
        started = time.perf_counter()
        try:
            async with player.http.request(
                method, self.url + path, json=body, headers=headers, allow_redirects=False
            ) as answer:
                data = await answer.read()
                status = answer.status
                etag = answer.headers.get("ETag")
        except (TimeoutError, aiohttp.ClientError) as exc:
            self.stats.error(kind, repr(exc))
            return 0, None, None
        if self.stats.recording:
            self.stats.times[kind].append(time.perf_counter() - started)
        if status >= 500 or (status >= 400 and status not in (409,)):
            self.stats.error(kind, f"{method} {path} → {status} {data[:120]!r}")
        parsed = None
        if data and answer.content_type == "application/json":
            parsed = json.loads(data)
        return status, parsed, etag

    async def follow(self, player: Player, seat: int, table: Table) -> None:
        """The player's open page: its live stream; every game event sets ``news``."""
        while time.monotonic() < self.stop_at:
            game_id = table.game_id
            try:
                async with player.http.get(
                    f"{self.url}/live?game={game_id}",
                    headers={"Accept": "text/event-stream"},
                    timeout=aiohttp.ClientTimeout(total=None, sock_read=60),
                ) as stream:
                    if stream.status != 200:
                        self.stats.error("stream", f"status {stream.status}")
                        await asyncio.sleep(2)
                        continue
                    async for line in stream.content:
                        if line.startswith(b"event: game"):
                            sent = table.sent_at.pop(1 - seat, None)  # the opponent's move
                            if sent is not None and self.stats.recording:
                                self.stats.events.append(time.monotonic() - sent)
                            player.news.set()
                        if table.game_id != game_id or time.monotonic() > self.stop_at:
                            break
            except (TimeoutError, aiohttp.ClientError) as exc:
                self.stats.error("stream", repr(exc))
                await asyncio.sleep(1)

    async def open_table(self, table: Table) -> None:
        first, second = table.players
        status, made, _ = await self.call(
            first,
            "create",
            "POST",
            "/api/games",
            {"game": "silk-road", "players": 2, "public": False, "random_seat_order": False},
        )
        if status != 201:
            raise RuntimeError(f"could not open a table: {status} {made}")
        await self.call(
            second,
            "join",
            "POST",
            f"/api/games/{made['id']}/join",
            {"invite_code": made["invite_code"]},
        )
        table.game_id = made["id"]
        table.ready.set()

    async def play(self, player: Player, seat: int, table: Table) -> None:
        moves, etag, doc = 0, None, None
        while time.monotonic() < self.stop_at:
            await table.ready.wait()
            game_id = table.game_id
            player.news.clear()
            headers = {"If-None-Match": etag} if etag and doc else {}
            status, fresh, new_etag = await self.call(
                player, "read", "GET", f"/api/games/{game_id}", headers=headers
            )
            if status == 200:
                doc, etag = fresh, new_etag
            elif status != 304:
                await asyncio.sleep(1)
                continue
            if doc["status"] == "finished":
                self.stats.games_finished += seat == 0
                if seat == 0:
                    table.ready.clear()
                    await self.open_table(table)
                else:
                    while table.game_id == game_id and time.monotonic() < self.stop_at:
                        await asyncio.sleep(0.2)
                doc = etag = None
                continue
            if seat not in doc["to_act"] or not doc["legal_actions"]:
                try:
                    await asyncio.wait_for(player.news.wait(), timeout=self.args.poll)
                except TimeoutError:
                    pass
                continue
            await asyncio.sleep(self.rng.expovariate(1 / self.args.think))
            choices = [a for a in doc["legal_actions"] if a["type"] not in ("offer", "undo")]
            action = {k: v for k, v in self.rng.choice(choices).items() if k != "label"}
            table.sent_at[seat] = time.monotonic()
            status, after, _ = await self.call(
                player,
                "move",
                "POST",
                f"/api/games/{game_id}/actions",
                {"action": action, "version": doc["version"]},
            )
            if status == 200:
                moves += 1
                if self.stats.recording:
                    self.stats.moves += 1
                doc, etag = after, None
            await self.call(player, "bare", "GET", "/me/waiting")
            if self.args.page_every and moves % self.args.page_every == 0:
                await self.call(player, "page", "GET", f"/games/{game_id}/")

    async def run(self, players: list[dict]) -> float:
        connector = aiohttp.TCPConnector(limit=0)
        args_cookie = "sessionid"  # SESSION_COOKIE_NAME
        timeout = aiohttp.ClientTimeout(total=60)
        sessions = []
        tables = []
        for n in range(0, len(players) - 1, 2):
            pair = []
            for data in players[n : n + 2]:
                http = aiohttp.ClientSession(
                    connector=connector,
                    connector_owner=False,
                    timeout=timeout,
                    headers={"Cookie": f"{args_cookie}={data['session']}"},
                    cookie_jar=aiohttp.DummyCookieJar(),
                )
                sessions.append(http)
                pair.append(Player(data["name"], data["token"], data["session"], http))
            tables.append(Table(tuple(pair)))
        self.stop_at = time.monotonic() + self.args.warmup + self.args.seconds + 600
        await asyncio.gather(*(self.open_table(t) for t in tables))
        tasks = []
        for table in tables:
            for seat, player in enumerate(table.players):
                tasks.append(asyncio.create_task(self.follow(player, seat, table)))
                tasks.append(asyncio.create_task(self.play(player, seat, table)))
        await asyncio.sleep(self.args.warmup)
        self.stats.recording = True
        began = time.monotonic()
        await asyncio.sleep(self.args.seconds)
        self.stats.recording = False
        elapsed = time.monotonic() - began
        self.stop_at = 0
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for http in sessions:
            await http.close()
        await connector.close()
        return elapsed


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def report(stats: Stats, elapsed: float, args, label: str) -> None:
    print(
        f"\n{label}: {args.games} games, {2 * args.games} players, think {args.think} s, "
        f"{elapsed:.0f} s measured"
    )
    print(
        f"moves: {stats.moves} ({stats.moves / elapsed:.1f}/s); games finished: {stats.games_finished}"
    )
    bare = stats.times.get("bare") or [float("nan")]
    bare50, bare99 = percentile(bare, 0.5), percentile(bare, 0.99)
    print(
        f"{'kind':8} {'count':>7} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'× bare p50':>10} {'× bare p99':>10} {'errors':>7}"
    )
    for kind in KINDS:
        values = stats.times.get(kind)
        if not values:
            continue
        p50, p99 = percentile(values, 0.5), percentile(values, 0.99)
        print(
            f"{kind:8} {len(values):7d} {p50 * 1000:8.1f} {p99 * 1000:8.1f} "
            f"{max(values) * 1000:8.1f} {p50 / bare50:10.2f} {p99 / bare99:10.2f} "
            f"{stats.errors.get(kind, 0):7d}"
        )
    if stats.events:
        print(
            f"from sending a move to the opponent's stream event: p50 {percentile(stats.events, 0.5) * 1000:.1f} ms, "
            f"p99 {percentile(stats.events, 0.99) * 1000:.1f} ms ({len(stats.events)} events)"
        )
    errors = sum(stats.errors.values())
    print(
        f"errors: {errors}"
        + (f" (stream {stats.errors['stream']})" if stats.errors.get("stream") else "")
    )
    for sample in stats.samples:
        print("  " + sample)
    worst = max(
        (percentile(stats.times[k], 0.99) for k in ("read", "move", "bare") if stats.times.get(k)),
        default=0,
    )
    print(
        f"p99 of every read, move and bare request ≤ 200 ms: {'yes' if worst <= 0.2 else 'no'} ({worst * 1000:.0f} ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--site", choices=("runsite", "production"))
    where.add_argument("--url", help="a site already running")
    parser.add_argument("--games", type=int, default=10, help="two-player games (M)")
    parser.add_argument("--seconds", type=float, default=60, help="measured time")
    parser.add_argument("--warmup", type=float, default=10)
    parser.add_argument("--think", type=float, default=2.0, help="mean think time, seconds")
    parser.add_argument("--poll", type=float, default=5.0, help="re-read without news after")
    parser.add_argument("--page-every", type=int, default=10, help="game page every N moves")
    parser.add_argument("--web", type=int, default=2, help="production: web processes")
    parser.add_argument("--workers", type=int, default=1, help="production: Celery processes")
    parser.add_argument("--pool", type=int, default=4, help="production: DATABASE_POOL")
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", ""))
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/2")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="silkroad-load-"))
    if args.site == "runsite":
        site = start_runsite(folder)
    elif args.site == "production":
        site = start_production(folder, args)
    else:
        env = {"DJANGO_SETTINGS_MODULE": "silkroad.settings.dev", **os.environ}
        site = Site(args.url.rstrip("/"), env, folder)
    try:
        players = make_players(site, 2 * args.games)
        stats = Stats()
        elapsed = asyncio.run(Load(site.url, stats, args).run(players))
        label = args.site or args.url
        if args.site == "production":
            label += f" ({args.web} web, {args.workers} worker processes, pool {args.pool})"
        report(stats, elapsed, args, label)
    finally:
        site.stop()
    shutil.rmtree(folder, ignore_errors=True)  # kept, with the processes' logs, on a failure


if __name__ == "__main__":
    main()
