"""Resolving ``Authorization: Bearer`` headers to users (tokens: ``ApiToken.issue``)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from accounts.models import ApiToken, User

# Writing last_used_at on every request would make each API call a write; once a minute is
# precise enough for "last used".
LAST_USED_PRECISION = timedelta(minutes=1)
MAX_KEY_LENGTH = 200  # real keys are about 46 characters; don't hash whatever is sent


def user_for_bearer(header: str | None) -> User | None:
    """The active user owning the token in an ``Authorization`` header, or None.

    Accepts ``Bearer <key>`` (scheme case-insensitive); revoked tokens and inactive users
    are refused. Records when the token was last used.
    """
    if not header:
        return None
    scheme, _, key = header.strip().partition(" ")
    key = key.strip()
    if scheme.lower() != "bearer" or not key or len(key) > MAX_KEY_LENGTH:
        return None
    token = (
        ApiToken.objects.select_related("user")
        .filter(key_hash=ApiToken.hash_key(key), revoked_at__isnull=True, user__is_active=True)
        .first()
    )
    if token is None:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_PRECISION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token.user
