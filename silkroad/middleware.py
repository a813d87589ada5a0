"""Response headers Django does not set by itself: the Content-Security-Policy."""

from __future__ import annotations

from django.conf import settings


class ContentSecurityPolicyMiddleware:
    """Adds ``Content-Security-Policy`` (settings.CONTENT_SECURITY_POLICY) to every page.

    Scripts come only from our own static files (HTMX and site.js): no inline script, so an
    injected ``<script>`` in user text could not run even if escaping ever failed.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        self.policy = getattr(settings, "CONTENT_SECURITY_POLICY", "")

    def __call__(self, request):
        response = self.get_response(request)
        if self.policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = self.policy
        return response
