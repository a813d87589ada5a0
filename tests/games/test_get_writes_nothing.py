"""No GET request writes a row: every GET route, as a seated player, an outsider and a guest.
Nor does any page show a name its template does not know (Django and Jinja draw it as
nothing: the archive's rows once linked to their games with no text at all).

The walk reads the URL resolver, so a route added later is covered without editing this
file: its parameters are filled from ``PARAMETERS`` (every kind of table for a game id),
and a route whose parameters cannot be filled fails the test until it is given a value
here or a reason in ``NOT_WALKED``. Every request runs with every statement captured; an
INSERT, UPDATE, DELETE or REPLACE of any table fails it, and so does a 5xx.
"""

from __future__ import annotations

import re
from itertools import product

import pytest
from django.db import connections
from django.test.utils import CaptureQueriesContext
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from accounts.models import ApiToken, Notification
from accounts.unsubscribe import unsubscribe_token
from games.models import Game
from games.play import chat, tables
from tests.factories import UserFactory
from tests.games.helpers import act
from tests.unknown_names import show_unknown_names, unknown_names

pytestmark = pytest.mark.django_db

WRITES = re.compile(r"^\s*(INSERT|UPDATE|DELETE|REPLACE|UPSERT)\b", re.IGNORECASE)

# Routes the walk leaves out, each with the reason.
NOT_WALKED = {
    # The admin's own pages need staff and an object of each model; the admin is tested in
    # tests/operating/test_admin.py. Its index and login page are walked.
    "admin:*": "staff pages, tested with the admin",
}
ADMIN_WALKED = {"admin:index", "admin:login"}


def _routes(
    resolver: URLResolver | None = None, namespace: str = ""
) -> list[tuple[str, list[str]]]:
    """(name to reverse, parameter names) of every named route."""
    resolver = resolver or get_resolver()
    found = []
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            outer = list(entry.pattern.regex.groupindex)
            for name, params in _routes(entry, inner):
                found.append((name, outer + params))
        elif isinstance(entry, URLPattern) and entry.name:
            found.append((f"{namespace}{entry.name}", list(entry.pattern.regex.groupindex)))
    return found


@pytest.fixture
def world(ana, ben, cy):
    """Tables of every kind, a token, an unsubscribe link: values for every parameter."""
    open_table = tables.game_create(creator=ana, game="toy", players=3)
    active = tables.game_create(creator=ana, game="toy", players=2, random_seat_order=False)
    tables.game_join(game_id=active.pk, user=ben)
    act(active, ana, "pass")
    chat.chat_post(game_id=active.pk, user=ana, text="hello")
    finished = tables.game_create(creator=ana, game="toy", players=2, random_seat_order=False)
    tables.game_join(game_id=finished.pk, user=ben)
    Game.objects.filter(pk=finished.pk).update(  # public and ended: the archive lists it
        status=Game.Status.FINISHED,
        is_public=True,
        finished_at=timezone.now(),
        result={"termination": "resigned", "winners": [0], "scores": []},
    )
    cancelled = tables.game_create(creator=ana, game="toy", players=2)
    tables.game_cancel(game_id=cancelled.pk, user=ana)
    with_bots = tables.game_create(
        creator=ana, game="toy", players=2, public=False, bots=[None, "random"]
    )
    token, _ = ApiToken.issue(user=ana, name="laptop")
    return {
        "game_id": [open_table.pk, active.pk, finished.pk, cancelled.pk, with_bots.pk],
        "slug": ["silk-road", "toy"],
        "code": [open_table.invite_code, "not-a-code", "nul\x00byte"],
        "token_id": [token.pk],
        "token": [unsubscribe_token(kind=Notification.TURN, user=ana), "bogus"],
        "key": ["bogus-key"],
        "uidb36": ["1"],
        "username": ["ana", "ben", "nobody"],
    }


