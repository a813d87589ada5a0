"""Ratings per title (OpenSkill): who gains, who loses, what is not rated, and where
players see it: the result table, the leaderboard and their profile."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Rating, RatingChange
from games.play import endings, tables
from games.read import ratings as shown
from tests.factories import UserFactory
from tests.games.helpers import act, set_hands

pytestmark = pytest.mark.django_db


def _table(*users, rated=True, bots=None, players=None):
    table = tables.game_create(
        creator=users[0],
        game="toy",
        players=players or len(users),
        random_seat_order=False,
        rated=rated,
        bots=bots,
    )
    for user in users[1:]:
        tables.game_join(game_id=table.pk, user=user)
    table.refresh_from_db()
    return table


def _rating(user) -> Rating:
    return Rating.objects.get(user=user, game="toy")


def test_winning_by_the_rules_raises_the_rating_and_losing_lowers_it(toy_game, ana, ben):
    game = _table(ana, ben)
    set_hands(game, ["blue"] * 4, ["green"] * 4)
    for _ in range(4):  # ana plays blue (3) each turn, ben green (2): ana reaches 10 first
        act(game, ana, "play", card="blue")
        game.refresh_from_db()
        if game.status == "finished":
            break
        act(game, ben, "play", card="green")
    game.refresh_from_db()
    assert game.result["termination"] == "finished" and game.result["winners"] == [0]
    assert _rating(ana).mu > 1500 > _rating(ben).mu
    assert _rating(ana).games == _rating(ben).games == 1


def test_resigning_counts_as_last_place(toy_game, ana, ben):
    game = _table(ana, ben)
    endings.game_resign(game_id=game.pk, user=ana)
    assert _rating(ben).mu > 1500 > _rating(ana).mu


def test_a_resigner_ranks_last_even_when_the_board_says_otherwise(toy_game, ana, ben, cy):
    game = _table(ana, ben, cy)
    set_hands(game, ["blue"] * 4, ["green"] * 4, ["red"] * 4)
    act(game, ana, "play", card="blue")  # ana leads on points, then resigns
    endings.game_resign(game_id=game.pk, user=ana)
    endings.game_resign(game_id=game.pk, user=ben)  # cy is the last one playing: the game ends
    assert _rating(cy).mu > _rating(ben).mu and _rating(cy).mu > _rating(ana).mu


def test_an_unrated_table_changes_no_rating(toy_game, ana, ben):
    game = _table(ana, ben, rated=False)
    endings.game_resign(game_id=game.pk, user=ana)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_game_ended_by_agreement_is_not_rated(toy_game, ana, ben):
    game = _table(ana, ben)
    endings.game_vote_end(game_id=game.pk, user=ana)
    endings.game_vote_end(game_id=game.pk, user=ben)
    game.refresh_from_db()
    assert game.result["termination"] == "agreed"
    assert not RatingChange.objects.exists()


def test_computer_players_are_rated_by_their_level(toy_game, ana):
    game = tables.game_create(creator=ana, game="toy", players=2, bots=[None, "greedy"])
    endings.game_resign(game_id=game.pk, user=ana)
    bot = Rating.objects.get(user=None, bot_level="greedy", game="toy")
    assert bot.mu > 1500 > _rating(ana).mu


def test_the_result_table_shows_each_players_new_rating_and_change(client, toy_game, ana, ben):
    game = _table(ana, ben)
    endings.game_resign(game_id=game.pk, user=ana)
    changes = shown.game_changes(game)
    assert changes[1]["delta"] > 0 > changes[0]["delta"]
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert f"({changes[1]['delta']:+d})" in page and f"({changes[0]['delta']:+d})" in page
    assert "provisional" in page


def test_the_leaderboard_lists_established_ratings_only_best_first(client, toy_game, ana, ben):
    cy = UserFactory(username="cy")
    for _ in range(Rating.PROVISIONAL_GAMES):
        endings.game_resign(game_id=_table(ana, ben).pk, user=ben)  # ana wins five
    endings.game_resign(game_id=_table(cy, ben).pk, user=ben)  # cy: one game only
    rows = shown.leaderboard("toy")
    assert [row["name"] for row in rows] == ["ana", "ben"]
    assert rows[0]["rating"] > rows[1]["rating"]
    page = client.get(reverse("games:leaderboard", args=["toy"])).content.decode()
    # Read from the players' links: "cy" alone can turn up inside the page's CSRF token.
    listed = [reverse("games:player", args=[name]) in page for name in ("ana", "cy")]
    assert listed == [True, False]


def test_the_profile_shows_games_rating_and_recent_results(client, toy_game, ana, ben):
    first = _table(ana, ben)
    endings.game_resign(game_id=first.pk, user=ben)
    second = _table(ana, ben)
    endings.game_resign(game_id=second.pk, user=ana)
    page = client.get(reverse("games:player", args=["ana"])).content.decode()
    assert "2 finished games" in page
    assert "2 played · 1 won" in page
    assert f"Rating <strong>{_rating(ana).shown}</strong>" in page
    assert "<polyline" in page  # the rating history, drawn
    assert f"#{second.pk}" in page and f"#{first.pk}" in page


def test_a_hidden_profile_shows_only_the_name_to_others(client, toy_game, ana, ben):
    endings.game_resign(game_id=_table(ana, ben).pk, user=ben)
    ana.profile_hidden = True
    ana.save()
    client.force_login(ben)
    page = client.get(reverse("games:player", args=["ana"])).content.decode()
    assert "keeps their profile private" in page and "Rating" not in page
    client.force_login(ana)
    assert "Rating" in client.get(reverse("games:player", args=["ana"])).content.decode()


def test_names_on_a_game_page_link_to_profiles_but_bots_do_not(client, toy_game, ana):
    game = tables.game_create(creator=ana, game="toy", players=2, bots=[None, "random"])
    client.force_login(ana)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert f'href="{reverse("games:player", args=["ana"])}"' in page
    assert page.count('class="player-link"') >= 1


def test_a_long_rating_history_keeps_the_chart_small_and_its_extremes_whole():
    from datetime import UTC, datetime, timedelta

    from games.read.players import rating_chart

    start = datetime(2026, 1, 1, tzinfo=UTC)
    values = [1500 + (n % 97) for n in range(3000)]
    values[1234] = 1200  # a low between the games drawn
    chart = rating_chart([(start + timedelta(hours=n), v) for n, v in enumerate(values)])
    points = chart["points"].split()
    assert len(points) <= 320 - 12  # one point per unit of the chart's width at most
    assert chart["low"] == 1200 and chart["high"] == max(values)
    assert chart["first_date"] == start and chart["last_date"] == start + timedelta(hours=2999)
    assert points[0].startswith("6.0,") and points[-1].startswith("314.0,")  # first, latest


def test_the_profile_reads_a_rating_history_once_until_a_new_rated_game(client, toy_game, ana, ben):
    import re

    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    cache.clear()
    for loser in (ben, ana):
        endings.game_resign(game_id=_table(ana, ben).pk, user=loser)

    def visit() -> tuple[str, list[str]]:
        with CaptureQueriesContext(connection) as seen:
            page = client.get(reverse("games:player", args=["ana"])).content.decode()
        return page, [q["sql"] for q in seen.captured_queries if "games_ratingchange" in q["sql"]]

    first, read = visit()
    assert "<polyline" in first and len(read) == 1
    assert "games_game" not in read[0]  # two columns of each change, not the games' rows
    again, read = visit()
    assert again.count("<polyline") == 1 and read == []  # drawn from the cache

    endings.game_resign(game_id=_table(ana, ben).pk, user=ben)
    after, read = visit()
    line = re.compile(r'<polyline[^>]* points="([^"]*)"')
    assert len(read) == 1  # a third game: the chart is drawn anew, with three points
    assert len(line.search(after)[1].split()) == 3 and len(line.search(again)[1].split()) == 2


def test_a_profile_in_german_writes_average_places_with_a_comma_and_draws_its_chart(
    client, toy_game, ana, ben
):
    """German writes 1,5 in the text, but an SVG coordinate is always 314.0: the chart's
    dot was once drawn at "314,0", which browsers drop."""
    for loser in (ben, ana):
        endings.game_resign(game_id=_table(ana, ben).pk, user=loser)
    page = client.get(reverse("games:player", args=["ben"]), HTTP_ACCEPT_LANGUAGE="de")
    text = page.content.decode()
    assert page["Content-Language"] == "de"
    assert "Platz 1,5" in text  # ben came second, then first
    assert 'cx="314.0"' in text and ',0"' not in text
