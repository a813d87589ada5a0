"""Who has a game open: its players (no reminder then) and its spectators ("3 watching").
Kept in the cache, never in the database.

The game page's poll and visits, its live stream and the API's read of a game call
``seen`` (a cache write, so GET requests write no rows); a reminder is not sent to a player
seen within ``present_for()``. A move itself records nothing: whatever made it reads the
game too (the page a form post leads to, the page's next poll, the API client's next
read), and a write of its own cost each move a round trip to the cache. With a shared
cache (Redis in production, a file cache under ``runsite``) every process sees it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone


def present_for() -> timedelta:
    """How long a visit or poll counts as "has the game open" (a few missed polls)."""
    return timedelta(seconds=settings.PRESENCE_SECONDS)


_KEY = "presence:{game_id}:{user_id}"


def _key(game_id: int, user_id: int) -> str:
    return _KEY.format(game_id=game_id, user_id=user_id)


def seen(game_id: int, user, now: datetime | None = None) -> None:
    """Record that ``user`` has the game open now."""
    if user is None or not user.is_authenticated:
        return
    now = now or timezone.now()
    cache.set(
        _key(game_id, user.pk), now.timestamp(), timeout=max(1, int(present_for().total_seconds()))
    )


def last_seen(game_id: int, user_id: int) -> datetime | None:
    stamp = cache.get(_key(game_id, user_id))
    return None if stamp is None else datetime.fromtimestamp(stamp, tz=UTC)


def present_users(pairs: Iterable[tuple[int, int]], now: datetime) -> set[tuple[int, int]]:
    """The (game id, user id) pairs whose player was seen within ``present_for()``."""
    pairs = list(pairs)
    found = cache.get_many([_key(g, u) for g, u in pairs])
    cutoff = (now - present_for()).timestamp()
    return {(g, u) for g, u in pairs if found.get(_key(g, u), 0) >= cutoff}


def is_present(game_id: int, user_id: int | None, now: datetime) -> bool:
    return bool(user_id) and (game_id, user_id) in present_users([(game_id, user_id)], now)


def page_open(game_id: int, user, *, seated: bool, client: str = "") -> None:
    """Someone has the game page open (a visit, a poll, a live stream): a player gets no
    reminder then; anyone else counts as watching. ``client`` tells guests apart (their
    address and browser, hashed, never stored beyond the cache)."""
    if seated:
        seen(game_id, user)
    elif user is not None and user.is_authenticated:
        watching(game_id, f"user:{user.pk}", user.username)
    else:
        watching(game_id, "guest:" + hashlib.sha256(client.encode()).hexdigest()[:16], "")


_WATCHERS = "watchers:{game_id}"


def watching(game_id: int, viewer: str, name: str, now: datetime | None = None) -> None:
    """Record that a spectator has the game open (``name`` is "" for a guest).

    All of a game's spectators share one cache entry; two processes writing it at once
    may drop one of them until their next poll, which is good enough for a head count.
    """
    now = now or timezone.now()
    key = _WATCHERS.format(game_id=game_id)
    cutoff = (now - present_for()).timestamp()
    found = {k: v for k, v in (cache.get(key) or {}).items() if v[0] >= cutoff}
    found[viewer] = (now.timestamp(), name)
    cache.set(key, found, timeout=max(1, int(present_for().total_seconds())))


def watchers(game_id: int, now: datetime | None = None) -> tuple[list[str], int]:
    """(names of signed-in spectators, number of guests) seen within ``present_for()``."""
    now = now or timezone.now()
    cutoff = (now - present_for()).timestamp()
    seen = [
        v for v in (cache.get(_WATCHERS.format(game_id=game_id)) or {}).values() if v[0] >= cutoff
    ]
    return sorted(name for _, name in seen if name), sum(1 for _, name in seen if not name)
