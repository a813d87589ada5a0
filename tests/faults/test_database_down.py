"""With the database unreachable, players get a 503 with Retry-After, never a 500."""

from __future__ import annotations

import pytest
from django.db import OperationalError

from games.read import tables as lists

pytestmark = pytest.mark.django_db


def _down(*args, **kwargs):
    raise OperationalError("connection to server at 127.0.0.1 port 5432 failed")


def test_a_page_answers_503_with_retry_after(client, monkeypatch):
    monkeypatch.setattr(lists, "lobby", _down)
    page = client.get("/lobby/")
    assert page.status_code == 503
    assert int(page["Retry-After"]) > 0
    assert "Nothing was changed" in page.content.decode()


def test_the_api_answers_503_in_its_error_shape(client, ana, monkeypatch):
    client.force_login(ana)
    monkeypatch.setattr(lists, "lobby", _down)
    answer = client.get("/api/games")
    assert answer.status_code == 503 and answer.json()["error"] == "unavailable"
    assert "Retry-After" in answer
