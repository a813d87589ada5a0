"""A refused Marco Polo action says which rule forbids it, in the player's terms, never just
"You cannot do that now": one test per kind of action a player may send at the wrong time
(or with a choice the rules do not allow)."""

from __future__ import annotations

import pytest

from games.engine.contract import Action, IllegalAction, Said
from games.engine.marco_polo import RULES, data
from games.engine.marco_polo import scenario as sc

SEATS = {f"p{seat}": f"{{p{seat}}}" for seat in range(8)}


def spelled(text):
    """The English a text's message id (or plural, by its count) and parameters make."""
    if not isinstance(text, Said):
        return text
    template = text.plural if text.plural is not None and text.count != 1 else text.msgid
    return template.format(**SEATS, **{key: spelled(value) for key, value in text.args.items()})


def refusal(state, seat, action_type, /, **params) -> str:
    """The reason ``apply`` gives ``seat`` for ``action_type``: a translatable message that names
    the rule, not the generic fallback."""
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, seat, Action.make(action_type, **params))
    reason = refused.value.reason
    assert isinstance(reason, Said) and reason.msgid and spelled(reason) == reason
    assert not reason.startswith("You cannot do that now")
    return reason


def with_card(number, dice=(3, 1, 1, 1, 1), city="moscow"):
    state = sc.game(dice=list(dice))
    sc.card(state, city, number)
    sc.post(state, 0, city)
    return state


# --- the main action and its dice -----------------------------------------------------------------
def test_a_die_sent_before_choosing_a_space_is_refused_with_the_reason():
    reason = refusal(sc.game(), 0, "die", kind="colour", value=3)
    assert reason == "Dice go onto the action space you chose: choose a space first."


def test_my_colour_on_a_space_twice_is_refused_and_only_black_or_white_dice_may_join_it():
    state = sc.place(sc.game(), 0, "coins", 3)
    state = sc.turn_of(state, 0)
    reason = refusal(state, 0, "space", space="coins")
    assert reason == (
        "You already placed your colour on Take 5 coins this round; only black or white dice "
        "may join it."
    )
    sc.set_dice(state, 0, [4], kind="black")
    state, _ = sc.play(state, 0, "space", space="coins")
    assert refusal(state, 0, "die", kind="colour", value=3) == reason
    assert "no die (5) left in your hand" in refusal(state, 0, "die", kind="colour", value=5)


def test_an_occupied_space_i_cannot_pay_for_is_refused_with_its_fee():
    state = sc.occupy(sc.game(dice=[4, 4, 4, 4, 4]), "bazaar-pepper", seat=1, values=(3,))
    sc.give(state, 0, coins=2)
    reason = refusal(state, 0, "space", space="bazaar-pepper")
    assert reason == (
        "An occupied space costs as many coins as your lowest die: 4 coins to use Grand "
        "Bazaar: pepper, and you have 2 coins."
    )


def test_the_khans_favor_refuses_dice_lower_than_the_highest_there():
    state = sc.occupy(sc.game(dice=[3, 3, 3, 3, 5]), "khan", seat=1, values=(4,))
    state, _ = sc.play(state, 0, "space", space="khan")
    reason = refusal(state, 0, "die", kind="colour", value=3)
    assert "Khan's favor takes only a die showing at least 4" in reason
    assert "highest die already there" in reason


def test_a_space_needing_more_dice_than_i_have_left_says_how_many():
    state = sc.game(dice=[3, 3])
    reason = refusal(state, 0, "space", space="bazaar-gold")
    assert reason == "Grand Bazaar: gold takes 3 dice and you have only 2 left."


def test_a_city_card_without_my_trading_post_or_what_it_asks_is_refused_with_the_rule():
    state = sc.game()
    reason = refusal(state, 0, "space", space="card-moscow")
    assert reason == "You need a trading post in Moscow to use its city card."
    state = with_card(sc.card_of("trade", trades=(("2G", "4VP"),)))
    reason = refusal(state, 0, "space", space="card-moscow")
    assert reason == "You cannot pay what this city card asks: 2 gold -> 4 VP."


