"""Who is calling: a personal API token (``accounts.tokens``, the one resolver) or the
browser session (CSRF checked on writes, as for forms). Both then admit the request: the
body's size is bounded and writes are rate-limited."""

from __future__ import annotations

from ninja.security import HttpBearer, SessionAuth

from accounts.tokens import user_for_bearer
from games.api.errors import MAX_BODY_BYTES, PayloadTooLarge
from silkroad.throttle import check_rate

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def admit(request, user):
    """Refuse a body over the limit and count writes against the API's rate."""
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > MAX_BODY_BYTES:
        raise PayloadTooLarge
    if request.method not in SAFE_METHODS:
        request.user = user
        check_rate(request, "api_write")
    return user


class Token(HttpBearer):
    openapi_description = "A personal API token made on your settings page."

    def authenticate(self, request, token):
        writing = request.method not in SAFE_METHODS
        user = user_for_bearer(f"Bearer {token}", writing=writing)
        return admit(request, user) if user is not None else None


class Session(SessionAuth):
    """The signed-in browser; writes need the X-CSRFToken header."""

    def authenticate(self, request, key):
        user = super().authenticate(request, key)
        return admit(request, user) if user is not None else None


AUTH = [Token(), Session()]
