"""The JSON API: every status code, both kinds of authentication."""

import json

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import ApiToken
from accounts.tokens import last_used
from games.models import Game
from games.play import tables
from tests.api.conftest import Api
from tests.games.helpers import act, set_hands

pytestmark = pytest.mark.django_db


# --- authentication ---------------------------------------------------------------------


def test_no_credentials_is_401(client):
    response = Api(client, None).get("/games")
    assert response.status_code == 401 and "error" in response.json()


@pytest.mark.parametrize("header", ["Bearer nope", "Basic abc", "Bearer", "Token x"])
def test_a_bad_token_is_401(client, header):
    response = client.get("/api/games", HTTP_AUTHORIZATION=header)
    assert response.status_code == 401


def test_a_revoked_token_is_401(client, ana):
    token, key = ApiToken.issue(user=ana, name="old")
    token.revoked_at = timezone.now()
    token.save()
    assert Api(client, key).get("/games").status_code == 401


def test_a_token_records_its_last_use(client, ana):
    token, key = ApiToken.issue(user=ana, name="t")
    assert Api(client, key).get("/games").status_code == 200
    token.refresh_from_db()
    assert last_used(token) is not None and token.last_used_at is None  # a read writes no row
    assert Api(client, key).post("/games", {"game": "toy", "players": 2}).status_code == 201
    token.refresh_from_db()
    assert token.last_used_at is not None