def _urls(world) -> list[str]:
    urls, unfilled = [], []
    for name, params in _routes():
        if name.startswith("admin:") and name not in ADMIN_WALKED:
            continue
        if any(param not in world for param in params):
            unfilled.append(f"{name} ({', '.join(params)})")
            continue
        for values in product(*(world[param] for param in params)):
            urls.append(reverse(name, kwargs=dict(zip(params, values, strict=True))))
    assert not unfilled, f"Give these routes parameter values or a reason: {unfilled}"
    return sorted(set(urls))


def _writes(client, url: str, **headers) -> tuple[int, list[str], str]:
    contexts = [CaptureQueriesContext(connections[alias]) for alias in connections]
    for context in contexts:
        context.__enter__()
    try:
        response = client.get(url, headers=headers)
    finally:
        for context in contexts:
            context.__exit__(None, None, None)
    statements = [q["sql"] for c in contexts for q in c.captured_queries if WRITES.match(q["sql"])]
    streamed = getattr(response, "streaming", False)
    body = "" if streamed else response.content.decode(errors="replace")
    return response.status_code, statements, body


@pytest.fixture
def unknown_names_shown(settings, monkeypatch):
    show_unknown_names(settings, monkeypatch)


@pytest.mark.parametrize("role", ["seated player", "outsider", "guest"])
def test_no_get_route_writes_a_row(client, world, ana, role, unknown_names_shown):
    if role == "seated player":
        client.force_login(ana)
    elif role == "outsider":
        client.force_login(UserFactory(username="outsider"))
    urls = _urls(world)
    assert len(urls) > 40  # the walk really reached the site
    problems = []
    for url in urls:
        variants = [{}]
        if url.startswith("/games/") and url.count("/") == 3:  # a game page
            variants.append({"HX-Request": "true"})
        if url.endswith("/version"):  # the poll, as HTMX with stale and fresh keys
            url_variants = [url, f"{url}?v=open-0-1&c=0", f"{url}?v=active-1-2&c=1"]
        else:
            url_variants = [url]
        for address, headers in product(url_variants, variants + [{"HX-Request": "true"}]):
            status, statements, body = _writes(client, address, **headers)
            unknown = unknown_names(body)
            if status >= 500 or statements or unknown:
                problems.append((address, headers, status, statements, unknown))
    assert problems == []


def test_the_walk_would_catch_a_write(client, world, ana, monkeypatch):
    from games.play import presence

    def seen_by_writing(game_id, user, now=None):  # what the poll did before: a row update
        Game.objects.filter(pk=game_id).update(is_public=True)

    monkeypatch.setattr(presence, "seen", seen_by_writing)
    client.force_login(ana)
    status, statements, _ = _writes(client, reverse("games:game", args=[world["game_id"][1]]))
    assert status == 200 and statements and statements[0].startswith("UPDATE")


def test_the_walk_would_catch_a_name_the_template_does_not_know(
    client, world, unknown_names_shown, tmp_path, settings
):
    # A page still drawn by Django's templates (the archive, once used here, is Jinja's).
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "leaderboard.html").write_text("{{ rules.title }}")
    templates = [dict(engine) for engine in settings.TEMPLATES]
    templates[0]["DIRS"] = [tmp_path, *templates[0].get("DIRS", [])]  # this one comes first
    settings.TEMPLATES = templates
    _, _, body = _writes(client, reverse("games:leaderboard", args=["silk-road"]))
    assert unknown_names(body) == ["rules.title"]


def test_the_walk_would_catch_a_name_a_jinja_template_does_not_know(
    client, world, ana, unknown_names_shown, monkeypatch
):
    from games.read import game_page

    real = game_page.game_context

    def without_prompt(**kwargs):
        context = real(**kwargs)
        context.pop("prompt", None)
        return context

    monkeypatch.setattr(game_page, "game_context", without_prompt)
    client.force_login(ana)
    _, _, body = _writes(client, reverse("games:game", args=[world["game_id"][1]]))
    assert "prompt" in unknown_names(body)
