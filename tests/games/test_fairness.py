"""Dice anyone can check: the seed is committed to before play, mixed with the players' own
randomness, hidden while the game runs, revealed at the end, and the check page replays
every die and draw from it."""

from __future__ import annotations

import hashlib

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from games.models import Game, Move
from games.play import endings, tables
from games.read import fairness
from tests.games.helpers import act

pytestmark = pytest.mark.django_db


def _published_recipe_commitment(game: Game) -> str:
    """The fingerprint exactly as the fair-dice page tells players to compute it."""
    text = "\n".join(["silkroad-seed-v1", str(game.pk), str(game.server_seed), game.seed_nonce])
    return hashlib.sha256(text.encode()).hexdigest()


def _published_recipe_seed(server_seed: int, words: list[str]) -> int:
    text = "\n".join(["silkroad-seed-v1", str(server_seed), *sorted(words)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 2


def _finished(ana, ben, entropy_ana="", entropy_ben="") -> Game:
    table = tables.game_create(
        creator=ana, game="toy", players=2, random_seat_order=False, entropy=entropy_ana
    )
    tables.game_join(game_id=table.pk, user=ben, entropy=entropy_ben)
    table.refresh_from_db()
    act(table, ana, "pass")
    act(table, ben, "pass")
    endings.game_resign(game_id=table.pk, user=ana)
    table.refresh_from_db()
    return table


def test_an_open_table_shows_the_commitment_but_not_the_seed(client, ana, toy_game):
    table = tables.game_create(creator=ana, game="toy", players=2)
    page = client.get(reverse("games:game", args=[table.pk])).content.decode()
    assert _published_recipe_commitment(table) in page
    assert str(table.server_seed) not in page and table.seed_nonce not in page


def test_a_running_game_hides_every_part_of_its_seed_from_page_and_api(client, duo, ana):
    client.force_login(ana)
    for url in (f"/games/{duo.pk}/", f"/api/games/{duo.pk}", f"/games/{duo.pk}/check"):
        body = client.get(url).content.decode()
        assert _published_recipe_commitment(duo) in body, url
        for secret in (str(duo.seed), str(duo.server_seed), duo.seed_nonce):
            assert secret not in body, url
    answer = client.get(f"/api/games/{duo.pk}").json()["fairness"]
    assert answer["commitment"] == _published_recipe_commitment(duo)
    assert answer["revealed"] is False and answer["server_seed"] is None


def test_the_game_seed_mixes_the_server_seed_with_every_players_randomness(ana, ben, toy_game):
    table = tables.game_create(creator=ana, game="toy", players=2, entropy="ana's dice")
    tables.game_join(game_id=table.pk, user=ben, entropy="  lucky 7 ")
    table.refresh_from_db()
    assert table.seed == _published_recipe_seed(table.server_seed, ["ana's dice", "lucky 7"])
    assert table.seed != _published_recipe_seed(table.server_seed, [])


def test_randomness_that_is_not_printable_text_is_refused_clearly(client, ana, ben, toy_game):
    table = tables.game_create(creator=ana, game="toy", players=2)
    client.force_login(ben)
    for bad in ("nul\x00", "x" * 65):
        response = client.post(reverse("games:join", args=[table.pk]), {"entropy": bad})
        assert response.status_code == 400
        assert "randomness" in response.content.decode()
    assert table.seats.count() == 1


def test_a_finished_game_reveals_its_seed_and_checks_as_verified(client, ana, ben, toy_game):
    game = _finished(ana, ben, entropy_ana="sesame", entropy_ben="open")
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    for revealed in (str(game.server_seed), game.seed_nonce, str(game.seed), "sesame"):
        assert revealed in page
    check = client.get(reverse("games:check", args=[game.pk])).content.decode()
    assert "Verified." in check and "Not verified" not in check
    assert fairness.verify(game).verified


def test_a_tampered_draw_in_the_log_fails_the_check(client, ana, ben, toy_game):
    game = _finished(ana, ben)
    move = Move.objects.get(game=game, seq=1)
    move.log = [*move.log, {"text": "{p0} drew a lucky card.", "private": {}}]
    move.save()
    check = client.get(reverse("games:check", args=[game.pk])).content.decode()
    assert "Not verified" in check and "Move 1" in check
    with pytest.raises(CommandError, match="Not verified"):
        call_command("check_game", str(game.pk))


def test_a_changed_server_seed_no_longer_matches_the_game_seed(ana, ben, toy_game):
    game = _finished(ana, ben)
    Game.objects.filter(pk=game.pk).update(server_seed=game.server_seed + 1)
    game.refresh_from_db()
    assert not fairness.verify(game).verified


def test_the_check_command_confirms_an_honest_game(ana, ben, toy_game, capsys):
    game = _finished(ana, ben)
    call_command("check_game", str(game.pk))
    assert "Verified." in capsys.readouterr().out


def test_a_game_from_before_commitments_says_so_and_still_replays(client, ana, ben, toy_game):
    game = _finished(ana, ben)
    Game.objects.filter(pk=game.pk).update(seed_committed=False)
    game.refresh_from_db()
    check = client.get(reverse("games:check", args=[game.pk])).content.decode()
    assert "before the site committed" in check or "predates" in check
    assert fairness.verify(game).verified
