"""City cards: the supplement's examples and the rules of using a card."""

import pytest

from games.engine.marco_polo import RULES
from games.engine.marco_polo import scenario as sc


def seat(state, n=0):
    return state["seats"][n]


def with_card(number, dice=(3, 1, 1, 1, 1), city="moscow", players=3):
    state = sc.game(players=players, dice=list(dice))
    sc.card(state, city, number)
    sc.post(state, 0, city)
    return state


def uses(state):
    return sc.legal(state, 0, "use")


def test_alice_places_a_2_on_the_silk_card_and_takes_1_silk():
    state = with_card(sc.card_of("tier", good="silk"), dice=[2, 1, 1, 1, 1])
    state = sc.place(state, 0, "card-moscow", 2)
    assert seat(state)["silk"] == 1 and state["turn"]["main"]


@pytest.mark.parametrize(
    "good, die, amount", [("silk", 4, 3), ("gold", 5, 1), ("gold", 6, 3), ("pepper", 2, 3)]
)
def test_goods_cards_pay_by_the_die_tier(good, die, amount):
    state = with_card(sc.card_of("tier", good=good), dice=[die, 1, 1, 1, 1])
    state = sc.place(state, 0, "card-moscow", die)
    assert seat(state)[good] == amount


def test_a_3_on_2_coins_per_completed_contract_pays_for_3_of_4_contracts():
    state = with_card(sc.card_of("per_contract", gain="2$"), dice=[3, 1, 1, 1, 1])
    sc.hold(state, 0, [], done=[0, 1, 2, 3])
    coins = seat(state)["coins"]
    state = sc.place(state, 0, "card-moscow", 3)
    assert seat(state)["coins"] == coins + 6


def test_a_5_on_2_coins_per_completed_contract_pays_for_the_2_completed():
    state = with_card(sc.card_of("per_contract", gain="2$"), dice=[5, 1, 1, 1, 1])
    sc.hold(state, 0, [], done=[0, 1])
    coins = seat(state)["coins"]
    state = sc.place(state, 0, "card-moscow", 5)
    assert seat(state)["coins"] == coins + 4


def test_points_per_trading_post_count_up_to_the_die():
    state = with_card(sc.card_of("per_post", gain="1VP"), dice=[2, 1, 1, 1, 1])
    sc.post(state, 0, "anxi", "xian")
    state = sc.place(state, 0, "card-moscow", 2)
    assert seat(state)["vp"]["cards"] == 2


def test_alice_places_a_5_on_the_coins_card_and_takes_10():
    state = with_card(sc.card_of("gain", gain="2$"), dice=[5, 1, 1, 1, 1])
    coins = seat(state)["coins"]
    state = sc.place(state, 0, "card-moscow", 5)
    assert seat(state)["coins"] == coins + 10


def test_adele_places_a_5_and_takes_the_bonus_of_her_two_small_cities():
    state = with_card(sc.card_of("bonus"), dice=[5, 1, 1, 1, 1])
    sc.post(state, 0, "anxi", "kochi")  # 5 coins; 3 VP
    coins = seat(state)["coins"]
    state = sc.place(state, 0, "card-moscow", 5)
    assert {a["city"] for a in uses(state)} == {"anxi", "kochi"}
    state, _ = sc.play(state, 0, "use", city="anxi")
    assert {a["city"] for a in uses(state)} == {"kochi"}  # a different city each time
    state, _ = sc.play(state, 0, "use", city="kochi")
    assert seat(state)["coins"] == coins + 5 and seat(state)["vp"]["bonuses"] == 3
    assert state["turn"]["main"] and state["turn"]["step"] == "free"


def test_a_bonus_card_with_a_4_takes_only_one_city():
    state = with_card(sc.card_of("bonus"), dice=[4, 1, 1, 1, 1])
    sc.post(state, 0, "anxi", "kochi")
    state = sc.place(state, 0, "card-moscow", 4)
    state, _ = sc.play(state, 0, "use", city="kochi")
    assert state["turn"]["step"] == "free"


def test_alice_pays_3_coins_for_the_bonuses_of_3_of_her_cities_with_a_4():
    state = with_card(sc.card_of("paid_bonus"), dice=[4, 1, 1, 1, 1])
    sc.post(state, 0, "anxi", "ormuz", "adana")
    sc.give(state, 0, coins=3, camels=0)
    state = sc.place(state, 0, "card-moscow", 4)
    for city in ("anxi", "ormuz", "adana"):
        state, _ = sc.play(state, 0, "use", city=city)
    # 3 paid; Anxi 5 coins, Ormuz 3 camels, Adana 1 camel and 3 coins
    assert seat(state)["coins"] == 8 and seat(state)["camels"] == 4


def test_a_camel_for_3_coins_five_times_with_a_5():
    card = sc.card_of("swap", trades=(("Ca", "3$"), ("1$", "Ca")))
    state = with_card(card, dice=[5, 1, 1, 1, 1])
    sc.give(state, 0, camels=5, coins=0)
    state = sc.place(state, 0, "card-moscow", 5)
    for _ in range(5):
        state, _ = sc.play(state, 0, "use", trade=0)
    assert seat(state)["camels"] == 0 and seat(state)["coins"] == 15


