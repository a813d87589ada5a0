"""The pages: plain posts redirect, HTMX posts get fragments, and every control works."""

import json
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import ChatMessage, Game
from games.play import chat as table_chat
from games.play import tables
from tests.factories import UserFactory
from tests.games.helpers import act, set_hands

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def action_post(game, type_, version=None, **params):
    return {
        "action": json.dumps({"type": type_, **params}),
        "version": game.version if version is None else version,
    }


# --- home, lobby, my games, new table --------------------------------------------------


def test_home_presents_the_five_games(client):
    page = client.get("/").content.decode()
    for name in ["Silk Road", "Samarkand", "Merchant Lord", "Marco Polo", "Merchants of Araby"]:
        assert name in page
    assert 'href="/games/new/?game=toy"' in page


def test_lobby_is_public_and_lists_open_tables(client, ana):
    table = tables.game_create(creator=ana, game="toy", players=2)
    page = client.get(reverse("games:lobby"))
    assert page.status_code == 200
    assert reverse("games:join", args=[table.pk]) in page.content.decode()


def test_my_games_needs_a_sign_in(client):
    response = client.get(reverse("games:mine"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_my_games_lists_my_games_and_the_header_counts_them(as_ana, duo):
    page = as_ana.get(reverse("games:mine")).content.decode()
    assert reverse("games:game", args=[duo.pk]) in page
    assert "My games <span" in page and "(1)" in page


def test_new_table_page_lets_you_choose_a_game(as_ana):
    page = as_ana.get(reverse("games:create")).content.decode()
    assert "?game=toy" in page


def test_new_table_form_shows_players_and_options(as_ana):
    page = as_ana.get(reverse("games:create") + "?game=toy").content.decode()
    assert 'name="players"' in page and 'name="option_target"' in page


def test_creating_a_table_redirects_to_it(as_ana, ana):
    response = as_ana.post(
        reverse("games:create"),
        {
            "game": "toy",
            "players": "3",
            "option_target": "15",
            "seat_order": "joined",
            "public": "on",
        },
    )
    table = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("games:game", args=[table.pk])
    assert (table.players, table.options, table.random_seat_order) == (3, {"target": "15"}, False)


@pytest.mark.parametrize(
    "data",
    [
        {"players": "9", "option_target": "10", "seat_order": "random"},
        {"players": "2", "option_target": "11", "seat_order": "random"},
        {"players": "2", "option_target": "10", "seat_order": "sideways"},
        {"players": "2", "option_target": "10", "seat_order": "random", "invite": "no one known"},
    ],
)
def test_a_bad_new_table_form_is_shown_again_with_400(as_ana, data):
    response = as_ana.post(reverse("games:create"), {"game": "toy", **data})
    assert response.status_code == 400
    assert not Game.objects.exists()


def test_an_unknown_game_has_no_form(as_ana):
    assert as_ana.get(reverse("games:create") + "?game=chess").status_code == 404


# --- the table before the start ---------------------------------------------------------


def test_the_table_page_shows_seats_invite_link_and_cancel(as_ana, ana):
    table = tables.game_create(creator=ana, game="toy", players=3)
    page = as_ana.get(reverse("games:game", args=[table.pk])).content.decode()
    assert reverse("games:invite", args=[table.invite_code]) in page
    assert "Empty seat" in page
    assert reverse("games:cancel", args=[table.pk]) in page
    assert reverse("games:join", args=[table.pk]) not in page


def test_a_private_table_is_hidden_except_through_its_invite_link(client, ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=2, public=False)
    client.force_login(ben)
    assert client.get(reverse("games:game", args=[table.pk])).status_code == 404
    page = client.get(reverse("games:invite", args=[table.invite_code]))
    assert page.status_code == 200
    assert f'name="code" value="{table.invite_code}"' in page.content.decode()
    assert client.get(reverse("games:invite", args=["nope"])).status_code == 404


def test_joining_through_the_invite_link_starts_the_game(client, ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=2, public=False)
    client.force_login(ben)
    response = client.post(reverse("games:join", args=[table.pk]), {"code": table.invite_code})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.status == Game.Status.ACTIVE
    page = client.get(response["Location"]).content.decode()
    assert 'id="board"' in page


def test_joining_without_the_code_is_refused(client, ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=2, public=False)
    client.force_login(ben)
    response = client.post(reverse("games:join", args=[table.pk]))
    assert response.status_code == 404  # the page stays hidden from strangers
    assert table.seats.count() == 1


def test_htmx_join_of_the_last_seat_sends_the_browser_to_the_game(client, ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=2)
    client.force_login(ben)
    response = client.post(reverse("games:join", args=[table.pk]), **HTMX)
    assert response["HX-Redirect"] == reverse("games:game", args=[table.pk])


def test_htmx_join_of_a_seat_returns_the_table_fragment(client, ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=3)
    client.force_login(ben)
    response = client.post(reverse("games:join", args=[table.pk]), **HTMX)
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<section id="table"') and "<html" not in body
    assert reverse("games:leave", args=[table.pk]) in body


def test_leaving_redirects_to_the_lobby(client, ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=3)
    tables.game_join(game_id=table.pk, user=ben)
    client.force_login(ben)
    response = client.post(reverse("games:leave", args=[table.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("games:lobby")
    response = client.post(reverse("games:leave", args=[table.pk]))
    assert response.status_code == 403


def test_htmx_leave_redirects_to_the_lobby(client, ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=3)
    tables.game_join(game_id=table.pk, user=ben)
    client.force_login(ben)
    response = client.post(reverse("games:leave", args=[table.pk]), **HTMX)
    assert response["HX-Redirect"] == reverse("games:lobby")


def test_cancel_plain_and_htmx(as_ana, ana, ben, client):
    table = tables.game_create(creator=ana, game="toy", players=2)
    response = as_ana.post(reverse("games:cancel", args=[table.pk]), **HTMX)
    assert response.status_code == 200 and "was cancelled" in response.content.decode()
    response = as_ana.post(reverse("games:cancel", args=[table.pk]))
    assert response.status_code == 409 and "was cancelled" in response.content.decode()


def test_inviting_people_from_the_table(as_ana, ana, ben, sent, django_capture_on_commit_callbacks):
    table = tables.game_create(creator=ana, game="toy", players=2)
    with django_capture_on_commit_callbacks(execute=True):
        response = as_ana.post(
            reverse("games:invite_people", args=[table.pk]), {"invite": "ben, someone@example.com"}
        )
    assert response.status_code == 302
    assert [e.email_or_user_id for e in sent] == [ben.pk, "someone@example.com"]
    response = as_ana.post(reverse("games:invite_people", args=[table.pk]), {"invite": ""})
    assert response.status_code == 400


# --- the game ---------------------------------------------------------------------------


def test_the_game_page_shows_board_prompt_choices_and_deal_form(as_ana, duo):
    page = as_ana.get(reverse("games:game", args=[duo.pk])).content.decode()
    assert 'class="toy-board"' in page
    assert "Your move." in page and "Play a card or pass." in page
    assert "Pass and draw" in page
    offer = reverse("games:offer_form", args=[duo.pk])  # the deal form, loaded when opened
    assert "Propose a trade" in page and f'href="{offer}"' in page
    assert f'action="{reverse("games:deal", args=[duo.pk])}"' in as_ana.get(offer).content.decode()
    assert f'hx-get="/games/{duo.pk}/version?v=active-0-2&amp;c=0"' in page


def test_the_other_player_sees_who_is_awaited(client, duo, ben):
    client.force_login(ben)
    page = client.get(reverse("games:game", args=[duo.pk])).content.decode()
    assert "Waiting for ana." in page
    assert "Pass and draw" not in page


def test_a_plain_move_redirects_to_the_game(as_ana, duo):
    response = as_ana.post(reverse("games:act", args=[duo.pk]), action_post(duo, "pass"))
    assert response.status_code == 302
    assert response["Location"] == reverse("games:game", args=[duo.pk])
    duo.refresh_from_db()
    assert duo.version == 1


def test_an_htmx_move_returns_the_play_fragment(as_ana, duo):
    response = as_ana.post(reverse("games:act", args=[duo.pk]), action_post(duo, "pass"), **HTMX)
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<section id="play"') and "<html" not in body
    assert "ana passed." in body and "Waiting for ben." in body
    # the header's count of games waiting for me follows, out of band
    assert (
        '<a id="nav-mine" href="/games/" class="nav-mine" data-count="0" hx-swap-oob="true">My games</a>'
        in body
    )


def test_a_stale_htmx_move_gets_409_and_the_fresh_state(as_ana, duo, ana):
    set_hands(duo, ["red", "red"], ["green"])
    act(duo, ana, "play", card="red")
    response = as_ana.post(
        reverse("games:act", args=[duo.pk]), action_post(duo, "pass", version=0), **HTMX
    )
    assert response.status_code == 409
    body = response.content.decode()
    assert "The game has moved on" in body
    assert 'name="version" value="1"' in body


def test_a_stale_plain_move_gets_the_page_with_the_error(as_ana, duo, ana):
    set_hands(duo, ["red", "red"], ["green"])
    act(duo, ana, "play", card="red")
    response = as_ana.post(reverse("games:act", args=[duo.pk]), action_post(duo, "pass", version=0))
    assert response.status_code == 409
    assert "<html" in response.content.decode()


def test_an_illegal_move_gets_400_and_the_engine_reason(as_ana, duo):
    set_hands(duo, ["red"], ["green"])
    response = as_ana.post(
        reverse("games:act", args=[duo.pk]), action_post(duo, "play", card="blue"), **HTMX
    )
    assert response.status_code == 400
    assert "You cannot do that now." in response.content.decode()


def test_out_of_turn_is_409_and_spectators_403(client, duo, ben, cy):
    client.force_login(ben)
    assert (
        client.post(reverse("games:act", args=[duo.pk]), action_post(duo, "pass")).status_code
        == 409
    )
    client.force_login(cy)
    assert (
        client.post(reverse("games:act", args=[duo.pk]), action_post(duo, "pass")).status_code
        == 403
    )
    duo.refresh_from_db()
    assert duo.version == 0


def test_proposing_an_offer_through_the_form(as_ana, duo, ben):
    set_hands(duo, ["red", "red", "blue"], ["green"])
    response = as_ana.post(
        reverse("games:deal", args=[duo.pk]),
        {
            "version": 0,
            "deal-to": "1",
            "deal-give-cards-red": "2",
            "deal-get-cards-green": "1",
            "deal-get-cards-blue": "0",
            "deal-get-cards-red": "0",
            "deal-give-cards-blue": "0",
        },
        **HTMX,
    )
    assert response.status_code == 200
    duo.refresh_from_db()
    (deal,) = duo.state["deals"]
    assert (deal["from"], deal["to"]) == (0, 1)
    assert deal["give"] == {"cards": ["red", "red"]} and deal["get"] == {"cards": ["green"]}
    page = response.content.decode()
    assert "Your offer 1 to ben" in page and "red, red for green" in page
    assert ">Withdraw</button>" in page


@pytest.mark.parametrize(
    "fields",
    [
        {"deal-to": "0"},
        {"deal-to": "7"},
        {"deal-to": "anyone", "deal-give-cards-red": "1"},  # no standing orders in this game
        {"deal-to": "1", "deal-give-cards-red": "-1"},
        {"deal-to": "1", "deal-give-cards-red": "many"},
        {"deal-to": "1", "deal-give-cards-red": "3"},
        {"deal-to": "1", "deal-get-cards-red": "4"},
        {"deal-to": "1", "deal-give-cards-red": "1", "deal-answers": "5"},
        {"deal-to": "1"},
    ],
)
def test_a_bad_offer_form_is_refused_with_400(as_ana, duo, fields):
    set_hands(duo, ["red", "red", "blue"], ["green"])
    response = as_ana.post(reverse("games:deal", args=[duo.pk]), {"version": 0, **fields})
    assert response.status_code == 400
    duo.refresh_from_db()
    assert duo.version == 0


def test_an_offer_when_offers_are_closed_is_409(client, duo, ben):
    client.force_login(ben)
    response = client.post(reverse("games:deal", args=[duo.pk]), {"version": 0, "deal-to": "0"})
    assert response.status_code == 409


def test_the_result_shows_each_players_breakdown(as_ana, duo, ana):
    set_hands(duo, ["blue"], ["green"], scores=[9, 4])
    act(duo, ana, "play", card="blue")
    page = as_ana.get(reverse("games:game", args=[duo.pk])).content.decode()
    assert "ana wins" in page and "The target score was reached." in page
    assert "Cards played: 12" in page and "Cards played: 4" in page
    assert "Pass and draw" not in page


# --- chat ---------------------------------------------------------------------------------


def test_chat_plain_and_htmx(as_ana, duo):
    response = as_ana.post(reverse("games:chat", args=[duo.pk]), {"text": "hello"})
    assert response.status_code == 302 and response["Location"].endswith("#chat")
    response = as_ana.post(reverse("games:chat", args=[duo.pk]), {"text": "again"}, **HTMX)
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="chat"') and "again" in body
    response = as_ana.post(reverse("games:chat", args=[duo.pk]), {"text": " "}, **HTMX)
    assert response.status_code == 400 and "Write a message first." in response.content.decode()


def test_chat_and_names_are_escaped(client, make_game, ben):
    mallory = UserFactory(username='<img src=x onerror="alert(1)">')
    game = make_game(mallory, ben)
    table_chat.chat_post(game_id=game.pk, user=mallory, text="<script>alert('hi')</script>")
    act(game, mallory, "pass")
    client.force_login(ben)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "<script>alert" not in page and "<img src=x" not in page
    # Django's templates and Jinja's spell an escaped quote differently (&quot; or &#34;).
    page = page.replace("&#34;", "&quot;").replace("&#39;", "&#x27;")
    assert "&lt;script&gt;alert(&#x27;hi&#x27;)&lt;/script&gt;" in page
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; passed." in page


# --- polling ------------------------------------------------------------------------------


def test_version_endpoint_answers_json_without_htmx(as_ana, duo):
    data = as_ana.get(reverse("games:version", args=[duo.pk])).json()
    assert data == {"version": 0, "status": "active", "seats": 2, "chat": 0}


def test_version_poll_is_204_while_nothing_changed(as_ana, duo):
    url = reverse("games:version", args=[duo.pk]) + "?v=active-0-2&c=0"
    assert as_ana.get(url, **HTMX).status_code == 204


def test_an_unchanged_poll_reads_the_game_in_one_statement(as_ana, ana, duo):
    """Every open page polls (or asks on each pulse): the game, its seats, its newest
    note and the newest chat line the reader may read come in one statement."""
    table_chat.chat_post(game_id=duo.pk, user=ana, text="hi")
    shown = ChatMessage.objects.get().pk
    url = reverse("games:version", args=[duo.pk]) + f"?v=active-0-2&c={shown}"
    with CaptureQueriesContext(connection) as queries:
        assert as_ana.get(url, **HTMX).status_code == 204
    assert len([q for q in queries if "games_" in q["sql"]]) == 1


def test_version_poll_swaps_the_play_area_when_someone_moved(client, duo, ana, ben):
    act(duo, ana, "pass")
    client.force_login(ben)
    url = reverse("games:version", args=[duo.pk]) + "?v=active-0-2&c=0"
    response = client.get(url, **HTMX)
    body = response.content.decode()
    assert response.status_code == 200
    assert '<section id="play" class="play" hx-swap-oob="true">' in body
    assert "Your move." in body and "v=active-1-2" in body
    assert 'id="chat-log"' not in body


def test_a_late_poll_answer_cannot_undo_a_move_on_the_page(client, duo, ana):
    """Moves and polls queue together on <main>: a move aborts a poll in flight and a poll
    is dropped while a move is in flight (htmx hx-sync), so the board never steps back."""
    client.force_login(ana)
    page = client.get(reverse("games:game", args=[duo.pk])).content.decode()
    assert '<main id="main" hx-sync="this:replace">' in page
    poll = re.search(r'<div id="poll"[^>]*>', page).group(0)
    assert 'hx-sync="#main:abort"' in poll


def test_version_poll_swaps_only_the_chat_when_someone_wrote(client, duo, ana, ben):
    message = table_chat.chat_post(game_id=duo.pk, user=ana, text="hi there")
    client.force_login(ben)
    url = reverse("games:version", args=[duo.pk]) + "?v=active-0-2&c=0"
    body = client.get(url, **HTMX).content.decode()
    assert 'id="chat-log"' in body and "hi there" in body
    assert 'id="play"' not in body and f"c={message.pk}" in body


def test_version_poll_reloads_an_open_table_when_it_changed(client, ana, ben):
    table = tables.game_create(creator=ana, game="toy", players=3)
    tables.game_join(game_id=table.pk, user=ben)
    client.force_login(ana)
    url = reverse("games:version", args=[table.pk]) + "?v=open-0-1&c=0"
    assert client.get(url, **HTMX)["HX-Refresh"] == "true"


@pytest.mark.parametrize("seen", ["", "active-3-2"], ids=["no key", "a game's key"])
def test_version_poll_never_draws_a_play_area_for_a_table(client, ana, ben, seen):
    """A table has no board: a poll with any other key than its own reloads the page (a
    page gone stale, or one typed by hand), as does one on a table cancelled meanwhile."""
    table = tables.game_create(creator=ana, game="toy", players=3)
    tables.game_join(game_id=table.pk, user=ben)
    client.force_login(ana)
    url = reverse("games:version", args=[table.pk]) + f"?v={seen}&c=0"
    answer = client.get(url, **HTMX)
    assert answer["HX-Refresh"] == "true" and 'id="play"' not in answer.content.decode()
    tables.game_cancel(game_id=table.pk, user=ana)
    url = reverse("games:version", args=[table.pk]) + "?v=open-0-2&c=0"
    assert client.get(url, **HTMX)["HX-Refresh"] == "true"


def test_version_of_a_private_game_is_hidden_from_strangers(client, make_game, ana, ben, cy):
    game = make_game(ana, ben, public=False)
    client.force_login(cy)
    assert client.get(reverse("games:version", args=[game.pk])).status_code == 404


# --- CSRF -----------------------------------------------------------------------------------


def test_page_posts_need_the_csrf_token(duo, ana):
    client = Client(enforce_csrf_checks=True)
    client.force_login(ana)
    for name, data in [("games:act", action_post(duo, "pass")), ("games:chat", {"text": "x"})]:
        response = client.post(reverse(name, args=[duo.pk]), data)
        assert response.status_code == 403
    duo.refresh_from_db()
    assert duo.version == 0 and not ChatMessage.objects.exists()


def test_page_posts_with_the_csrf_token_work(duo, ana):
    client = Client(enforce_csrf_checks=True)
    client.force_login(ana)
    client.get(reverse("games:game", args=[duo.pk]))
    token = client.cookies["csrftoken"].value
    response = client.post(
        reverse("games:act", args=[duo.pk]), action_post(duo, "pass"), HTTP_X_CSRFTOKEN=token
    )
    assert response.status_code == 302


def test_anyone_may_watch_a_public_game_without_choices_or_hand(client, duo):
    page = client.get(reverse("games:game", args=[duo.pk])).content.decode()
    assert 'class="toy-board"' in page
    assert "Your hand" not in page and "Pass and draw" not in page
    assert 'name="text"' not in page  # spectators read the chat, players write


def test_a_visitor_is_asked_to_sign_up_or_in_to_take_a_seat_and_comes_back(client, ana):
    table = tables.game_create(creator=ana, game="toy", players=2)
    page = client.get(reverse("games:game", args=[table.pk])).content.decode()
    back = f"?next=/games/{table.pk}/"
    assert "Sign up to take a seat" in page and f"{reverse('account_signup')}{back}" in page
    assert f"{reverse('account_login')}{back}" in page
