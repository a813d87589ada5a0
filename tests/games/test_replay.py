"""Every game is rebuilt exactly from its seed and moves (replay.replay, verify_replays)."""

import io
import random

import pytest
from django.core.management import CommandError, call_command

from games.engine import Action, registry
from games.errors import SnapshotUnreadable
from games.models import Game
from games.play import acting, tables
from games.read import replay
from tests.games.helpers import act, seen_by

pytestmark = pytest.mark.django_db


def play_randomly(game: Game, moves: int, seed: int) -> Game:
    """Whoever must act picks a random legal action (offers now and then), via the service."""
    chooser = random.Random(seed)
    users = {seat.number: seat.user for seat in game.seats.all()}
    for _ in range(moves):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        rules = game.rules
        seat = chooser.choice(rules.to_act(game.state))  # drafts never change whose turn
        version, state = seen_by(game, users[seat])
        terms = rules.deal_terms(state, seat)
        if terms and chooser.random() < 0.2 and terms.give["cards"]:
            kind = chooser.choice(sorted(terms.give["cards"]))
            to = chooser.choice(terms.partners)
            action = Action.make("offer", to=to, give_cards=[kind], get_cards=["red"])
        else:
            action = chooser.choice(rules.legal_actions(state, seat))
        acting.game_act(game_id=game.pk, user=users[seat], action=action, expected_version=version)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_replaying_the_moves_gives_the_stored_snapshot(make_game, ana, ben, cy, seed):
    game = play_randomly(make_game(ana, ben, cy), moves=60, seed=seed)
    assert game.version > 0
    assert replay.replay(game) == game.state
    assert replay.replay_problem(game) is None


def test_a_finished_game_replays_too(make_game, ana, ben):
    game = play_randomly(make_game(ana, ben), moves=500, seed=7)
    assert game.status == Game.Status.FINISHED
    assert replay.replay(game) == game.state


def test_an_open_table_has_nothing_to_replay(ana):
    table = tables.game_create(creator=ana, game="toy", players=2)
    assert replay.replay(table) is None


def test_a_tampered_snapshot_is_found(make_game, ana, ben, capsys):
    game = play_randomly(make_game(ana, ben), moves=10, seed=3)
    call_command("verify_replays")
    assert "1 games replayed, 0 differ." in capsys.readouterr().out
    state = game.state
    state["scores"][0] += 1
    Game.objects.filter(pk=game.pk).update(state=state)
    with pytest.raises(CommandError, match="1 differ"):
        call_command("verify_replays")
    assert f"game {game.pk} (toy): the replayed state differs" in capsys.readouterr().err


@pytest.mark.parametrize("slug", registry.slugs())
def test_every_game_played_through_the_database_replays_exactly(slug, ana, ben, cy):
    """Snapshots go through the JSON column (PostgreSQL reorders object keys) and back."""
    rules = registry.get(slug)
    users = [ana, ben, cy][: max(2, min(3, rules.max_players))]
    table = tables.game_create(
        creator=users[0], game=slug, players=len(users), random_seat_order=False
    )
    for user in users[1:]:
        tables.game_join(game_id=table.pk, user=user)
    chooser = random.Random(11)
    for _ in range(80):
        table.refresh_from_db()
        if table.status != Game.Status.ACTIVE:
            break
        seat = chooser.choice(table.rules.to_act(table.state))
        version, state = seen_by(table, users[seat])
        action = chooser.choice(rules.legal_actions(state, seat))
        acting.game_act(game_id=table.pk, user=users[seat], action=action, expected_version=version)
    table.refresh_from_db()
    assert table.version > 0
    assert replay.replay_problem(table) is None


def test_a_snapshot_in_an_old_format_is_refused_then_upgraded(duo, ana, client, monkeypatch):
    act(duo, ana, "pass")
    Game.objects.filter(pk=duo.pk).update(state_format=0)  # as if saved by an older release
    client.force_login(ana)
    page = client.get(f"/games/{duo.pk}/")
    assert page.status_code == 409
    assert "older version" in page.content.decode()
    with pytest.raises(SnapshotUnreadable):
        act(Game.objects.get(pk=duo.pk), ana, "pass")
    call_command("upgrade_snapshots", stdout=io.StringIO())
    game = Game.objects.get(pk=duo.pk)
    assert game.state_format == game.rules.state_format and game.version == 1
    assert client.get(f"/games/{duo.pk}/").status_code == 200