def test_session_writes_need_csrf_and_bearer_writes_do_not(ana, ana_api):
    session = Client(enforce_csrf_checks=True)
    session.force_login(ana)
    create = {"game": "toy", "players": 2}
    response = Api(session, None).post("/games", create)
    assert response.status_code == 403 and response.json()["error"] == "csrf_failed"
    assert "CSRF" in response.json()["detail"]
    assert not Game.objects.exists()
    session.get("/")  # sets the CSRF cookie
    token = session.cookies["csrftoken"].value
    response = Api(session, None).post("/games", create, HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 201
    assert ana_api.post("/games", create).status_code == 201


def test_session_reads_need_no_csrf(ana):
    session = Client(enforce_csrf_checks=True)
    session.force_login(ana)
    assert Api(session, None).get("/games").status_code == 200


# --- tables -----------------------------------------------------------------------------


def test_create_join_and_start(ana_api, ben_api):
    response = ana_api.post(
        "/games", {"game": "toy", "players": 2, "options": {"target": "15"}, "public": True}
    )
    assert response.status_code == 201
    game_id = response.json()["id"]
    response = ben_api.post(f"/games/{game_id}/join")
    assert response.status_code == 200
    data = ana_api.get(f"/games/{game_id}").json()
    assert data["status"] == "active" and data["version"] == 0
    assert {s["name"] for s in data["seats"]} == {"ana", "ben"}


@pytest.mark.parametrize(
    "body",
    [
        {"game": "chess", "players": 2},
        {"game": "toy", "players": 9},
        {"game": "toy", "players": "2"},
        {"game": "toy", "players": 2, "options": {"target": "99"}},
        {"game": "toy", "players": 2, "options": "target=10"},
        {"game": "toy", "players": 2, "public": "yes"},
        {"game": "toy", "players": 2, "invite": "ben"},
        {},
    ],
)
def test_bad_create_bodies_are_400(ana_api, body):
    response = ana_api.post("/games", body)
    assert response.status_code == 400 and response.json()["error"]
    assert not Game.objects.exists()


def test_joining_twice_or_a_started_game_is_409(ana_api, ben_api, cy_api, ana):
    table = tables.game_create(creator=ana, game="toy", players=2)
    assert ana_api.post(f"/games/{table.pk}/join").status_code == 409
    assert ben_api.post(f"/games/{table.pk}/join").status_code == 200
    assert cy_api.post(f"/games/{table.pk}/join").status_code == 409


def test_joining_a_private_table_needs_the_code(ben_api, ana):
    table = tables.game_create(creator=ana, game="toy", players=2, public=False)
    assert ben_api.post(f"/games/{table.pk}/join").status_code == 403
    assert ben_api.post(f"/games/{table.pk}/join", {"invite_code": 5}).status_code == 400
    response = ben_api.post(f"/games/{table.pk}/join", {"invite_code": table.invite_code})
    assert response.status_code == 200


def test_leave_and_cancel(ana_api, ben_api, ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=3)
    tables.game_join(game_id=table.pk, user=ben)
    assert ben_api.post(f"/games/{table.pk}/cancel").status_code == 403
    assert ben_api.post(f"/games/{table.pk}/leave").status_code == 200
    assert ana_api.post(f"/games/{table.pk}/leave").status_code == 409
    response = ana_api.post(f"/games/{table.pk}/cancel")
    assert response.status_code == 200 and response.json()["status"] == "cancelled"


def test_unknown_games_are_404(ana_api):
    assert ana_api.get("/games/999").status_code == 404
    assert ana_api.post("/games/999/join").status_code == 404
    assert (
        ana_api.post("/games/999/actions", {"action": {"type": "pass"}, "version": 0}).status_code
        == 404
    )
    assert ana_api.get("/games/99999999999999999999999").status_code == 404


def test_wrong_method_is_405(ana_api, duo):
    response = ana_api.get(f"/games/{duo.pk}/actions")
    assert response.status_code == 405 and response["Allow"] == "POST"


# --- playing ----------------------------------------------------------------------------


def test_game_state_has_every_documented_field(ana_api, duo):
    data = ana_api.get(f"/games/{duo.pk}").json()
    for key in [
        "id",
        "game",
        "status",
        "version",
        "seats",
        "to_act",
        "you",
        "view",
        "legal_actions",
        "log",
        "result",
    ]:
        assert key in data
    assert data["you"] == 0 and data["to_act"] == [0]
    assert {"type": "pass", "label": "Pass and draw"} in data["legal_actions"]


def test_legal_actions_post_back_as_they_are(ana_api, duo):
    data = ana_api.get(f"/games/{duo.pk}").json()
    action = data["legal_actions"][0]
    response = ana_api.post(f"/games/{duo.pk}/actions", {"action": action, "version": 0})
    assert response.status_code == 200
    assert response.json()["version"] == 1


def test_an_illegal_action_is_400_with_the_reason(ana_api, duo):
    set_hands(duo, ["red"], ["green"])
    response = ana_api.post(
        f"/games/{duo.pk}/actions", {"action": {"type": "play", "card": "blue"}, "version": 0}
    )
    assert response.status_code == 400
    assert response.json()["error"] == "illegal_move"
    assert response.json()["detail"].startswith("You cannot do that now.")


@pytest.mark.parametrize(
    "body",
    [
        {"action": {"type": "fly"}, "version": 0},
        {"action": {"type": "pass"}},
        {"action": {"type": "pass"}, "version": "0"},
        {"action": {"type": "pass"}, "version": True},
        {"action": "pass", "version": 0},
        {"action": {"card": "red"}, "version": 0},
        {"action": {"type": "play", "card": {"x": 1}}, "version": 0},
        {"action": {"type": "play", "card": 1.5}, "version": 0},
        {"version": 0},
    ],
)
def test_malformed_actions_are_400(ana_api, duo, body):
    response = ana_api.post(f"/games/{duo.pk}/actions", body)
    assert response.status_code == 400 and response.json()["error"]
    duo.refresh_from_db()
    assert duo.version == 0


@pytest.mark.parametrize("raw", ["{not json", "[1, 2]", '"text"', "null", "[" * 50000, b"\xff\xfe"])
def test_garbage_bodies_are_400(ana_api, duo, raw):
    response = ana_api.post(f"/games/{duo.pk}/actions", raw=raw)
    assert response.status_code == 400


def test_a_huge_body_is_413(ana_api, duo):
    raw = json.dumps({"action": {"type": "pass", "x": "y" * 100_000}, "version": 0})
    assert ana_api.post(f"/games/{duo.pk}/actions", raw=raw).status_code == 413


def test_a_stranger_is_403_on_a_public_game(cy_api, duo):
    response = cy_api.post(f"/games/{duo.pk}/actions", {"action": {"type": "pass"}, "version": 0})
    assert response.status_code == 403


def test_a_stranger_cannot_see_a_private_game(cy_api, make_game, ana, ben):
    game = make_game(ana, ben, public=False)
    assert cy_api.get(f"/games/{game.pk}").status_code == 404


def test_a_spectator_of_a_public_game_sees_no_hand(cy_api, duo):
    data = cy_api.get(f"/games/{duo.pk}").json()
    assert data["you"] is None and data["legal_actions"] == []
    assert data["view"]["hand"] is None


def test_stale_version_is_409_with_the_current_version(ana_api, duo, ana):
    set_hands(duo, ["red", "red"], ["green"])
    act(duo, ana, "play", card="red")
    response = ana_api.post(f"/games/{duo.pk}/actions", {"action": {"type": "pass"}, "version": 0})
    assert response.status_code == 409
    assert response.json()["version"] == 1 and response.json()["error"] == "stale_version"


def test_not_your_turn_is_409(ben_api, duo):
    response = ben_api.post(f"/games/{duo.pk}/actions", {"action": {"type": "pass"}, "version": 0})
    assert response.status_code == 409
    assert response.json() == {"error": "not_your_turn", "detail": "It is not your turn."}


def test_a_finished_game_refuses_actions_with_409(ana_api, duo, ana):
    set_hands(duo, ["blue"], ["green"], scores=[9, 0])
    act(duo, ana, "play", card="blue")
    response = ana_api.post(f"/games/{duo.pk}/actions", {"action": {"type": "pass"}, "version": 1})
    assert response.status_code == 409
    data = ana_api.get(f"/games/{duo.pk}").json()
    assert data["status"] == "finished" and data["result"]["winners"] == [0]
    assert data["result"]["scores"][0]["name"] == "ana"


def test_offers_through_the_api(ana_api, ben_api, duo):
    set_hands(duo, ["red", "red"], ["green"])
    terms = ana_api.get(f"/games/{duo.pk}").json()["deal_terms"]
    assert terms["partners"] == [1]
    assert terms["give"] == {"cards": {"red": 2}}
    assert terms["terms"][0]["name"] == "cards" and terms["terms"][0]["hidden"]
    offer = {"type": "offer", "to": 1, "give_cards": ["red"], "get_cards": ["green"]}
    response = ana_api.post(f"/games/{duo.pk}/actions", {"action": offer, "version": 0})
    assert response.status_code == 200
    data = ben_api.get(f"/games/{duo.pk}").json()
    assert [a["type"] for a in data["legal_actions"]] == ["accept", "decline"]
    assert data["deals"][0]["text"] == "you get red, you give green"
    assert data["deal_terms"] is None  # the toy game: only the player whose turn it is offers


def test_the_log_is_per_viewer_with_names(ana_api, ben_api, duo, ana):
    act(duo, ana, "pass")
    mine = [line["text"] for line in ana_api.get(f"/games/{duo.pk}").json()["log"]]
    theirs = [line["text"] for line in ben_api.get(f"/games/{duo.pk}").json()["log"]]
    assert mine[0] == theirs[0] == "ana passed."
    assert theirs[1] == "ana drew a card."
    assert mine[1].startswith("ana drew ") and mine[1] != theirs[1]


# --- lists and chat ---------------------------------------------------------------------


def test_my_games_and_those_waiting_for_me(ana_api, make_game, ana, ben, cy):
    mine_to_act = make_game(ana, ben)
    theirs = make_game(ben, ana)
    make_game(ben, cy)
    data = ana_api.get("/games?mine=1").json()["games"]
    assert [g["id"] for g in data] == [mine_to_act.pk, theirs.pk]
    assert data[0]["must_act"] and not data[1]["must_act"]
    data = ana_api.get("/games?mine=1&to_act=1").json()["games"]
    assert [g["id"] for g in data] == [mine_to_act.pk]


def test_the_lobby_list(cy_api, ana):
    table = tables.game_create(creator=ana, game="toy", players=2)
    assert [g["id"] for g in cy_api.get("/games").json()["games"]] == [table.pk]


def test_chat_through_the_api(ana_api, cy_api, duo):
    assert ana_api.post(f"/games/{duo.pk}/chat", {"text": "<b>hi</b>"}).status_code == 201
    assert cy_api.post(f"/games/{duo.pk}/chat", {"text": "hi"}).status_code == 403
    assert ana_api.post(f"/games/{duo.pk}/chat", {"text": ""}).status_code == 400
    messages = cy_api.get(f"/games/{duo.pk}/chat").json()["messages"]
    assert [m["text"] for m in messages] == ["<b>hi</b>"]  # JSON carries text, not markup


# --- asking again cheaply ------------------------------------------------------------------


def test_asking_again_with_the_etag_of_an_unchanged_game_is_304(ana_api, duo):
    first = ana_api.get(f"/games/{duo.pk}")
    tag = first["ETag"]
    again = ana_api.get(f"/games/{duo.pk}", HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == tag


def test_a_move_or_a_resignation_changes_the_etag(ana_api, ben_api, duo):
    tag = ana_api.get(f"/games/{duo.pk}")["ETag"]
    ana_api.post(f"/games/{duo.pk}/actions", {"action": {"type": "pass"}, "version": 0})
    moved = ana_api.get(f"/games/{duo.pk}", HTTP_IF_NONE_MATCH=tag)
    assert moved.status_code == 200 and moved.json()["version"] == 1
    tag = moved["ETag"]
    ben_api.post(f"/games/{duo.pk}/resign")
    assert ana_api.get(f"/games/{duo.pk}", HTTP_IF_NONE_MATCH=tag).status_code == 200


def test_since_a_version_the_log_holds_only_the_lines_after_it(ana_api, ben_api, duo):
    ana_api.post(f"/games/{duo.pk}/actions", {"action": {"type": "pass"}, "version": 0})
    ben_api.post(f"/games/{duo.pk}/actions", {"action": {"type": "pass"}, "version": 1})
    full = ana_api.get(f"/games/{duo.pk}").json()["log"]
    since = ana_api.get(f"/games/{duo.pk}?since=1").json()["log"]
    assert {line["seq"] for line in full} == {1, 2}
    assert since == [line for line in full if line["seq"] == 2]
    assert ana_api.get(f"/games/{duo.pk}?since=-1").status_code == 400


def test_a_move_posted_since_its_version_answers_with_only_the_new_lines(ana_api, ben_api, duo):
    ana_api.post(f"/games/{duo.pk}/actions", {"action": {"type": "pass"}, "version": 0})
    answer = ben_api.post(
        f"/games/{duo.pk}/actions?since=1", {"action": {"type": "pass"}, "version": 1}
    ).json()
    whole = ben_api.get(f"/games/{duo.pk}").json()
    assert {line["seq"] for line in answer["log"]} == {2}
    assert answer["log"] == [line for line in whole["log"] if line["seq"] == 2]
    assert {k: v for k, v in answer.items() if k != "log"} == {
        k: v for k, v in whole.items() if k != "log"
    }
    late = ana_api.post(
        f"/games/{duo.pk}/actions?since=99", {"action": {"type": "pass"}, "version": 2}
    )
    assert late.status_code == 200 and late.json()["log"] == []


def test_since_a_version_the_log_keeps_the_notes_written_after_it(ana_api, ben_api, duo):
    ana_api.post(f"/games/{duo.pk}/actions", {"action": {"type": "pass"}, "version": 0})
    ben_api.post(f"/games/{duo.pk}/actions", {"action": {"type": "pass"}, "version": 1})
    ben_api.post(f"/games/{duo.pk}/resign")  # a note after move 2
    since = ana_api.get(f"/games/{duo.pk}?since=1").json()["log"]
    assert {line["seq"] for line in since} == {2}
    assert "resign" in since[-1]["text"]
