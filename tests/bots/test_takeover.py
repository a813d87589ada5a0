"""A bot stands in for a person while they are away, until they act or say they are back."""

from __future__ import annotations

import inspect

import pytest
from django.urls import reverse

from games.autoplay import executor
from games.errors import InvalidInput
from games.mail import game_mails
from games.models import Game, Move
from games.play import acting, seats, tables
from tests.games.helpers import act

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(make_game, ana, ben):
    """Ana (seat 0, to move) against Ben (seat 1), both people."""
    return make_game(ana, ben)


def test_a_bot_plays_a_taken_over_seat(game, ana, run_on_commit):
    with run_on_commit():
        seats.seat_stand_in(game_id=game.pk, seat=0, level="random")
    game.refresh_from_db()
    assert game.seats.get(user=ana).stand_in == "random"
    assert game.version >= 1
    assert set(Move.objects.filter(game=game).values_list("seat", flat=True)) == {0}
    assert game.rules.to_act(game.state) == (1,)  # ben's move now


def test_the_bot_keeps_playing_the_seat_while_its_person_is_away(game, ana, ben, run_on_commit):
    with run_on_commit():
        seats.seat_stand_in(game_id=game.pk, seat=0, level="greedy")
    game.refresh_from_db()
    with run_on_commit():
        act(game, ben, "pass")
    game.refresh_from_db()
    assert game.rules.to_act(game.state) == (1,) or game.status == Game.Status.FINISHED
    assert game.seats.get(user=ana).stand_in == "greedy"


def test_acting_gives_the_seat_back(game, ana):
    # Nothing commits here, so the bot's move never runs.
    seats.seat_stand_in(game_id=game.pk, seat=0, level="random")
    act(game, ana, "pass")
    assert game.seats.get(user=ana).stand_in == ""
    assert seats.seat_return(game_id=game.pk, user=ana) is False


def test_opening_the_game_offers_the_seat_back_and_the_page_takes_it(game, ana, client):
    seats.seat_stand_in(game_id=game.pk, seat=1, level="random")  # ben's seat, not his turn yet
    client.force_login(game.seats.get(number=1).user)
    back = reverse("games:come_back", args=[game.pk])
    page = client.get(reverse("games:game", args=[game.pk]))
    assert page.status_code == 200
    assert game.seats.get(number=1).stand_in == "random"  # a GET changes nothing
    assert f'action="{back}"' in page.content.decode()  # the page says "I'm back" itself
    assert client.post(back).status_code == 302
    assert game.seats.get(number=1).stand_in == ""
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "played by a bot while away" not in page


def test_the_game_page_shows_who_plays_the_seat(game, ana, client):
    seats.seat_stand_in(game_id=game.pk, seat=1, level="greedy")
    client.force_login(ana)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "played by a bot while away" in page
    assert game.seats.get(number=1).stand_in == "greedy"  # ana opened, not ben


def test_the_api_says_who_plays_the_seat(game, ana, client):
    seats.seat_stand_in(game_id=game.pk, seat=1, level="search")
    client.force_login(ana)
    listed = client.get(f"/api/games/{game.pk}").json()["seats"]
    assert listed[1]["played_by_bot"] == "search"
    assert listed[0]["played_by_bot"] is None and listed[0]["bot"] is None


def test_release_ends_the_takeover_and_the_bot_stops(game, ana, ben, run_on_commit):
    seats.seat_stand_in(game_id=game.pk, seat=1, level="random")
    assert seats.seat_return(game_id=game.pk, user=ben) is True
    with run_on_commit():
        act(game, ana, "pass")
    game.refresh_from_db()
    assert game.version == 1  # nobody played for ben
    assert executor.play_seat(game.pk, 1, 1) is None


def test_only_a_persons_seat_can_be_taken_over(table_with_bots, ana):
    table = table_with_bots(ana, [None, "random"])
    with pytest.raises(InvalidInput):
        seats.seat_stand_in(game_id=table.pk, seat=1, level="greedy")
    with pytest.raises(InvalidInput):
        seats.seat_stand_in(game_id=table.pk, seat=0, level="grandmaster")


@pytest.mark.django_db(transaction=True)
def test_a_game_played_by_bots_to_the_end_runs_as_a_loop_not_a_recursion(ana, monkeypatch):
    """With real commits each eager task queues the next from inside itself; the stack
    must stay as deep as for one move, however long the game."""

    depths = []
    real = acting.game_act

    def measuring(**kwargs):
        depths.append(len(inspect.stack(0)))
        return real(**kwargs)

    monkeypatch.setattr(executor, "game_act", measuring)
    table = tables.game_create(
        creator=ana,
        game="toy",
        players=3,
        options={"target": "15"},
        random_seat_order=False,
        bots=[None, "random", "greedy"],
    )
    seats.seat_stand_in(game_id=table.pk, seat=0, level="random")
    table.refresh_from_db()
    assert table.status == Game.Status.FINISHED
    assert len(depths) == table.version > 10
    assert max(depths) - min(depths) < 15


def test_no_turn_mail_for_a_seat_a_bot_plays(game, ana, ben, mailoutbox):

    seats.seat_stand_in(game_id=game.pk, seat=1, level="random")
    act(game, ana, "pass")
    sent = game_mails.notify_turn(game_id=game.pk, move_seq=1, user_ids=[ben.pk])
    assert sent == 0 and not mailoutbox
    seats.seat_return(game_id=game.pk, user=ben)
    assert game_mails.notify_turn(game_id=game.pk, move_seq=1, user_ids=[ben.pk]) == 1
