"""games.offers: the generic offer form drawn from an engine's offer terms."""

import pytest

from games.errors import InvalidInput
from games.web.deals import offer_action, offer_fields

NAMES = ["ana", "ben", "cy"]
# The shape Silk Road uses: recipients, own cards, kinds to ask for, caravan goods.
TERMS = {
    "to": [1, 2],
    "give": {"tea": 2, "desert": 1, "guard": 0},
    "get": ["tea", "silk"],
    "give_goods": {},
    "get_goods": {"1": {"silk": 2}, "2": {"silk": 1, "gold": 1}},
    "max_cards": 6,
    "open_offers": 0,
}


def test_fields_follow_the_shape_of_the_terms():
    fields = {f.name: f for f in offer_fields(TERMS, NAMES)}
    assert set(fields) == {"to", "give", "get", "give_goods", "get_goods"}
    assert fields["to"].choices == [(1, "ben"), (2, "cy")]
    assert fields["give"].counts == [("tea", "Tea", 2), ("desert", "Desert", 1)]
    assert fields["get"].counts == [("tea", "Tea", 6), ("silk", "Silk", 6)]
    assert fields["give_goods"].counts == []
    assert fields["get_goods"].counts == [("silk", "Silk", 2), ("gold", "Gold", 1)]


def test_the_posted_form_becomes_an_offer_action():
    data = {
        "offer-to": "2",
        "offer-give-tea": "2",
        "offer-give-desert": "0",
        "offer-get-silk": "1",
        "offer-get_goods-gold": "1",
    }
    action = offer_action(TERMS, data, NAMES)
    assert action.to_json() == {
        "type": "offer",
        "to": 2,
        "give": ["tea", "tea"],
        "get": ["silk"],
        "give_goods": [],
        "get_goods": ["gold"],
    }


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"offer-to": "0"},
        {"offer-to": "1", "offer-give-tea": "3"},
        {"offer-to": "1", "offer-give-tea": "-1"},
        {"offer-to": "1", "offer-give-tea": "two"},
        {"offer-to": "1", "offer-get-tea": "9" * 5000},
    ],
)
def test_bad_forms_are_refused(data):
    with pytest.raises(InvalidInput):
        offer_action(TERMS, data, NAMES)
