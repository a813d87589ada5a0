"""Bots play through the same write path as people, in tasks queued after each commit."""

from __future__ import annotations

import pytest

from games import tasks
from games.autoplay import executor
from games.engine import registry
from games.models import Game, Move
from games.play import acting
from tests.games.helpers import act, set_hands

pytestmark = pytest.mark.django_db


def human_seat(game, user) -> int:
    return game.seats.get(user=user).number


def test_a_table_of_one_person_and_two_bots_starts_at_once(table_with_bots, ana):
    game = table_with_bots(ana, ["random", "greedy", None])
    assert game.status == Game.Status.ACTIVE
    assert [s.display_name for s in game.seats.all()] == ["Bot (Easy)", "Bot (Medium)", "ana"]
    # Both bots moved before ana (a red card lets a bot play again).
    assert game.version >= 2
    assert set(Move.objects.filter(game=game).values_list("seat", flat=True)) == {0, 1}
    assert game.rules.to_act(game.state) == (2,)
    assert game.seats.get(user=ana).must_act


@pytest.mark.parametrize("attempt", range(4))
def test_with_random_seat_order_the_bots_move_until_the_person_must(table_with_bots, ana, attempt):
    game = table_with_bots(ana, [None, "random", "search"], random_seat_order=True)
    mine = human_seat(game, ana)
    assert game.rules.to_act(game.state) == (mine,)
    assert mine not in set(Move.objects.filter(game=game).values_list("seat", flat=True))


def test_the_bots_answer_every_move_until_the_game_ends(table_with_bots, run_on_commit, ana):
    game = table_with_bots(ana, [None, "random", "greedy"])
    while game.status == Game.Status.ACTIVE:
        assert game.rules.to_act(game.state) == (0,)
        with run_on_commit():
            act(game, ana, "pass")
        game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.moves.count() == game.version


