"""Opening tables with computer players: the service, the page form, the API, one click."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.errors import InvalidInput
from games.models import Game, Seat
from games.play import tables
from games.read.names import seat_names

pytestmark = pytest.mark.django_db


def bot_level(seat) -> str:
    return seat.controller_level if seat.is_bot else ""


def seats(game) -> list[tuple[int, str, str]]:
    return [(s.number, s.user.username if s.user else "", bot_level(s)) for s in game.seats.all()]


def open_toy(creator, bots, *, players=None, random_seat_order=False):
    """A toy table opened by ``creator`` with ``bots`` (one entry per seat unless told)."""
    players = len(bots) if players is None else players
    return tables.game_create(
        creator=creator,
        game="toy",
        players=players,
        random_seat_order=random_seat_order,
        bots=bots,
    )


def test_the_creator_takes_the_first_seat_not_given_to_a_bot(ana):
    table = open_toy(ana, ["search", None, None, "random"])
    assert table.status == Game.Status.OPEN  # seat 2 still waits for a person
    assert seats(table) == [(0, "", "search"), (1, "ana", ""), (3, "", "random")]


def test_a_person_joining_takes_a_free_seat_and_starts_the_game(ana, ben):
    table = open_toy(ana, [None, None, "greedy"])
    tables.game_join(game_id=table.pk, user=ben)
    table.refresh_from_db()
    assert table.status == Game.Status.ACTIVE
    assert seats(table) == [(0, "ana", ""), (1, "ben", ""), (2, "", "greedy")]


def test_bot_seats_may_be_given_by_number(ana):
    table = open_toy(ana, {"0": "random", 2: "greedy"}, players=3)
    assert table.status == Game.Status.ACTIVE
    assert sorted(bot_level(s) for s in table.seats.all()) == ["", "greedy", "random"]


def test_the_random_seat_order_shuffles_bots_and_people(ana):
    numbers = set()
    for _ in range(40):  # seats are shuffled by the system's randomness: 40 tables miss
        # one of the three places about once in three million runs
        table = open_toy(ana, [None, "random", "random"], random_seat_order=True)
        numbers.add(table.seats.get(user=ana).number)
    assert numbers == {0, 1, 2}


def test_bot_seats_are_named_after_their_level(ana):
    table = open_toy(ana, [None, "random", "search"])
    assert [s.display_name for s in table.seats.all()] == ["ana", "Bot (Easy)", "Bot (Strong)"]


@pytest.mark.parametrize(
    "bots",
    [
        ["random", "random"],  # no seat left for a person
        {"0": "random", "1": "greedy"},
        ["random"],  # not one entry per seat
        ["random", "expert"],
        {"5": "random"},
        {"one": "random"},
        "random",
    ],
)
def test_bad_bot_seats_are_refused(ana, bots):
    with pytest.raises(InvalidInput):
        open_toy(ana, bots, players=2)
    assert not Game.objects.exists()


def test_a_game_needs_at_least_one_person(ana):
    with pytest.raises(InvalidInput, match="at least one seat for a person"):
        open_toy(ana, ["random"] * 3)


def test_a_real_game_with_bots_reaches_the_persons_turn(ana, run_on_commit):
    with run_on_commit():
        table = tables.game_create(
            creator=ana, game="silk-road", players=3, bots=[None, "greedy", "search"]
        )
    table.refresh_from_db()
    mine = table.seats.get(user=ana).number
    assert table.status == Game.Status.ACTIVE
    assert mine in table.rules.to_act(table.state)


# --- the API ---------------------------------------------------------------------------


def post_json(client, url, data):
    return client.post(url, json.dumps(data), content_type="application/json")


@pytest.fixture
def api(client, ana):
    client.force_login(ana)
    client.enforce_csrf_checks = False
    return client


def test_the_api_opens_a_table_with_bots(api, ana, run_on_commit):
    with run_on_commit():
        response = post_json(
            api, "/api/games", {"game": "toy", "players": 3, "bots": [None, "random", "search"]}
        )
    assert response.status_code == 201
    body = response.json()
    assert body["status"] == "active"
    game = api.get(f"/api/games/{body['id']}").json()
    assert sorted(filter(None, (s["bot"] for s in game["seats"]))) == ["random", "search"]
    mine = game["you"]
    assert game["seats"][mine]["name"] == "ana" and game["seats"][mine]["bot"] is None
    assert game["to_act"] == [mine]


def test_the_api_takes_bot_seats_by_number(api):
    response = post_json(api, "/api/games", {"game": "toy", "players": 3, "bots": {"2": "greedy"}})
    assert response.status_code == 201
    assert response.json()["status"] == "open"
    assert Seat.objects.filter(
        number=2, controller=Seat.Controller.BOT, controller_level="greedy"
    ).exists()


def test_the_api_refuses_a_table_of_bots_only(api):
    response = post_json(
        api, "/api/games", {"game": "toy", "players": 2, "bots": ["random", "random"]}
    )
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_input" and "person" in response.json()["detail"]


# --- the pages -------------------------------------------------------------------------


def test_the_table_form_seats_bots(client, ana, run_on_commit):
    client.force_login(ana)
    form = {
        "game": "toy",
        "players": "3",
        "public": "on",
        "seat_order": "joined",
        "bot_1": "random",
        "bot_2": "greedy",
        "bot_3": "search",  # past the table's size: ignored
        "option_target": "10",
    }
    with run_on_commit():
        response = client.post(reverse("games:create"), form)
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == reverse("games:game", args=[game.pk])
    assert seats(game) == [(0, "ana", ""), (1, "", "random"), (2, "", "greedy")]
    assert game.status == Game.Status.ACTIVE
    page = client.get(response.url).content.decode()
    assert "Bot (Easy)" in page and "Bot (Medium)" in page


def test_the_table_form_offers_a_computer_player_per_seat(client, ana):
    client.force_login(ana)
    page = client.get(reverse("games:create") + "?game=toy").content.decode()
    assert 'name="bot_1"' in page and 'name="bot_3"' in page and 'name="bot_4"' not in page
    assert "Computer: Strong" in page


def test_one_click_starts_a_game_against_the_computer(client, ana, run_on_commit):
    client.force_login(ana)
    with run_on_commit():
        response = client.post(reverse("games:play_computer"), {"game": "toy"})
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == reverse("games:game", args=[game.pk])
    assert game.status == Game.Status.ACTIVE and not game.is_public
    assert sorted(bot_level(s) for s in game.seats.all()) == ["", "greedy", "greedy"]
    assert game.rules.to_act(game.state) == (game.seats.get(user=ana).number,)


@pytest.mark.parametrize("opponents", ["1", "3"])
def test_one_click_plays_against_as_many_computer_players_as_chosen(
    client, ana, run_on_commit, opponents
):
    client.force_login(ana)
    with run_on_commit():
        client.post(
            reverse("games:play_computer"),
            {"game": "silk-road", "opponents": opponents, "level": "random"},
        )
    game = Game.objects.get()
    assert game.players == int(opponents) + 1
    assert sorted(bot_level(s) for s in game.seats.all()) == [""] + ["random"] * int(opponents)


def test_one_click_refuses_a_number_of_opponents_the_game_does_not_allow(client, ana):
    client.force_login(ana)
    response = client.post(
        reverse("games:play_computer"), {"game": "merchant-lord", "opponents": "4"}
    )
    assert response.status_code == 302 and not Game.objects.exists()
    page = client.get(response.url).content.decode()
    assert "can be played against 1 to 3 computer players" in page


def test_the_home_page_offers_one_to_four_opponents_where_the_game_allows(client, ana):
    client.force_login(ana)
    page = client.get("/").content.decode()
    assert '<select name="opponents">' in page and '<option value="1">1</option>' in page


def test_one_click_refuses_an_unknown_game(client, ana):
    client.force_login(ana)
    assert client.post(reverse("games:play_computer"), {"game": "chess"}).status_code == 404


def test_the_home_page_offers_to_play_against_the_computer(client, ana):
    assert "Sign in to play against the computer" in client.get("/").content.decode()
    client.force_login(ana)
    page = client.get("/").content.decode()
    assert "Play against the computer" in page
    assert reverse("games:play_computer") in page


def test_two_bots_of_one_level_get_numbers_in_the_game(ana):
    table = open_toy(ana, [None, "greedy", "search", "greedy"])
    assert seat_names(table) == ["ana", "Bot 1 (Medium)", "Bot (Strong)", "Bot 2 (Medium)"]


def test_one_click_lets_the_player_choose_how_strong_the_computer_is(client, ana, run_on_commit):
    client.force_login(ana)
    page = client.get("/").content.decode()
    assert 'name="level"' in page and "Strong" in page
    assert '<option value="greedy" selected>Medium</option>' in page
    assert "computer_level" not in page  # template comments stay out of the page
    response = client.post(
        reverse("games:play_computer"), {"game": "merchant-lord", "level": "search"}
    )
    game = Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])
    assert {bot_level(seat) for seat in game.seats.all() if seat.is_bot} == {"search"}
