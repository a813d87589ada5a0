"""Keyset pages of finished games: newest first by finish time, then id.

A page reads its rows and one more (to know whether there is a next page) from where the
cursor points, never counting or skipping what came before, so the hundredth page costs
what the first does, and a game finishing meanwhile shifts nothing (no duplicates, no gaps).
"""

from __future__ import annotations

from datetime import UTC, datetime

from django.db.models import Q, QuerySet

from games.models import Game


def make_cursor(game: Game) -> str:
    """The cursor of the page after ``game``: "<finish timestamp>_<id>"."""
    return f"{game.finished_at.timestamp():.6f}_{game.pk}"


def parse_cursor(cursor: object) -> tuple[datetime, int] | None:
    """(finish time, id) of a cursor; None for anything that is not one (the first page)."""
    if not isinstance(cursor, str) or "_" not in cursor or len(cursor) > 40:
        return None
    stamp, _, pk = cursor.partition("_")
    try:
        return datetime.fromtimestamp(float(stamp), tz=UTC), int(pk)
    except (ValueError, OverflowError, OSError):
        return None


def newest_finished(games: QuerySet[Game], cursor: object) -> QuerySet[Game]:
    """``games`` newest finished first, from after ``cursor`` (from the start without one)."""
    after = parse_cursor(cursor)
    if after is not None:
        moment, pk = after
        games = games.filter(Q(finished_at__lt=moment) | Q(finished_at=moment, pk__lt=pk))
    return games.filter(finished_at__isnull=False).order_by("-finished_at", "-pk")


def finished_page(games: QuerySet[Game], cursor: object, size: int) -> QuerySet[Game]:
    """A page of ``games`` (``size`` and one more) after ``cursor``, newest finished first.

    The page's ids are chosen first from the indexes alone (a player's seats, the games'
    status and finish time), then only those rows are read: a player with thousands of
    finished games costs a walk of an index, not thousands of rows."""
    ids = newest_finished(games, cursor).values("pk")[: size + 1]
    return Game.objects.filter(pk__in=ids).order_by("-finished_at", "-pk")


#: What lists leave unread of each game: the engine state and options can be large.
LIST_DEFERRED = ("state", "options")


def players_finished(user, cursor: object, size: int) -> QuerySet[Game]:
    """A page of ``user``'s finished games after ``cursor`` (``finished_page``), without
    the columns lists never show."""
    games = Game.objects.filter(seats__user=user, status=Game.Status.FINISHED)
    return finished_page(games, cursor, size).defer(*LIST_DEFERRED)


def cut(rows: list[Game], size: int) -> tuple[list[Game], str | None]:
    """The page (``size`` of ``rows``, read with one more) and the next page's cursor."""
    more = len(rows) > size
    rows = rows[:size]
    return rows, (make_cursor(rows[-1]) if more and rows else None)
