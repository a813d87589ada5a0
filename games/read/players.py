"""A player's record as their profile shows it: results per title, ratings with their
history, current tables, recent results, how often they run out of time and how long
they usually take to move."""

from __future__ import annotations

import statistics
from collections import defaultdict
from datetime import timedelta
from typing import Any

from django.db.models import F, Window
from django.db.models.functions import Lag

from games.engine import registry
from games.models import Game, LogNote, Move, Rating, Seat
from games.read import pages
from games.read.clocks import duration_text
from games.read.ratings import history

RECENT_RESULTS = 10
MOVE_TIME_GAMES = 30  # the usual move time looks at this many recent games


def profile(user, older: object = None) -> dict[str, Any]:
    """The profile of ``user``; ``older`` is the cursor of a later page of recent results."""
    finished = Seat.objects.filter(user=user, game__status=Game.Status.FINISHED).values_list(
        "number", "game__game", "game__result"
    )  # the results only: never the games' states, however long the history
    titles: dict[str, dict[str, Any]] = defaultdict(lambda: {"played": 0, "wins": 0, "places": []})
    for number, slug, result in finished:
        place = _place(result, number)
        record = titles[slug]
        record["played"] += 1
        record["wins"] += place == 1
        if place is not None:
            record["places"].append(place)
    recent, older_cursor = recent_results(user, older)
    ratings = {r.game: r for r in Rating.objects.filter(user=user)}
    return {
        "titles": [
            {
                "slug": slug,
                "name": _title(slug),
                "played": record["played"],
                "wins": record["wins"],
                "average_place": (
                    round(statistics.fmean(record["places"]), 1) if record["places"] else None
                ),
                "rating": ratings.get(slug),
                "chart": rating_chart(history(user, slug)),
            }
            for slug, record in sorted(titles.items())
        ],
        "recent": recent,
        "older": older_cursor,
        "tables": _current_public_tables(user),
        "timeouts": _timeouts(user),
        "played": sum(record["played"] for record in titles.values()),
        "move_time": duration_text(usual_move_time(user)),
    }


def recent_results(user, older: object = None) -> tuple[list[dict[str, Any]], str | None]:
    """A page of the player's finished games, newest first, with their place in each, and
    the cursor of the next page (keyset: as cheap at the thousandth game as at the first)."""
    page = pages.players_finished(user, older, RECENT_RESULTS).filter(seats__user=user)
    rows = list(page.annotate(my_number=F("seats__number")))
    rows, cursor = pages.cut(rows, RECENT_RESULTS)
    recent = [
        {"game": game, "name": _title(game.game), "place": _place(game.result, game.my_number)}
        for game in rows
    ]
    return recent, cursor


def _title(slug: str) -> str:
    return registry.get(slug).name if slug in registry.slugs() else slug


def _place(result: dict | None, number: int) -> int | None:
    scores = (result or {}).get("scores", [])
    return next((s["place"] for s in scores if s["seat"] == number), None)


def _current_public_tables(user) -> list[Game]:
    return list(
        Game.objects.filter(
            seats__user=user,
            is_public=True,
            status__in=[Game.Status.OPEN, Game.Status.ACTIVE],
        ).order_by("-created_at")[:20]
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
    """The median time between the move before and this player's move, in recent games."""
    games = list(
        Game.objects.filter(seats__user=user, started_at__isnull=False)
        .order_by("-started_at")
        .values_list("pk", flat=True)[:MOVE_TIME_GAMES]
    )
    if not games:
        return None
    seats = dict(Seat.objects.filter(game__in=games, user=user).values_list("game_id", "number"))
    moves = Move.objects.filter(game__in=games).annotate(
        before=Window(Lag("created_at"), partition_by=F("game"), order_by=F("seq").asc())
    )
    waits = [
        (move.created_at - move.before).total_seconds()
        for move in moves
        if move.before is not None and seats.get(move.game_id) == move.seat
    ]
    return timedelta(seconds=statistics.median(waits)) if waits else None


def rating_chart(points: list[tuple[Any, int]], width: int = 320, height: int = 80) -> dict | None:
    """An SVG polyline of a rating history (drawn server-side), or None for under 2 games."""
    if len(points) < 2:
        return None
    values = [value for _, value in points]
    low, high = min(values), max(values)
    span = max(high - low, 1)
    pad = 6
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
