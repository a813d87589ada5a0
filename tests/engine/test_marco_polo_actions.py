"""One test per rule of the action spaces, named after what a player notices."""

import pytest

from games.engine.contract import Action, IllegalAction
from games.engine.marco_polo import RULES
from games.engine.marco_polo import scenario as sc


def seat(state, n=0):
    return state["seats"][n]


# --- Grand Bazaar ----------------------------------------------------------------------------------
def test_the_bazaar_pays_by_the_lowest_die_blue_takes_3_silk_with_a_4_and_a_5():
    state = sc.game(dice=[4, 5, 1, 2, 6])
    state = sc.place(state, 0, "bazaar-silk", 4, 5)
    assert [a["n"] for a in sc.legal(state, 0, "column")] == [1, 2, 3, 4]
    state, _ = sc.play(state, 0, "column", n=4)
    assert seat(state)["silk"] == 3
    assert state["spaces"]["bazaar-silk"] == [{"seat": 0, "dice": [["colour", 4], ["colour", 5]]}]


def test_a_lower_bazaar_column_may_be_chosen_red_takes_2_pepper_and_a_coin():
    state = sc.game(dice=[4, 1, 1, 1, 1])
    coins = seat(state)["coins"]
    state = sc.place(state, 0, "bazaar-pepper", 4)
    state, _ = sc.play(state, 0, "column", n=3)
    assert seat(state)["pepper"] == 2 and seat(state)["coins"] == coins + 1


def test_the_camel_market_gives_as_many_camels_as_the_die_green_takes_6():
    state = sc.game(dice=[6, 1, 1, 1, 1])
    camels = seat(state)["camels"]
    state = sc.place(state, 0, "bazaar-camels", 6)
    state, _ = sc.play(state, 0, "column", n=6)
    assert seat(state)["camels"] == camels + 6


def test_gold_needs_three_dice_and_silk_two():
    state = sc.game(dice=[5, 5, 5, 2, 2])
    state = sc.place(state, 0, "bazaar-gold", 5, 5)
    assert state["turn"]["step"] == "dice"  # a third die is still needed
    state, _ = sc.play(state, 0, "die", kind="colour", value=5)
    assert state["turn"]["step"] == "column"


def test_gold_column_five_gives_3_gold_and_a_free_step():
    state = sc.game(dice=[5, 5, 5, 2, 2])
    state = sc.place(state, 0, "bazaar-gold", 5, 5, 5)
    state, _ = sc.play(state, 0, "column", n=5)
    assert seat(state)["gold"] == 3
    assert seat(state)["pending"] == [{"kind": "move"}]
    assert {"step", "skip_move"} <= sc.legal_types(state, 0)


def test_a_single_pip_takes_the_first_column_at_once():
    state = sc.game(dice=[1, 3, 3, 3, 3])
    state = sc.place(state, 0, "bazaar-pepper", 1)
    assert seat(state)["pepper"] == 1 and state["turn"]["main"]


# --- Take 5 coins and fees ---------------------------------------------------------------------------
def test_take_5_coins_pays_5_whatever_the_die_shows():
    state = sc.game(dice=[3, 1, 1, 1, 1])
    coins = seat(state)["coins"]
    state = sc.place(state, 0, "coins", 3)
    assert seat(state)["coins"] == coins + 5


def test_an_occupied_space_costs_as_many_coins_as_the_lowest_die_placed():
    # Blue has 2 dice on silk; Red places a 4 and a 5, pays 4 and takes up to 3 silk
    state = sc.game(dice=[4, 5, 1, 1, 1])
    sc.occupy(state, "bazaar-silk", seat=1, values=(2, 2))
    sc.give(state, 0, coins=10)
    state = sc.place(state, 0, "bazaar-silk", 4, 5)
    assert seat(state)["coins"] == 6
    state, _ = sc.play(state, 0, "column", n=4)
    assert seat(state)["silk"] == 3


def test_an_empty_space_costs_nothing():
    state = sc.game(dice=[6, 1, 1, 1, 1])
    coins = seat(state)["coins"]
    state = sc.place(state, 0, "bazaar-camels", 6)
    assert seat(state)["coins"] == coins


def test_a_die_whose_fee_cannot_be_paid_is_not_offered():
    state = sc.game(dice=[6, 2, 3, 3, 3])
    sc.occupy(state, "bazaar-camels", seat=1)
    sc.give(state, 0, coins=2)
    state, _ = sc.play(state, 0, "space", space="bazaar-camels")
    assert sorted(a["value"] for a in sc.legal(state, 0, "die")) == [2]


