"""Resolving ``Authorization: Bearer`` headers to users (tokens: ``ApiToken.issue``).

The one resolver of API tokens. When a token was last used is known to the minute: a read
keeps it in the cache, so a GET writes no row; a request that changes something writes the
column instead, when it is a minute old or more (within the minute it is precise enough, and
writing the cache too cost every API move a round trip). ``last_used`` reads whichever is
newer.
"""

from __future__ import annotations

import functools
from datetime import UTC, datetime, timedelta

from django.core.cache import cache
from django.utils import timezone

from accounts.models import ApiToken, User
from silkroad.rows import columns, select_rows

# Writing last_used_at on every request would make each API call a write; once a minute is
# precise enough for "last used".
LAST_USED_PRECISION = timedelta(minutes=1)
MAX_KEY_LENGTH = 200  # real keys are about 46 characters; don't hash whatever is sent
_USED_KEY = "api-token-used:{}"
_REMEMBER = 90 * 24 * 3600


def user_for_bearer(header: str | None, *, writing: bool = False) -> User | None:
    """The active user owning the token in an ``Authorization`` header, or None.

    Accepts ``Bearer <key>`` (scheme case-insensitive); revoked tokens and inactive users
    are refused. Records when the token was last used, to the minute (in the cache for a
    read, in the database when ``writing``).
    """
    if not header:
        return None
    scheme, _, key = header.strip().partition(" ")
    key = key.strip()
    if scheme.lower() != "bearer" or not key or len(key) > MAX_KEY_LENGTH:
        return None
    try:
        key_hash = ApiToken.hash_key(key)
    except UnicodeEncodeError:  # a lone surrogate: no key we issued
        return None
    token = _active_token(key_hash)
    if token is None:
        return None
    now = timezone.now()
    if not writing:
        cache.set(_USED_KEY.format(token.pk), now.timestamp(), timeout=_REMEMBER)
    elif token.last_used_at is None or now - token.last_used_at >= LAST_USED_PRECISION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token.user


@functools.cache
def _token_sql() -> tuple[str, tuple]:
    """The statement of ``_active_token`` and its columns (token, user), built once."""
    token, user = columns(ApiToken, "t"), columns(User, "u")
    sql = f"""SELECT {token.select}, {user.select} FROM {ApiToken._meta.db_table} t
        INNER JOIN {User._meta.db_table} u ON u.id = t.user_id
        WHERE t.key_hash = %s AND t.revoked_at IS NULL AND u.is_active"""
    return sql, (token, user)


def _active_token(key_hash: str) -> ApiToken | None:
    """The token of that hash, not revoked, with its user if active. Written out once: every
    API request runs it, and the ORM spent more CPU building the join than running it."""
    sql, listed = _token_sql()
    found = select_rows(sql, [key_hash], *listed)  # the hash is unique: one row or none
    if not found:
        return None
    token, user = found[0]
    token.user = user
    return token


def last_used(token: ApiToken) -> datetime | None:
    """When the token was last used, from the cache or the column, whichever is newer."""
    stamp = cache.get(_USED_KEY.format(token.pk))
    cached = datetime.fromtimestamp(stamp, tz=UTC) if stamp is not None else None
    known = [moment for moment in (cached, token.last_used_at) if moment is not None]
    return max(known, default=None)
