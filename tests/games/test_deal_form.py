"""games.web.deals: the deal composer drawn from the engine's schema, and the posted form."""

import pytest

from games.engine.deals import DealTerms, Term
from games.errors import InvalidInput
from games.web.deals import composer, posted_offer

NAMES = ["ana", "ben", "cy"]
CARDS = Term(
    "cards",
    "Hand cards",
    (("tea", "Tea"), ("desert", "Desert"), ("silk", "Silk")),
    hidden=True,
    unit=("card", "cards"),
)
GOODS = Term("goods", "Goods from the caravan", (("silk", "Silk"), ("gold", "Gold")))
# The shape of Silk Road's schema: own cards, any cards asked, caravan goods.
TERMS = DealTerms(
    partners=(1, 2),
    terms=(CARDS, GOODS),
    give={"cards": {"tea": 2, "desert": 1}, "goods": {}},
    get={
        1: {"cards": {"tea": 6, "desert": 6, "silk": 6}, "goods": {"silk": 2}},
        2: {"cards": {"tea": 6, "desert": 6, "silk": 6}, "goods": {"silk": 1, "gold": 1}},
    },
    max_items=6,
)


def test_the_composer_follows_the_schema():
    form = composer(TERMS, NAMES, counterable=[(4, "ben offers Tea for Silk")])
    assert form.partners == (("1", "ben"), ("2", "cy"))
    (cards,) = form.give  # no goods to give: no stepper for them
    assert cards.label == "Hand cards" and cards.hidden
    assert [(s.kind, s.most) for s in cards.steppers] == [("tea", 2), ("desert", 1)]
    asked = {group.label: [(s.kind, s.most) for s in group.steppers] for group in form.get}
    assert asked == {
        "Hand cards": [("tea", 6), ("desert", 6), ("silk", 6)],
        "Goods from the caravan": [("silk", 2), ("gold", 1)],  # the most any partner has
    }
    assert form.counters == ((4, "ben offers Tea for Silk"),)
    assert not form.standing


def test_the_posted_form_becomes_an_offer_action():
    data = {
        "deal-to": "2",
        "deal-give-cards-tea": "2",
        "deal-give-cards-desert": "0",
        "deal-get-cards-silk": "1",
        "deal-get-goods-gold": "1",
    }
    action = posted_offer(TERMS, data)
    assert action.to_json() == {
        "type": "offer",
        "to": 2,
        "give_cards": ["tea", "tea"],
        "get_cards": ["silk"],
        "get_goods": ["gold"],
    }


def test_a_counter_offer_names_the_offer_it_answers():
    data = {"deal-to": "1", "deal-give-cards-tea": "1", "deal-answers": "4"}
    action = posted_offer(TERMS, data, counterable=[4])
    assert action.get("answers") == 4


def test_a_standing_order_where_the_game_allows_them():
    standing = DealTerms(**{**TERMS.__dict__, "standing": True})
    assert composer(standing, NAMES).partners[-1] == ("anyone", "Anyone (a standing order)")
    data = {"deal-to": "anyone", "deal-give-cards-tea": "1", "deal-uses": "3"}
    assert posted_offer(standing, data).to_json() == {
        "type": "offer",
        "standing": True,
        "uses": 3,
        "give_cards": ["tea"],
    }


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"deal-to": "0"},
        {"deal-to": "anyone", "deal-give-cards-tea": "1"},
        {"deal-to": "1", "deal-give-cards-tea": "3"},
        {"deal-to": "1", "deal-give-cards-tea": "-1"},
        {"deal-to": "1", "deal-give-cards-tea": "two"},
        {"deal-to": "1", "deal-get-cards-tea": "9" * 5000},
        {"deal-to": "1", "deal-give-cards-tea": "1", "deal-answers": "4"},  # nothing to counter
        {"deal-to": "1", "deal-get-goods-gold": "1"},  # ben carries no Gold: the schema says 0
        {"deal-to": "1"},
    ],
)
def test_bad_forms_are_refused(data):
    with pytest.raises(InvalidInput):
        posted_offer(TERMS, data)


def test_what_is_asked_is_bounded_per_partner_for_the_page_to_show():
    form = composer(TERMS, NAMES)
    goods = next(group for group in form.get if group.label == "Goods from the caravan")
    most_by = {s.kind: s.most_by for s in goods.steppers}
    assert most_by == {"silk": (("1", 2), ("2", 1)), "gold": (("1", 0), ("2", 1))}
    assert goods.steppers[1].most_by_text == "1:0 2:1"
    assert all(not s.most_by for group in form.give for s in group.steppers)
    assert [side.name for side in form.sides] == ["give", "get"]


def test_asking_a_partner_for_more_than_it_holds_names_the_rule():
    with pytest.raises(InvalidInput, match="they do not have that many to give"):
        posted_offer(TERMS, {"deal-to": "1", "deal-get-goods-gold": "1"})


def test_an_empty_offer_is_refused_as_empty():
    with pytest.raises(InvalidInput, match="at least one thing"):
        posted_offer(TERMS, {"deal-to": "1", "deal-give-cards-tea": "0"})
