"""The JSON API: a table's time control, seat deadlines, resigning and voting to end."""

from datetime import datetime, timedelta

import pytest

from tests.clocks.conftest import START

pytestmark = pytest.mark.django_db


def test_a_table_opened_through_the_api_has_its_time_control(ana_api, ben_api):
    control = {"days": 2, "bank_cap_days": 7, "weekends_off": True, "on_timeout": "skip"}
    created = ana_api.post("/games", {"game": "toy", "players": 2, "time_control": control})
    assert created.status_code == 201
    game_id = created.json()["id"]
    ben_api.post(f"/games/{game_id}/join")
    seats = ana_api.get(f"/games/{game_id}").json()["seats"]
    deadlines = {
        seat["must_act"]: seat["deadline"] and datetime.fromisoformat(seat["deadline"])
        for seat in seats
    }
    # Whoever moves first (random seat order) has two days from now, Monday 09:00 UTC.
    assert START.isoformat() == "2026-03-02T09:00:00+00:00"
    assert deadlines == {True: START + timedelta(days=2), False: None}


def test_a_time_control_outside_the_choices_is_a_400(ana_api):
    created = ana_api.post("/games", {"game": "toy", "players": 2, "time_control": {"days": 4}})
    assert created.status_code == 400


def test_resign_and_vote_through_the_api(clocked, ana, ben, ana_api, ben_api, cy):
    game = clocked(ana, ben, days=0)
    assert ana_api.post(f"/games/{game.pk}/vote-end", {"agree": "yes"}).status_code == 400
    assert ana_api.post(f"/games/{game.pk}/vote-end", {"agree": True}).status_code == 200
    answer = ben_api.post(f"/games/{game.pk}/vote-end")
    assert answer.json()["status"] == "finished"
    assert answer.json()["result"]["termination"] == "agreed"
    other = clocked(ana, ben, days=0)
    answer = ana_api.post(f"/games/{other.pk}/resign")
    assert answer.json()["result"]["winners"] == [1]
    assert ana_api.post(f"/games/{other.pk}/resign").status_code == 409
