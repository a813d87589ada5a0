"""The log a page shows, read from the moves as stored: each process parses a move's
stored log once, and what it gives is exactly what was written."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game, log_entries
from games.play import tables
from games.read.game_page import LOG_SHOWN, game_log, latest_moves
from games.read.names import seat_names
from tests.games.helpers import play_randomly

pytestmark = pytest.mark.django_db


def test_the_logs_moves_read_again_share_their_parsed_lines_and_match_what_was_written(ana, ben):
    table = tables.game_create(creator=ana, game="silk-road", players=2, random_seat_order=False)
    tables.game_join(game_id=table.pk, user=ben)
    game = play_randomly(Game.objects.get(pk=table.pk), {0: ana, 1: ben}, random.Random(5), 40)
    assert game.moves.count() > 5

    first, again = latest_moves(game, 30), latest_moves(game, 30)
    stored = {move.seq: move.log for move in game.moves.all()}
    assert [move.seq for move in first] == sorted(stored, reverse=True)[:30]
    for read, reread in zip(first, again, strict=True):
        assert list(read.entries) == log_entries(stored[read.seq])
        assert reread.entries is read.entries  # parsed once, not at each read


def test_steps_that_write_no_line_leave_the_latest_thirty_lines_whole_in_two_reads(ana, ben):
    # Most of Samarkand's steps (a card's sell choice, a camel's next space) write no
    # line, so thirty lines take far more than thirty moves.
    table = tables.game_create(creator=ana, game="samarkand", players=2, random_seat_order=False)
    tables.game_join(game_id=table.pk, user=ben)
    game = play_randomly(Game.objects.get(pk=table.pk), {0: ana, 1: ben}, random.Random(3), 120)
    latest_thirty = latest_moves(game, LOG_SHOWN)
    assert sum(len(move.entries) for move in latest_thirty) < LOG_SHOWN

    names = seat_names(game)
    whole = game_log(game, 0, names, limit=None)
    with CaptureQueriesContext(connection) as queries:
        shown = game_log(game, 0, names)
    assert len(whole) > LOG_SHOWN
    assert shown == whole[-LOG_SHOWN:]
    move_reads = [q for q in queries.captured_queries if "games_move" in q["sql"]]
    assert len(move_reads) == 2  # the latest moves, then older ones that wrote a line
