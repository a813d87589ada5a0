"""Private messages beside the table talk: written to one player, read by those two alone —
never by spectators or the other players, in pages, the poll, the JSON API or mails."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from games.errors import InvalidInput
from games.play import chat as table_chat
from tests.api.conftest import Api, token_for

pytestmark = pytest.mark.django_db
SECRET = "psst, let us share the spices"


@pytest.fixture
def trio(make_game, ana, ben, cy):
    """Ana (seat 0), Ben (seat 1) and Cy (seat 2) at one public table."""
    return make_game(ana, ben, cy)


@pytest.fixture
def dee(db):
    from tests.factories import UserFactory

    return UserFactory(username="dee")


def page_for(user, game) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get(reverse("games:game", args=[game.pk])).content.decode()


def api_chat(user, game) -> list[dict]:
    api = Api(Client(), token_for(user))
    response = api.get(f"/games/{game.pk}/chat")
    assert response.status_code == 200
    return response.json()["messages"]


def test_a_private_message_reaches_its_recipient_and_nobody_else(trio, ana, ben, cy, dee):
    table_chat.chat_post(game_id=trio.pk, user=ana, text="good luck all")
    table_chat.chat_post(game_id=trio.pk, user=ana, text=SECRET, to=1)
    for reader in (ana, ben):
        page = page_for(reader, trio)
        assert SECRET in page and "privately to ben" in page
        assert [m["to"] for m in api_chat(reader, trio)] == [None, "ben"]
    for outsider in (cy, dee, None):  # another player, a spectator, a visitor
        page = page_for(outsider, trio)
        assert "good luck all" in page and SECRET not in page
    for outsider in (cy, dee):
        assert [m["text"] for m in api_chat(outsider, trio)] == ["good luck all"]


def test_the_poll_does_not_reveal_that_a_private_message_was_written(trio, ana, cy):
    table_chat.chat_post(game_id=trio.pk, user=ana, text="hello")
    client = Client()
    client.force_login(cy)
    url = reverse("games:version", args=[trio.pk])
    before = client.get(url).json()["chat"]
    table_chat.chat_post(game_id=trio.pk, user=ana, text=SECRET, to=1)
    assert client.get(url).json()["chat"] == before


def test_a_private_message_through_the_form_and_the_api(trio, ana, ben, cy):
    client = Client()
    client.force_login(ana)
    response = client.post(reverse("games:chat", args=[trio.pk]), {"text": SECRET, "to": "2"})
    assert response.status_code == 302
    assert SECRET in page_for(cy, trio) and SECRET not in page_for(ben, trio)
    api = Api(Client(), token_for(ben))
    response = api.post(f"/games/{trio.pk}/chat", {"text": "only for ana", "to": 0})
    assert response.status_code == 201
    assert "only for ana" in page_for(ana, trio) and "only for ana" not in page_for(cy, trio)


def test_the_chat_form_offers_each_other_player_as_a_recipient(trio, ana):
    page = page_for(ana, trio)
    assert "ben only (private)" in page and "cy only (private)" in page
    assert "ana only (private)" not in page


@pytest.mark.parametrize("to", [0, 3, -1, "ben", True, 1.5, "9"])
def test_a_private_message_to_nobody_at_the_table_is_refused(trio, ana, to):
    with pytest.raises(InvalidInput):
        table_chat.chat_post(game_id=trio.pk, user=ana, text="hi", to=to)
    assert not trio.chat.exists()


def test_a_bad_recipient_is_a_clear_400_not_a_500(trio, ana):
    api = Api(Client(), token_for(ana))
    for to in ("nobody", 7, [1], {"seat": 1}):
        response = api.post(f"/games/{trio.pk}/chat", {"text": "hi", "to": to})
        assert response.status_code == 400, to
    client = Client()
    client.force_login(ana)
    response = client.post(reverse("games:chat", args=[trio.pk]), {"text": "hi", "to": "x"})
    assert response.status_code == 400


def test_no_mail_carries_a_private_message(trio, ana, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        table_chat.chat_post(game_id=trio.pk, user=ana, text=SECRET, to=1)
    assert all(SECRET not in message.body for message in mail.outbox)


def test_the_newest_chat_line_each_reader_may_see_keys_their_poll(trio, ana, ben, cy, dee):
    from django.contrib.auth.models import AnonymousUser

    from games.read.tables import last_chat_id

    assert last_chat_id(trio.pk, ana) == 0  # no line yet
    public = table_chat.chat_post(game_id=trio.pk, user=ana, text="hello")
    private = table_chat.chat_post(game_id=trio.pk, user=ana, text=SECRET, to=1)
    assert last_chat_id(trio.pk, ana) == private.pk  # its writer
    assert last_chat_id(trio.pk, ben) == private.pk  # its reader
    for outsider in (cy, dee, AnonymousUser(), None):
        assert last_chat_id(trio.pk, outsider) == public.pk


def test_the_chat_lines_come_with_their_writer_and_recipient_in_one_query(
    trio, ana, ben, cy, django_assert_num_queries
):
    from games.read.tables import chat_messages

    table_chat.chat_post(game_id=trio.pk, user=cy, text="hello")
    table_chat.chat_post(game_id=trio.pk, user=ana, text=SECRET, to=1)
    with django_assert_num_queries(1):
        lines = chat_messages(trio, ben)
        shown = [
            (line.text, line.user.username, getattr(line.recipient, "username", None))
            for line in lines
        ]
    assert shown == [("hello", "cy", None), (SECRET, "ana", "ben")]
    assert [line.text for line in chat_messages(trio, cy)] == ["hello"]