def test_going_back_from_the_dice_returns_to_the_choice_of_space():
    state = sc.game()
    state, _ = sc.play(state, 0, "space", space="coins")
    state, _ = sc.play(state, 0, "back")
    assert state["turn"]["step"] == "free" and not state["turn"]["main"]
    assert len(seat(state)["dice"]) == 5


# --- colours ---------------------------------------------------------------------------------------
def test_your_colour_goes_once_per_space_but_a_black_die_may_follow():
    state = sc.game(dice=[4, 4, 4, 4, 4])
    state = sc.place(state, 0, "bazaar-camels", 4)
    state, _ = sc.play(state, 0, "column", n=4)
    state, _ = sc.play(state, 0, "end_turn")
    state = sc.turn_of(state, 0)
    assert not sc.legal(state, 0, "space") or all(
        a["space"] != "bazaar-camels" for a in sc.legal(state, 0, "space")
    )
    sc.set_dice(state, 0, [2], kind="black")
    sc.give(state, 0, coins=10)
    assert "bazaar-camels" in [a["space"] for a in sc.legal(state, 0, "space")]
    state, _ = sc.play(state, 0, "space", space="bazaar-camels")
    assert [(a["kind"], a["value"]) for a in sc.legal(state, 0, "die")] == [("black", 2)]


def test_black_dice_may_join_your_coloured_dice_in_one_placement():
    state = sc.game(dice=[5, 5, 5, 5, 5])
    sc.set_dice(state, 0, [6], kind="black")
    state, _ = sc.play(state, 0, "space", space="travel")
    state, _ = sc.play(state, 0, "die", kind="colour", value=5)
    assert ("black", 6) in [(a["kind"], a["value"]) for a in sc.legal(state, 0, "die")]


def test_the_money_bag_takes_any_die_for_3_coins_free_and_as_often_as_you_like():
    state = sc.game(dice=[1, 2, 3, 4, 5])
    sc.occupy(state, "bag", seat=1, values=(6,))
    coins = seat(state)["coins"]
    state, _ = sc.play(state, 0, "money_bag", kind="colour", value=5)
    state, _ = sc.play(state, 0, "money_bag", kind="colour", value=4)
    assert seat(state)["coins"] == coins + 6
    assert not state["turn"]["main"]  # a bonus action: the main action is still to come


# --- Khan's favor ----------------------------------------------------------------------------------
def test_khans_favor_gives_2_camels_and_a_good_of_your_choice():
    state = sc.game(dice=[3, 1, 1, 1, 1])
    camels = seat(state)["camels"]
    state = sc.place(state, 0, "khan", 3)
    assert sorted(a["good"] for a in sc.legal(state, 0)) == ["gold", "pepper", "silk"]
    state, _ = sc.play(state, 0, "take_good", good="gold")
    assert seat(state)["gold"] == 1 and seat(state)["camels"] == camels + 2


def test_khans_favor_needs_a_die_at_least_as_high_as_the_last_one():
    state = sc.game(dice=[2, 3, 4, 1, 1])
    sc.occupy(state, "khan", seat=1, values=(3,))
    state, _ = sc.play(state, 0, "space", space="khan")
    assert sorted(a["value"] for a in sc.legal(state, 0, "die")) == [3, 4]


def test_khans_favor_has_four_spaces_only():
    state = sc.game(players=4)
    for other in (1, 2, 3):
        sc.occupy(state, "khan", seat=other, values=(1,))
    sc.occupy(state, "khan", seat=0, values=(1,))
    sc.set_dice(state, 0, [6], kind="black")
    assert "khan" not in [a["space"] for a in sc.legal(state, 0, "space")]


def test_khans_favor_never_costs_a_fee():
    state = sc.game(dice=[5, 1, 1, 1, 1])
    sc.occupy(state, "khan", seat=1, values=(2,))
    coins = seat(state)["coins"]
    state = sc.place(state, 0, "khan", 5)
    assert seat(state)["coins"] == coins


# --- contracts -------------------------------------------------------------------------------------
def test_the_contract_die_decides_which_positions_may_be_taken():
    state = sc.game(dice=[3, 1, 1, 1, 1])
    sc.board_contracts(state, [0, 1, 2, 3, 4, 5])
    sc.hold(state, 0, [])
    state = sc.place(state, 0, "contracts", 3)
    assert sorted({a["position"] for a in sc.legal(state, 0, "take_contract")}) == [1, 2, 3]


