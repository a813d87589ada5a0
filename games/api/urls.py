"""The API's one ``NinjaAPI``: its routes, the error handlers, ``/api/openapi.json`` and
the docs page ``/api/docs``."""

from __future__ import annotations

from django.urls import path
from ninja import NinjaAPI

from games.api import errors, routes
from games.api.auth import AUTH

api = NinjaAPI(
    title="Silkroad",
    version="1",
    description="Play Silk Road trading games: everything a player does on the site.",
    auth=AUTH,
    urls_namespace="api",
)
api.add_router("", routes.router)
for exception, handler in errors.HANDLERS:
    api.add_exception_handler(exception, handler)

urlpatterns = [path("", api.urls)]
