"""Setup, rounds, compensation, bonus actions and contract rewards, one rule per test."""

import pytest

from games.engine.contract import Action, IllegalAction
from games.engine.marco_polo import RULES, board, data, rewards
from games.engine.marco_polo import scenario as sc


def seat(state, n=0):
    return state["seats"][n]


# --- setup -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gives_7_8_9_10_coins_2_camels_a_starting_contract_and_2_goals(players):
    state = sc.game(players=players)
    for n in range(players):
        assert seat(state, n)["coins"] == data.START_COINS[n]
        assert seat(state, n)["camels"] == 2
        assert len(seat(state, n)["contracts"]) == 1
        assert seat(state, n)["contracts"][0] in data.STARTING_CONTRACTS
        assert len(seat(state, n)["goals"]) == 2
    assert len(state["removed"]) == 6 - players


def test_setup_lays_out_6_contracts_keeps_4_round_piles_and_a_special_pile_of_8():
    state = sc.game()
    assert len(state["contracts"]) == 6
    assert [len(p) for p in state["piles"]] == [6, 6, 6, 6]
    assert len(state["special"]) == 8 and state["special_unseen"] == 8


def test_setup_puts_9_city_cards_and_7_outpost_bonuses_on_the_board():
    state = sc.game()
    assert set(state["cards"]) == set(data.CARD_SLOTS)
    assert len(set(state["cards"].values())) == 9
    assert set(state["outposts"]) == set(data.LARGE_CITIES)
    assert len(set(state["outposts"].values())) == 7


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_game_deals_the_characters_by_seat(players):
    state = RULES.setup(players, {}, 5)
    keys = [s["character"] for s in state["seats"]]
    assert keys == list(data.FIRST_GAME_CHARACTERS[:players])


def test_everybody_starts_in_venezia_with_no_points():
    state = RULES.setup(4, {}, 5)
    for n in range(4):
        assert seat(state, n)["figures"] == ["venezia"]
        assert sum(seat(state, n)["vp"].values()) == 0


@pytest.mark.parametrize("players, neutral", [(2, 3), (3, 1), (4, 0)])
def test_neutral_dice_block_khans_favor_and_take_5_coins_with_fewer_players(players, neutral):
    state = RULES.setup(players, {}, 1)
    placed = [
        (space, p["dice"]) for space, ps in state["spaces"].items() for p in ps if p["seat"] == -1
    ]
    assert len(placed) == neutral
    assert all(dice == [["neutral", 1]] for _, dice in placed)
    if players == 2:
        assert sorted(space for space, _ in placed) == ["coins", "khan", "khan"]
    assert state["black_pool"] == data.BLACK_DICE[players]


def test_with_2_players_take_5_coins_always_costs_a_fee():
    state = sc.game(players=2, dice=[4, 1, 1, 1, 1])
    sc.occupy(state, "coins")  # the neutral die
    coins = seat(state)["coins"]
    state = sc.place(state, 0, "coins", 4)
    assert seat(state)["coins"] == coins - 4 + 5


def test_the_neutral_dice_stay_all_game():
    state = RULES.setup(3, {}, 2)
    sc.finish_round(state)
    assert [p["seat"] for p in state["spaces"]["khan"]] == [-1]


# --- compensation and the round start -------------------------------------------------------------------
def test_a_roll_below_15_is_compensated_in_camels_or_coins_green_rolled_13():
    state = sc.game(players=2)
    state["seats"][0]["pending"] = [{"kind": "compensation", "points": 2}]
    state["phase"] = "compensation"
    labels = [a["camels"] for a in sc.legal(state, 0)]
    assert labels == [0, 1, 2]
    camels, coins = seat(state)["camels"], seat(state)["coins"]
    state, _ = sc.play(state, 0, "compensate", camels=1)
    assert (seat(state)["camels"], seat(state)["coins"]) == (camels + 1, coins + 1)


def test_compensation_is_chosen_by_everybody_at_the_same_time():
    for seed in range(40):
        state = RULES.setup(4, {}, seed)
        low = [n for n in range(4) if seat(state, n)["pending"]]
        if len(low) >= 2:
            break
    assert RULES.to_act(state) == tuple(low)
    for n in low:
        short = 15 - sum(v for _, v in seat(state, n)["dice"])
        assert seat(state, n)["pending"] == [{"kind": "compensation", "points": short}]
    state, _ = RULES.apply(state, low[-1], RULES.legal_actions(state, low[-1])[0])
    assert RULES.to_act(state) == tuple(low[:-1])


def test_the_round_starts_once_every_compensation_is_chosen():
    state = RULES.setup(3, {}, 3)
    while state["phase"] != "turns":
        n = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, n, RULES.legal_actions(state, n)[0])
    assert RULES.to_act(state) == (0,)


