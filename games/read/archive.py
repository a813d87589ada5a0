"""The open archive: finished public games, searchable, with replays and downloads.

Lists are keyset-paginated (by finish time, then id), so a page costs the same however
long the archive grows. A finished game hides nothing any more: its seed is revealed and
anyone could replay its hands, so its export carries the whole record.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from games.engine import Action, LogEntry, registry
from games.engine.contract import fill_names
from games.models import Game, Seat
from games.read import fairness, pages, replay
from games.read.game_page import board_templates, move_line, result_reason
from games.read.names import read_seat_names_of, read_seats_of, seat_names
from games.words import shown

PAGE_SIZE = 30
EXPORT_FORMAT = 1


@dataclass(frozen=True)
class ArchiveQuery:
    title: str = ""
    player: str = ""
    rated: bool | None = None
    since: date | None = None
    until: date | None = None
    ending: str = ""  # how it ended: a termination of games.play.results


def _player_id(name: str) -> int | None:
    """The player called ``name``: exactly as spelled (the unique index), else in any case."""
    users = get_user_model().objects
    found = users.filter(username=name).values_list("pk", flat=True).first()
    if found is None:
        found = users.filter(username__iexact=name).values_list("pk", flat=True).first()
    return found


def finished_games(query: ArchiveQuery) -> QuerySet[Game]:
    games = Game.objects.filter(status=Game.Status.FINISHED, is_public=True)
    if query.title:
        games = games.filter(game=query.title)
    if query.player:
        player = _player_id(query.player)
        if player is None:  # no such player (never the seats of no player: the bots')
            return Game.objects.none()
        games = games.filter(pk__in=Seat.objects.filter(user_id=player).values("game_id"))
    if query.rated is not None:
        games = games.filter(rated=query.rated)
    if query.since:
        games = games.filter(finished_at__gte=_start_of(query.since))
    if query.until:
        games = games.filter(finished_at__lt=_start_of(query.until, next_day=True))
    if query.ending:
        games = games.filter(result__termination=query.ending)
    return games.order_by("-finished_at", "-pk")  # one seat per player: no duplicates


def _start_of(day: date, next_day: bool = False) -> datetime:
    moment = datetime.combine(day, time.min, tzinfo=timezone.get_current_timezone())
    return moment + timedelta(days=1) if next_day else moment


def page(
    query: ArchiveQuery, cursor: str | None, *, whole_seats: bool = False
) -> tuple[list[Game], str | None]:
    """The games ``query`` finds, one page after ``cursor`` ("<finished timestamp>_<id>"),
    and the next page's cursor. Each game with who sat there (``read_seat_names_of``),
    or with ``whole_seats`` its seats as ``read_seats_of`` reads them (the API's).

    One player's games are a walk of that player's own finished seats, newest first, each
    game checked against the other filters by key until the page is full: sorting every
    game they played cost the busiest player 7.3 ms, and grew with their history."""
    if query.player:
        player = _player_id(query.player)
        others = finished_games(replace(query, player=""))
        found = pages.players_finished_page(player, others, cursor, PAGE_SIZE)
    else:
        found = pages.finished_page(finished_games(query), cursor, PAGE_SIZE)
    rows = list(found.defer(*pages.LIST_DEFERRED))
    if whole_seats:
        read_seats_of(rows)
    else:
        read_seat_names_of(rows)
    return pages.cut(rows, PAGE_SIZE)


def export(game: Game) -> dict[str, Any]:
    """The whole finished game as JSON: enough to replay it with the engine."""
    names = seat_names(game)
    shown = fairness.fairness_context(game, names)
    return {
        "format": EXPORT_FORMAT,
        "id": game.pk,
        "game": game.game,
        "title": registry.get(game.game).name,
        "players": game.players,
        "options": dict(game.options),
        "rated": game.rated,
        "seats": [{"seat": n, "name": name} for n, name in enumerate(names)],
        "started_at": game.started_at.isoformat() if game.started_at else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "seed": game.seed,
        "seed_commitment": shown["commitment"],
        "server_seed": shown.get("server_seed") if shown["commitment"] else None,
        "seed_nonce": shown.get("nonce") if shown["commitment"] else None,
        "entropies": [entropy for _name, entropy in shown.get("entropies", [])],
        "moves": [
            {
                "seq": move.seq,
                "seat": move.seat,
                "action": Action.from_json(move.action).to_json(),
                "log": move.log,
                "at": move.created_at.isoformat(),
            }
            for move in game.moves.order_by("seq")
        ],
        "final_state": game.state,
        "result": game.result,
    }


def text_record(game: Game) -> Iterator[str]:
    """The game as a readable text, line by line (everything, since it is over)."""
    names = seat_names(game)
    title = registry.get(game.game).name
    yield f"{title} #{game.pk}\n"
    players = ", ".join(f"{n + 1}. {name}" for n, name in enumerate(names))
    yield _("Players: %(players)s") % {"players": players} + "\n"
    if game.options:
        options = ", ".join(f"{k}={v}" for k, v in sorted(game.options.items()))
        yield _("Options: %(options)s") % {"options": options} + "\n"
    if game.finished_at:
        when = f"{game.finished_at:%Y-%m-%d %H:%M}"
        yield _("Finished: %(when)s UTC") % {"when": when} + "\n"
    yield _("Seed: %(seed)s") % {"seed": game.seed} + "\n\n"
    for move in game.moves.order_by("seq"):
        label = move.action.get("label") or move.action.get("type", "")
        yield f"{move.seq}. {names[move.seat]}: {shown(label, names)}\n"
        for data in move.log:
            entry = LogEntry.from_json(data)
            yield f"   {shown(entry.text, names)}\n"
    result = game.result or {}
    if result:
        if result.get("reason"):
            reason = fill_names(result_reason(result), names)
            yield "\n" + _("Result: %(reason)s") % {"reason": reason} + "\n"
        else:
            yield "\n" + _("Result") + "\n"
        for score in sorted(result.get("scores", []), key=lambda s: (s["place"], s["seat"])):
            points = ""
            if score["score"] is not None:
                count = score["score"]
                points = ", " + ngettext("%(count)d point", "%(count)d points", count) % {
                    "count": count
                }
            yield f"  {score['place']}. {names[score['seat']]}{points}\n"


# How a game ended, under the archive's heading "Ended" (the context tells translators).
ENDINGS = {
    "finished": pgettext_lazy("game ended", "by the rules"),
    "round_cap": pgettext_lazy("game ended", "at the round limit"),
    "resigned": pgettext_lazy("game ended", "by resignation"),
    "timed_out": pgettext_lazy("game ended", "on time"),
    "abandoned": pgettext_lazy("game ended", "abandoned"),
    "agreed": pgettext_lazy("game ended", "by agreement"),
}


def replay_context(game: Game, upto: int, seat: int | None = None) -> dict[str, Any]:
    """The board after ``upto`` moves as ``seat`` saw it then (None: a spectator).

    Rebuilt from the seed and the log each time, never stored: a running game is replayed
    only from the viewer's own view, so nothing hidden then is shown now.
    """
    upto = max(0, min(upto, game.version))
    names = seat_names(game)
    lines = []
    for move, after, entries in replay.replaying(game, upto):
        state = after
        lines.extend(move_line(move.seq, move.seat, entry, seat, names) for entry in entries)
    return {
        "upto": upto,
        "total": game.version,
        "view": game.rules.view(state, seat),
        "names": names,
        "log": lines,
        **board_templates(game.game),
    }
