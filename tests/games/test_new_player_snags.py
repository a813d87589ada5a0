"""Snags a new player hit on the site's pages: the log's move numbers cut off after move
99, an invitation sent from the table that said nothing until a reload, and the new-table
form offering a seat selector for every seat the game could have."""

from __future__ import annotations

import re
from pathlib import Path

from django.urls import reverse

from games.play import tables
from tests.games.helpers import act

ROOT = Path(__file__).resolve().parents[2]
SITE_CSS = (ROOT / "static" / "css" / "site.css").read_text()
HTMX = {"HTTP_HX_REQUEST": "true"}


# --- the game log ----------------------------------------------------------------------------


def _log_list(page: str) -> str:
    found = re.search(r'<ol class="log-lines" reversed[^>]*>(.*?)</ol>', page, re.S)
    assert found, "the log is a reversed ordered list"
    return found.group(1)


def test_the_log_leaves_room_for_move_numbers_up_to_9999_on_the_game_and_replay_pages(
    make_game, ana, ben, client
):
    rule = re.search(r"\.log-lines \{([^}]*)\}", SITE_CSS).group(1)
    padding = re.search(r"padding-left:\s*([\d.]+)(\w+)", rule)
    # "9999." is five digit widths; a little more keeps the number off the text
    assert padding.group(2) == "ch" and float(padding.group(1)) >= 5.5
    game = make_game(ana, ben)
    for turn in range(52):  # 2 lines a pass: 104 lines, numbered 104 down to 1
        act(game, (ana, ben)[turn % 2], "pass")
    client.force_login(ana)
    replay = client.get(reverse("games:replay", args=[game.pk]), {"move": game.version})
    assert _log_list(replay.content.decode()).count("<li") == 104  # three-digit numbers
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert _log_list(page).count("<li") >= 30  # the same list, the same room


# --- invitations from the table ------------------------------------------------------------


def test_after_sending_an_invitation_from_the_table_the_confirmation_shows_without_a_reload(
    as_ana, ana, ben
):
    table = tables.game_create(creator=ana, game="toy", players=3)
    response = as_ana.post(
        reverse("games:invite_people", args=[table.pk]), {"invite": "ben"}, **HTMX
    )
    assert response.status_code == 200
    fragment = response.content.decode()
    assert fragment.lstrip().startswith('<section id="table"')  # what HTMX swaps in
    assert '<div class="messages" role="status"><ul>' in fragment
    assert "Invitation sent to 1 person." in fragment
    # said once: a reload does not say it again
    page = as_ana.get(reverse("games:game", args=[table.pk])).content.decode()
    assert "Invitation sent" not in page


def test_the_table_page_still_says_its_confirmations_once(as_ana, ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=3)
    as_ana.post(reverse("games:invite_people", args=[table.pk]), {"invite": "ben"})
    page = as_ana.get(reverse("games:game", args=[table.pk])).content.decode()
    assert page.count("Invitation sent to 1 person.") == 1  # the page's own messages area


# --- the new-table form --------------------------------------------------------------------


def _seat_fields(page: str) -> dict[int, str]:
    """Seat number -> the class of the field holding its selector."""
    return {
        int(seat): classes
        for classes, seat in re.findall(r'<div class="(field[^"]*)" data-seat="(\d+)">', page)
    }


def test_the_new_table_form_shows_seat_selectors_only_for_the_chosen_player_count(as_ana):
    page = as_ana.get(reverse("games:create") + "?game=toy").content.decode()
    # the toy game seats 2 to 4, 2 by default: seat 2's selector only
    assert _seat_fields(page) == {2: "field", 3: "field past-count", 4: "field past-count"}
    # hidden only where scripts run, which follow a new choice; without them all show
    assert "@media (scripting: enabled) { .field.past-count { display: none; } }" in SITE_CSS
    assert " hidden" not in re.search(r'data-seat="3"[^>]*>', page).group(0)
    assert "js/table-form.js" in page  # a file: the CSP forbids inline script
    script = (ROOT / "static" / "js" / "table-form.js").read_text()
    assert "select[name='players']" in script and "data-seat" in script


def test_the_new_table_form_shown_again_keeps_the_seats_of_the_count_chosen(as_ana):
    response = as_ana.post(
        reverse("games:create"), {"game": "toy", "players": "3", "option_target": "10"}
    )  # no seat order: the form comes back
    assert response.status_code == 400
    page = response.content.decode()
    assert _seat_fields(page) == {2: "field", 3: "field", 4: "field past-count"}
    response = as_ana.post(reverse("games:create"), {"game": "toy", "players": "99"})
    assert _seat_fields(response.content.decode())[3] == "field past-count"  # the default