def test_going_back_is_refused_when_nothing_was_chosen_or_the_action_is_carried_out():
    state = sc.game()
    assert "you have not chosen an action space" in refusal(state, 0, "back")
    state = sc.place(state, 0, "coins", 3)
    assert refusal(state, 0, "back") == "Your action is carried out: it cannot be taken back."


def test_a_grand_bazaar_column_above_my_lowest_die_is_refused():
    state = sc.game(dice=[2, 2, 2, 2, 2])
    assert "only after placing dice on a Grand Bazaar space" in refusal(state, 0, "column", n=1)
    state = sc.place(state, 0, "bazaar-pepper", 2)
    reason = refusal(state, 0, "column", n=3)
    assert reason == "Your lowest die shows 2: take its column or a lower one (1 to 2)."


def test_a_contract_beyond_my_die_or_without_room_on_my_board_is_refused_with_the_rule():
    state = sc.game(dice=[2, 3, 3, 3, 3])
    sc.board_contracts(state, [41, 42, 43])
    sc.hold(state, 0, [10, 11])
    assert "only after placing a die on Take contracts" in refusal(
        state, 0, "take_contract", position=1, discard=10
    )
    state = sc.place(state, 0, "contracts", 2)
    reason = refusal(state, 0, "take_contract", position=3, discard=10)
    assert reason == "Your die shows 2: you may take only the contracts at positions 1 to 2."
    reason = refusal(state, 0, "take_contract", position=1)
    assert "Both contract spaces on your player board are full" in reason
    assert "discard one of your older contracts" in reason
    reason = refusal(state, 0, "take_contract", position=1, discard=30)
    assert reason == "You do not hold contract 30: discard one of your older contracts."


def test_finishing_an_action_before_using_it_once_is_refused():
    state = sc.game(dice=[2, 3, 3, 3, 3])
    assert "No contract or city card action is under way" in refusal(state, 0, "done")
    state = sc.place(state, 0, "contracts", 2)
    reason = refusal(state, 0, "done")
    assert reason == "Take at least one contract: an action is always carried out at least once."


def test_a_step_off_my_route_or_beyond_my_purse_is_refused_with_what_it_costs():
    state = sc.game()
    reason = refusal(state, 0, "step", figure=0, to="o1")
    assert reason == "Figures move only during a Travel action or with a free step."
    state = sc.place(state, 0, "travel", 3, 3)
    reason = refusal(state, 0, "step", figure=0, to="beijing")
    assert reason == "Beijing is not one step from Venezia."
    reason = refusal(state, 0, "step", figure=0, to="o9")  # the route asks 3 camels
    assert reason == "That route costs 3 camels more, and you have 2 camels."
    sc.give(state, 0, coins=10)
    state, _ = sc.play(state, 0, "step", figure=0, to="alexandria")
    reason = refusal(state, 0, "step", figure=0, to="o17")  # the route asks 7 coins
    assert reason == (
        "You could not pay for that step: 2 steps cost 7 coins in all (paid when you stop), "
        "this route 7 coins more, and you have 10 coins."
    )


def test_stopping_before_the_first_step_is_refused():
    state = sc.game()
    assert "You are not travelling" in refusal(state, 0, "stop")
    state = sc.place(state, 0, "travel", 3, 3)
    assert "Travel at least one step before you stop" in refusal(state, 0, "stop")


def test_a_city_card_used_another_way_than_its_first_use_is_refused():
    swap = sc.card_of("swap", trades=(("Ca", "3$"), ("1$", "Ca")))
    state = with_card(swap)
    assert "only after placing a die on it" in refusal(state, 0, "use", trade=0)
    state = sc.place(state, 0, "card-moscow", 3)
    state, _ = sc.play(state, 0, "use", trade=0)
    reason = refusal(state, 0, "use", trade=1)
    assert reason == (
        "This city card keeps the trade of its first use: use it the same way again, or stop."
    )
    assert refusal(state, 0, "use", trade=5) == "This city card has no such trade."


