"""Clients that speak JSON to the API, with a bearer token or a session."""

import json

import pytest
from django.test import Client

from accounts.models import ApiToken
from tests.games.conftest import ana, ben, cy, duo, make_game, toy_game  # noqa: F401


class Api:
    """A client that speaks JSON with a bearer token (or a session when ``token`` is None)."""

    def __init__(self, client: Client, token: str | None):
        self.client = client
        self.headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}

    def get(self, path, **extra):
        return self.client.get("/api" + path, **self.headers, **extra)

    def post(self, path, data=None, raw=None, **extra):
        body = raw if raw is not None else json.dumps(data if data is not None else {})
        return self.client.post(
            "/api" + path, body, content_type="application/json", **self.headers, **extra
        )


def token_for(user) -> str:
    return ApiToken.issue(user=user, name="test")[1]


@pytest.fixture
def ana_api(ana):  # noqa: F811
    return Api(Client(enforce_csrf_checks=True), token_for(ana))


@pytest.fixture
def ben_api(ben):  # noqa: F811
    return Api(Client(enforce_csrf_checks=True), token_for(ben))


@pytest.fixture
def cy_api(cy):  # noqa: F811
    return Api(Client(enforce_csrf_checks=True), token_for(cy))
