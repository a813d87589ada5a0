"""Keyset pages of finished games: newest first by finish time, then id.

A page reads its rows and one more (to know whether there is a next page) from where the
cursor points, never counting or skipping what came before, so the hundredth page costs
what the first does, and a game finishing meanwhile shifts nothing (no duplicates, no gaps).
"""

from __future__ import annotations

from datetime import UTC, datetime

from django.db.models import Q, QuerySet

from games.models import Game, Seat


def make_cursor(game: Game) -> str:
    """The cursor of the page after ``game``: "<finish timestamp>_<id>"."""
    return cursor_at(game.finished_at, game.pk)


def cursor_at(moment: datetime, pk: int) -> str:
    """A cursor, "<timestamp>_<id>": a place in an order by a moment, then id."""
    return f"{moment.timestamp():.6f}_{pk}"


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


def players_finished_ids(user, cursor: object, size: int) -> tuple[list[int], str | None]:
    """The ids of a page of ``user``'s finished games after ``cursor`` (newest finished
    first, from the ``seat_finished`` index alone) and the next page's cursor."""
    rows = list(_finished_seats(user, cursor).values_list("game_id", "finished_at")[: size + 1])
    more = len(rows) > size
    rows = rows[:size]
    cursor = cursor_at(rows[-1][1], rows[-1][0]) if more and rows else None
    return [pk for pk, _ in rows], cursor


def _finished_seats(user, cursor: object) -> QuerySet[Seat]:
    seats = Seat.objects.filter(user=user, finished_at__isnull=False)
    after = parse_cursor(cursor)
    if after is not None:
        moment, pk = after
        seats = seats.filter(Q(finished_at__lt=moment) | Q(finished_at=moment, game_id__lt=pk))
    return seats.order_by("-finished_at", "-game_id")


def players_finished_page(
    user_id: int | None, games: QuerySet[Game], cursor: object, size: int
) -> QuerySet[Game]:
    """A page of those of ``games`` the player ``user_id`` played (``size`` and one more)
    after ``cursor``, newest finished first: a walk of the player's ``seat_finished``
    index, each game checked against ``games`` by its key, only until the page is full."""
    if user_id is None:
        return Game.objects.none()
    seats = _finished_seats(user_id, cursor).filter(game__in=games.values("pk"))
    ids = seats.values("game_id")[: size + 1]
    return Game.objects.filter(pk__in=ids).order_by("-finished_at", "-pk")


def current_game_ids(users) -> QuerySet[Seat]:
    """The ids of the games ``users`` sit at that are not finished (in play, or tables
    filling up), as a subquery; ``users``: players, or a query of their ids. A walk of
    the ``seat_current`` index, a few entries each, however long their histories."""
    return Seat.objects.filter(user__in=users, finished_at__isnull=True).values("game_id")


def players_finished(user, cursor: object, size: int) -> QuerySet[Game]:
    """A page of ``user``'s finished games after ``cursor`` (``size`` and one more, newest
    finished first), without the columns lists never show.

    The page's ids come from the player's seats alone (their finish time is written on
    each seat when the game ends: the ``seat_finished`` index), so a player with
    thousands of finished games costs a walk of a few index entries."""
    ids = _finished_seats(user, cursor).values("game_id")[: size + 1]
    games = Game.objects.filter(pk__in=ids).order_by("-finished_at", "-pk")
    return games.defer(*LIST_DEFERRED)


def cut(rows: list[Game], size: int, cursor_of=make_cursor) -> tuple[list[Game], str | None]:
    """The page (``size`` of ``rows``, read with one more) and the next page's cursor,
    that of its last row (``cursor_of``: by default the finished games' order)."""
    more = len(rows) > size
    rows = rows[:size]
    return rows, (cursor_of(rows[-1]) if more and rows else None)
