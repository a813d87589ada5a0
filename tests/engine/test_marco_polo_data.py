"""The Voyages of Marco Polo's component data, checked against the data file's facts."""

import heapq
from collections import Counter

import pytest

from games.engine.marco_polo import board, data


def test_there_are_44_contracts_of_which_6_are_starting_contracts():
    assert [number for number, _, _ in data.CONTRACTS] == list(range(44))
    assert len(data.STARTING_CONTRACTS) == 6
    others = 44 - 6
    assert others == data.ROUND_PILES * data.PILE_SIZE + 8  # 5 piles of 6, a special pile of 8


def test_every_contract_costs_camels_and_goods_and_rewards_points():
    for number, (cost, reward) in board.CONTRACTS.items():
        assert cost.get("camels", 0) >= 1, number
        assert sum(cost.get(g, 0) for g in data.GOODS) >= 1, number
        assert reward.get("vp", 0) >= 1, number


def test_contract_texts_read_as_the_cards_do():
    assert board.CONTRACTS[23] == (
        {"camels": 3, "pepper": 1, "silk": 2, "gold": 1},
        {"camels": 3, "contract": 1, "vp": 5},
    )
    assert board.CONTRACTS[14][1] == {"2diff": 1, "vp": 5}
    assert board.CONTRACTS[10][1] == {"good": 1, "black": 1, "vp": 5}


def test_the_map_has_30_routes_7_large_6_small_cities_and_10_oases():
    assert len(data.ROUTES) == 30
    assert len(data.LARGE_CITIES) == 7 and len(data.SMALL_CITIES) == 6 and len(data.OASES) == 10
    assert len(data.PLACES) == 7 + 6 + 10 + 2  # and Venezia and Beijing
    for a, b, _ in data.ROUTES:
        assert a in data.PLACES and b in data.PLACES
    assert len({frozenset((a, b)) for a, b, _ in data.ROUTES}) == 30


def test_the_map_is_connected():
    seen, todo = {data.START}, [data.START]
    while todo:
        for near in board.NEIGHBOURS[todo.pop()]:
            if near not in seen:
                seen.add(near)
                todo.append(near)
    assert seen == set(data.PLACES)


def test_the_cheapest_way_from_venezia_to_beijing_is_the_northern_road():
    # the data file's known check: each step weighs 3 + coins + 2 x camels
    def weight(a, b):
        cost = board.route_cost(a, b)
        return 3 + cost.get("coins", 0) + 2 * cost.get("camels", 0)

    best = {data.START: (0, [data.START])}
    queue = [(0, data.START, [data.START])]
    while queue:
        dist, place, path = heapq.heappop(queue)
        for near in board.NEIGHBOURS[place]:
            new = dist + weight(place, near)
            if near not in best or new < best[near][0]:
                best[near] = (new, path + [near])
                heapq.heappush(queue, (new, near, path + [near]))
    expected = ["venezia", "o1", "moscow", "anxi", "karakorum", "o5", "o6", "beijing"]
    assert best["beijing"][1] == expected


def test_routes_carry_their_printed_extra_costs():
    assert board.route_cost("alexandria", "o17") == {"coins": 7}
    assert board.route_cost("o17", "alexandria") == {"coins": 7}
    assert board.route_cost("adana", "kochi") == {"coins": 15}
    assert board.route_cost("o11", "kashgar") == {"camels": 4}
    assert board.route_cost("venezia", "o1") == {}


def test_travel_costs_3_7_12_12_18_18_coins_for_1_to_6_steps():
    assert [data.TRAVEL_COST[n] for n in range(1, 7)] == [3, 7, 12, 12, 18, 18]


@pytest.mark.parametrize(
    "kind, dice, columns",
    [
        ("camels", 1, ["1Ca", "2Ca", "3Ca", "4Ca", "5Ca", "6Ca"]),
        ("pepper", 1, ["1P", "2P", "2P 1$", "3P", "3P 2$", "4P"]),
        ("silk", 2, ["1S", "2S", "2S 1Ca", "3S", "3S 1Ca 1$", "4S"]),
        ("gold", 3, ["1G", "2G", "2G 2Ca", "3G", "3G move", "4G"]),
    ],
)
def test_the_grand_bazaar_table(kind, dice, columns):
    assert data.BAZAAR[kind] == (dice, tuple(columns))


def test_there_are_31_city_cards_and_9_places_for_them():
    assert len(data.CITY_CARDS) == 31
    assert len(data.CARD_SLOTS) == 9
    cities = Counter(board.CARD_SLOT_CITY[slot] for slot in data.CARD_SLOTS)
    assert cities["sumatra"] == 3 and set(cities) == set(data.LARGE_CITIES)


def test_every_city_card_reads_in_words():
    for card in range(31):
        assert board.card_text(card)


def test_there_are_18_goal_cards_between_a_large_and_a_small_city():
    assert len(data.GOALS) == 18
    for first, second, points in data.GOALS:
        assert first in data.LARGE_CITIES and second in data.SMALL_CITIES
        assert 4 <= points <= 8
    assert data.GOAL_CITY_POINTS[1:] == (1, 3, 6, 10)


def test_bonuses_10_outposts_and_6_small_city_markers():
    assert len(data.OUTPOST_BONUSES) == 10
    assert len(data.CITY_BONUSES) == 6
    assert set(data.BASIC_CITY_BONUS) == set(data.SMALL_CITIES)
    assert set(data.BASIC_CITY_BONUS.values()) == set(data.CITY_BONUSES)


def test_ten_character_tiles_of_eight_characters():
    assert len(data.CHARACTER_TILES) == 10
    assert {key for key, _ in data.CHARACTER_TILES} == set(data.CHARACTERS)
    assert len(data.CHARACTERS) == 8
    assert data.FIRST_GAME_CHARACTERS == ("raschid", "matteo", "berke", "mercator")


def test_black_dice_are_one_more_than_the_players():
    assert data.BLACK_DICE == {2: 3, 3: 4, 4: 5}


def test_amount_texts_are_parsed_and_unknown_items_refused():
    assert data.items("3Ca 4$ 5VP") == {"camels": 3, "coins": 4, "vp": 5}
    assert data.items("2diff move") == {"2diff": 1, "move": 1}
    with pytest.raises(ValueError):
        data.items("3X")
