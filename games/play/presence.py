"""Whether a player has the game open: kept in the cache, never in the database.

The game page's poll and visits call ``seen`` (a cache write, so GET requests write no
rows); a reminder is not sent to a player seen within ``PRESENT_FOR``. With a shared
cache (Redis in production, a file cache under ``runsite``) every process sees it.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from django.core.cache import cache
from django.utils import timezone

PRESENT_FOR = timedelta(seconds=90)  # a few polls missed still counts as present
_KEY = "presence:{game_id}:{user_id}"


def _key(game_id: int, user_id: int) -> str:
    return _KEY.format(game_id=game_id, user_id=user_id)


def seen(game_id: int, user, now: datetime | None = None) -> None:
    """Record that ``user`` has the game open now."""
    if user is None or not user.is_authenticated:
        return
    now = now or timezone.now()
    cache.set(_key(game_id, user.pk), now.timestamp(), timeout=int(PRESENT_FOR.total_seconds()))


def last_seen(game_id: int, user_id: int) -> datetime | None:
    stamp = cache.get(_key(game_id, user_id))
    return None if stamp is None else datetime.fromtimestamp(stamp, tz=UTC)


def present_users(pairs: Iterable[tuple[int, int]], now: datetime) -> set[tuple[int, int]]:
    """The (game id, user id) pairs whose player was seen within ``PRESENT_FOR``."""
    pairs = list(pairs)
    found = cache.get_many([_key(g, u) for g, u in pairs])
    cutoff = (now - PRESENT_FOR).timestamp()
    return {(g, u) for g, u in pairs if found.get(_key(g, u), 0) >= cutoff}


def is_present(game_id: int, user_id: int | None, now: datetime) -> bool:
    return bool(user_id) and (game_id, user_id) in present_users([(game_id, user_id)], now)
