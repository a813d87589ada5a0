"""The site's head, header and foot: the same on the game page (drawn by Jinja as a
whole) as on every Django page (``base.html``), and drawn even without a request."""

import re

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.template.loader import render_to_string
from django.urls import reverse

from games.web import jinja

pytestmark = pytest.mark.django_db


def test_the_game_page_has_the_header_foot_and_count_of_every_page(client, ana, duo):
    client.force_login(ana)
    game_url = reverse("games:game", args=[duo.pk])
    page = client.get(game_url).content.decode()
    lobby = client.get(reverse("games:lobby")).content.decode()

    for drawn in (page, lobby):
        assert '<a class="skip" href="#main">Skip to content</a>' in drawn
        assert re.search(r"<title>\(1\) .* · Silkroad</title>", drawn)  # Ana's move waits
        assert 'id="nav-mine"' in drawn and 'data-count="1"' in drawn
        assert 'name="csrfmiddlewaretoken"' in drawn.split('action="/accounts/logout/"')[1]
        assert '<option value="en-gb" lang="en-gb" selected>English</option>' in drawn
    assert f'name="next" value="{game_url}"' in page
    assert f'name="next" value="{reverse("games:lobby")}"' in lobby


def test_the_game_page_speaks_the_readers_language_in_its_header_and_chat(client, ana, duo):
    client.force_login(ana)
    page = client.get(reverse("games:game", args=[duo.pk]), HTTP_ACCEPT_LANGUAGE="de")
    html = page.content.decode()
    assert '<html lang="de">' in html
    assert "Zum Inhalt springen" in html and "Abmelden" in html and "Tischgespräch" in html
    # Each language offered in its own words (the option's lang says so): not "Englisch".
    assert '<option value="de" lang="de" selected>Deutsch</option>' in html
    assert '<option value="en-gb" lang="en-gb">English</option>' in html


def test_a_message_left_for_the_next_page_shows_once_on_the_game_page(client, ana, duo):
    client.force_login(ana)
    client.post(reverse("games:vacation_start"))  # its redirect is not followed
    game_url = reverse("games:game", args=[duo.pk])

    first = client.get(game_url).content.decode()
    again = client.get(game_url).content.decode()

    assert '<div class="messages" role="status">' in first and "You are on vacation" in first
    assert "You are on vacation" not in again


def test_a_page_drawn_without_a_request_still_has_its_header_and_foot():
    """As Django's error views may draw a page: no user, no token, no path."""
    html = render_to_string("404.html", {})
    assert "Sign in" in html and "Sign up" in html and 'id="nav-mine"' not in html
    assert '<input type="hidden" name="next" value="">' in html
    assert "csrfmiddlewaretoken" not in html


@pytest.mark.parametrize("name", ["site_languages", "url", "static", "waiting_count"])
def test_a_page_whose_context_would_hide_the_headers_helpers_is_refused_loudly(name):
    """A view passing ``languages`` once changed the foot's list of the site's languages
    on the lobby, silently; a name that hides one of the site's helpers now fails at once."""
    with pytest.raises(ImproperlyConfigured, match=name):  # a Django page, with its chrome
        render_to_string("404.html", {name: "something of the view's own"})
    with pytest.raises(ImproperlyConfigured, match=name):  # a page drawn by Jinja
        jinja.render("site/footer.jinja", {name: "something of the view's own"})
