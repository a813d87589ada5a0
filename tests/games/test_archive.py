"""The open archive: finished public games listed and searched, replayed, exported (JSON
that replays to the final state, for every title), streamed per player, and in the API."""

from __future__ import annotations

import json
import random
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.engine import Action, registry
from games.models import Game
from games.play import endings, tables
from games.read import archive
from tests.games.helpers import act, play_randomly

pytestmark = pytest.mark.django_db


def _resigned(ana, ben, *, game="toy", public=True, rated=True) -> Game:
    table = tables.game_create(
        creator=ana, game=game, players=2, random_seat_order=False, public=public, rated=rated
    )
    tables.game_join(game_id=table.pk, user=ben, invite_code=table.invite_code)
    table.refresh_from_db()
    act(table, ana, "pass")
    endings.game_resign(game_id=table.pk, user=ben)
    table.refresh_from_db()
    return table


def _played_to_the_end(slug, ana, ben, seed=1, limit=3000) -> Game:
    """Two people play random legal moves through the site until the game is over."""
    table = tables.game_create(creator=ana, game=slug, players=2, random_seat_order=False)
    tables.game_join(game_id=table.pk, user=ben)
    table = play_randomly(table, {0: ana, 1: ben}, random.Random(seed), limit)
    assert table.status == Game.Status.FINISHED
    return table


@pytest.mark.parametrize("slug", ["silk-road", "samarkand", "merchant-lord"])
def test_the_json_export_replays_to_the_final_state(client, ana, ben, slug):
    game = _played_to_the_end(slug, ana, ben)
    exported = json.loads(client.get(reverse("games:export_json", args=[game.pk])).content)
    rules = registry.get(exported["game"])
    state = rules.setup(exported["players"], exported["options"], exported["seed"])
    for move in exported["moves"]:
        state, _ = rules.apply(state, move["seat"], Action.from_json(move["action"]))
    assert state == exported["final_state"]
    assert rules.outcome(state) is not None
    assert exported["result"]["termination"] in ("finished", "round_cap")


def test_the_archive_lists_finished_public_games_only(client, toy_game, ana, ben):
    shown = _resigned(ana, ben)
    private = _resigned(ana, ben, public=False)
    running = tables.game_create(creator=ana, game="toy", players=2)
    page = client.get(reverse("games:archive")).content.decode()
    assert reverse("games:game", args=[shown.pk]) in page
    # Each row names its game (its link once had no text at all).
    assert f'{reverse("games:game", args=[shown.pk])}">Toy Race <small>#{shown.pk}</small></a>' in page
    assert reverse("games:game", args=[private.pk]) not in page
    assert reverse("games:game", args=[running.pk]) not in page


def test_the_archive_searches_by_player_ending_rating_and_date(client, toy_game, ana, ben, cy):
    with_ben = _resigned(ana, ben)
    with_cy = _resigned(ana, cy, rated=False)

    def found(**params):
        page = client.get(reverse("games:archive"), params).content.decode()
        return {g.pk for g in (with_ben, with_cy) if reverse("games:game", args=[g.pk]) in page}

    assert found(player="cy") == {with_cy.pk}
    assert found(player="ANA") == {with_ben.pk, with_cy.pk}
    assert found(rated="no") == {with_cy.pk}
    assert found(ending="resigned") == {with_ben.pk, with_cy.pk}
    assert found(ending="agreed") == set()
    tomorrow = (timezone.now() + timedelta(days=1)).date().isoformat()
    assert found(since=tomorrow) == set()
    assert found(title="toy", since="not a date", rated="perhaps") == {with_ben.pk, with_cy.pk}


def _walked(query: archive.ArchiveQuery) -> list[int]:
    seen, cursor = [], None
    for _ in range(10):
        games, cursor = archive.page(query, cursor)
        seen.extend(g.pk for g in games)
        if cursor is None:
            break
    return seen


def test_the_archive_pages_with_a_cursor_without_gaps_or_repeats(toy_game, ana, ben, monkeypatch):
    monkeypatch.setattr(archive, "PAGE_SIZE", 2)
    made = [_resigned(ana, ben).pk for _ in range(5)]
    seen = _walked(archive.ArchiveQuery())
    assert sorted(seen) == sorted(made) and len(seen) == len(set(seen))


def test_one_players_archive_pages_through_their_public_games_newest_first(
    toy_game, ana, ben, cy, monkeypatch
):
    monkeypatch.setattr(archive, "PAGE_SIZE", 2)
    theirs = []
    for round_ in range(4):
        theirs.append(_resigned(ana, ben).pk)
        _resigned(ana, cy)  # not Ben's
        if round_ == 1:
            _resigned(ana, ben, public=False)  # Ben's, but private
    theirs.append(_resigned(cy, ben, rated=False).pk)
    newest_first = list(reversed(theirs))
    assert _walked(archive.ArchiveQuery(player="ben")) == newest_first
    assert _walked(archive.ArchiveQuery(player="BEN")) == newest_first  # any case
    assert _walked(archive.ArchiveQuery(player="ben", rated=False)) == newest_first[:1]
    assert _walked(archive.ArchiveQuery(player="nobody")) == []
    with_bot = tables.game_create(creator=cy, game="toy", players=2, bots={"1": "random"})
    endings.game_resign(game_id=with_bot.pk, user=cy)  # a finished game with a bot's seat
    assert not archive.finished_games(archive.ArchiveQuery(player="nobody")).exists()


