"""Row locks and transactions: the game row taken before any change to a table, the
scans' skip-locked, and one transaction that survives a lost database connection."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from contextvars import ContextVar
from typing import ParamSpec, TypeVar

from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.models import QuerySet
from django.db.transaction import TransactionManagementError
from django.utils.translation import gettext as _

from games import events
from games.errors import Conflict, GameNotFound
from games.models import Game
from games.read.names import read_game, read_seats

logger = logging.getLogger(__name__)
P = ParamSpec("P")
R = TypeVar("R")
WRITE_ATTEMPTS = 3
#: True while ``one_transaction`` runs its work again after losing the connection: the
#: first run may have committed, so the work may find its own change already made.
RETRYING: ContextVar[bool] = ContextVar("retrying", default=False)


def one_transaction(work: Callable[P, R]) -> Callable[P, R]:
    """Run ``work`` in one transaction, again on a new connection if the old one was lost.

    A connection cut before the commit (the database restarted or failed over, a proxy
    dropped it) rolled the transaction back on the server: running the work again on a
    fresh connection is safe, and the player sees their move made instead of an error. A
    cut during the COMMIT itself leaves it unknown whether the change stands, so the work
    must recognise its own earlier success (``game_act`` does, while ``RETRYING``: the
    same move at the next version is the one it made). Inside an outer transaction
    nothing is retried: the outer block owns the connection and its fate.
    """

    @functools.wraps(work)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        if connection.in_atomic_block:
            with transaction.atomic():
                return work(*args, **kwargs)
        for attempt in range(1, WRITE_ATTEMPTS + 1):
            connection.ensure_connection()  # a database that is down fails here: a 503
            raw = connection.connection
            retrying = RETRYING.set(attempt > 1)
            try:
                with transaction.atomic():
                    return work(*args, **kwargs)
            except (OperationalError, InterfaceError) as exc:
                # Django drops a connection whose rollback failed (and opens a new one on
                # the way out): the same raw connection still here means it was not lost,
                # the error was about something else.
                if attempt == WRITE_ATTEMPTS or connection.connection is raw:
                    raise
                logger.warning("Lost the database connection (%s); trying again", exc)
            finally:
                RETRYING.reset(retrying)
        raise AssertionError("unreachable")

    return run


def locked_game(game_id: object, *, with_seats: bool = False) -> Game:
    """The game row, locked until the transaction ends (call inside ``atomic``); with
    ``with_seats``, its seats too (``read_seats``: ``game.seats.all()`` reads no more), for
    a change that does not move anyone to or from a seat.

    Whoever locks a game is about to change it: once the transaction commits, the pages
    showing it are told (``events.touched``; the lobby too while it is an open public table).
    ``game.touch`` is that pulse, for a change that only one person can see to narrow.
    """
    if not connection.in_atomic_block:
        raise TransactionManagementError("locked_game needs a transaction to hold the lock.")
    game = read_game(game_id, lock=True)
    if game is None:
        raise GameNotFound(_("There is no such game."))
    # The seats read now are the seats the change leaves: the pulse need not read them.
    seated = tuple(s.user_id for s in read_seats(game) if s.user_id) if with_seats else None
    lobby = game.status == Game.Status.OPEN and game.is_public
    game.touch = events.touched(game.pk, lobby=lobby, user_ids=seated)
    return game


def require_open(game: Game) -> None:
    if game.status == Game.Status.CANCELLED:
        raise Conflict(_("This table was cancelled."))
    if game.status != Game.Status.OPEN:
        raise Conflict(_("This game has already started."))


def require_active(game: Game) -> None:
    if game.status == Game.Status.ACTIVE:
        return
    messages = {
        Game.Status.OPEN: _("The game has not started yet."),
        Game.Status.FINISHED: _("The game is over."),
        Game.Status.CANCELLED: _("This table was cancelled."),
    }
    raise Conflict(messages[game.status])


def lock_unless_busy(queryset: QuerySet, of: tuple[str, ...] = ()) -> QuerySet:
    """``SELECT … FOR UPDATE SKIP LOCKED``: rows another worker holds are left to it.

    Call inside a transaction. SQLite has no row locks: Django leaves the clause out and
    the database's single writer lock serializes the scans instead.
    """
    return queryset.select_for_update(skip_locked=True, of=of)
