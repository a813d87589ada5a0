"""A player's record as their profile shows it: results per title, ratings with their
history, current tables, recent results, how often they run out of time and how long
they usually take to move."""

from __future__ import annotations

import statistics
from datetime import timedelta
from typing import Any

from django.core.cache import cache
from django.db.models import Avg, Count, F, Q, Window
from django.db.models.functions import Lag

from games.engine import registry
from games.models import Game, LogNote, Move, Rating, Seat
from games.read import pages
from games.read.clocks import duration_text
from games.read.ratings import history

RECENT_RESULTS = 10
MOVE_TIME_GAMES = 30  # the usual move time looks at this many recent games
MOVE_TIME_CACHE_SECONDS = 15 * 60
HISTORY_CACHE_SECONDS = 24 * 3600


def profile(user, older: object = None) -> dict[str, Any]:
    """The profile of ``user``; ``older`` is the cursor of a later page of recent results."""
    titles = title_records(user)
    recent, older_cursor = recent_results(user, older)
    ratings = {r.game: r for r in Rating.objects.filter(user=user)}
    return {
        "titles": [_title_shown(record, ratings.get(record["slug"])) for record in titles],
        "recent": recent,
        "older": older_cursor,
        "tables": _current_public_tables(user),
        "timeouts": _timeouts(user),
        "played": sum(record["played"] for record in titles),
        "move_time": duration_text(usual_move_time(user)),
    }


def _title_shown(record: dict[str, Any], rating: Rating | None) -> dict[str, Any]:
    """A title's record as the profile shows it: with its name, rating and rating chart."""
    return {**record, "name": _title(record["slug"]), "rating": rating, "chart": chart_of(rating)}


def title_records(user) -> list[dict[str, Any]]:
    """Per title the player finished a game of: games played, won, and the average place.

    Counted in the database from the places written on the player's seats when each game
    ended (``Seat.place``), never the games' results, and kept in the shared cache under
    the player's latest finished game: a new result makes a new key."""
    newest = (
        Seat.objects.filter(user=user, finished_at__isnull=False)
        .order_by("-finished_at", "-game_id")
        .values_list("game_id", "finished_at")
        .first()
    )
    if newest is None:
        return []
    key = f"profile:titles:{user.pk}:{newest[0]}:{newest[1].timestamp():.6f}"
    records = cache.get(key)
    if records is None:
        records = _count_titles(user)
        cache.set(key, records, HISTORY_CACHE_SECONDS)
    return records


def _count_titles(user) -> list[dict[str, Any]]:
    rows = (
        Seat.objects.filter(user=user, finished_at__isnull=False)
        .values("game__game")
        .annotate(played=Count("pk"), wins=Count("pk", filter=Q(place=1)), average=Avg("place"))
        .order_by("game__game")
    )
    return [
        {
            "slug": row["game__game"],
            "played": row["played"],
            "wins": row["wins"],
            "average_place": round(row["average"], 1) if row["average"] is not None else None,
        }
        for row in rows
    ]


def recent_results(user, older: object = None) -> tuple[list[dict[str, Any]], str | None]:
    """A page of the player's finished games, newest first, with their place in each, and
    the cursor of the next page (keyset: as cheap at the thousandth game as at the first)."""
    page = pages.players_finished(user, older, RECENT_RESULTS).filter(seats__user=user)
    rows = list(page.annotate(my_place=F("seats__place")))
    rows, cursor = pages.cut(rows, RECENT_RESULTS)
    recent = [{"game": game, "name": _title(game.game), "place": game.my_place} for game in rows]
    return recent, cursor


def _title(slug: str) -> str:
    return registry.get(slug).name if slug in registry.slugs() else slug


def _current_public_tables(user) -> list[Game]:
    """The player's public games in play and open tables, newest first: found from their
    own seats of games not finished (the ``seat_current`` index), not by walking every
    game in play on the site for theirs."""
    return list(
        Game.objects.filter(
            pk__in=pages.current_game_ids([user]),
            is_public=True,
            status__in=[Game.Status.OPEN, Game.Status.ACTIVE],
        )
        .defer(*pages.LIST_DEFERRED)
        .order_by("-created_at")[:20]
    )


def _timeouts(user) -> int:
    """Times this player ran out of time (their seat's "timed out" note)."""
    return (
        LogNote.objects.filter(
            kind=LogNote.Kind.TIMED_OUT, game__seats__user=user, game__seats__number=F("seat")
        )
        .distinct()
        .count()
    )


def usual_move_time(user) -> timedelta | None:
    """The median time between the move before and this player's move, in their latest
    games (by table, newest first: a walk of the player's seat index); a habit, so it is
    worked out at most every ``MOVE_TIME_CACHE_SECONDS`` per player (shared cache)."""
    key = f"profile:move-time:{user.pk}"
    known = cache.get(key)
    if known is None:
        seconds = _median_wait(user)
        known = {"seconds": seconds}
        cache.set(key, known, MOVE_TIME_CACHE_SECONDS)
    return timedelta(seconds=known["seconds"]) if known["seconds"] is not None else None


def _median_wait(user) -> float | None:
    seats = dict(
        Seat.objects.filter(user=user, game__started_at__isnull=False)
        .order_by("-game_id")
        .values_list("game_id", "number")[:MOVE_TIME_GAMES]
    )
    if not seats:
        return None
    moves = (
        Move.objects.filter(game__in=list(seats))
        .annotate(before=Window(Lag("created_at"), partition_by=F("game"), order_by=F("seq").asc()))
        .values_list("game_id", "seat", "created_at", "before")
    )  # four columns of each move, never its action or log
    waits = [
        (at - before).total_seconds()
        for game_id, seat, at, before in moves
        if before is not None and seats.get(game_id) == seat
    ]
    return statistics.median(waits) if waits else None


def chart_of(rating: Rating | None) -> dict | None:
    """The chart of ``rating``'s history, kept in the shared cache until it changes (its
    count of games and its time of change name the key): a player with thousands of rated
    games would otherwise read them all at every visit of the profile."""
    if rating is None or rating.games < 2:  # no chart for under two games
        return None
    key = f"profile:chart:{rating.pk}:{rating.games}:{rating.updated_at.timestamp():.6f}"
    chart = cache.get(key)
    if chart is None:
        chart = rating_chart(history(rating))
        cache.set(key, chart, HISTORY_CACHE_SECONDS)
    return chart


def rating_chart(points: list[tuple[Any, int]], width: int = 320, height: int = 80) -> dict | None:
    """An SVG polyline of a rating history (drawn server-side), or None for under 2 games.

    At most one point per unit of width: a longer history is drawn from evenly spaced
    games (the first and the latest always among them), so the page keeps its size however
    many games were played; its lowest and highest ratings are those of every game."""
    if len(points) < 2:
        return None
    values = [value for _, value in points]
    low, high = min(values), max(values)
    span = max(high - low, 1)
    pad = 6
    most = max(width - 2 * pad, 2)
    if len(values) > most:
        values = [values[round(i * (len(values) - 1) / (most - 1))] for i in range(most)]
    step = (width - 2 * pad) / (len(values) - 1)
    coords = [
        (round(pad + i * step, 1), round(height - pad - (v - low) / span * (height - 2 * pad), 1))
        for i, v in enumerate(values)
    ]
    return {
        "width": width,
        "height": height,
        "points": " ".join(f"{x},{y}" for x, y in coords),
        "last": coords[-1],
        "low": low,
        "high": high,
        "first_date": points[0][0],
        "last_date": points[-1][0],
    }