def test_a_round_start_bonus_choice_is_made_by_every_seat_concerned():
    state = sc.game(players=2)
    state["city_bonus"]["kashgar"] = "two_goods"
    sc.post(state, 0, "kashgar")
    sc.post(state, 1, "kashgar")
    sc.finish_round(state)
    assert state["phase"] == "bonuses" and RULES.to_act(state) == (0, 1)
    assert {a.type for a in sc.legal(state, 1)} == {"take_goods"}
    state, _ = sc.play(state, 1, "take_goods", goods=["silk", "gold"])
    assert seat(state, 1)["silk"] == 1 and seat(state, 1)["gold"] == 1
    assert RULES.to_act(state) == (0,)


# --- end of the round and of the game ----------------------------------------------------------------
def test_contracts_left_go_under_the_special_pile_and_the_next_pile_is_laid_out():
    state = sc.game()
    left = list(state["contracts"])
    pile = list(state["piles"][0])
    sc.finish_round(state)
    assert state["special"][-6:] == left
    assert state["contracts"] == pile and len(state["piles"]) == 3


def test_black_dice_go_back_at_the_end_of_the_round():
    state = sc.game(players=3)
    sc.set_dice(state, 0, [4], kind="black")
    assert state["black_pool"] == 3
    sc.finish_round(state)
    assert state["black_pool"] == 4


def test_the_game_ends_after_the_fifth_round():
    state = sc.game(players=2)
    for _ in range(4):
        for s in state["seats"]:
            s["pending"] = []
        state["phase"] = "turns"
        sc.finish_round(state)
    assert state["round"] == 5 and RULES.outcome(state) is None
    for s in state["seats"]:
        s["pending"] = []
    state["phase"] = "turns"
    sc.finish_round(state)
    assert RULES.outcome(state) is not None and RULES.to_act(state) == ()


# --- bonus actions ---------------------------------------------------------------------------------
def test_a_reroll_costs_1_camel():
    state = sc.game(dice=[2, 3, 3, 3, 3])
    sc.give(state, 0, camels=1)
    state, _ = sc.play(state, 0, "reroll", kind="colour", value=2)
    assert seat(state)["camels"] == 0 and len(seat(state)["dice"]) == 5
    assert "reroll" not in sc.legal_types(state, 0)


def test_adjusting_a_die_by_one_costs_2_camels_and_never_turns_6_into_1():
    state = sc.game(dice=[2, 6, 1, 3, 3])
    sc.give(state, 0, camels=4)
    state, _ = sc.play(state, 0, "adjust", kind="colour", value=2, by=1)
    assert sorted(v for _, v in seat(state)["dice"]) == [1, 3, 3, 3, 6]
    assert seat(state)["camels"] == 2
    adjust = {(a["value"], a["by"]) for a in sc.legal(state, 0, "adjust")}
    assert (6, 1) not in adjust and (1, -1) not in adjust and (6, -1) in adjust


def test_a_bonus_action_taken_twice_in_a_turn_is_paid_each_time_adjusting_twice_costs_4_camels():
    state = sc.game(dice=[2, 4, 1, 5, 5])
    sc.give(state, 0, camels=5)
    state, _ = sc.play(state, 0, "adjust", kind="colour", value=2, by=1)
    state, _ = sc.play(state, 0, "adjust", kind="colour", value=3, by=1)
    assert sorted(v for _, v in seat(state)["dice"]) == [1, 4, 4, 5, 5]
    assert seat(state)["camels"] == 1
    state, _ = sc.play(state, 0, "reroll", kind="colour", value=4)
    assert seat(state)["camels"] == 0  # and a reroll after them its own camel
    assert "adjust" not in sc.legal_types(state, 0) and "reroll" not in sc.legal_types(state, 0)


def test_a_black_die_costs_3_camels_is_rolled_and_only_one_per_turn():
    state = sc.game(players=3)
    sc.give(state, 0, camels=6)
    state, _ = sc.play(state, 0, "black_die")
    assert seat(state)["camels"] == 3 and state["black_pool"] == 3
    assert [k for k, v in seat(state)["dice"] if k == "black" and 1 <= v <= 6] == ["black"]
    assert "black_die" not in sc.legal_types(state, 0)
    with pytest.raises(IllegalAction, match="one black die per turn"):
        RULES.apply(state, 0, Action.make("black_die"))


def test_no_black_die_when_none_is_left():
    state = sc.game(players=2)
    sc.give(state, 0, camels=6)
    state["black_pool"] = 0
    assert "black_die" not in sc.legal_types(state, 0)


def test_green_completes_a_contract_paying_2_camels_2_silk_a_pepper_for_3_coins_and_4_vp():
    state = sc.game()
    sc.hold(state, 0, [3])
    sc.give(state, 0, camels=2, silk=2, pepper=1, coins=0)
    state, _ = sc.play(state, 0, "fulfil", contract=3)
    s = seat(state)
    assert (s["camels"], s["silk"], s["pepper"], s["coins"]) == (0, 0, 0, 3)
    assert s["vp"]["contracts"] == 4 and s["done"] == [3] and s["contracts"] == []


