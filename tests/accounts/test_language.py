"""A person chooses the site's language; a player's choice follows them to every page and
into their mails."""

import pytest
from django.conf import settings
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_guest_who_chooses_german_keeps_it_in_a_cookie_and_returns_to_the_page(client):
    answer = client.post(reverse("accounts:language"), {"language": "de", "next": "/lobby/"})
    assert answer.status_code == 302 and answer["Location"] == "/lobby/"
    assert answer.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    assert client.get("/lobby/")["Content-Language"] == "de"


def test_a_players_choice_is_saved_on_the_account_and_wins_over_the_browser(client):
    ana = UserFactory(username="ana")
    client.force_login(ana)
    client.post(reverse("accounts:language"), {"language": "de", "next": "/"})
    ana.refresh_from_db()
    assert ana.language == "de"
    client.cookies.clear()
    client.force_login(ana)
    page = client.get("/lobby/", HTTP_ACCEPT_LANGUAGE="en")
    assert page["Content-Language"] == "de"


def test_without_a_choice_the_browsers_language_is_used(client):
    assert client.get("/lobby/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9")["Content-Language"] == "de"
    assert client.get("/lobby/", HTTP_ACCEPT_LANGUAGE="fr")["Content-Language"] == "en-gb"


def test_a_language_we_do_not_offer_is_refused_and_changes_nothing(client):
    ana = UserFactory(username="ana")
    client.force_login(ana)
    answer = client.post(reverse("accounts:language"), {"language": "xx"})
    assert answer.status_code == 400
    ana.refresh_from_db()
    assert ana.language == ""


def test_choosing_a_language_never_sends_you_to_another_site(client):
    answer = client.post(
        reverse("accounts:language"), {"language": "de", "next": "https://evil.example/"}
    )
    assert answer["Location"] == "/"


def test_choosing_a_language_is_a_post(client):
    assert client.get(reverse("accounts:language")).status_code == 405


def _german(text: str) -> str:
    from django.utils import translation

    with translation.override("de"):
        return translation.gettext(text)


@pytest.mark.parametrize(
    "path", ["/", "/lobby/", "/rules/silk-road/", "/accounts/login/", "/archive/"]
)
def test_the_site_pages_speak_german_to_a_german_browser(client, path):
    page = client.get(path, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    for english in ("Lobby", "New table", "Archive"):  # the navigation every page has
        assert _german(english) in page
    assert "New table" not in page and _german("New table") != "New table"
    assert 'lang="de"' in page


def test_a_player_chooses_german_on_the_settings_page(client):
    ana = UserFactory(username="ana")
    client.force_login(ana)
    page = client.get(reverse("accounts:settings")).content.decode()
    assert 'name="language"' in page and "Deutsch" in page