def test_a_bot_moves_through_game_act_with_its_seat_and_version(
    table_with_bots, run_on_commit, ana, monkeypatch
):
    game = table_with_bots(ana, [None, "random"])
    calls = []
    real = acting.game_act

    def spy(**kwargs):
        calls.append(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(executor, "game_act", spy)
    set_hands(game, ["green"], ["blue", "blue"])
    with run_on_commit():
        act(game, ana, "pass")
    bot_calls = [c for c in calls if c.get("seat") == 1]
    assert bot_calls and "user" not in bot_calls[0]
    assert bot_calls[0]["expected_version"] == 1
    move = Move.objects.get(game=game, seq=2)
    assert move.seat == 1


def test_the_bot_move_task_waits_the_configured_delay(
    table_with_bots, run_on_commit, ana, settings, monkeypatch
):
    game = table_with_bots(ana, [None, "random"])
    settings.BOT_MOVE_DELAY_SECONDS = 1.5
    sent = []
    monkeypatch.setattr(tasks.play_seat, "apply_async", lambda args, **kw: sent.append((args, kw)))
    with run_on_commit():
        act(game, ana, "pass")
    game.refresh_from_db()
    assert sent == [((game.pk, 1, game.version), {"countdown": 1.5})]


def test_a_task_for_a_version_that_moved_on_does_nothing(table_with_bots, run_on_commit, ana):
    game = table_with_bots(ana, [None, "random"])
    with run_on_commit():
        act(game, ana, "pass")  # version 1: the bot's turn; the bot plays version 2
    game.refresh_from_db()
    before = game.version
    assert executor.play_seat(game.pk, 1, 1) is None
    game.refresh_from_db()
    assert game.version == before


def test_a_task_for_a_seat_that_need_not_act_does_nothing(table_with_bots, ana):
    game = table_with_bots(ana, [None, "random"])  # ana to move
    assert executor.play_seat(game.pk, 1, game.version) is None
    assert executor.play_seat(game.pk, 0, game.version) is None  # a person's seat
    game.refresh_from_db()
    assert game.version == 0


def test_a_task_for_a_finished_game_does_nothing(table_with_bots, ana):
    game = table_with_bots(ana, [None, "random"])
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    state = game.state
    state["turn"] = 1
    Game.objects.filter(pk=game.pk).update(state=state)
    assert executor.play_seat(game.pk, 1, game.version) is None
    assert not Move.objects.filter(game=game).exists()


def test_the_task_plays_once_when_queued_twice(table_with_bots, ana):
    game = table_with_bots(ana, [None, "random"])
    state = game.state
    state["turn"] = 1
    Game.objects.filter(pk=game.pk).update(state=state)
    assert executor.play_seat(game.pk, 1, 0) == 1
    assert executor.play_seat(game.pk, 1, 0) is None
    assert Move.objects.filter(game=game).count() == 1


def test_a_retried_decision_is_the_same(table_with_bots, ana):
    game = table_with_bots(ana, [None, "search", "greedy"])
    state = game.state
    state["turn"] = 1
    game.state = state
    for level in ("random", "greedy", "search"):
        assert executor.decide(game, 1, level) == executor.decide(game, 1, level)
    assert executor.decision_seed(7, 3, 1) == executor.decision_seed(7, 3, 1)
    assert len({executor.decision_seed(7, v, s) for v in range(3) for s in range(3)}) == 9


@pytest.fixture
def valued_toy(monkeypatch):
    monkeypatch.setitem(registry._MODULES, "valued-toy", "tests.bots.valued_toy")
    return registry.get("valued-toy")


def test_a_bot_accepts_an_offer_that_helps_it(valued_toy, table_with_bots, run_on_commit, ana):
    game = table_with_bots(ana, [None, "greedy"], game="valued-toy")
    set_hands(game, ["blue", "blue", "green"], ["red"])
    with run_on_commit():
        act(game, ana, "offer", to=1, give_cards=["blue"], get_cards=[])
    answer = Move.objects.get(game=game, seq=2)
    assert (answer.seat, answer.action["type"]) == (1, "accept")
    game.refresh_from_db()
    assert game.state["deals"] == []
    assert game.rules.to_act(game.state) == (0,)  # back to ana, whose turn it still is


@pytest.mark.parametrize("level", ["greedy", "search"])
def test_a_bot_declines_an_offer_that_costs_it(
    valued_toy, table_with_bots, run_on_commit, ana, level
):
    game = table_with_bots(ana, [None, level], game="valued-toy")
    set_hands(game, ["red"], ["blue", "blue"])
    with run_on_commit():
        act(game, ana, "offer", to=1, give_cards=["red"], get_cards=["blue", "blue"])
    answer = Move.objects.get(game=game, seq=2)
    assert (answer.seat, answer.action["type"]) == (1, "decline")


def test_a_random_bot_answers_offers_too(table_with_bots, run_on_commit, ana):
    game = table_with_bots(ana, [None, "random"])
    with run_on_commit():
        act(game, ana, "offer", to=1, give_cards=[], get_cards=["red"])
    assert Move.objects.get(game=game, seq=2).action["type"] in ("accept", "decline")


def test_bots_never_make_offers(table_with_bots, run_on_commit, ana):
    game = table_with_bots(ana, [None, "random", "greedy"])
    while game.status == Game.Status.ACTIVE:
        with run_on_commit():
            act(game, ana, "pass")
        game.refresh_from_db()
    bot_moves = Move.objects.filter(game=game).exclude(seat=0)
    assert not bot_moves.filter(action__type="offer").exists()


def test_a_bot_that_fails_to_decide_plays_the_default(table_with_bots, ana, monkeypatch):
    game = table_with_bots(ana, [None, "search"])
    state = game.state
    state["turn"] = 1
    Game.objects.filter(pk=game.pk).update(state=state)

    def broken(*args, **kwargs):
        raise RuntimeError("a bug in the bot")

    monkeypatch.setattr(executor, "decide", broken)
    assert executor.play_seat(game.pk, 1, 0) == 1
    move = Move.objects.get(game=game)
    assert (move.seat, move.action["type"]) == (1, "pass")  # the toy game's default


def test_a_bot_whose_choice_is_refused_plays_the_default(table_with_bots, ana, monkeypatch):
    from games.engine import Action

    game = table_with_bots(ana, [None, "search"])
    state = game.state
    state["turn"] = 1
    Game.objects.filter(pk=game.pk).update(state=state)
    monkeypatch.setattr(executor, "decide", lambda *a: Action.make("play", card="gold"))
    assert executor.play_seat(game.pk, 1, 0) == 1
    assert Move.objects.get(game=game).action["type"] == "pass"
