"""CPU per request: a move (form, HTMX, API) and a game page against a bare authenticated view.

The site's WSGI application (every middleware, the real URLs, sessions in the database) is
called in this process, and the process CPU time (``time.process_time``) of each call is
measured on the server side only: building the request and choosing the move are left out.
The kinds of request take turns in one loop, so they share the machine's state (caches,
noise) and are compared in the same run. Two players play Silk Road (random legal moves,
a new game when one ends) after a few warm-up moves.

A move is one of two kinds, and the two cost differently: a step the player may still take
back (kept in the game's draft, seen by no one else) and a move made final (logged, the
turn passed on, the mails and bots told after the commit). The median of all moves falls
in one cluster or the other as the game's mix of them goes; the medians of each kind are
printed apart below the table.

Two reads that find nothing new are measured too, with no target of their own: the game
page's poll answered 204 (every open page asks it every few seconds without the live
stream, and on each pulse with it) and the API's read of a game answered 304 (a client
that sends the ETag it has).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/silkroad \
    CACHE_URL=redis://127.0.0.1:6379/1 CELERY_BROKER_URL=redis://127.0.0.1:6379/1 \
    uv run python bench/http_cost.py --rounds 300

``--profile htmx`` (or bare, page, form, api) profiles that kind with cProfile and prints
the costliest functions. The figures go to docs/performance.md.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "silkroad.settings.dev")
os.environ["DEBUG"] = "0"  # no query log, no debug pages: as in production
os.environ.setdefault("THROTTLE_API_WRITE", "1000000/m")  # the bench posts faster than people

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.decorators import login_required  # noqa: E402
from django.db import connection  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings  # noqa: E402
from django.urls import include, path  # noqa: E402

from accounts.models import ApiToken  # noqa: E402
from games.api.routes import change_tag  # noqa: E402
from games.engine import registry  # noqa: E402
from games.models import Game  # noqa: E402
from games.play import acting, tables  # noqa: E402
from games.read import drafts  # noqa: E402
from games.read.tables import game_for_user, polled  # noqa: E402
from games.web.views import poll_key_of  # noqa: E402

# The application gunicorn serves, loaded by its entry point (which leaves what loading it
# made out of the garbage collector's walks: silkroad.collector).
from silkroad.wsgi import application  # noqa: E402

KINDS = ("bare", "page", "form", "htmx", "api", "api-since", "poll", "read")
LABELS = {
    "bare": "bare authenticated view",
    "page": "game page",
    "form": "move, plain form post (redirect)",
    "htmx": "move, HTMX (board fragment)",
    "api": "move, JSON API",
    "api-since": "move, JSON API, ?since=<version>",
    "poll": "page's poll, nothing changed (204)",
    "read": "API read, nothing changed (304)",
}
# What a request of each kind must answer (anything else stops the run).
ANSWERS = {"poll": 204, "read": 304}
MOVES = ("form", "htmx", "api", "api-since")
TARGETS = {"page": 3.0, "form": 2.0, "htmx": 2.0, "api": 2.0, "api-since": 2.0}
CSRF = "b" * 32  # an unmasked CSRF secret: cookie and form field alike


@login_required
def bare(request):
    """The least an authenticated page costs: session, user, middleware, a tiny answer."""
    return HttpResponse(f"hello {request.user.username}")


def _urls() -> ModuleType:
    module = ModuleType("bench_urls")
    module.urlpatterns = [
        path("bench/bare/", bare),
        path("", include(settings.ROOT_URLCONF)),
    ]
    return module


def cookie_for(user) -> str:
    """The session cookie of ``user`` signed in: "sessionid=…"."""
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


class Site:
    """The WSGI app called directly, with the CPU time and queries of each call."""

    def __init__(self) -> None:
        self.app = application
        self.queries = 0
        self.statements: list[tuple[str, object]] = []
        self.wall = 0.0  # seconds of the last call, by the clock on the wall

    def _count(self, execute, sql, params, many, context):
        self.queries += 1
        self.statements.append((sql, params))
        return execute(sql, params, many, context)

    @staticmethod
    def _environ(method, url, cookie, body, content_type, headers) -> dict:
        url, _, query = url.partition("?")
        return {
            "REQUEST_METHOD": method,
            "PATH_INFO": url,
            "QUERY_STRING": query,
            "SERVER_NAME": "localhost",
            "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "HTTP_HOST": "localhost",
            "REMOTE_ADDR": "127.0.0.1",
            "HTTP_COOKIE": cookie,
            "CONTENT_LENGTH": str(len(body)),
            "CONTENT_TYPE": content_type,
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "wsgi.url_scheme": "http",
            "wsgi.version": (1, 0),
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
            **(headers or {}),
        }

    def _respond(self, environ) -> tuple[int, list[bytes]]:
        """The WSGI answer to ``environ``: its status code and body, read whole."""
        status: list[str] = []
        result = self.app(environ, lambda s, h, exc_info=None: status.append(s))
        body = list(result)
        if hasattr(result, "close"):
            result.close()
        return int(status[0].split()[0]), body

    def call(self, method, url, cookie, body=b"", content_type="", headers=None):
        environ = self._environ(method, url, cookie, body, content_type, headers)
        self.queries, self.statements = 0, []
        with connection.execute_wrapper(self._count):
            wall = time.perf_counter()
            start = time.process_time()
            status, chunks = self._respond(environ)
            spent = time.process_time() - start
            self.wall = time.perf_counter() - wall
        return status, spent, sum(map(len, chunks)), self.queries

    def body(self, method, url, cookie, headers=None) -> bytes:
        """The answer's body (a bodiless request, measured by nothing)."""
        status, chunks = self._respond(self._environ(method, url, cookie, b"", "", headers))
        if status >= 400:
            raise SystemExit(f"{method} {url} answered {status}")
        return b"".join(chunks)


