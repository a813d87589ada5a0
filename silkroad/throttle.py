"""Rate limits with a clear 429, counted in the shared cache so they hold across processes.

``settings.THROTTLE_RATES`` maps a scope to ``"count/period"`` (period ``s``, ``m``, ``h`` or
``d``); a scope without a rate is not limited. Requests are counted per signed-in user,
else per client address, in fixed windows. Use ``@throttle("chat")`` on a function view
(only non-GET requests count), or call ``check_rate(request, "api_write")`` and let the
caller turn ``RateLimited`` into its own 429.
"""

from __future__ import annotations

import time
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class RateLimited(Exception):
    def __init__(self, retry_after: int):
        super().__init__(f"Too many requests: try again in {retry_after} seconds.")
        self.retry_after = retry_after
        self.detail = str(self)


def parse_rate(rate: str) -> tuple[int, int]:
    """``"20/m"`` → (20, 60)."""
    count, _, period = rate.partition("/")
    return int(count), PERIODS[period.strip()[:1]]


def _who(request) -> str:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user-{user.pk}"
    return f"ip-{request.META.get('REMOTE_ADDR', '')}"


def check_rate(request, scope: str) -> None:
    """Count this request in ``scope``; raises ``RateLimited`` once over the limit."""
    rate = settings.THROTTLE_RATES.get(scope)
    if not rate:
        return
    limit, period = parse_rate(rate)
    now = time.time()
    window = int(now // period)
    key = f"throttle:{scope}:{_who(request)}:{window}"
    try:  # one round trip for all but the first request of a window
        count = cache.incr(key)
    except ValueError:  # the window's first request (or its counter just expired)
        count = 1 if cache.add(key, 1, timeout=period + 1) else cache.incr(key)
    if count > limit:
        raise RateLimited(max(1, int((window + 1) * period - now)))


def too_many(request, exc: RateLimited) -> HttpResponse:
    """The 429 answer: JSON for the API, a short page otherwise; with ``Retry-After``."""
    if request.path.startswith("/api/"):
        response = JsonResponse({"error": "rate_limited", "detail": exc.detail}, status=429)
    else:
        html = render_to_string("429.html", {"detail": exc.detail}, request=request)
        response = HttpResponse(html, status=429)
    response["Retry-After"] = str(exc.retry_after)
    return response


def throttle(scope: str):
    """Limit a function view's writes (GET and HEAD are never counted) to ``scope``'s rate."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method not in ("GET", "HEAD", "OPTIONS"):
                try:
                    check_rate(request, scope)
                except RateLimited as exc:
                    return too_many(request, exc)
            return view(request, *args, **kwargs)

        return wrapped

    return decorator
