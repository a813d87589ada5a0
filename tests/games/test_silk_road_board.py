"""The Silk Road game page: the drawn board, its controls, and the trade composer."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.play import tables

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def road(db, ana, ben):
    """Ana (seat 0, to buy in China) and Ben (seat 1, on road space 5)."""
    table = tables.game_create(
        creator=ana, game="silk-road", players=2, public=True, random_seat_order=False
    )
    tables.game_join(game_id=table.pk, user=ben, invite_code=table.invite_code)
    table.refresh_from_db()
    state = table.state
    state.update(turn=0, phase="buy", bought=None, move_dir=0, move_kind=None, deals=[])
    state["pos"] = [8, 5]
    state["coins"] = [10, 10]
    state["hands"] = [{"tea": 2, "mountains": 1, "trade": 1}, {"gold": 1, "desert": 2}]
    state["caravans"] = [{"silk": 1}, {"gold": 2}]
    table.state = state
    table.save(update_fields=["state"])
    return table


@pytest.fixture
def as_ana(ana):
    client = Client()
    client.force_login(ana)
    return client


def page_of(client, game) -> str:
    return client.get(reverse("games:game", args=[game.pk])).content.decode()


def test_the_road_is_drawn_from_arabia_to_china_with_every_caravan(as_ana, road):
    page = page_of(as_ana, road)
    track = page[
        page.index('class="sr-track"') : page.index("</ol>", page.index('class="sr-track"'))
    ]
    assert track.count('<li class="sr-space') == 9
    names = re.findall(r'class="sr-space-name">([^<]+)<', track)
    assert names == ["Arabia", *(f"Road {n}" for n in range(1, 8)), "China"]
    assert track.count('<span class="sr-pawn ') == 2
    assert '<use href="#sym-camel"/>' in track
    assert 'id="sym-coin"' in page and 'id="sym-good-silk"' in page  # the shared sprite


def test_every_hand_card_shows_its_full_name_and_text(as_ana, road):
    page = page_of(as_ana, road)
    for name in ("Tea", "Mountains", "Trade"):
        assert f'<span class="sr-card-name">{name}</span>' in page
    assert "Road. Play it to move 1 space" in page
    assert "×2" in page  # two Tea cards: one card with its count


def test_a_playable_card_opens_to_its_choices_which_are_plain_forms(as_ana, road):
    page = page_of(as_ana, road)
    tea = page[page.index('<details class="sr-play">') :]
    tea = tea[: tea.index("</details>")]
    assert "Tea" in tea and "Buy 1 Tea (1 coin)" in tea and "Buy 2 Tea (2 coins)" in tea
    assert f'action="{reverse("games:act", args=[road.pk])}"' in tea
    assert 'name="action"' in tea and 'hx-post="' in tea


def test_no_control_sits_inside_a_picture_role(as_ana, road):
    page = page_of(as_ana, road)
    assert 'role="img"' not in page[page.index('class="sr silk-road"') :]


def composer_of(client, game, **headers) -> str:
    return client.get(reverse("games:offer_form", args=[game.pk]), **headers).content.decode()


def test_the_trade_composer_steps_only_over_what_each_side_holds(as_ana, road):
    page = composer_of(as_ana, road, **HTMX)
    composer = page[page.index("data-composer") :]
    composer = composer[: composer.index("</form>")]
    assert 'type="number"' not in composer
    given = re.findall(r'name="deal-give-([a-z]+-[a-z]+)"', composer)
    assert given == ["cards-tea", "cards-mountains", "cards-trade", "goods-silk"]
    assert '<option value="2">2</option>' in composer  # two Tea: 0, 1 or 2
    assert "One more Tea" in composer and "One fewer Tea" in composer
    # Ben's caravan carries two Gold: that is all that may be asked of it.
    assert re.search(r'data-label="Gold" data-most-by="1:2"', composer)
    assert "deal-get-goods-silk" not in composer
    assert "data-summary" in composer


def test_the_composer_posts_an_offer_the_server_accepts(as_ana, road):
    response = as_ana.post(
        reverse("games:deal", args=[road.pk]),
        {
            "version": road.version,
            "deal-to": "1",
            "deal-give-cards-tea": "2",
            "deal-get-cards-desert": "1",
            "deal-give-goods-silk": "0",
        },
        **HTMX,
    )
    assert response.status_code == 200
    road.refresh_from_db()
    (deal,) = road.state["deals"]
    assert deal["give"] == {"cards": ["tea", "tea"]} and deal["get"] == {"cards": ["desert"]}


@pytest.mark.parametrize(
    ("fields", "rule"),
    [
        ({"deal-give-cards-tea": "3"}, "You hold 2 Tea: you can offer 0 to 2."),
        ({"deal-get-goods-gold": "3"}, "you can ask for 0 to 2, no more than they hold"),
        (
            {"deal-get-goods-gold": "1"},
            "Goods can only change hands between caravans on the same space.",
        ),
        # A count for a card one does not hold is no field of the form: the offer is empty.
        ({"deal-give-cards-silk": "1"}, "An offer must include at least one thing on either side."),
    ],
)
def test_a_refused_offer_names_the_rule(as_ana, road, fields, rule):
    response = as_ana.post(
        reverse("games:deal", args=[road.pk]),
        {"version": road.version, "deal-to": "1", **fields},
        **HTMX,
    )
    assert response.status_code == 400
    assert rule in response.content.decode()
    road.refresh_from_db()
    assert road.state["deals"] == []


def test_travel_highlights_the_reachable_space_and_offers_the_road_cards(as_ana, road):
    state = road.state
    state.update(phase="travel")
    state["hands"][0] = {"desert": 2, "guard": 1}
    road.state = state
    road.save(update_fields=["state"])
    page = page_of(as_ana, road)
    spaces = re.findall(r'<li class="sr-space([^"]*)"', page)
    assert [n for n, classes in enumerate(spaces) if "sr-reach" in classes] == [7]
    moves = page[page.index('class="sr-moves"') :]
    assert re.search(r'<button class="sr-go"[^>]*>Desert: 1 space toward Arabia</button>', moves)


def test_bandits_let_the_robbed_player_pick_the_good_to_lose(as_ana, road):
    state = road.state
    state.update(phase="robbed")
    state["caravans"][0] = {"silk": 1, "tea": 2}
    state["hands"][0] = {"mountains": 1}
    road.state = state
    road.save(update_fields=["state"])
    page = page_of(as_ana, road)
    assert "Bandits take one good: choose which" in page
    assert re.search(r'<button class="sr-go"[^>]*>Lose 1 Silk</button>', page)
    assert re.search(r'<button class="sr-go"[^>]*>Lose 1 Tea</button>', page)
