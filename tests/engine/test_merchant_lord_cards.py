"""Merchant Lord's designed cards: the deck's shape the design promises."""

from __future__ import annotations

from collections import Counter

from games.engine.merchant_lord import cards


def sides():
    for card in cards.MERCHANTS.values():
        yield "left", card["left"]
        yield "right", card["right"]


def test_there_are_thirty_merchant_cards_with_unique_names():
    assert len(cards.MERCHANTS) == 30
    assert len({c["name"] for c in cards.MERCHANTS.values()}) == 30


def test_every_die_value_appears_five_times_on_each_side():
    for where in ("left", "right"):
        values = Counter(value for side, (value, _) in sides() if side == where)
        assert values == {value: 5 for value in range(1, 7)}


def test_the_two_sides_of_a_card_ask_for_different_goods():
    for card in cards.MERCHANTS.values():
        assert card["left"][0] != card["right"][0]


def test_every_reward_of_the_rulebook_is_on_the_cards():
    rewards = Counter(reward for _, (_, reward) in sides())
    assert set(rewards) == set(cards.REWARD_LABELS)
    for one_time in cards.ONE_TIME:
        assert rewards[one_time] == 6


def test_no_card_has_two_one_time_sides():
    for card in cards.MERCHANTS.values():
        assert not (card["left"][1] in cards.ONE_TIME and card["right"][1] in cards.ONE_TIME)


def test_the_starting_villages_are_1_6_2_5_and_3_4():
    assert [[v for v, _ in village["stalls"]] for village in cards.VILLAGES] == [
        [1, 6],
        [2, 5],
        [3, 4],
    ]


def test_the_rewards_per_die_value_are_as_the_rules_page_and_docstring_say():
    from collections import Counter
    from pathlib import Path

    from games.engine.merchant_lord import cards

    sides = Counter(card[side] for card in cards.MERCHANTS.values() for side in ("left", "right"))
    one_time = tuple(
        sum(n for (value, reward), n in sides.items() if value == v and reward in cards.ONE_TIME)
        for v in range(1, 7)
    )
    assert one_time == cards.ONE_TIME_PER_VALUE
    order = (
        cards.COIN1,
        cards.COIN2,
        cards.FAVOUR5,
        cards.FREE_CARD,
        cards.FREE_DIE,
        cards.FREE_PLACE,
    )
    page = (Path(__file__).resolve().parents[2] / "docs" / "merchant-lord.md").read_text()
    for v in range(1, 7):
        row = [sides[(v, reward)] for reward in order]
        line = f"| {v} | " + " | ".join(map(str, row)) + f" | {one_time[v - 1]} |"
        assert line in page, line
