"""Merchants of Araby's designed components: the rulebook's counts and the resolution data."""

from __future__ import annotations

from collections import Counter

from games.engine.merchants_of_araby import data


def _kinds():
    return Counter(card["kind"] for card in data.CARDS.values())


def test_the_components_have_the_rulebooks_counts():
    assert len(data.PRODUCTS) == 4
    assert _kinds() == {"persona": 5, "merchant": 16, "ally": 27, "virtue": 19, "djinn": 14}
    assert len(data.CARAVANS) == 20
    assert len(data.CARDS) + len(data.CARAVANS) == 101
    assert data.COIN_TOTAL == 300


def test_the_rulebooks_named_cards_exist():
    names = {card["name"]: card for card in data.CARDS.values()}
    assert names["Merchant Princess of Fabrics"]["effect"] == ("produce", "fabrics")
    assert names["Generosity"]["kind"] == "virtue" and "fabrics" in names["Generosity"]["icons"]
    assert names["Invigoration"]["kind"] == "djinn" and "coin" in names["Invigoration"]["icons"]
    assert names["Rejuvenation"]["kind"] == "djinn"
    assert names["Fabrics Merchant"]["cost"] == ("fabrics", "coin")
    assert "fabrics" in names["Fabrics Merchant"]["icons"]


def test_one_persona_has_an_ability_other_than_a_single_product():
    verbs = [card["effect"][0] for card in data.CARDS.values() if card["kind"] == "persona"]
    assert any(verb != "produce" for verb in verbs)


def test_every_deck_card_has_a_cost_an_effect_discard_icons_and_resolution_data():
    for card_id in data.DECK_IDS:
        card = data.CARDS[card_id]
        assert card["cost"] and card["icons"], card_id
        assert all(unit in (*data.PRODUCTS, "coin") for unit in card["cost"] + card["icons"])
        assert card["effect"][0] in data.EFFECTS
        bandit, top, middle, bottom = card["resolution"]
        assert 1 <= bandit <= 9
        assert bottom > middle >= top >= 1, card_id
        assert data.effect_text(card_id) and data.cost_text(card_id)


def test_bandits_strike_the_bottom_row_most_and_the_top_row_least():
    rows = Counter(
        (card["resolution"][0] - 1) // 3 for card in data.CARDS.values() if card["resolution"]
    )
    assert rows[2] > rows[1] > rows[0] > 0
    assert set(
        Counter(card["resolution"][0] for card in data.CARDS.values() if card["resolution"])
    ) == set(range(1, 10))


def test_caravan_cards_are_three_by_three_grids_of_the_four_products():
    for grid in data.GRIDS.values():
        assert len(grid) == 9
        assert set(grid) == set(data.PRODUCTS)


def test_only_reaction_cards_mention_bandits_or_payouts():
    for verb, text in data.EFFECTS.items():
        assert (verb in data.REACTIONS) == ("Bandits" in text or "Payouts" in text)
