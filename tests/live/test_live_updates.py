"""Live updates: a change of a game reaches every open page of it at once, carrying
nothing but "this changed"; the page then fetches what its viewer may see."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.db import transaction
from django.test import AsyncClient, Client
from django.urls import reverse

from games.live import bus as live_bus
from games.live import get_bus, seat_channel
from games.play import chat, presence, tables
from games.web import live_views
from tests.games.helpers import act, seen_by

pytestmark = pytest.mark.django_db


@pytest.fixture
def bus(tmp_path, settings):
    settings.LIVE_UPDATES_URL = f"file://{tmp_path / 'live'}"
    return get_bus()


def _tokens(bus, *channels):
    return bus._tokens(list(channels))


def test_a_move_tells_the_game_and_both_players_pages(
    bus, duo, ana, ben, django_capture_on_commit_callbacks
):
    before = _tokens(bus, f"game:{duo.pk}", f"user:{ana.pk}", f"user:{ben.pk}", "lobby")
    with django_capture_on_commit_callbacks(execute=True):
        act(duo, ana, "pass")
    after = _tokens(bus, f"game:{duo.pk}", f"user:{ana.pk}", f"user:{ben.pk}", "lobby")
    changed = {channel for channel in after if after[channel] != before[channel]}
    assert changed == {f"game:{duo.pk}", f"user:{ana.pk}", f"user:{ben.pk}"}


def test_a_move_pulses_the_players_it_read_with_its_seats_without_reading_them_again(
    bus, duo, ana, ben, django_capture_on_commit_callbacks
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.live.pulses import SEATED_USERS_SQL

    before = _tokens(bus, f"user:{ana.pk}", f"user:{ben.pk}")
    with CaptureQueriesContext(connection) as queries:
        with django_capture_on_commit_callbacks(execute=True):
            act(duo, ana, "pass")
    assert not [q for q in queries if q["sql"].startswith(SEATED_USERS_SQL.split(" WHERE")[0])]
    after = _tokens(bus, f"user:{ana.pk}", f"user:{ben.pk}")
    assert all(after[channel] != before[channel] for channel in after)


def test_a_chat_line_tells_the_game_page(bus, duo, ana, django_capture_on_commit_callbacks):
    before = _tokens(bus, f"game:{duo.pk}")
    with django_capture_on_commit_callbacks(execute=True):
        chat.chat_post(game_id=duo.pk, user=ana, text="Good luck!")
    assert _tokens(bus, f"game:{duo.pk}") != before


def test_opening_and_joining_a_public_table_tells_the_lobby(
    bus, ana, ben, django_capture_on_commit_callbacks
):
    before = _tokens(bus, "lobby")
    with django_capture_on_commit_callbacks(execute=True):
        table = tables.game_create(creator=ana, game="toy", players=3)
    opened = _tokens(bus, "lobby")
    assert opened != before
    with django_capture_on_commit_callbacks(execute=True):
        tables.game_join(game_id=table.pk, user=ben, invite_code=table.invite_code)
    assert _tokens(bus, "lobby") != opened


def test_a_change_rolled_back_tells_nobody(bus, duo, ana, django_capture_on_commit_callbacks):
    before = _tokens(bus, f"game:{duo.pk}")
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
        with transaction.atomic():
            act(duo, ana, "pass")
            raise RuntimeError("the request failed after the move")
    assert _tokens(bus, f"game:{duo.pk}") == before


def test_a_broken_bus_never_fails_the_move(
    settings, duo, ana, django_capture_on_commit_callbacks, monkeypatch
):
    def refuse(self, channels, token=None):
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(live_bus.FileBus, "publish", refuse)
    with django_capture_on_commit_callbacks(execute=True):
        game = act(duo, ana, "pass")
    assert game.version == 1


# --- the stream ------------------------------------------------------------------------
# The stream's database work runs in a thread of its own: these tests commit what they
# set up, so that thread sees it without waiting for the test's transaction.
stream_db = pytest.mark.django_db(transaction=True)


TOKEN = "c0ffee"  # the change's token, as its answer names it


async def _first_events(url: str, user, publish: list[str], wanted: int = 2) -> list[str]:
    """Open the stream, publish on ``publish`` (as change ``TOKEN``) once it is open, and
    read ``wanted`` chunks."""
    client = AsyncClient()
    if user is not None:
        await sync_to_async(client.force_login)(user)
    response = await client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    chunks = aiter(response.streaming_content)
    found = [(await asyncio.wait_for(anext(chunks), 5)).decode()]
    await asyncio.sleep(0.15)  # the listener has read the tokens as they were
    await sync_to_async(get_bus().publish)(publish, TOKEN)
    while len(found) < wanted:
        found.append((await asyncio.wait_for(anext(chunks), 5)).decode())
    await chunks.aclose()
    return found


@stream_db
def test_an_open_game_page_hears_of_a_change_at_once(bus, duo, cy):
    url = reverse("games:live") + f"?game={duo.pk}"
    chunks = async_to_sync(_first_events)(url, cy, [f"game:{duo.pk}"])
    assert chunks[0].startswith("retry: ")
    assert chunks[1] == f"event: game\ndata: game:{duo.pk} {TOKEN}\n\n"


@stream_db
def test_the_stream_carries_no_game_content(bus, duo, ana):
    url = reverse("games:live") + f"?game={duo.pk}"
    chunks = async_to_sync(_first_events)(url, ana, [f"game:{duo.pk}"])
    assert "hand" not in "".join(chunks) and "state" not in "".join(chunks)


@stream_db
def test_a_players_own_channel_reaches_every_page_they_have_open(bus, ana):
    chunks = async_to_sync(_first_events)(reverse("games:live"), ana, [f"user:{ana.pk}"])
    assert chunks[1] == f"event: user\ndata: user:{ana.pk} {TOKEN}\n\n"


@stream_db
def test_a_players_own_steps_not_yet_final_reach_their_pages_of_that_game(bus, duo, ana):
    url = reverse("games:live") + f"?game={duo.pk}"
    chunks = async_to_sync(_first_events)(url, ana, [seat_channel(duo.pk, ana.pk)])
    assert chunks[1] == f"event: seat\ndata: seat:{duo.pk}:{ana.pk} {TOKEN}\n\n"


def test_a_moves_htmx_answer_names_the_pulse_its_page_can_skip(
    bus, client, duo, ana, ben, django_capture_on_commit_callbacks
):
    client.force_login(ana)
    version = seen_by(duo, ana)[0]
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            reverse("games:act", args=[duo.pk]),
            {"action": '{"type": "pass"}', "version": version},
            headers={"HX-Request": "true"},
        )
    assert answer.status_code == 200
    token = answer[live_views.PULSE_HEADER]
    # The same change's pulse, on every channel it went to: the mover's page skips them all.
    pulsed = _tokens(bus, f"game:{duo.pk}", f"user:{ana.pk}", f"user:{ben.pk}")
    assert set(pulsed.values()) == {token}


def test_a_refused_move_names_no_pulse(bus, client, duo, ana):
    client.force_login(ana)
    answer = client.post(
        reverse("games:act", args=[duo.pk]),
        {"action": '{"type": "pass"}', "version": seen_by(duo, ana)[0] + 5},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 409
    assert live_views.PULSE_HEADER not in answer


def test_two_changes_of_one_game_reach_a_listener_as_two_pulses_with_their_tokens(bus):
    async def listen():
        async with bus.subscribe(["game:7", "user:3"]) as subscription:
            bus.publish(["game:7", "user:3"], "first")
            bus.publish(["game:7"], "second")  # before the listener looks again
            return [await subscription.next(timeout=2) for _ in range(3)]

    assert async_to_sync(listen)() == [
        live_bus.Pulse("game:7", "first"),
        live_bus.Pulse("game:7", "second"),
        live_bus.Pulse("user:3", "first"),
    ]


def test_a_channels_file_started_again_tells_a_pulse_nobody_can_skip(bus, monkeypatch):
    monkeypatch.setattr(live_bus, "FILE_KEEPS_BYTES", 20)

    async def listen():
        async with bus.subscribe(["game:7"]) as subscription:
            bus.publish(["game:7"], "first")
            assert await subscription.next(timeout=2) == live_bus.Pulse("game:7", "first")
            for token in ("a1", "a2", "a3", "a4", "a5", "a6", "a7", "mine"):
                bus.publish(["game:7"], token)  # past 20 bytes: the file starts again
            return await subscription.next(timeout=2), await subscription.next(timeout=0.3)

    # Whatever came between, the page asks: "mine" alone must not hide the others.
    assert async_to_sync(listen)() == (live_bus.Pulse("game:7", live_bus.UNKNOWN), None)


def test_only_a_seated_player_follows_their_own_channel_of_a_game(rf, duo, ana, cy):
    def followed(user):
        request = rf.get(reverse("games:live"), {"game": duo.pk})
        request.user = user
        return live_views._follow(request, duo.pk)[0]

    assert seat_channel(duo.pk, ana.pk) in followed(ana)
    assert not [channel for channel in followed(cy) if channel.startswith("seat:")]


@stream_db
def test_the_lobby_hears_of_new_tables(bus, db):
    chunks = async_to_sync(_first_events)(reverse("games:live") + "?lobby=1", None, ["lobby"])
    assert chunks[1].startswith("event: lobby\n")


@stream_db
def test_a_quiet_stream_keeps_the_page_counted_as_open(bus, duo, ana, settings):
    settings.LIVE_KEEPALIVE_SECONDS = 0.2
    url = reverse("games:live") + f"?game={duo.pk}"
    cache_cleared = presence.last_seen(duo.pk, ana.pk) is None
    chunks = async_to_sync(_first_events)(url, ana, [], wanted=2)
    assert cache_cleared and chunks[1] == ": still here\n\n"
    assert presence.last_seen(duo.pk, ana.pk) is not None


@stream_db
def test_a_private_game_is_not_streamed_to_strangers(bus, ana, ben, cy):
    private = tables.game_create(creator=ana, game="toy", players=2, public=False)
    tables.game_join(game_id=private.pk, user=ben, invite_code=private.invite_code)

    async def status(user, game_id):
        client = AsyncClient()
        if user is not None:
            await sync_to_async(client.force_login)(user)
        return (await client.get(reverse("games:live") + f"?game={game_id}")).status_code

    assert async_to_sync(status)(cy, private.pk) == 404
    assert async_to_sync(status)(None, private.pk) == 404
    assert async_to_sync(status)(cy, "nonsense") == 404
    assert async_to_sync(status)(cy, 10**30) == 404


@stream_db
def test_a_guest_with_nothing_to_follow_is_told_to_stop(db):
    async def status():
        return (await AsyncClient().get(reverse("games:live"))).status_code

    assert async_to_sync(status)() == 204


def test_a_server_that_cannot_stream_tells_the_page_to_keep_polling(duo, ana):
    client = Client()
    client.force_login(ana)
    assert client.get(reverse("games:live") + f"?game={duo.pk}").status_code == 204


# --- the pages -------------------------------------------------------------------------


def test_the_game_page_follows_its_game_and_stops_polling_while_live(client, duo, ana):
    client.force_login(ana)
    page = client.get(reverse("games:game", args=[duo.pk])).content.decode()
    assert f'data-live="{reverse("games:live")}?game={duo.pk}"' in page
    assert 'hx-trigger="every 5s, live"' in page


def test_the_lobby_and_my_games_refresh_live(client, ana):
    client.force_login(ana)
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert "?lobby=1" in lobby and 'data-live-refresh="lobby"' in lobby
    mine = client.get(reverse("games:mine")).content.decode()
    assert 'data-live-refresh="user"' in mine


def test_the_tab_title_counts_the_games_waiting_for_me(client, duo, ana):
    client.force_login(ana)
    page = client.get(reverse("games:mine")).content.decode()
    assert "<title>(1) My games" in page
    count = client.get(reverse("games:waiting_count")).content.decode()
    assert 'id="nav-mine"' in count and 'data-count="1"' in count
