"""Resigning and voting to end a game without a result."""

import pytest
from django.urls import reverse

from games import events
from games.errors import Conflict, NotYourTurn
from games.models import Game
from games.play import endings, results
from tests.clocks.helpers import outbox, play, seat

pytestmark = pytest.mark.django_db


def test_resigning_a_two_player_game_ends_it_with_the_resigner_last(clocked, ana, ben, committing):
    game = clocked(ana, ben, days=1)
    with committing():
        endings.game_resign(game_id=game.pk, user=ben)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result["winners"] == [0]
    assert [s["place"] for s in game.result["scores"]] == [1, 2]
    assert game.result["reason"] == "{p1} resigned."
    (news,) = outbox("resigned")
    assert news.to == [ana.email]
    (over,) = outbox("is over", to=ana)
    assert "ana won" in over.subject and "ben (left the game)" in over.body


def test_with_more_players_the_resigner_is_played_by_defaults(clocked, ana, ben, cy, committing):
    game = clocked(ana, ben, cy, days=1)
    with committing():
        endings.game_resign(game_id=game.pk, user=ana)  # resigns on her own turn
    game.refresh_from_db()
    assert game.status == "active" and game.version == 1 and seat(game, 1).must_act
    with committing():
        play(game, ben)
        play(game, cy)
    game.refresh_from_db()
    assert game.version == 4 and seat(game, 1).must_act  # ana's turn passed by default
    with pytest.raises(Conflict):
        endings.game_resign(game_id=game.pk, user=ana)


def test_a_resigned_player_can_no_longer_move(clocked, ana, ben, cy):
    game = clocked(ben, ana, cy, days=1)
    endings.game_resign(game_id=game.pk, user=ana)
    play(game, ben)  # ana's turn (her defaults run on commit, which never comes here)
    with pytest.raises((Conflict, NotYourTurn)):
        play(game, ana)


def test_when_only_one_player_is_left_the_game_ends(clocked, ana, ben, cy):
    game = clocked(ana, ben, cy, days=1)
    endings.game_resign(game_id=game.pk, user=ben)
    endings.game_resign(game_id=game.pk, user=cy)
    game.refresh_from_db()
    assert game.status == "finished" and game.result["winners"] == [0]
    assert [s["place"] for s in game.result["scores"]] == [1, 2, 2]


def test_a_unanimous_vote_ends_the_game_with_no_winner(clocked, ana, ben, cy, committing):
    game = clocked(ana, ben, cy, days=0)
    endings.game_vote_end(game_id=game.pk, user=ana)
    endings.game_vote_end(game_id=game.pk, user=ben)
    game.refresh_from_db()
    assert game.status == "active"
    with committing():
        endings.game_vote_end(game_id=game.pk, user=cy)
    game.refresh_from_db()
    assert game.status == "finished"
    assert game.result == results.agreed(3).to_json()
    assert game.result["termination"] == "agreed"
    assert game.result["reason"] == "Ended by agreement, no winner."
    assert all(not seat(game, n).must_act for n in range(3))
    assert len(outbox("is over")) == 3


def test_a_vote_can_be_taken_back(clocked, ana, ben):
    game = clocked(ana, ben, days=0)
    endings.game_vote_end(game_id=game.pk, user=ana)
    endings.game_vote_end(game_id=game.pk, user=ana, agree=False)
    endings.game_vote_end(game_id=game.pk, user=ben)
    game.refresh_from_db()
    assert game.status == "active"


def test_resigned_players_have_no_vote(clocked, ana, ben, cy):
    game = clocked(ana, ben, cy, days=0)
    endings.game_vote_end(game_id=game.pk, user=ana)
    endings.game_resign(game_id=game.pk, user=cy)
    endings.game_vote_end(game_id=game.pk, user=ben)
    game.refresh_from_db()
    assert game.status == "finished" and game.result["termination"] == "agreed"


def test_the_game_page_has_resign_and_vote_buttons_that_work(client, clocked, ana, ben):
    game = clocked(ana, ben, days=0)
    client.force_login(ana)
    url = reverse("games:game", args=[game.pk])
    page = client.get(url).content.decode()
    assert "Propose to end without a result" in page and "Resign for good" in page
    assert client.post(reverse("games:vote_end", args=[game.pk]), {"agree": "1"}).status_code == 302
    page = client.get(url).content.decode()
    assert "Take back my vote to end" in page
    assert "ana proposes to end the game without a result." in page
    client.force_login(ben)
    client.post(reverse("games:vote_end", args=[game.pk]), {"agree": "1"})
    page = client.get(url).content.decode()
    assert "No winner" in page and "Ended by agreement, no winner." in page


def test_resigning_through_the_page(client, clocked, ana, ben):
    game = clocked(ana, ben, days=0)
    client.force_login(ben)
    response = client.post(reverse("games:resign", args=[game.pk]), headers={"HX-Request": "true"})
    assert response.status_code == 200
    body = response.content.decode()
    assert "ana wins" in body and "left the game" in body
    again = client.post(reverse("games:resign", args=[game.pk]))
    assert again.status_code == 409


def test_a_resigned_player_gets_no_turn_mail_and_no_waiting_game(
    client, clocked, ana, ben, cy, committing, sent
):
    game = clocked(ben, ana, cy, days=0)
    endings.game_resign(game_id=game.pk, user=ana)
    with committing():
        play(game, ben)  # ana's turn: her default is played at once, without a mail
    with committing():
        play(game, cy)
    assert outbox("Your move", to=ana) == []
    moved = [event for event in sent if isinstance(event, events.MoveMade)]
    assert moved and all(ana.pk not in m.waiting_user_ids for m in moved)
    client.force_login(ana)
    page = client.get(reverse("games:mine")).content.decode()
    assert "No game is waiting for you." in page