class Table:
    """Two players at a game of Silk Road, moved on by the requests measured."""

    def __init__(self, slug: str, warmup: int, seed: int) -> None:
        users = get_user_model().objects
        self.users = []
        for name in ("bench-amber", "bench-basil"):
            user = users.filter(username=name).first() or users.create_user(
                name, f"{name}@example.com", "bench-password"
            )
            self.users.append(user)
        self.cookies, self.tokens = [], []
        for user in self.users:
            self.cookies.append(f"{cookie_for(user)}; csrftoken={CSRF}")
            self.tokens.append(ApiToken.issue(user=user, name="bench")[1])
        self.slug, self.warmup, self.random = slug, warmup, random.Random(seed)
        self.rules = registry.get(slug)
        self.new_game()

    def new_game(self) -> None:
        table = tables.game_create(
            creator=self.users[0],
            game=self.slug,
            players=2,
            random_seat_order=False,
            public=True,
        )
        tables.game_join(game_id=table.pk, user=self.users[1], invite_code=table.invite_code)
        self.game_id = table.pk
        for _ in range(self.warmup):
            seat, action, version = self.next_move()
            acting.game_act(
                game_id=self.game_id,
                user=self.users[seat],
                action=action,
                expected_version=version,
            )

    def next_move(self):
        """(seat, action, version) of a random legal move; a new game once one ends."""
        game = Game.objects.get(pk=self.game_id)
        if game.status != Game.Status.ACTIVE:
            self.new_game()
            game = Game.objects.get(pk=self.game_id)
        seat = self.rules.to_act(game.state)[0]
        # As the player's page sees it: with their steps not yet final (Undo's draft).
        state = drafts.drafted_state(game, seat)
        actions = [a for a in self.rules.legal_actions(state, seat) if a.type != "offer"]
        return seat, self.random.choice(actions), drafts.shown_version(game, seat)

    def logged_version(self) -> int:
        """The game's version: a move made final raises it, a step kept as a draft does not."""
        return Game.objects.filter(pk=self.game_id).values_list("version", flat=True).get()

    def request(self, kind: str):
        """(method, url, cookie, body, content type, headers) of one request of ``kind``."""
        if kind == "bare":
            return "GET", "/bench/bare/", self.cookies[0], b"", "", {}
        if kind in ("poll", "read"):  # the player to move asks again, with what they have
            seat, _, version = self.next_move()
            user, cookie = self.users[seat], self.cookies[seat]
            if kind == "read":
                tag = change_tag(game_for_user(game_id=self.game_id, user=user), user)
                headers = {"HTTP_AUTHORIZATION": f"Bearer {self.tokens[seat]}"}
                headers["HTTP_IF_NONE_MATCH"] = tag
                return "GET", f"/api/games/{self.game_id}", "", b"", "", headers
            seen = polled(self.game_id, user)
            key = poll_key_of(seen.status, version, seen.seats, seen.last_note)
            url = f"/games/{self.game_id}/version?v={key}&c={seen.last_chat}"
            return "GET", url, cookie, b"", "", {"HTTP_HX_REQUEST": "true"}
        if kind == "page":
            game = Game.objects.get(pk=self.game_id)
            if game.status != Game.Status.ACTIVE:  # the last move ended it: a new one
                self.new_game()
                game = Game.objects.get(pk=self.game_id)
            seat = self.rules.to_act(game.state)[0]
            return "GET", f"/games/{self.game_id}/", self.cookies[seat], b"", "", {}
        seat, action, version = self.next_move()
        if kind.startswith("api"):
            body = json.dumps({"action": action.to_json(), "version": version}).encode()
            headers = {"HTTP_AUTHORIZATION": f"Bearer {self.tokens[seat]}"}
            url = f"/api/games/{self.game_id}/actions"
            if kind == "api-since":  # a client that keeps the log it has read
                url += f"?since={version}"
            return "POST", url, "", body, "application/json", headers
        from urllib.parse import urlencode

        body = urlencode(
            {
                "action": json.dumps(action.to_json()),
                "version": version,
                "csrfmiddlewaretoken": CSRF,
            }
        ).encode()
        headers = {"HTTP_HX_REQUEST": "true"} if kind == "htmx" else {}
        url = f"/games/{self.game_id}/act"
        form = "application/x-www-form-urlencoded"
        return "POST", url, self.cookies[seat], body, form, headers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200, help="requests of each kind")
    parser.add_argument("--game", default="silk-road", help="the title played")
    parser.add_argument("--warmup", type=int, default=30, help="moves played before measuring")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", choices=KINDS, help="profile this kind with cProfile")
    parser.add_argument(
        "--queries", choices=KINDS, help="print the SQL of the last request of this kind"
    )
    args = parser.parse_args()

    with override_settings(ROOT_URLCONF=_urls()):
        site, table = Site(), Table(args.game, args.warmup, args.seed)
        spent = {kind: [] for kind in KINDS}
        queries = {kind: [] for kind in KINDS}
        sizes = {kind: [] for kind in KINDS}
        by_outcome = {kind: {"draft": [], "final": []} for kind in MOVES}
        profiler = cProfile.Profile(time.process_time) if args.profile else None  # CPU, not wall
        for round_ in range(args.rounds + 5):
            for kind in KINDS:
                method, url, cookie, body, ctype, headers = table.request(kind)
                before = table.logged_version() if kind in MOVES else None
                if profiler and kind == args.profile:
                    profiler.enable()
                status, cpu, size, count = site.call(method, url, cookie, body, ctype, headers)
                if profiler and kind == args.profile:
                    profiler.disable()
                if status >= 400 or status != ANSWERS.get(kind, status):
                    raise SystemExit(f"{kind}: {method} {url} answered {status}")
                if kind == args.queries:
                    last_sql = list(site.statements)
                if round_ >= 5:  # the first rounds warm caches and imports
                    spent[kind].append(cpu)
                    if kind in MOVES:
                        final = table.logged_version() > before
                        by_outcome[kind]["final" if final else "draft"].append(cpu)
                    queries[kind].append(count)
                    sizes[kind].append(size)

    base = statistics.median(spent["bare"])
    print(
        f"{args.game}, {args.rounds} requests of each kind, {connection.vendor}; "
        "CPU per request (median, server side)"
    )
    print(f"{'request':36} {'CPU ms':>8} {'× bare':>7} {'target':>7} {'queries':>8} {'bytes':>8}")
    for kind in KINDS:
        median = statistics.median(spent[kind])
        target = f"≤ {TARGETS[kind]:.0f}×" if kind in TARGETS else ""
        print(
            f"{LABELS[kind]:36} {median * 1000:8.2f} {median / base:7.2f} {target:>7} "
            f"{statistics.median(queries[kind]):8.0f} {statistics.median(sizes[kind]):8.0f}"
        )
    print("\nMoves by kind: a step kept as a draft, a move made final (median, × bare)")
    for kind in MOVES:
        cells = []
        for outcome, times in by_outcome[kind].items():
            if times:
                median = statistics.median(times)
                cells.append(
                    f"{outcome} {len(times):3}: {median * 1000:5.2f} ms {median / base:4.2f}×"
                )
        print(f"{LABELS[kind]:36} " + "   ".join(cells))
    if args.queries:
        print(f"\nThe last {args.queries} request's queries:")
        for number, (sql, params) in enumerate(last_sql, start=1):
            print(f"{number:3}. {sql[:300]}  {params!r:.80}")
    if profiler:
        if os.environ.get("BENCH_PROFILE_FILE"):  # for pstats or a viewer, callers and callees
            profiler.dump_stats(os.environ["BENCH_PROFILE_FILE"])
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats(
            os.environ.get("BENCH_SORT", "cumulative")
        ).print_stats(int(os.environ.get("BENCH_ROWS", "45")))
        print(out.getvalue())


if __name__ == "__main__":
    main()