def test_a_replay_shows_the_game_after_the_chosen_move(client, toy_game, ana, ben):
    game = _resigned(ana, ben)
    at_start = client.get(reverse("games:replay", args=[game.pk]), {"move": 0}).content.decode()
    assert "After move 0 of 1" in at_start and "The game has just begun." in at_start
    after = client.get(reverse("games:replay", args=[game.pk]), {"move": "1"}).content.decode()
    assert "After move 1 of 1" in after and "ana passed" in after
    odd = client.get(reverse("games:replay", args=[game.pk]), {"move": "x" * 50})
    assert odd.status_code == 200


def test_a_running_game_has_no_export_yet(client, duo):
    for name in ("games:export_json", "games:export_text"):
        assert client.get(reverse(name, args=[duo.pk])).status_code == 404


def test_a_running_game_replays_only_from_the_viewers_own_view(client, duo, ana, ben):
    act(duo, ana, "pass")  # ana draws a card: only she is told which
    move = duo.moves.get(seq=1)
    private = [e for e in move.log if e["private"]]
    told_ana = private[0]["private"]["0"].replace("{p0}", "ana")
    client.force_login(ana)
    mine = client.get(reverse("games:replay", args=[duo.pk]), {"move": 1}).content.decode()
    assert told_ana in mine and "as your seat saw it" in mine
    client.force_login(ben)
    theirs = client.get(reverse("games:replay", args=[duo.pk]), {"move": 1}).content.decode()
    assert told_ana not in theirs
    guest = client.__class__()
    watched = guest.get(reverse("games:replay", args=[duo.pk]), {"move": 1}).content.decode()
    assert told_ana not in watched and "as a spectator saw it" in watched


def test_the_text_record_reads_move_by_move(client, toy_game, ana, ben):
    game = _resigned(ana, ben)
    text = client.get(reverse("games:export_text", args=[game.pk])).content.decode()
    assert text.startswith(f"Toy Race #{game.pk}\n")
    assert "1. ana: Pass" in text and "Result" in text


def test_a_players_games_stream_as_one_json_document_per_line(client, toy_game, ana, ben):
    games = [_resigned(ana, ben), _resigned(ana, ben)]
    response = client.get(reverse("games:player_games", args=["ben"]))
    lines = b"".join(response.streaming_content).decode().splitlines()
    assert [json.loads(line)["id"] for line in lines] == [games[1].pk, games[0].pk]


def test_the_api_pages_a_players_games_and_exports_one(client, toy_game, ana, ben, monkeypatch):
    monkeypatch.setattr(archive, "PAGE_SIZE", 1)
    first, second = _resigned(ana, ben), _resigned(ana, ben)
    client.force_login(ana)
    page = client.get("/api/players/ben/games").json()
    assert [g["id"] for g in page["games"]] == [second.pk] and page["next"]
    older = client.get("/api/players/ben/games", {"after": page["next"]}).json()
    assert [g["id"] for g in older["games"]] == [first.pk] and older["next"] is None
    assert client.get(f"/api/games/{first.pk}/export").json()["moves"][0]["seat"] == 0
    running = tables.game_create(creator=ana, game="toy", players=2)
    assert client.get(f"/api/games/{running.pk}/export").status_code == 409
    assert client.get("/api/players/nobody/games").status_code == 404


def test_the_page_and_the_api_carry_the_latest_log_lines_only(client, ana, ben):
    game = _played_to_the_end("silk-road", ana, ben)
    assert game.version > 40
    client.force_login(ana)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    shown = len(
        re.findall(r'<li(?: class="new")? data-seq="\d+"(?: data-mine)?><span class="swatch', page)
    )
    assert shown == 30
    assert "for all of it" in page
    assert len(client.get(f"/api/games/{game.pk}").json()["log"]) == 30


def test_an_archive_row_links_its_players_to_their_profiles_but_not_its_bots(
    client, toy_game, ana
):
    table = tables.game_create(
        creator=ana, game="toy", players=2, bots={"1": "random"}, random_seat_order=False
    )
    endings.game_resign(game_id=table.pk, user=ana)
    html = client.get("/archive/").content.decode()
    row = html.split(f'href="/games/{table.pk}/"')[1].split("</tr>")[0]
    assert '<td><a href="/players/ana/">ana</a>, Bot (Easy)</td>' in row
