"""The dot before a log line: the colour of the player whose deed the line tells, and a
neutral ring for a line the game wrote on its own, even inside a player's move."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from games.engine.contract import log
from games.models import LogNote
from games.play.notes import add_note
from games.read.names import SEAT_COLOURS
from tests.games.helpers import act
from tests.games.toy_game import ToyRules

pytestmark = pytest.mark.django_db

LINE = re.compile(r'<li[^>]*>(<span class="swatch[^>]*></span>)([^<]*)')


def _markers(client, game, path="games:game", query="") -> dict[str, str]:
    page = client.get(reverse(path, args=[game.pk]) + query).content.decode()
    return {html.unescape(text).strip(): marker for marker, text in LINE.findall(page)}


def _round_ends_after_each_pass(monkeypatch):
    """The toy game, with a line the game writes by itself after the mover's own lines."""
    perform = ToyRules.perform

    def with_a_round_line(self, state, seat, action):
        done = perform(self, state, seat, action)
        return [*done, log(f"{{p{seat}}}'s caravan resolves."), log("A new round begins.")]

    monkeypatch.setattr(ToyRules, "perform", with_a_round_line)


def test_a_line_the_game_wrote_by_itself_shows_no_players_colour(
    client, duo, ana, ben, monkeypatch
):
    _round_ends_after_each_pass(monkeypatch)
    act(duo, ana, "pass")
    act(duo, ben, "pass")
    duo.refresh_from_db()
    add_note(duo, 1, LogNote.Kind.TIMED_OUT, "{p1} ran out of time: the game is over.")
    add_note(duo, 0, LogNote.Kind.RESIGNED, "{p0} resigned.")
    client.force_login(ana)

    markers = _markers(client, duo)
    ana_dot, ben_dot = SEAT_COLOURS[0], SEAT_COLOURS[1]
    assert ana_dot in markers["ana passed."] and ben_dot in markers["ben passed."]
    assert ana_dot in markers["ana resigned."]  # her own doing
    for automatic in (
        "A new round begins.",
        "ana's caravan resolves.",  # in ana's own move, yet the game's doing
        "ben ran out of time: the game is over.",
    ):
        assert 'class="swatch by-the-game"' in markers[automatic], automatic
        assert "--seat-colour" not in markers[automatic], automatic

    replayed = _markers(client, duo, "games:replay", "?move=2")
    assert ben_dot in replayed["ben passed."]
    assert 'class="swatch by-the-game"' in replayed["A new round begins."]
