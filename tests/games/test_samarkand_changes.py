"""Samarkand's board marks what the other player changed since your last turn: their
marriage, their camels, the goods markers they took and what that did to your cards."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from games import engine
from games.engine import Action
from games.engine.samarkand import board
from games.play import acting, tables
from games.read import game_page
from tests.games.helpers import seen_by

pytestmark = pytest.mark.django_db

SEATS = {"ana": 0, "ben": 1}
SPACES = list(board.SPACE_ORDER)
MARK = re.compile(r'class="(?:[^"]*\s)?changed[\s"]')


def _table(ana, ben):
    table = tables.game_create(creator=ana, game="samarkand", players=2, random_seat_order=False)
    tables.game_join(game_id=table.pk, user=ben)
    table.refresh_from_db()
    return table


def _play(game, user, type_, **params):
    version, _ = seen_by(game, user)
    acting.game_act(
        game_id=game.pk, user=user, action=Action.make(type_, **params), expected_version=version
    )
    game.refresh_from_db()


def _marry(game, user, family):
    _play(game, user, "marry")
    _play(game, user, "marry_family", family=family)
    if game.state["active"] == SEATS[user.username]:  # the drawn cards: keep them all
        _play(game, user, "keep_cards")


def _one_camel(game, user, family, space):
    _play(game, user, "expand")
    _play(game, user, "expand_family", family=family)
    _play(game, user, "place", space=space)
    if game.state["active"] == SEATS[user.username]:  # a second camel was possible
        _play(game, user, "stop")


def _page(client, user, game) -> str:
    client.force_login(user)
    return client.get(reverse("games:game", args=[game.pk])).content.decode()


def _marked(html: str, upto: str) -> bool:
    """Whether the last element opened by the end of the first ``upto`` is marked (a
    symbol drawn inside it, ``<svg><use/></svg>``, does not count)."""
    end = html.index(upto) + len(upto)
    start = [m.start() for m in re.finditer(r"<(?![/!]|svg|use)", html[:end])][-1]
    tag = html[start : html.index(">", start)]
    classes = re.search(r'class="([^"]*)"', tag)
    return classes is not None and "changed" in classes.group(1).split()


def _seat(page: str, seat: int) -> str:
    start = page.index(f'class="sk-seat seat-colour-{seat}')
    return page[start : page.index("</li>", start)]


def _domain(page: str, family: str) -> str:
    start = page.index(f"</span>{board.family_name(family)}</span>")
    return page[start : page.index("</li>", start)]


def _space(page: str, space: str) -> str:
    start = page.index(f"<title>{board.space_label(space)}")
    return page[start : page.index("</g>", start)]


def test_the_other_players_marriage_is_marked_on_their_tile_their_money_and_the_family(
    client, ana, ben
):
    game = _table(ana, ben)
    _marry(game, ana, "mongol")
    _marry(game, ben, "persian")

    page = _page(client, ana, game)
    bens, anas = _seat(page, 1), _seat(page, 0)
    assert _marked(bens, 'title="Persian family tile"')
    assert _marked(bens, "</b> Dirham")
    assert _marked(bens, "</b>/10 cards")
    assert not _marked(anas, 'title="Mongol family tile"')
    assert not _marked(anas, "</b> Dirham")
    assert not _marked(anas, "</b>/10 cards")

    persian, mongol = _domain(page, "persian"), _domain(page, "mongol")
    assert _marked(persian, "Treasury <b")
    assert not _marked(mongol, "Treasury <b")
    assert _marked(page, f"{len(game.state['deck'])}</b> · discards")


def test_a_camel_the_other_player_placed_on_goods_is_marked_with_the_marker_they_took(
    client, ana, ben
):
    game = _table(ana, ben)
    _marry(game, ana, "mongol")
    _marry(game, ben, "persian")
    _one_camel(game, ana, "mongol", "orkhon-valley")
    _one_camel(game, ben, "persian", "saffron")
    assert game.state["camels"]["saffron"] == ["persian"]

    page = _page(client, ana, game)
    saffron = _space(page, "saffron")
    assert _marked(saffron, 'cx="0"'), "Ben's new camel"
    assert _marked(saffron, 'x="-10" y="-25"'), "the goods marker he took"
    assert not _marked(_space(page, "orkhon-valley"), 'cx="0"'), "Ana's own camel"
    assert not _marked(_space(page, "ivory"), 'x="-10" y="-25"'), "a marker still there"

    label = board.goods_label(board.SPACES["saffron"]["number"])
    assert _marked(_seat(page, 1), f">{label}</span>")
    assert _marked(_domain(page, "persian"), "Camels <b")
    assert not _marked(_domain(page, "mongol"), "Camels <b")

    bens_page = _page(client, ben, game)  # Ben moved last: nothing is news to him
    drawn = bens_page[bens_page.index('class="sk samarkand"') : bens_page.index('class="sk-hand"')]
    assert not MARK.search(drawn)


def _board(view, changed) -> str:
    return render_to_string(
        game_page.board_templates("samarkand")["board_template"],
        {
            "view": view,
            "seat": 0,
            "names": ["Ana", "Ben"],
            "colours": ["#c00", "#00c"],
            "choices_by_type": {},
            "changed": frozenset(changed),
        },
    )


def test_your_card_sold_by_the_others_camel_is_marked_with_the_money_it_brought():
    rules = engine.get("samarkand")
    state = rules.setup(2, {}, 7)
    state["seats"][0]["sold"] = [state["seats"][0]["hand"].pop()]
    view = rules.view(state, 0)
    label = view["seats"][0]["sold"][0]
    html = _board(view, {"seats", "seats.0", "seats.0.sold", "seats.0.sold.0", "seats.0.money"})

    anas, bens = _seat(html, 0), _seat(html, 1)
    assert _marked(anas, f'title="Sold for 3 Dirham: no points">{label}')
    assert _marked(anas, "</b> Dirham")
    assert not _marked(bens, "</b> Dirham")
    assert not _marked(anas, "</b>/10 cards")


def test_a_map_space_is_marked_only_where_its_camels_or_marker_changed():
    rules = engine.get("samarkand")
    state = rules.setup(2, {}, 7)
    state["camels"]["saffron"] = ["persian", "indian"]
    saffron = SPACES.index("saffron")
    html = _board(rules.view(state, 0), {f"spaces.{saffron}.camels.1"})

    space = _space(html, "saffron")
    assert not _marked(space, 'cx="-11"'), "the camel that was there before"
    assert _marked(space, 'cx="11"'), "the camel that joined it"
    assert not _marked(space, 'x="-10" y="-25"')