def test_a_swap_card_makes_the_same_exchange_each_time():
    card = sc.card_of("swap", trades=(("Ca", "3$"), ("1$", "Ca")))
    state = with_card(card, dice=[5, 1, 1, 1, 1])
    sc.give(state, 0, camels=5, coins=5)
    state = sc.place(state, 0, "card-moscow", 5)
    assert {a["trade"] for a in uses(state)} == {0, 1}
    state, _ = sc.play(state, 0, "use", trade=1)
    assert {a["trade"] for a in uses(state)} == {1}


def test_yellow_places_a_3_and_trades_2_gold_and_2_camels_for_8_points():
    state = with_card(sc.card_of("trade", trades=(("Ca G", "4VP"),)), dice=[3, 1, 1, 1, 1])
    sc.give(state, 0, camels=2, gold=2)
    state = sc.place(state, 0, "card-moscow", 3)
    state, _ = sc.play(state, 0, "use", trade=0)
    state, _ = sc.play(state, 0, "use", trade=0)
    # nothing left to trade: the card is done
    assert seat(state)["vp"]["cards"] == 8 and state["turn"]["step"] == "free"


def test_a_card_may_be_used_fewer_times_than_the_die_allows():
    state = with_card(sc.card_of("trade", trades=(("Ca G", "4VP"),)), dice=[3, 1, 1, 1, 1])
    sc.give(state, 0, camels=3, gold=3)
    state = sc.place(state, 0, "card-moscow", 3)
    state, _ = sc.play(state, 0, "use", trade=0)
    state, _ = sc.play(state, 0, "done")
    assert seat(state)["vp"]["cards"] == 4 and seat(state)["gold"] == 2


def test_goods_of_your_choice_on_a_card_are_chosen_per_use():
    state = with_card(sc.card_of("trade", trades=(("2$", "good"),)), dice=[2, 1, 1, 1, 1])
    sc.give(state, 0, coins=4)
    state = sc.place(state, 0, "card-moscow", 2)
    assert {a["good"] for a in uses(state)} == {"pepper", "silk", "gold"}
    state, _ = sc.play(state, 0, "use", trade=0, good="silk")
    state, _ = sc.play(state, 0, "use", trade=0, good="gold")
    assert (seat(state)["silk"], seat(state)["gold"], seat(state)["coins"]) == (1, 1, 0)


def test_two_different_goods_buy_a_free_step():
    state = with_card(sc.card_of("trade", trades=(("2diff", "move"),)), dice=[1, 1, 1, 1, 1])
    sc.give(state, 0, pepper=2, silk=0, gold=0)
    assert "card-moscow" not in [a["space"] for a in sc.legal(state, 0, "space")]
    sc.give(state, 0, silk=1)
    state = sc.place(state, 0, "card-moscow", 1)
    state, _ = sc.play(state, 0, "use", trade=0, goods=["pepper", "silk"])
    assert seat(state)["pending"] == [{"kind": "move"}]


def test_points_can_be_sold_for_coins_only_if_you_have_them():
    card = sc.card_of("swap", trades=(("1VP", "3$"), ("3$", "1VP")))
    state = with_card(card, dice=[2, 1, 1, 1, 1])
    sc.give(state, 0, coins=0, vp=0)
    assert "card-moscow" not in [a["space"] for a in sc.legal(state, 0, "space")]
    sc.give(state, 0, vp=1)
    state = sc.place(state, 0, "card-moscow", 2)
    state, _ = sc.play(state, 0, "use", trade=0)
    assert sum(seat(state)["vp"].values()) == 0 and seat(state)["coins"] == 3


def test_a_city_card_needs_your_trading_post_in_its_city():
    state = sc.game(dice=[3, 3, 3, 3, 3])
    sc.card(state, "karachi", sc.card_of("gain", gain="2$"))
    assert "card-karachi" not in [a["space"] for a in sc.legal(state, 0, "space")]
    sc.post(state, 0, "karachi")
    assert "card-karachi" in [a["space"] for a in sc.legal(state, 0, "space")]


def test_a_city_card_is_used_once_per_round_by_anybody():
    state = with_card(sc.card_of("gain", gain="2$"), dice=[3, 3, 3, 3, 3])
    sc.post(state, 1, "moscow")
    state = sc.place(state, 0, "card-moscow", 3)
    state, _ = sc.play(state, 0, "end_turn")
    assert RULES.to_act(state) == (1,)
    assert "card-moscow" not in [a["space"] for a in sc.legal(state, 1, "space")]


def test_each_of_sumatras_three_cards_is_used_on_its_own():
    state = sc.game(dice=[2, 2, 2, 2, 2])
    for n in (1, 2, 3):
        sc.card(state, f"sumatra-{n}", sc.card_of("gain", gain="2$"))
    sc.post(state, 0, "sumatra")
    spaces = [a["space"] for a in sc.legal(state, 0, "space")]
    assert {"card-sumatra-1", "card-sumatra-2", "card-sumatra-3"} <= set(spaces)
