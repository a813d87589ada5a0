"""The trade composer comes when asked for: the deals panel loads it when first opened
(without scripts, its link opens it as a page of its own), so the game page and a move's
answer are drawn without it. It was about half of a Silk Road move's answer."""

import re

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.games.helpers import set_hands

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def offer_url(game) -> str:
    return reverse("games:offer_form", args=[game.pk])


def test_the_page_offers_the_composer_without_drawing_it(as_ana, duo):
    page = as_ana.get(reverse("games:game", args=[duo.pk])).content.decode()
    panel = page[page.index('<details class="deal-form"') :]
    panel = panel[: panel.index("</details>")]
    assert "Propose a trade" in panel
    assert f'hx-get="{offer_url(duo)}" hx-trigger="toggle once"' in panel
    assert f'<a href="{offer_url(duo)}">Open the trade form</a>' in panel
    assert "data-composer" not in page and 'name="deal-to"' not in page


def test_opened_with_scripts_the_composer_comes_alone_and_answers_into_the_play_area(as_ana, duo):
    set_hands(duo, ["red", "red", "blue"], ["green"])
    response = as_ana.get(offer_url(duo), **HTMX)
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith("<form") and "<html" not in body
    deal = reverse("games:deal", args=[duo.pk])
    assert f'hx-post="{deal}" hx-target="#play"' in body
    assert 'name="csrfmiddlewaretoken"' in body and f'name="version" value="{duo.version}"' in body
    assert re.findall(r'name="deal-give-cards-([a-z]+)"', body) == ["red", "blue"]


def test_without_scripts_the_composer_is_a_page_whose_offer_goes_back_to_the_game(as_ana, duo):
    set_hands(duo, ["red", "red", "blue"], ["green"])
    page = as_ana.get(offer_url(duo)).content.decode()
    assert "<html" in page and "<h1>Propose a trade" in page
    assert f'href="{reverse("games:game", args=[duo.pk])}">Back to the game</a>' in page
    form = page[page.index('<form method="post" action="/games/') :]
    form = form[: form.index(">")]
    assert f'action="{reverse("games:deal", args=[duo.pk])}"' in form and "hx-post" not in form

    response = as_ana.post(
        reverse("games:deal", args=[duo.pk]),
        {"version": duo.version, "deal-to": "1", "deal-give-cards-red": "1"},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("games:game", args=[duo.pk])
    duo.refresh_from_db()
    (deal,) = duo.state["deals"]
    assert deal["give"] == {"cards": ["red"]}


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_a_player_who_may_not_offer_now_is_told_so_and_nothing_changes(client, duo, ben, headers):
    client.force_login(ben)  # not his turn: no offers
    response = client.get(offer_url(duo), **headers)
    assert response.status_code == 409
    body = response.content.decode()
    assert "You cannot make an offer now." in body and "data-composer" not in body
    duo.refresh_from_db()
    assert duo.version == 0


def test_an_onlooker_gets_no_composer(client, duo):
    client.force_login(UserFactory())
    response = client.get(offer_url(duo), **HTMX)
    assert response.status_code in (404, 409)
    assert "data-composer" not in response.content.decode()


def test_the_composer_needs_a_sign_in(client, duo):
    response = client.get(offer_url(duo))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_table_not_started_has_no_composer(client, ana):
    from games.play import tables

    client.force_login(ana)
    table = tables.game_create(creator=ana, game="toy", players=2)
    assert client.get(offer_url(table)).status_code == 409
