"""Rate limits: a clear 429 with Retry-After, per player, held in the shared cache."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from games.play import tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def limits(settings, time_machine):
    # The windows are fixed, so a test that ran across a window's end would see its count
    # start again: the clock stands still one second into a window of every period.
    time_machine.move_to(datetime(2026, 3, 2, 10, 0, 1, tzinfo=UTC), tick=False)
    settings.THROTTLE_RATES = {
        "chat": "3/m",
        "table_create": "2/h",
        "invite": "2/h",
        "api_write": "2/m",
    }


def test_chat_past_its_rate_is_refused_with_429_and_retry_after(limits, client, ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=2)
    client.force_login(ana)
    url = reverse("games:chat", args=[table.pk])
    answers = [client.post(url, {"text": f"hello {n}"}).status_code for n in range(4)]
    assert answers == [302, 302, 302, 429]
    refused = client.post(url, {"text": "again"})
    assert 0 < int(refused["Retry-After"]) <= 60
    assert "Too many requests" in refused.content.decode()
    assert table.chat.count() == 3  # nothing written past the limit
    client.force_login(ben)  # the limit is per player
    assert client.post(url, {"text": "hi"}).status_code in (302, 403)


def test_opening_tables_is_limited(limits, client, ana):
    client.force_login(ana)
    url = reverse("games:create") + "?game=toy"
    data = {"game": "toy", "players": "2", "public": "on", "seat_order": "random"}
    codes = [client.post(url, data).status_code for _ in range(3)]
    assert codes[2] == 429 and 429 not in codes[:2]
    assert client.get(url).status_code == 200  # looking at the form is never counted


def test_inviting_is_limited(limits, client, ana):
    table = tables.game_create(creator=ana, game="toy", players=3)
    client.force_login(ana)
    url = reverse("games:invite_people", args=[table.pk])
    codes = [client.post(url, {"invite": f"p{n}@example.com"}).status_code for n in range(3)]
    assert codes == [302, 302, 429]


def test_api_writes_are_limited_with_a_json_429(limits, client, ana):
    client.force_login(ana)
    table = tables.game_create(creator=ana, game="toy", players=2)
    client.get(f"/api/games/{table.pk}")  # reads are not counted
    answers = [
        client.post(
            f"/api/games/{table.pk}/chat",
            {"text": "x"},
            content_type="application/json",
            headers={"X-CSRFToken": "x"},
        )
        for _ in range(3)
    ]
    assert answers[-1].status_code == 429
    assert answers[-1].json()["error"] == "rate_limited"
    assert "Retry-After" in answers[-1]
