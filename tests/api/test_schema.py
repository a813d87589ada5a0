"""The API's OpenAPI document and its one error shape."""

import pytest

from tests.api.conftest import Api

pytestmark = pytest.mark.django_db

OPERATIONS = {
    ("get", "/api/games"),
    ("post", "/api/games"),
    ("get", "/api/games/{game_id}"),
    ("post", "/api/games/{game_id}/join"),
    ("post", "/api/games/{game_id}/leave"),
    ("post", "/api/games/{game_id}/cancel"),
    ("post", "/api/games/{game_id}/actions"),
    ("post", "/api/games/{game_id}/back"),
    ("get", "/api/games/{game_id}/chat"),
    ("post", "/api/games/{game_id}/chat"),
    ("post", "/api/games/{game_id}/resign"),
    ("post", "/api/games/{game_id}/vote-end"),
    ("get", "/api/games/{game_id}/export"),
    ("get", "/api/players/{username}/games"),
}


def test_the_openapi_document_lists_every_operation_with_its_refusals(client):
    document = client.get("/api/openapi.json").json()
    found = {(method, path) for path, item in document["paths"].items() for method in item}
    assert found == OPERATIONS
    for path, item in document["paths"].items():
        for method, operation in item.items():
            codes = set(operation["responses"])
            assert {"400", "401", "403", "404", "409", "413", "429"} <= codes, (method, path)
            assert operation.get("security"), (method, path)
    error = document["components"]["schemas"]["ErrorOut"]
    assert set(error["required"]) == {"error", "detail"}


def test_the_docs_page_is_served(client):
    page = client.get("/api/docs")
    assert page.status_code == 200 and "openapi.json" in page.content.decode()


def error_of(response):
    body = response.json()
    assert set(body) - {"version"} == {"error", "detail"} and body["detail"]
    return body["error"]


def test_every_refusal_has_the_same_shape(client, ana_api, ben_api, duo):
    assert error_of(Api(client, None).get("/games")) == "unauthorized"
    assert error_of(Api(client, "nonsense").get("/games")) == "unauthorized"
    assert error_of(ana_api.get("/games/999")) == "not_found"
    assert error_of(ana_api.get("/nowhere")) == "not_found"
    wrong = ana_api.get(f"/games/{duo.pk}/join")
    assert wrong.status_code == 405 and error_of(wrong) == "method_not_allowed"
    assert wrong["Allow"] == "POST"
    assert error_of(ana_api.post("/games", raw="{not json")) == "invalid_input"
    assert error_of(ana_api.post("/games", {"game": "toy", "players": "2"})) == "invalid_input"
    assert error_of(ana_api.post("/games", {"game": "toy", "players": [2]})) == "invalid_input"
    assert error_of(ana_api.post("/games", {"game": "chess", "players": 2})) == "invalid_input"
    assert error_of(ana_api.post(f"/games/{duo.pk}/join")) == "conflict"
    turn = ben_api.post(f"/games/{duo.pk}/actions", {"action": {"type": "pass"}, "version": 0})
    assert turn.status_code == 409 and error_of(turn) == "not_your_turn"
    huge = ana_api.post(f"/games/{duo.pk}/chat", raw='{"text": "' + "x" * 70_000 + '"}')
    assert huge.status_code == 413 and error_of(huge) == "payload_too_large"


@pytest.mark.parametrize(
    "text", ["nul\u0000byte", "lone \ud800 surrogate", "\ud800"], ids=["nul", "surrogate", "only"]
)
def test_odd_characters_never_break_the_api(ana_api, duo, text):
    import json

    raw = json.dumps({"text": text, "invite_code": text}, ensure_ascii=True)
    for path in (f"/games/{duo.pk}/chat", f"/games/{duo.pk}/join", "/games"):
        assert ana_api.post(path, raw=raw).status_code < 500
    code = json.dumps({"invite_code": text}, ensure_ascii=True)
    assert ana_api.post(f"/games/{duo.pk}/join", raw=code).status_code < 500


def test_a_lone_surrogate_as_an_invite_code_is_refused_not_a_crash(ana, ben_api):
    from games.play import tables

    table = tables.game_create(creator=ana, game="toy", players=2, public=False)
    raw = '{"invite_code": "\\ud800"}'
    response = ben_api.post(f"/games/{table.pk}/join", raw=raw)
    assert response.status_code == 403 and response.json()["error"] == "forbidden"
