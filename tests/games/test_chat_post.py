"""games.table_chat.chat_post: table talk."""

import pytest

from games.errors import Conflict, InvalidInput, NotAPlayer
from games.play import chat as table_chat
from games.play import tables

pytestmark = pytest.mark.django_db


def test_a_seated_player_writes_to_the_table(duo, ana):
    message = table_chat.chat_post(game_id=duo.pk, user=ana, text="  good luck  ")
    assert message.text == "good luck" and message.user == ana


def test_players_of_an_open_table_can_chat(ana):
    table = tables.game_create(creator=ana, game="toy", players=2)
    table_chat.chat_post(game_id=table.pk, user=ana, text="anyone?")


def test_spectators_cannot_chat(duo, cy):
    with pytest.raises(NotAPlayer):
        table_chat.chat_post(game_id=duo.pk, user=cy, text="hi")


@pytest.mark.parametrize("text", ["", "   ", None, 5, "x" * 501, "\x00\x01"])
def test_empty_long_or_odd_messages_are_refused(duo, ana, text):
    with pytest.raises(InvalidInput):
        table_chat.chat_post(game_id=duo.pk, user=ana, text=text)
    assert not duo.chat.exists()


def test_control_characters_are_dropped(duo, ana):
    message = table_chat.chat_post(game_id=duo.pk, user=ana, text="a\x00b\nc")
    assert message.text == "ab\nc"


def test_a_cancelled_table_has_no_chat(ana):
    table = tables.game_create(creator=ana, game="toy", players=2)
    tables.game_cancel(game_id=table.pk, user=ana)
    with pytest.raises(Conflict):
        table_chat.chat_post(game_id=table.pk, user=ana, text="hi")