def test_a_contract_is_completed_only_with_everything_it_asks():
    state = sc.game()
    sc.hold(state, 0, [3])
    sc.give(state, 0, camels=2, silk=1, pepper=1)
    assert "fulfil" not in sc.legal_types(state, 0)


def test_bonus_actions_are_allowed_after_the_main_action_too():
    state = sc.game(dice=[3, 3, 3, 3, 3])
    sc.hold(state, 0, [3])
    state = sc.place(state, 0, "coins", 3)
    sc.give(state, 0, camels=2, silk=2, pepper=1)
    state, _ = sc.play(state, 0, "fulfil", contract=3)
    assert seat(state)["done"] == [3]


@pytest.mark.parametrize(
    "number, check",
    [
        (6, lambda s: s["pending"] == [{"kind": "good"}]),  # good of your choice
        (14, lambda s: s["pending"] == [{"kind": "two_goods"}]),
        (9, lambda s: s["pending"] == [{"kind": "move"}]),
    ],
)
def test_contract_rewards_with_a_choice_wait_for_it(number, check):
    state = sc.game()
    sc.hold(state, 0, [number])
    cost, _ = board.CONTRACTS[number]
    sc.give(state, 0, **cost)
    state, _ = sc.play(state, 0, "fulfil", contract=number)
    assert check(seat(state))


def test_a_two_different_goods_reward_takes_two_different_goods():
    state = sc.game()
    state["seats"][0]["pending"] = [{"kind": "two_goods"}]
    goods = [tuple(a["goods"]) for a in sc.legal(state, 0)]
    assert goods == [("pepper", "silk"), ("pepper", "gold"), ("silk", "gold")]


def test_a_contract_reward_takes_the_top_of_the_special_pile():
    state = sc.game()
    sc.hold(state, 0, [1])
    sc.special_top(state, [30])
    sc.give(state, 0, camels=3, pepper=1, silk=1, gold=1)
    state, _ = sc.play(state, 0, "fulfil", contract=1)
    assert seat(state)["contracts"] == [30]


def test_a_special_contract_with_no_room_is_kept_by_discarding_or_declined():
    state = sc.game()
    sc.hold(state, 0, [1, 2])
    sc.special_top(state, [30])
    sc.give(state, 0, camels=3, pepper=1, silk=1, gold=1)
    state, _ = sc.play(state, 0, "fulfil", contract=1)  # one space frees: 30 fits
    assert seat(state)["contracts"] == [2, 30]
    sc.hold(state, 0, [1, 2])
    sc.special_top(state, [31])
    state["seats"][0]["pending"] = [{"kind": "contract_top"}]
    rewards.settle(state, 0)
    assert {a.type for a in sc.legal(state, 0)} == {"discard_contract", "decline_contract"}
    state, _ = sc.play(state, 0, "decline_contract")
    assert seat(state)["contracts"] == [1, 2] and state["special"][-1] == 31


def test_a_black_die_reward_is_rolled_and_added():
    state = sc.game(players=2)
    sc.hold(state, 0, [18])
    sc.give(state, 0, camels=1, pepper=3)
    state, _ = sc.play(state, 0, "fulfil", contract=18)
    assert [k for k, _ in seat(state)["dice"]].count("black") == 1


def test_black_and_white_dice_may_be_rerolled_and_adjusted_too():
    state = sc.game(players=2)
    sc.set_dice(state, 0, [3], kind="black")
    sc.give(state, 0, camels=3)
    kinds = {(a.type, a["kind"]) for a in sc.legal(state, 0) if a.type in ("reroll", "adjust")}
    assert {("reroll", "black"), ("adjust", "black")} <= kinds


def test_a_player_who_can_take_no_action_may_pass_for_the_round():
    state = sc.game(players=2, dice=[1])
    sc.give(state, 0, coins=0, camels=0)
    state["contracts"] = []  # nothing to take
    for space in ("coins", "bazaar-camels", "bazaar-pepper", "khan"):
        sc.occupy(state, space, seat=-1)  # occupied: a fee of 1 coin each
    state["spaces"]["khan"] += [{"seat": -1, "dice": [["neutral", 6]]}]
    assert sc.legal_types(state, 0) == {"money_bag", "pass"}
    state, _ = sc.play(state, 0, "pass")
    assert seat(state)["passed"] and RULES.to_act(state) == (1,)


def test_it_is_not_your_turn_says_so():
    state = sc.game(players=3)
    with pytest.raises(IllegalAction, match="not your turn"):
        RULES.apply(state, 1, Action.make("space", space="coins"))