def test_up_to_two_contracts_are_taken_and_the_rest_slide_left():
    state = sc.game(dice=[4, 1, 1, 1, 1])
    sc.board_contracts(state, [0, 1, 2, 3, 4, 5])
    sc.hold(state, 0, [])
    state = sc.place(state, 0, "contracts", 4)
    state, _ = sc.play(state, 0, "take_contract", position=2)
    # positions stay put during the action: position 4 is still contract 3
    assert [a["position"] for a in sc.legal(state, 0, "take_contract")] == [1, 3, 4]
    state, _ = sc.play(state, 0, "take_contract", position=4)
    assert seat(state)["contracts"] == [1, 3]
    assert state["contracts"] == [0, 2, 4, 5]
    assert state["turn"]["main"]


def test_one_contract_is_enough():
    state = sc.game(dice=[4, 1, 1, 1, 1])
    sc.board_contracts(state, [0, 1, 2, 3, 4, 5])
    sc.hold(state, 0, [])
    state = sc.place(state, 0, "contracts", 4)
    state, _ = sc.play(state, 0, "take_contract", position=1)
    state, _ = sc.play(state, 0, "done")
    assert seat(state)["contracts"] == [0] and state["contracts"] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("position, extra", [(5, 1), (6, 2)])
def test_the_contract_at_position_5_or_6_adds_coins_or_camels(position, extra):
    state = sc.game(dice=[6, 1, 1, 1, 1])
    sc.board_contracts(state, [0, 1, 2, 3, 4, 5])
    sc.hold(state, 0, [])
    camels, coins = seat(state)["camels"], seat(state)["coins"]
    state = sc.place(state, 0, "contracts", 6)
    bonuses = {
        a.get("bonus") for a in sc.legal(state, 0, "take_contract") if a["position"] == position
    }
    assert bonuses == {"coins", "camels"}
    state, _ = sc.play(state, 0, "take_contract", position=position, bonus="camels")
    assert seat(state)["camels"] == camels + extra and seat(state)["coins"] == coins


def test_a_full_player_board_makes_room_by_discarding_an_older_contract():
    # Green takes a contract, has no room, and puts an older one under the special pile
    state = sc.game(dice=[2, 1, 1, 1, 1])
    sc.board_contracts(state, [0, 1, 2, 3, 4, 5])
    sc.hold(state, 0, [10, 11])
    state = sc.place(state, 0, "contracts", 2)
    choices = sc.legal(state, 0, "take_contract")
    assert {a.get("discard") for a in choices} == {10, 11}
    state, _ = sc.play(state, 0, "take_contract", position=1, discard=11)
    assert seat(state)["contracts"] == [10, 0]
    assert state["special"][-1] == 11


def test_a_contract_just_taken_is_never_the_one_discarded():
    state = sc.game(dice=[2, 1, 1, 1, 1])
    sc.board_contracts(state, [0, 1, 2, 3, 4, 5])
    sc.hold(state, 0, [10])
    state = sc.place(state, 0, "contracts", 2)
    state, _ = sc.play(state, 0, "take_contract", position=1)
    assert {a.get("discard") for a in sc.legal(state, 0, "take_contract")} == {10}


def test_when_the_contract_spaces_empty_two_come_from_the_special_pile():
    state = sc.game(dice=[2, 1, 1, 1, 1])
    sc.board_contracts(state, [0, 1])
    sc.special_top(state, [30, 31])
    sc.hold(state, 0, [])
    state = sc.place(state, 0, "contracts", 2)
    state, _ = sc.play(state, 0, "take_contract", position=1)
    state, _ = sc.play(state, 0, "take_contract", position=2)
    assert state["contracts"] == [30, 31]


# --- the turn --------------------------------------------------------------------------------------
def test_one_main_action_per_turn():
    state = sc.game()
    state = sc.place(state, 0, "coins", 3)
    assert not sc.legal(state, 0, "space")
    with pytest.raises(IllegalAction, match="already taken your action"):
        RULES.apply(state, 0, Action.make("space", space="khan"))


def test_the_turn_cannot_end_before_the_main_action():
    state = sc.game()
    assert "end_turn" not in sc.legal_types(state, 0)
    with pytest.raises(IllegalAction, match="action first"):
        RULES.apply(state, 0, Action.make("end_turn"))


def test_play_goes_clockwise_and_skips_players_without_dice():
    state = sc.game(players=3)
    state["seats"][1]["dice"] = []
    state = sc.place(state, 0, "coins", 3)
    state, _ = sc.play(state, 0, "end_turn")
    assert RULES.to_act(state) == (2,)


def test_a_player_out_of_dice_passes_automatically():
    state = sc.game(players=2, dice=[3])
    sc.give(state, 0, camels=0)
    state = sc.place(state, 0, "coins", 3)
    assert RULES.to_act(state) == (1,)
