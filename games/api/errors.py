"""One error shape for every 4xx of the API: ``{"error": code, "detail": text}``."""

from __future__ import annotations

from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from ninja.errors import AuthenticationError, HttpError, ValidationError

from games.errors import (
    Conflict,
    Forbidden,
    GameError,
    IllegalMove,
    InvalidInput,
    NotAPlayer,
    NotFound,
    NotYourTurn,
    SnapshotUnreadable,
    StaleVersion,
)
from silkroad.throttle import RateLimited, too_many

MAX_BODY_BYTES = 64 * 1024

# Most specific first: the first class an error is an instance of names its code.
CODES = (
    (StaleVersion, "stale_version"),
    (NotYourTurn, "not_your_turn"),
    (SnapshotUnreadable, "snapshot_unreadable"),
    (Conflict, "conflict"),
    (NotAPlayer, "not_a_player"),
    (Forbidden, "forbidden"),
    (NotFound, "not_found"),
    (IllegalMove, "illegal_move"),
    (InvalidInput, "invalid_input"),
    (GameError, "refused"),
)
ERROR_STATUSES = (400, 401, 403, 404, 409, 413, 429)


class PayloadTooLarge(Exception):
    pass


def error(status: int, code: str, detail: str, **extra) -> JsonResponse:
    # ``str``: a lazy translation becomes text in the reader's language before encoding.
    return JsonResponse({"error": code, "detail": str(detail), **extra}, status=status)


def game_error(request, exc: GameError) -> JsonResponse:
    code = next(name for cls, name in CODES if isinstance(exc, cls))
    extra = {"version": exc.version} if isinstance(exc, StaleVersion) else {}
    return error(exc.status, code, exc.message, **extra)


def validation_error(request, exc: ValidationError) -> JsonResponse:
    first = exc.errors[0] if exc.errors else {}
    where = ".".join(str(part) for part in first.get("loc", ()) if part not in ("body", "payload"))
    message = first.get("msg", _("The request is not valid."))  # pydantic's own words
    detail = f"{where}: {message}" if where else message
    return error(400, "invalid_input", detail)


def http_error(request, exc: HttpError) -> JsonResponse:
    text = str(exc)
    if exc.status_code == 403 and "CSRF" in text:
        return error(403, "csrf_failed", _("CSRF check failed: send the X-CSRFToken header."))
    if exc.status_code == 400:
        return error(400, "invalid_input", _("The body is not valid JSON."))
    return error(exc.status_code, "refused", text)


def unauthorized(request, exc: AuthenticationError) -> JsonResponse:
    return error(
        401, "unauthorized", _("Sign in, or send a valid 'Authorization: Bearer <token>'.")
    )


def not_found(request, exc: Http404) -> JsonResponse:
    return error(404, "not_found", _("There is no such game."))


def rate_limited(request, exc: RateLimited):
    return too_many(request, exc)


def payload_too_large(request, exc: PayloadTooLarge) -> JsonResponse:
    return error(
        413,
        "payload_too_large",
        _("The body is too large (at most %(count)d bytes).") % {"count": MAX_BODY_BYTES},
    )


HANDLERS = (
    (GameError, game_error),
    (ValidationError, validation_error),
    (HttpError, http_error),
    (AuthenticationError, unauthorized),
    (Http404, not_found),
    (RateLimited, rate_limited),
    (PayloadTooLarge, payload_too_large),
)


class JsonErrorsMiddleware:
    """Answers under /api/ that Django or ninja make themselves (an unknown path, a method
    the path does not take) get the same error shape; ``Allow`` is kept."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not request.path.startswith("/api/") or response.get("Content-Type", "").startswith(
            "application/json"
        ):
            return response
        if response.status_code == 405:
            allowed = response.get("Allow", "")
            methods = f" {pgettext('GET or POST', 'or')} ".join(allowed.split(", "))
            fixed = error(405, "method_not_allowed", _("Use %(methods)s.") % {"methods": methods})
            fixed["Allow"] = allowed
            return fixed
        if response.status_code == 404:
            return error(404, "not_found", _("There is no such address in the API."))
        return response
