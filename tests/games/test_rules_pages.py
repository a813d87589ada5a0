"""Every playable game has a rules page that says what we designed ourselves."""

import pytest
from django.urls import reverse

from games import engine


@pytest.mark.django_db
@pytest.mark.parametrize("slug", engine.slugs())
def test_every_game_has_a_rules_page(client, slug):
    response = client.get(reverse("games:rules", args=[slug]))
    assert response.status_code == 200
    assert engine.get(slug).name.split(":")[0] in response.content.decode()


@pytest.mark.django_db
def test_an_unknown_game_has_no_rules_page(client):
    assert client.get("/rules/chess/").status_code == 404


@pytest.mark.django_db
def test_the_home_page_links_each_rules_page(client):
    page = client.get("/").content.decode()
    for slug in engine.slugs():
        assert reverse("games:rules", args=[slug]) in page


@pytest.mark.django_db
def test_a_german_reader_gets_silk_roads_rules_in_german(client):
    page = client.get(
        reverse("games:rules", args=["silk-road"]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Übersetzt aus dem Englischen" in page
    assert "has not been translated" not in page


@pytest.mark.django_db
def test_rules_not_yet_translated_say_so_and_come_in_english(client):
    page = client.get(
        reverse("games:rules", args=["samarkand"]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert '<div lang="en">' in page
    english = client.get(reverse("games:rules", args=["samarkand"])).content.decode()
    assert '<div lang="en">' not in english
