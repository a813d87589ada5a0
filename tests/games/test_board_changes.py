"""Since your last turn, on the board: what the others changed is marked, and the marks
clear when you act. Only your own view is compared, so nothing hidden is marked."""

from __future__ import annotations

import random
import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from games.engine import registry
from games.models import Game
from games.play import acting, tables
from games.read import changes, drafts
from games.read.game_page import game_context
from tests.games.helpers import seen_by

pytestmark = pytest.mark.django_db

MARK = re.compile(r'class="(?:[^"]*\s)?changed[\s"]')


def _board(page: str) -> str:
    """The drawn board of a game page: what comes before the choices, the summary of
    what happened since your turn and the players."""
    board = page[page.index('id="board"') :]
    ends = [board.find(end) for end in ('class="choices"', 'class="since-turn"', 'class="players"')]
    return board[: min(end for end in ends if end > 0)]


def test_a_changed_value_is_named_with_every_path_above_it():
    before = {"seats": [{"coins": 3, "goods": ["silk"]}, {"coins": 5}], "round": 1}
    after = {"seats": [{"coins": 3, "goods": ["silk", "tea"]}, {"coins": 4}], "round": 1}
    assert changes.changed_paths(before, after) == {
        "seats",
        "seats.0",
        "seats.0.goods",
        "seats.0.goods.1",
        "seats.1",
        "seats.1.coins",
    }


def test_nothing_is_marked_when_nothing_changed():
    view = {"row": [{"id": "m1"}], "deck": 20}
    assert changes.changed_paths(view, dict(view)) == set()


def test_a_value_that_appears_or_goes_is_a_change():
    assert changes.changed_paths({"a": 1}, {"b": 2}) == {"a", "b"}
    assert changes.changed_paths({"pawns": []}, {"pawns": [0]}) == {"pawns", "pawns.0"}


def _table(slug, ana, ben) -> Game:
    table = tables.game_create(creator=ana, game=slug, players=2, random_seat_order=False)
    tables.game_join(game_id=table.pk, user=ben)
    table.refresh_from_db()
    return table


def _after_the_other_moved(game, users) -> Game:
    """Random choices until Ana (seat 0) has moved and Ben has moved since."""
    chooser = random.Random(5)
    ana_moved = False
    for _ in range(300):
        seat = game.rules.to_act(game.state)[0]
        context = game_context(game=game, user=users[0])
        if seat == 0 and ana_moved and context.get("since_my_turn"):
            return game
        version, state = seen_by(game, users[seat])
        legal = [a for a in game.rules.legal_actions(state, seat) if a.type != drafts.UNDO]
        choice = chooser.choice(legal)
        acting.game_act(game_id=game.pk, user=users[seat], action=choice, expected_version=version)
        game.refresh_from_db()
        ana_moved = ana_moved or (seat == 0 and game.moves.filter(seat=0).exists())
    raise AssertionError("Ben never moved after Ana")


@pytest.mark.parametrize("slug", registry.slugs())
def test_the_board_marks_what_the_other_player_changed_and_the_marks_clear_when_you_act(
    client, ana, ben, slug
):
    users = {0: ana, 1: ben}
    game = _after_the_other_moved(_table(slug, ana, ben), users)
    client.force_login(ana)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert MARK.search(_board(page)), "nothing on the board is marked as changed"
    assert "Marked on the board" in page

    client.force_login(ben)  # Ben moved last: nothing is news to him
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert not MARK.search(_board(page))


def test_a_game_whose_log_does_not_replay_shows_its_page_without_marks(client, ana, ben):
    users = {0: ana, 1: ben}
    game = _after_the_other_moved(_table("silk-road", ana, ben), users)
    first = game.moves.order_by("seq").first()
    first.action = {"type": "no-such-move"}  # a log the engine no longer replays
    first.save(update_fields=["action"])
    cache.clear()  # the views seen while playing were cached
    client.force_login(ana)
    answer = client.get(reverse("games:game", args=[game.pk]))
    assert answer.status_code == 200
    assert not MARK.search(_board(answer.content.decode()))
    assert "Marked on the board" not in answer.content.decode()
