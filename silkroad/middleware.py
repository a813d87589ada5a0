"""When the database is unreachable, say so: a 503 with ``Retry-After``, never a 500.

Connections kept between requests are health-checked (``conn_health_checks``), so a
restarted database costs nothing; while it is really down, pages answer "try again in a
moment" (JSON under ``/api/``) and nothing was changed, since every change is one
transaction.
"""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string

logger = logging.getLogger(__name__)
RETRY_AFTER_SECONDS = 30


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        logger.error("The database is unavailable: %s", exception)
        detail = "The site cannot reach its database right now. Nothing was changed: try again in a moment."
        if request.path.startswith("/api/"):
            response = JsonResponse({"error": "unavailable", "detail": detail}, status=503)
        else:
            response = HttpResponse(render_to_string("503.html", {"detail": detail}), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
