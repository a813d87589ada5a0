"""Row locks: the game row taken before any change to a table, and the scans' skip-locked."""

from __future__ import annotations

from django.db.models import QuerySet

from games.errors import Conflict, GameNotFound
from games.models import Game


def locked_game(game_id: object) -> Game:
    """The game row, locked until the transaction ends (call inside ``atomic``)."""
    try:
        return Game.objects.select_for_update().get(pk=int(game_id))
    except (Game.DoesNotExist, TypeError, ValueError, OverflowError):
        raise GameNotFound("There is no such game.") from None


def require_open(game: Game) -> None:
    if game.status == Game.Status.CANCELLED:
        raise Conflict("This table was cancelled.")
    if game.status != Game.Status.OPEN:
        raise Conflict("This game has already started.")


def require_active(game: Game) -> None:
    messages = {
        Game.Status.OPEN: "The game has not started yet.",
        Game.Status.FINISHED: "The game is over.",
        Game.Status.CANCELLED: "This table was cancelled.",
    }
    if game.status != Game.Status.ACTIVE:
        raise Conflict(messages[game.status])


def lock_unless_busy(queryset: QuerySet, of: tuple[str, ...] = ()) -> QuerySet:
    """``SELECT … FOR UPDATE SKIP LOCKED``: rows another worker holds are left to it.

    Call inside a transaction. SQLite has no row locks: Django leaves the clause out and
    the database's single writer lock serializes the scans instead.
    """
    return queryset.select_for_update(skip_locked=True, of=of)
