"""Which of the listed choices a Silk Road hand card offers when tapped."""

from types import SimpleNamespace

from games.engine.silk_road import data
from games.web.boards.silk_road import card_choices, card_text


def choice(type_, **params):
    return SimpleNamespace(type=type_, params=params, label=type_)


GROUPS = {
    "buy": [choice("buy", good="tea", count=1), choice("buy", good="tea", count=2)],
    "trade_draw": [choice("trade_draw")],
    "sell": [choice("sell"), choice("sell", trade="gold")],
    "road": [choice("road", card="desert", toward="arabia")],
    "negate": [choice("negate")],
    "pass": [choice("pass")],
}


def test_a_goods_card_offers_its_purchases():
    assert [c.params["count"] for c in card_choices(GROUPS, "tea")] == [1, 2]


def test_a_trade_card_offers_drawing_and_selling_with_trade_but_not_a_plain_sale():
    assert [(c.type, c.params) for c in card_choices(GROUPS, "trade")] == [
        ("trade_draw", {}),
        ("sell", {"trade": "gold"}),
    ]


def test_road_and_guard_cards_offer_their_moves_and_passing_belongs_to_no_card():
    assert [c.type for c in card_choices(GROUPS, "desert")] == ["road"]
    assert [c.type for c in card_choices(GROUPS, "guard")] == ["negate"]
    assert card_choices(GROUPS, "silk") == [] and card_choices(None, "tea") == []


def test_every_card_has_its_text():
    assert all(card_text(kind) for kind in data.KINDS)
    assert "move 1 space" in card_text("mountains")
    assert card_text("nonsense") == ""
