"""When a clock runs out: the table's policy applies, opponents are told, the log says so."""

from datetime import timedelta

import pytest
from django.urls import reverse

from accounts.models import SentNotification
from games.clocks import scans
from games.models import Game, LogNote, Seat
from tests.clocks.helpers import outbox, play, seat

pytestmark = pytest.mark.django_db
DAY = timedelta(days=1)
LEFT = "ran out of time"


def expire(clock, committing, by=DAY + timedelta(minutes=1)):
    clock.shift(by)
    with committing():
        return scans.scan_deadlines()


def test_skip_plays_the_default_and_the_game_goes_on(clocked, ana, ben, clock, committing):
    game = clocked(ana, ben, days=1, on_timeout="skip")
    assert expire(clock, committing) == 1
    game.refresh_from_db()
    assert game.status == "active" and game.version == 1
    assert game.moves.get().action["type"] == "pass"  # the toy game's default
    assert seat(game, 1).must_act and seat(game, 0).played_by_player
    play(game, ben)
    assert seat(game, 0).deadline is not None  # a fresh clock for the next move


def test_autoplay_defaults_every_later_turn_until_the_player_comes_back(
    client, clocked, ana, ben, clock, committing
):
    game = clocked(ana, ben, days=1, on_timeout="autoplay")
    expire(clock, committing)
    assert seat(game, 0).stand_in == "default"
    with committing():
        play(game, ben)  # ana's turn again: played at once
    game.refresh_from_db()
    assert game.version == 3 and seat(game, 1).must_act
    client.force_login(ana)
    client.get(reverse("games:game", args=[game.pk]))  # she opens it: that changes nothing
    assert seat(game, 0).stand_in == "default"
    client.post(reverse("games:come_back", args=[game.pk]))  # the page says she is back
    assert seat(game, 0).played_by_player
    with committing():
        play(game, ben)
    game.refresh_from_db()
    assert game.version == 4 and seat(game, 0).must_act
    log = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "ana ran out of time: their moves are played by default until they come back." in log
    assert "ana is back and plays their own moves again." in log


def test_acting_ends_autoplay_too(clocked, ana, ben):
    game = clocked(ana, ben, days=1)
    Seat.objects.filter(game=game, number=0).update(  # as after a timeout
        controller=Seat.Controller.STAND_IN, controller_level="default"
    )
    play(game, ana)  # she moves before the defaults were played for her
    assert seat(game, 0).played_by_player


def test_abandon_ends_the_game_with_that_player_last(clocked, ana, ben, clock, committing):
    game = clocked(ana, ben, days=1, on_timeout="abandon")
    expire(clock, committing)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result["winners"] == [1]
    assert {s["seat"]: s["place"] for s in game.result["scores"]} == {0: 2, 1: 1}
    assert game.result["termination"] == "timed_out"
    assert game.result["reason"] == "{p0} ran out of time."
    assert not seat(game, 0).must_act and seat(game, 0).deadline is None


def test_abandon_with_more_players_lets_the_others_share_first_place(
    clocked, ana, ben, cy, clock, committing
):
    game = clocked(ana, ben, cy, days=1, on_timeout="abandon")
    expire(clock, committing)
    game.refresh_from_db()
    assert game.result["winners"] == [1, 2]
    assert [s["place"] for s in game.result["scores"]] == [3, 1, 1]
    assert [s["left"] for s in game.result["scores"]] == [True, False, False]
    assert game.result["termination"] == "timed_out"


def test_the_bot_policy_hands_the_seat_to_a_bot_of_the_chosen_level(
    clocked, ana, ben, clock, committing
):
    game = clocked(ana, ben, days=1, on_timeout="bot", bot_level="random")
    expire(clock, committing)
    game.refresh_from_db()
    ana_seat = seat(game, 0)
    assert game.status == "active" and game.version >= 1
    assert ana_seat.stand_in == "random"
    assert not ana_seat.must_act  # the bot played her move


def test_opponents_are_told_once_by_mail_and_in_the_log(clocked, ana, ben, cy, clock, committing):
    game = clocked(ana, ben, cy, days=1, on_timeout="skip")
    expire(clock, committing, by=timedelta(hours=25))
    with committing():
        scans.scan_deadlines()  # again: nothing more
    news = outbox(LEFT)
    assert sorted(m.to[0] for m in news) == [ben.email, cy.email]
    assert news[0].subject == (
        f"[Silkroad] Toy Race #{game.pk}: ana ran out of time: the default was played for them."
    )
    assert SentNotification.objects.filter(kind="opponent_left").count() == 2
    assert LogNote.objects.filter(game=game, kind="timed_out").count() == 1


def test_the_opponent_left_mail_can_be_switched_off(clocked, ana, ben, clock, committing):
    ben.notify_opponent_left = False
    ben.save()
    clocked(ana, ben, days=1, on_timeout="skip")
    expire(clock, committing)
    assert outbox(LEFT) == []


def test_no_timeout_before_the_deadline_nor_while_on_vacation(clocked, ana, ben, clock, committing):
    from games.play import vacations

    game = clocked(ana, ben, days=1, on_timeout="abandon")
    assert expire(clock, committing, by=timedelta(hours=23)) == 0
    vacations.vacation_start(user=ana)
    assert expire(clock, committing, by=5 * DAY) == 0
    game.refresh_from_db()
    assert game.status == "active"


def test_when_every_player_is_away_defaults_wait_for_each_deadline(
    clocked, ana, ben, clock, committing
):
    game = clocked(ana, ben, days=1, on_timeout="autoplay")
    expire(clock, committing)  # ana away
    expire(clock, committing)  # ben away
    game.refresh_from_db()
    # Nobody is playing: no race to the end, one default per deadline.
    assert game.version == 2 and game.status == "active"
    assert seat(game, 0).deadline is not None
