"""games.tables.game_create: opening a table."""

import pytest

from games import events
from games.errors import InvalidInput
from games.models import Game
from games.play import tables
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_creator_sits_in_the_first_seat_of_an_open_table(ana):
    table = tables.game_create(creator=ana, game="toy", players=3)
    assert table.status == Game.Status.OPEN
    assert [(s.number, s.user) for s in table.seats.all()] == [(0, ana)]
    assert table.state is None and table.version == 0


def test_options_get_their_defaults(ana):
    table = tables.game_create(creator=ana, game="toy", players=2)
    assert table.options == {"target": "10"}


def test_chosen_option_is_kept(ana):
    table = tables.game_create(creator=ana, game="toy", players=2, options={"target": "15"})
    assert table.options == {"target": "15"}


@pytest.mark.parametrize("options", [{"target": "12"}, {"colour": "red"}, {"target": 10}, ["x"]])
def test_unknown_options_or_values_are_refused(ana, options):
    with pytest.raises(InvalidInput):
        tables.game_create(creator=ana, game="toy", players=2, options=options)
    assert not Game.objects.exists()


@pytest.mark.parametrize("players", [1, 5, 0, -1, "2", True, None, 2.0])
def test_player_count_must_be_within_the_game_range(ana, players):
    with pytest.raises(InvalidInput):
        tables.game_create(creator=ana, game="toy", players=players)


@pytest.mark.parametrize("slug", ["chess", "", None, 3, "silk_road"])
def test_unknown_game_is_refused(ana, slug):
    with pytest.raises(InvalidInput):
        tables.game_create(creator=ana, game=slug, players=2)


def test_private_table_and_join_order(ana):
    table = tables.game_create(
        creator=ana, game="toy", players=2, public=False, random_seat_order=False
    )
    assert not table.is_public and not table.random_seat_order


def test_invitations_are_published_after_commit(ana, sent, django_capture_on_commit_callbacks):
    ben = UserFactory(username="ben", email="ben@example.com")
    with django_capture_on_commit_callbacks(execute=True):
        table = tables.game_create(
            creator=ana, game="toy", players=3, invite=["BEN", "new@example.com", "ben"]
        )
    invited = [e.email_or_user_id for e in sent if isinstance(e, events.PlayerInvited)]
    assert invited == [ben.pk, "new@example.com"]
    assert all(e.game_id == table.pk for e in sent)


def test_inviting_an_unknown_name_is_refused(ana):
    with pytest.raises(InvalidInput):
        tables.game_create(creator=ana, game="toy", players=2, invite=["nobody-here"])
    assert not Game.objects.exists()


def test_too_many_invitations_are_refused(ana):
    emails = [f"p{n}@example.com" for n in range(tables.MAX_INVITES + 1)]
    with pytest.raises(InvalidInput):
        tables.game_create(creator=ana, game="toy", players=2, invite=emails)
