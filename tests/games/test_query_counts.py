"""How many queries a move and the busy pages cost: pinned, so a regression fails here.

Counts include the session and the user (2) that every signed-in request reads; the test
runs inside a transaction, so a move's own transaction shows as a SAVEPOINT and its
RELEASE (2 more, free in production). What a move itself costs: lock the game, read its
seats, append the move, save the game, update the seats that changed (one statement for
all), write the event. No count grows with the number of seats, games or moves.
"""

import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.engine import registry
from games.models import Game
from games.play import tables
from tests.api.conftest import token_for
from tests.factories import UserFactory
from tests.games.helpers import act, set_hands

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
MIDDLEWARE = 2  # the session and the user
TRANSACTION = 2  # SAVEPOINT and RELEASE of the move's transaction, inside the test's own
MOVE = 6  # lock, seats, append, save the game, the seats that changed, the event
PAGE = 7  # game, seats, latest moves, notes (with the newest), vacations, chat, header count
AFTER_MOVE = 2  # the game and its seats, as the move left them: not read again


@pytest.fixture
def four(make_game, ana, ben, cy):
    return make_game(ana, ben, cy, UserFactory(username="dee"))


def to_move(game):
    """(the user to move, a legal action's JSON) of a toy game in play."""
    game.refresh_from_db()
    rules = registry.get(game.game)
    seat = rules.to_act(game.state)[0]
    action = next(a for a in rules.legal_actions(game.state, seat) if a.type == "pass")
    user = next(s.user for s in game.seats.all() if s.number == seat)
    return user, json.dumps(action.to_json())


def count(request) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = request()
    assert response.status_code in (200, 201, 302), response.content[:300]
    return len(queries)


def form_move(client, game, **extra):
    user, action = to_move(game)
    client.force_login(user)
    url = f"/games/{game.pk}/act"
    return count(lambda: client.post(url, {"action": action, "version": game.version}, **extra))


def api_move(game):
    user, action = to_move(game)
    api = Client(HTTP_AUTHORIZATION=f"Bearer {token_for(user)}")
    body = json.dumps({"action": json.loads(action), "version": game.version})
    url = f"/api/games/{game.pk}/actions"
    return count(lambda: api.post(url, body, content_type="application/json"))


def test_a_move_by_plain_form_costs_six_queries_at_a_table_of_two_or_four(client, duo, four):
    budget = MIDDLEWARE + TRANSACTION + MOVE
    assert form_move(client, duo) <= budget
    assert form_move(client, four) <= budget


def test_a_move_answered_with_the_board_fragment_reads_the_page_once(client, duo, four):
    budget = MIDDLEWARE + TRANSACTION + MOVE + PAGE - AFTER_MOVE
    assert form_move(client, duo, **HTMX) <= budget
    assert form_move(client, four, **HTMX) <= budget


def test_a_move_through_the_api_costs_the_same_at_a_table_of_two_or_four(duo, four):
    token = 2  # the token looked up, its last use written
    # The document has no chat, header nor clocks (vacations).
    budget = token + TRANSACTION + MOVE + PAGE - AFTER_MOVE - 3
    assert api_move(duo) <= budget
    assert api_move(four) <= budget


def test_the_game_page_costs_the_same_at_move_one_and_move_thirty_five(client, duo, ana, ben):
    client.force_login(ana)
    act(duo, ana, "pass")
    early = count(lambda: client.get(f"/games/{duo.pk}/"))
    for _ in range(34):
        duo.refresh_from_db()
        act(duo, [ana, ben][registry.get("toy").to_act(duo.state)[0]], "pass")
    late = count(lambda: client.get(f"/games/{duo.pk}/"))
    assert early <= MIDDLEWARE + PAGE
    assert late == early


def test_my_games_costs_the_same_with_one_game_or_forty(client, make_game, ana, ben, cy):
    client.force_login(ana)

    def one_of_each():
        make_game(ana, ben)  # in play, Ana to move
        make_game(ben, cy, ana)  # in play, waiting for Ben
        tables.game_create(creator=ana, game="toy", players=3)  # filling up
        finished = make_game(ana, cy)
        set_hands(finished, ["blue"], ["green"], scores=[9, 0])
        act(finished, ana, "play", card="blue")

    one_of_each()
    one = count(lambda: client.get("/games/"))
    for _ in range(13):
        one_of_each()
    many = count(lambda: client.get("/games/"))
    # sections (1), finished page (1), the seats shown with their players and tables (1):
    # the rows of games in play are drawn from those; then the open tables and finished
    # games (1), their seats (1), their players with their vacations (1). The header's
    # count comes from the sections.
    assert many <= MIDDLEWARE + 6
    assert many == one


def test_my_games_shows_the_headers_count_from_its_own_lists(client, make_game, ana, ben):
    client.force_login(ana)
    make_game(ana, ben)  # in play, Ana to move
    with CaptureQueriesContext(connection) as queries:
        page = client.get("/games/").content.decode()
    assert 'data-count="1"' in page  # the header's "My games (1)"
    counted = [q["sql"] for q in queries if "COUNT(*)" in q["sql"] and "must_act" in q["sql"]]
    assert not counted  # the header's own count (games_to_act_count) was not made again


def test_my_games_in_the_api_costs_the_same_with_one_game_or_twenty(make_game, ana, ben):
    api = Client(HTTP_AUTHORIZATION=f"Bearer {token_for(ana)}")
    make_game(ana, ben)
    one = count(lambda: api.get("/api/games?mine=true"))
    for _ in range(19):
        make_game(ana, ben)
    assert count(lambda: api.get("/api/games?mine=true")) == one


def test_the_lobby_costs_the_same_with_one_table_or_sixty(client, ana, ben):
    client.force_login(ben)
    tables.game_create(creator=ana, game="toy", players=3)
    one = count(lambda: client.get("/lobby/"))
    for _ in range(59):
        tables.game_create(creator=ana, game="toy", players=3)
    many = count(lambda: client.get("/lobby/"))
    # the tables of followed players, the others, who sits at them, the header's count
    assert many <= MIDDLEWARE + 4
    assert many == one


def test_query_counts_hold_for_a_finished_game_page_too(client, duo, ana):
    set_hands(duo, ["blue"], ["green"], scores=[9, 0])
    act(duo, ana, "play", card="blue")
    assert Game.objects.get(pk=duo.pk).status == Game.Status.FINISHED
    client.force_login(ana)
    # the page, plus the result's rating changes and the rematch (is there one, am I in it)
    assert count(lambda: client.get(f"/games/{duo.pk}/")) <= MIDDLEWARE + PAGE + 3
