"""The open archive: finished games listed and searched, replayed move by move, and
downloaded as JSON or text; a player's games as a stream. Reading only."""

from __future__ import annotations

import json
from datetime import date

from django.contrib.auth import get_user_model
from django.http import Http404, HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from games.engine import registry
from games.models import Game
from games.read import archive
from games.read import tables as lists
from games.read.game_page import group_choices
from games.read.names import seat_colours, seat_of
from games.web import jinja


def _finished_or_404(request, game_id: int) -> Game:
    game = lists.game_for_user(game_id=game_id, user=request.user)
    if game is None or game.status != Game.Status.FINISHED:
        raise Http404("There is no such finished game.")
    return game


def _day(value: object) -> date | None:
    try:
        return date.fromisoformat(value) if isinstance(value, str) and value else None
    except ValueError:
        return None


def _query(params) -> archive.ArchiveQuery:
    """The search as given; values that make no sense are ignored, never an error."""
    title = params.get("title", "")
    ending = params.get("ending", "")
    rated = {"yes": True, "no": False}.get(params.get("rated", ""))
    return archive.ArchiveQuery(
        title=title if title in registry.slugs() else "",
        player=params.get("player", "")[:150].strip(),
        rated=rated,
        since=_day(params.get("since")),
        until=_day(params.get("until")),
        ending=ending if ending in archive.ENDINGS else "",
    )


@require_GET
def archive_list(request):
    query = _query(request.GET)
    games, cursor = archive.page(query, request.GET.get("after"))
    params = request.GET.copy()
    params.pop("after", None)
    context = {
        "games": games,
        "query": query,
        "next_url": f"?{params.urlencode()}&after={cursor}" if cursor else None,
        "titles": [(slug, registry.get(slug).name) for slug in registry.slugs()],
        "endings": archive.ENDINGS,
    }
    return jinja.render_page(request, "games/archive.jinja", context)


@require_GET
def replay(request, game_id: int):
    """Step through a game: anyone once it is over; during play, from your own seat's view
    (a spectator's, for those not seated)."""
    game = lists.game_for_user(game_id=game_id, user=request.user)
    if game is None or game.state is None or game.status == Game.Status.CANCELLED:
        raise Http404("There is no such game to replay.")
    mine = seat_of(game, request.user)
    seat = mine.number if mine is not None and game.status == Game.Status.ACTIVE else None
    try:
        upto = int(request.GET.get("move", game.version))
    except (TypeError, ValueError, OverflowError):
        upto = game.version
    context = {
        "game": game,
        "rules": game.rules,
        "seat": seat,
        "choices": [],
        "choices_by_type": group_choices([]),
        "colours": seat_colours(game.players),
        **archive.replay_context(game, upto, seat),
    }
    return render(request, "games/replay.html", context)


@require_GET
def export_json(request, game_id: int):
    game = _finished_or_404(request, game_id)
    response = JsonResponse(archive.export(game), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="silkroad-{game.game}-{game.pk}.json"'
    return response


@require_GET
def export_text(request, game_id: int):
    game = _finished_or_404(request, game_id)
    response = HttpResponse(
        "".join(archive.text_record(game)), content_type="text/plain; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="silkroad-{game.game}-{game.pk}.txt"'
    return response


@require_GET
def player_games_stream(request, username: str):
    """Every public finished game of a player, newest first, one JSON document per line
    (streamed: however long the history, memory stays flat)."""
    person = get_object_or_404(get_user_model(), username=username, is_active=True)
    if person.profile_hidden and request.user != person:
        raise Http404("This player keeps their games private.")
    games = archive.finished_games(archive.ArchiveQuery(player=person.username))

    def lines():
        for game in games.iterator(chunk_size=200):
            yield json.dumps(archive.export(game)) + "\n"

    response = StreamingHttpResponse(lines(), content_type="application/x-ndjson")
    response["Content-Disposition"] = f'attachment; filename="silkroad-{person.username}.ndjson"'
    return response
