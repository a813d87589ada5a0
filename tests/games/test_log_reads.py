"""The log a page shows, read from the moves as stored: each process parses a move's
stored log once, and what it gives is exactly what was written."""

from __future__ import annotations

import random

import pytest

from games.models import Game, log_entries
from games.play import tables
from games.read.game_page import latest_moves
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