# --- bonus actions ------------------------------------------------------------------------------------
def test_a_bonus_action_in_the_middle_of_the_main_action_is_refused():
    state = sc.place(sc.game(dice=[2, 2, 2, 2, 2]), 0, "bazaar-pepper", 2)
    reason = refusal(state, 0, "money_bag", kind="colour", value=2)
    assert reason.startswith("Bonus actions come before or after your main action, not during")
    assert reason.endswith("Choose the column of the Grand Bazaar.")


def test_completing_a_contract_i_lack_the_goods_for_says_what_is_missing():
    state = sc.game()
    sc.hold(state, 0, [41])  # 1 camel, 1 gold
    sc.give(state, 0, camels=1, gold=0)
    reason = refusal(state, 0, "fulfil", contract=41)
    assert reason == "To complete contract 41 you still need 1 gold."
    reason = refusal(state, 0, "fulfil", contract=42)
    assert "Contract 42 is not on your player board" in reason


def test_the_money_bag_with_a_die_i_do_not_hold_is_refused():
    reason = refusal(sc.game(), 0, "money_bag", kind="colour", value=6)
    assert reason == "You have no die (6) in your hand."


def test_a_reroll_without_a_camel_is_refused_with_its_price():
    state = sc.give(sc.game(), 0, camels=0)
    reason = refusal(state, 0, "reroll", kind="colour", value=3)
    assert reason == "Rerolling a die costs 1 camel, and you have 0 camels."


def test_turning_a_6_up_is_refused_since_a_6_never_becomes_a_1():
    state = sc.give(sc.game(dice=[6, 3, 3, 3, 3]), 0, camels=4)
    reason = refusal(state, 0, "adjust", kind="colour", value=6, by=1)
    assert "cannot be turned from 6 to 7" in reason and "a 6 never becomes a 1" in reason
    state = sc.give(state, 0, camels=1)
    reason = refusal(state, 0, "adjust", kind="colour", value=6, by=-1)
    assert reason == "Turning a die by 1 costs 2 camels, and you have 1 camel."


def test_a_black_die_without_camels_or_a_second_one_in_a_turn_is_refused():
    state = sc.give(sc.game(), 0, camels=2)
    reason = refusal(state, 0, "black_die")
    assert reason == "Taking a black die costs 3 camels, and you have 2 camels."
    state = sc.give(state, 0, camels=6)
    state, _ = sc.play(state, 0, "black_die")
    assert "only one black die per turn" in refusal(state, 0, "black_die")


def test_ending_the_turn_before_the_action_is_refused():
    reason = refusal(sc.game(), 0, "end_turn")
    assert reason.startswith("You must take an action first")
    state = sc.place(sc.game(dice=[2, 2, 2, 2, 2]), 0, "bazaar-pepper", 2)
    assert refusal(state, 0, "end_turn") == (
        "Finish your action first. Choose the column of the Grand Bazaar."
    )


def test_passing_while_a_space_can_still_take_my_dice_is_refused_and_names_it():
    state = sc.game()
    reason = refusal(state, 0, "pass")
    assert reason == (
        "You may pass only when none of your dice can go on an action space; Take 5 coins "
        "can still take them."
    )
    state = sc.place(state, 0, "coins", 3)
    assert "end your turn instead of passing" in refusal(state, 0, "pass")


# --- choices a reward or the round start brings --------------------------------------------------
def test_a_compensation_of_the_wrong_size_or_out_of_time_is_refused():
    state = sc.game()
    assert "only right after the dice are rolled" in refusal(state, 0, "compensate", camels=1)
    state["seats"][0]["pending"] = [{"kind": "compensation", "points": 2}]
    reason = refusal(state, 0, "compensate", camels=5)
    assert reason == "Your compensation is 2 points: take from 0 to 2 camels, the rest in coins."


