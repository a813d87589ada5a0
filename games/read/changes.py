"""What changed on the board since a seat's last move, for the board to mark.

The seat's own view after its last move is compared with its view now. Both are views
the seat may read, so the comparison tells nothing the seat could not see itself. A
change is named by its path in the view: ``"seats.1.coins"``; every path above a change
is named too (``"seats.1"``, ``"seats"``), so a board asks about whatever it draws as
one piece (a card, a city, a die) with ``{% changed "seats" i "coins" %}``.

The view after a move never changes once the move is logged (the log only grows), so
it is cached by game, seed, seat and move: a page read again does not replay the game.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache import cache

from games.models import Game
from games.read import replay

CACHED_FOR = 24 * 3600  # seconds; a player usually comes back within a day
UNREPLAYABLE = "unreplayable"  # cached too, so a broken log is not replayed on every read
logger = logging.getLogger(__name__)


def changed_paths(before: Any, after: Any, path: str = "") -> set[str]:
    """Every path at which ``after`` differs from ``before`` (JSON-like data), with the
    paths above each; lists are compared item by item."""
    if before == after:
        return set()
    here = {path} if path else set()
    if isinstance(before, dict) and isinstance(after, dict):
        keys = before.keys() | after.keys()
        below = (changed_paths(before.get(k), after.get(k), _join(path, k)) for k in keys)
    elif isinstance(before, list) and isinstance(after, list):
        size = max(len(before), len(after))
        below = (
            changed_paths(_item(before, i), _item(after, i), _join(path, i)) for i in range(size)
        )
    else:
        return here
    return here.union(*below)


def _join(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def _item(items: list, index: int) -> Any:
    return items[index] if index < len(items) else None


def _view_key(game: Game, seat: int, upto: int) -> str:
    return f"view-after:{game.pk}:{game.seed}:{game.state_format}:{seat}:{upto}"


def remember_view_after(game: Game, seat: int, upto: int, view: dict[str, Any]) -> None:
    """Keep ``seat``'s view after move ``upto`` (a committed move: the write path has it
    at hand), so the seat's next page does not replay the game to find it."""
    try:
        cache.set(_view_key(game, seat, upto), view, CACHED_FOR)
    except Exception:  # the marks are a help: a cache that is down costs a replay later
        logger.warning("Could not keep the view after move %s of game %s", upto, game.pk)


def view_after(game: Game, seat: int, upto: int) -> dict[str, Any] | None:
    """``seat``'s view of the board after move ``upto``, from the cache or the log; None
    when the log does not replay (which ``replay.replay_problem`` reports)."""
    key = _view_key(game, seat, upto)
    view = cache.get(key)
    if view is None:
        try:
            view = game.rules.view(replay.state_after(game, upto), seat)
        except Exception:  # marks are a help: a game whose log will not replay shows none
            logger.warning("Game %s does not replay to move %s", game.pk, upto, exc_info=True)
            view = UNREPLAYABLE
        cache.set(key, view, CACHED_FOR)
    return None if view == UNREPLAYABLE else view


def board_changes(game: Game, seat: int, since: int, now: dict[str, Any]) -> frozenset[str]:
    """What changed in ``seat``'s view between move ``since`` (its last) and ``now``, its
    view of the logged state (steps the seat is still drafting are its own, not news)."""
    before = view_after(game, seat, since)
    if before is None:
        return frozenset()
    return frozenset(changed_paths(before, now))