def test_a_good_of_my_choice_that_nothing_gave_me_is_refused():
    state = sc.game()
    assert refusal(state, 0, "take_good", good="gold") == (
        "No good of your choice is waiting for you."
    )
    state["seats"][0]["pending"] = [{"kind": "good"}]
    reason = refusal(state, 0, "take_good", good="tea")
    assert reason == "Choose one of the goods: pepper, silk or gold."


def test_two_goods_of_my_choice_that_nothing_gave_me_are_refused():
    state = sc.game()
    reason = refusal(state, 0, "take_goods", goods=["pepper", "silk"])
    assert reason == "No two goods of your choice are waiting for you."
    state["seats"][0]["pending"] = [{"kind": "two_goods"}]
    reason = refusal(state, 0, "take_goods", goods=["gold", "gold"])
    assert "two different goods" in reason


def test_choosing_xians_any_bonus_marker_itself_is_refused():
    state = sc.game()
    assert "No city bonus of your choice" in refusal(state, 0, "choose_bonus", bonus="vp3")
    state["seats"][0]["pending"] = [{"kind": "any_bonus"}]
    reason = refusal(state, 0, "choose_bonus", bonus="any")
    assert "bonus of another small city" in reason


def test_discarding_a_contract_i_do_not_hold_for_a_drawn_one_is_refused():
    state = sc.game()
    reason = refusal(state, 0, "decline_contract")
    assert reason == "No contract drawn from the special pile is waiting for room on your board."
    sc.hold(state, 0, [10, 11])
    state["seats"][0]["pending"] = [{"kind": "special_contract", "contract": 30}]
    reason = refusal(state, 0, "discard_contract", contract=12)
    assert reason == (
        "You do not hold contract 12: discard one of your active contracts, or put contract "
        "30 under the special pile."
    )


def test_giving_up_a_free_step_i_do_not_have_is_refused():
    assert refusal(sc.game(), 0, "skip_move") == "You have no free step to give up."


def test_a_free_step_to_a_place_i_cannot_reach_is_refused():
    state = sc.game()
    state["seats"][0]["pending"] = [{"kind": "move"}]
    reason = refusal(state, 0, "step", figure=0, to="kochi")
    assert reason == "Kochi is not one step from Venezia."


def test_moving_a_trading_post_i_do_not_have_is_refused():
    state = sc.game()
    assert "only when all of yours are placed" in refusal(state, 0, "relocate_post", city="moscow")
    sc.post(state, 0, "anxi")
    state["seats"][0]["pending"] = [{"kind": "relocate", "city": "karachi"}]
    reason = refusal(state, 0, "relocate_post", city="moscow")
    assert reason == "You have no trading post in Moscow to move."


def test_goal_cards_i_was_not_dealt_or_out_of_time_are_refused():
    assert "only at the start of an expert game" in refusal(
        sc.game(), 0, "keep_goals", goals=[0, 1]
    )
    state = RULES.setup(2, {"expert": "on"}, 4)
    while state["phase"] == "draft":
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
    dealt = state["seats"][1]["goal_offer"]
    other = next(goal for goal in range(18) if goal not in dealt)
    reason = refusal(state, 1, "keep_goals", goals=[dealt[0], other])
    assert reason == "Keep 2 different goal cards of those you were dealt."


def test_a_character_already_drafted_is_refused_with_who_chose_it():
    state = RULES.setup(2, {"expert": "on"}, 4)
    first = RULES.to_act(state)[0]
    pick = RULES.legal_actions(state, first)[0]
    state, _ = RULES.apply(state, first, pick)
    second = RULES.to_act(state)[0]
    reason = refusal(state, second, "pick_character", character=pick["character"])
    assert (
        reason == f"{data.CHARACTERS[pick['character']]} has already been chosen by {{p{first}}}."
    )
    assert reason.args["player"] == f"{{p{first}}}"
    assert "choose your character first" in refusal(state, second, "end_turn")
    assert "only at the start of an expert game" in refusal(
        sc.game(), 0, "pick_character", character="berke"
    )
