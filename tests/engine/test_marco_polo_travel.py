"""Travel, trading posts and their bonuses, one rule per test."""

import pytest

from games.engine.marco_polo import RULES, rewards
from games.engine.marco_polo import scenario as sc


def seat(state, n=0):
    return state["seats"][n]


def travel(state, n, *values):
    return sc.place(state, n, "travel", *values)


def steps(state, n=0):
    return {(a["figure"], a["to"]) for a in sc.legal(state, n, "step")}


def test_travel_takes_two_dice_and_the_lower_one_caps_the_steps():
    # Red places a 2 and a 4: up to 2 steps
    state = sc.game(dice=[2, 4, 1, 1, 1])
    sc.give(state, 0, coins=50, camels=10)
    state = travel(state, 0, 2, 4)
    state, _ = sc.play(state, 0, "step", figure=0, to="o1")
    state, _ = sc.play(state, 0, "step", figure=0, to="moscow")
    assert state["turn"]["main"]  # the third step was not possible: the travel ended
    assert seat(state)["figures"] == ["moscow"]


def test_two_steps_cost_7_coins_paid_for_the_steps_actually_moved():
    state = sc.game(dice=[4, 4, 1, 1, 1])
    state["outposts"]["moscow"] = None
    sc.give(state, 0, coins=20, camels=0)
    state = travel(state, 0, 4, 4)
    state, _ = sc.play(state, 0, "step", figure=0, to="o1")
    state, _ = sc.play(state, 0, "step", figure=0, to="moscow")
    state, _ = sc.play(state, 0, "stop")
    assert seat(state)["coins"] == 13


def test_a_route_with_coins_costs_them_on_top_alexandria_to_oasis_17_costs_7():
    state = sc.game(dice=[1, 1, 3, 3, 3])
    sc.figure(state, 0, "alexandria")
    sc.give(state, 0, coins=10)
    state = travel(state, 0, 1, 1)
    state, _ = sc.play(state, 0, "step", figure=0, to="o17")
    assert seat(state)["coins"] == 0


def test_a_route_with_camels_costs_them_too():
    state = sc.game(dice=[1, 1, 3, 3, 3])
    sc.give(state, 0, coins=3, camels=3)
    state = travel(state, 0, 1, 1)
    state, _ = sc.play(state, 0, "step", figure=0, to="o9")
    assert seat(state)["camels"] == 0 and seat(state)["coins"] == 0


def test_a_step_you_cannot_pay_for_is_not_offered():
    state = sc.game(dice=[2, 2, 3, 3, 3])
    sc.give(state, 0, coins=7, camels=2)
    state = travel(state, 0, 2, 2)
    assert steps(state) == {(0, "o1"), (0, "alexandria")}  # o9 needs 3 camels
    state, _ = sc.play(state, 0, "step", figure=0, to="o1")
    assert steps(state) == {(0, "venezia"), (0, "moscow")}
    sc.give(state, 0, coins=6)
    assert steps(state) == set()  # 7 coins for 2 steps: only stopping remains


def test_travel_is_not_offered_without_coins_for_one_step():
    state = sc.game()
    sc.give(state, 0, coins=2)
    assert "travel" not in [a["space"] for a in sc.legal(state, 0, "space")]


def test_yellow_travels_from_samarkand_to_lan_zhou_for_12_coins_and_8_camels():
    state = sc.game(dice=[3, 5, 1, 1, 1])
    sc.figure(state, 0, "samarcanda")
    sc.post(state, 0, "samarcanda")
    state["outposts"]["lan-zhou"] = None
    sc.give(state, 0, coins=12, camels=8)
    state = travel(state, 0, 3, 5)
    for place in ("o11", "kashgar", "lan-zhou"):
        state, _ = sc.play(state, 0, "step", figure=0, to=place)
    assert seat(state)["coins"] == 0 and seat(state)["camels"] == 0
    assert seat(state)["posts"][-1] == "lan-zhou"
    assert "kashgar" not in seat(state)["posts"]  # passing through places no post


def test_ending_in_a_large_city_places_a_post_and_takes_the_outpost_bonus():
    state = sc.game(dice=[2, 2, 1, 1, 1])
    state["outposts"]["moscow"] = "coins5"
    sc.give(state, 0, coins=7)
    state = travel(state, 0, 2, 2)
    state, _ = sc.play(state, 0, "step", figure=0, to="o1")
    state, _ = sc.play(state, 0, "step", figure=0, to="moscow")
    assert seat(state)["posts"] == ["moscow"] and seat(state)["post_stock"] == 8
    assert seat(state)["coins"] == 5
    assert state["outposts"]["moscow"] is None


def test_the_second_player_in_a_large_city_gets_no_outpost_bonus():
    state = sc.game(dice=[1, 1, 1, 1, 1])
    state["outposts"]["moscow"] = None  # taken by whoever came first
    sc.post(state, 1, "moscow")
    sc.figure(state, 0, "o1")
    sc.give(state, 0, coins=3)
    state = travel(state, 0, 1, 1)
    state, _ = sc.play(state, 0, "step", figure=0, to="moscow")
    assert seat(state)["coins"] == 0 and "moscow" in seat(state)["posts"]


def test_ending_in_a_small_city_pays_its_bonus_red_takes_a_camel_and_3_coins():
    state = sc.game(dice=[1, 1, 3, 3, 3])
    sc.figure(state, 0, "o22")
    sc.give(state, 0, coins=3, camels=2)
    state = travel(state, 0, 1, 1)
    state, _ = sc.play(state, 0, "step", figure=0, to="adana")  # 2 camels on the route
    assert seat(state)["posts"] == ["adana"]
    assert seat(state)["camels"] == 1 and seat(state)["coins"] == 3


def test_an_oasis_is_just_a_stop():
    state = sc.game(dice=[1, 1, 3, 3, 3])
    sc.give(state, 0, coins=3)
    state = travel(state, 0, 1, 1)
    state, _ = sc.play(state, 0, "step", figure=0, to="o1")
    assert seat(state)["posts"] == [] and seat(state)["figures"] == ["o1"]


def test_back_in_venezia_no_post_is_placed_and_back_and_forth_is_allowed():
    state = sc.game(dice=[2, 2, 3, 3, 3])
    sc.give(state, 0, coins=7)
    state = travel(state, 0, 2, 2)
    state, _ = sc.play(state, 0, "step", figure=0, to="o1")
    state, _ = sc.play(state, 0, "step", figure=0, to="venezia")
    assert seat(state)["posts"] == [] and seat(state)["figures"] == ["venezia"]


def test_never_two_posts_of_one_player_in_a_city():
    state = sc.game(dice=[2, 2, 3, 3, 3])
    sc.figure(state, 0, "moscow")
    sc.post(state, 0, "moscow")
    sc.give(state, 0, coins=7)
    state = travel(state, 0, 2, 2)
    state, _ = sc.play(state, 0, "step", figure=0, to="o1")
    state, _ = sc.play(state, 0, "step", figure=0, to="moscow")
    assert seat(state)["posts"] == ["moscow"]


def test_beijing_posts_take_the_highest_free_space():
    state = sc.game(players=3, dice=[1, 1, 3, 3, 3])
    sc.post(state, 1, "beijing")
    sc.figure(state, 0, "o6")
    sc.give(state, 0, coins=3)
    state = travel(state, 0, 1, 1)
    state, _ = sc.play(state, 0, "step", figure=0, to="beijing")
    assert state["beijing"] == [1, 0, None, None]


def test_the_8th_post_scores_5_and_the_9th_10_at_once():
    state = sc.game(dice=[2, 2, 3, 3, 3])
    sc.post(state, 0, "moscow", "karakorum", "samarcanda", "lan-zhou", "alexandria", "karachi")
    sc.post(state, 0, "kochi")
    sc.figure(state, 0, "o6")
    sc.give(state, 0, coins=30, camels=10)
    state = travel(state, 0, 2, 2)
    state, _ = sc.play(state, 0, "step", figure=0, to="beijing")
    state, _ = sc.play(state, 0, "stop")  # the 8th post
    assert seat(state)["vp"]["posts"] == 5
    state, _ = sc.play(state, 0, "end_turn")
    state = sc.turn_of(sc.reset_spaces(state), 0)  # a later round
    state = travel(state, 0, 3, 3)
    state, _ = sc.play(state, 0, "step", figure=0, to="xian")
    state, _ = sc.play(state, 0, "stop")  # the 9th post
    assert seat(state)["vp"]["posts"] == 15


def test_with_every_post_placed_a_post_already_on_the_map_moves_instead():
    state = sc.game(dice=[1, 1, 3, 3, 3])
    cities = ["moscow", "karakorum", "samarcanda", "lan-zhou", "alexandria", "karachi"]
    sc.post(state, 0, *cities, "kochi", "anxi", "xian")
    sc.figure(state, 0, "o17")
    sc.give(state, 0, coins=3, camels=3)
    state = travel(state, 0, 1, 1)
    state, _ = sc.play(state, 0, "step", figure=0, to="ormuz")
    assert {a["city"] for a in sc.legal(state, 0)} == {*cities, "kochi", "anxi", "xian"}
    state, _ = sc.play(state, 0, "relocate_post", city="kochi")
    assert "kochi" not in seat(state)["posts"] and "ormuz" in seat(state)["posts"]
    assert seat(state)["camels"] == 3  # Ormuz's bonus (3 camels) after paying 3 on the route
    assert seat(state)["vp"]["posts"] == 0  # no 8th/9th post points for a moved post


def test_the_last_player_to_travel_starts_the_next_round():
    # Green travelled first, then Yellow, finally Blue: Blue starts the next round
    state = sc.game(players=3, dice=[1, 1])
    for n in range(3):
        sc.give(state, n, coins=20)
    for n in (0, 1, 2):
        state = sc.turn_of(state, n)
        state = travel(state, n, 1, 1)
        state, _ = sc.play(state, n, "step", figure=0, to="o1")
    # everybody is out of dice now: the round ended
    assert state["start"] == 2 and state["round"] == 2


def test_if_nobody_travelled_the_start_player_stays():
    state = sc.game(players=3)
    sc.finish_round(state)
    assert state["start"] == 0 and state["round"] == 2


def test_a_free_step_pays_the_route_but_not_the_basic_cost():
    state = sc.game()
    sc.give(state, 0, coins=0, camels=3)
    state["seats"][0]["pending"] = [{"kind": "move"}]
    assert steps(state) == {(0, "o1"), (0, "alexandria"), (0, "o9")}
    state, _ = sc.play(state, 0, "step", figure=0, to="o9")
    assert seat(state)["camels"] == 0 and seat(state)["figures"] == ["o9"]


def test_a_free_step_into_a_city_places_a_post():
    state = sc.game()
    sc.figure(state, 0, "o1")
    state["outposts"]["moscow"] = "camels2"
    sc.give(state, 0, camels=0)
    state["seats"][0]["pending"] = [{"kind": "move"}]
    state, _ = sc.play(state, 0, "step", figure=0, to="moscow")
    assert seat(state)["posts"] == ["moscow"] and seat(state)["camels"] == 2


def test_a_free_step_nobody_can_pay_for_is_lost():
    state = sc.game()
    sc.figure(state, 0, "kochi")
    sc.give(state, 0, coins=0, camels=0)
    state["seats"][0]["pending"] = [{"kind": "move"}]
    rewards.settle(state, 0)
    assert seat(state)["pending"] == []


def test_small_city_bonuses_are_paid_again_at_every_round_start():
    state = sc.game(players=2)
    sc.post(state, 0, "anxi")  # 5 coins
    coins = seat(state)["coins"]
    sc.finish_round(state)
    assert seat(state)["coins"] >= coins + 5
    assert RULES.to_act(state)


def test_travel_moves_at_least_one_step():
    state = sc.game(dice=[2, 2, 3, 3, 3])
    sc.give(state, 0, coins=10)
    state = travel(state, 0, 2, 2)
    assert "stop" not in sc.legal_types(state, 0)
    state, _ = sc.play(state, 0, "step", figure=0, to="o1")
    assert "stop" in sc.legal_types(state, 0)


@pytest.mark.parametrize(
    "bonus, expected",
    [
        ("coins3", {"coins": 3}),
        ("coins5", {"coins": 5}),
        ("gold2", {"gold": 2}),
        ("silk2", {"silk": 2}),
        ("camels3", {"camels": 3}),
        ("camels2", {"camels": 2}),
    ],
)
def test_outpost_bonuses_pay_what_they_show(bonus, expected):
    state = sc.game(dice=[1, 1, 3, 3, 3])
    state["outposts"]["moscow"] = bonus
    sc.figure(state, 0, "o1")
    sc.give(state, 0, coins=3, camels=0)
    state = travel(state, 0, 1, 1)
    state, _ = sc.play(state, 0, "step", figure=0, to="moscow")
    assert {key: seat(state)[key] for key in expected} == expected  # travel took the 3 coins


@pytest.mark.parametrize(
    "bonus, waiting", [("good", "good"), ("move", "move"), ("contract", None), ("black", None)]
)
def test_outpost_bonuses_with_a_choice_or_a_piece(bonus, waiting):
    state = sc.game(players=2, dice=[1, 1, 3, 3, 3])
    state["outposts"]["moscow"] = bonus
    sc.hold(state, 0, [])
    sc.figure(state, 0, "o1")
    sc.give(state, 0, coins=3, camels=0)
    top = state["special"][0]
    state = travel(state, 0, 1, 1)
    state, _ = sc.play(state, 0, "step", figure=0, to="moscow")
    if waiting:
        assert seat(state)["pending"][0]["kind"] == waiting
    elif bonus == "contract":
        assert seat(state)["contracts"] == [top]
    else:
        assert [k for k, _ in seat(state)["dice"]].count("black") == 1


def test_xians_marker_gives_the_bonus_of_another_city_of_your_choice():
    state = sc.game(dice=[1, 1, 3, 3, 3])
    sc.figure(state, 0, "beijing")
    sc.give(state, 0, coins=3)
    state = travel(state, 0, 1, 1)
    state, _ = sc.play(state, 0, "step", figure=0, to="xian")
    bonuses = {a["bonus"] for a in sc.legal(state, 0)}
    assert bonuses == {"coins5", "camels3", "two_goods", "camel_coins", "vp3"}
    state, _ = sc.play(state, 0, "choose_bonus", bonus="vp3")
    assert seat(state)["vp"]["bonuses"] == 3


def test_the_travel_planner_finds_the_cheapest_path_with_coins_and_camels():
    from games.engine import registry
    from games.engine.marco_polo import travel

    rules = registry.get("marco-polo")
    state = rules.setup(2, {o.name: o.default for o in rules.options}, 3)
    plans = travel.plan(state, 0)
    assert plans["moscow"]["path"] == ["venezia", "o1", "moscow"]
    assert (plans["moscow"]["coins"], plans["moscow"]["camels"]) == (7, 0)
    # Anxi: two steps to Moscow, then the 3-camel route: 12 coins + 3 camels
    assert (plans["anxi"]["steps"], plans["anxi"]["coins"], plans["anxi"]["camels"]) == (3, 12, 3)
    assert "beijing" not in plans  # more than 6 steps away


def test_the_travel_planner_names_the_trading_post_a_trip_would_place():
    from games.engine.marco_polo import travel

    state = sc.game()
    assert travel.plan(state, 0)["moscow"]["posts"] == ["moscow"]
    assert travel.plan(state, 0)["o1"]["posts"] == []  # an oasis takes no post
    sc.post(state, 0, "moscow")
    assert travel.plan(state, 0)["moscow"]["posts"] == []  # never two posts in a city


def test_williams_travel_planner_counts_a_post_in_every_city_on_the_way():
    from games.engine.marco_polo import travel

    state = sc.game(characters=["william", None, None])
    anxi = travel.plan(state, 0)["anxi"]
    assert anxi["path"] == ["venezia", "o1", "moscow", "anxi"]
    assert anxi["posts"] == ["moscow", "anxi"]


def test_at_the_same_price_williams_planner_takes_the_path_past_more_cities():
    from games.engine.marco_polo import travel

    william = sc.figure(sc.game(characters=["william", None, None]), 0, "anxi")
    other = sc.figure(sc.game(), 0, "anxi")
    his, theirs = travel.plan(william, 0)["o11"], travel.plan(other, 0)["o11"]
    assert his["total"] == theirs["total"] == 26
    assert his["posts"] == ["karakorum", "lan-zhou", "kashgar"]
    assert len(travel.new_posts(william, 0, theirs["path"])) < len(his["posts"])


def test_niccolos_travel_planner_shows_each_figure_and_the_shared_basic_cost():
    state = sc.game(players=2, characters=["niccolo", None])
    sc.figure(state, 0, "venezia", "moscow")
    view = RULES.view(state, 0)
    assert view["travel_split"]
    starts = {(t["figure"], t["from"]) for t in view["travel_plan"]}
    assert starts == {(0, "Venezia"), (1, "Moscow")}
    anchors = [t["place"] for t in view["travel_plan"] if t["anchor"]]
    assert len(anchors) == len(set(anchors))  # one entry per place for the map to link to
    assert [c["coins"] for c in view["travel_costs"]] == [3, 7, 12, 12, 18, 18]
    assert not RULES.view(state, 1)["travel_split"]


def test_the_travel_planner_greys_out_places_beyond_the_lower_of_your_two_best_dice():
    state = sc.game(dice=[2, 4, 1, 1, 1])
    view = RULES.view(state, 0)
    assert view["travel_reach"]["most"] == 2  # dice 4 and 2 for Travel: 2 steps
    within = {t["place"]: t["within"] for t in view["travel_plan"]}
    assert within["moscow"]  # 2 steps
    assert not within["anxi"]  # 3 steps


def test_the_travel_planner_follows_the_die_already_picked_for_travel():
    state = sc.game(dice=[1, 5, 5, 5, 5])
    assert RULES.view(state, 0)["travel_reach"]["most"] == 5
    state, _ = sc.play(state, 0, "space", space="travel")
    state, _ = sc.play(state, 0, "die", kind="colour", value=1)
    assert RULES.view(state, 0)["travel_reach"]["most"] == 1


def test_without_two_dice_the_travel_planner_still_plans_but_reaches_nothing():
    state = sc.game(dice=[6])
    view = RULES.view(state, 0)
    assert view["travel_reach"]["most"] == 0
    assert view["travel_plan"] and not any(t["within"] for t in view["travel_plan"])


def test_while_travelling_the_planner_costs_the_whole_move_with_the_steps_left():
    state = sc.give(sc.game(dice=[3, 3, 1, 1, 1]), 0, coins=20)
    state = travel(state, 0, 3, 3)
    state, _ = sc.play(state, 0, "step", figure=0, to="o1")
    view = RULES.view(state, 0)
    assert view["travel_reach"] == {"moving": True, "most": 2, "done": 1}
    plans = {t["place"]: t for t in view["travel_plan"]}
    assert plans["moscow"]["steps"] == 1 and plans["moscow"]["coins"] == 7  # 2 steps in all
    assert max(t["steps"] for t in view["travel_plan"]) == 2
    assert set(view["travel_places"]) == set(plans)


def test_the_travel_planner_says_when_a_path_costs_more_than_you_have():
    state = sc.game(dice=[6, 6, 1, 1, 1])
    seat(state)["coins"], seat(state)["camels"] = 7, 0
    plans = {t["place"]: t for t in RULES.view(state, 0)["travel_plan"]}
    assert plans["moscow"]["affordable"]  # 7 coins, no camels
    assert not plans["anxi"]["affordable"]  # 12 coins and 3 camels


def test_niccolos_planner_lists_the_cheapest_splits_that_place_two_new_posts():
    from games.engine.marco_polo import travel as travel_rules

    state = sc.game(players=2, characters=["niccolo", None], dice=[3, 3, 1, 1, 1])
    sc.figure(state, 0, "venezia", "moscow")
    pairs = travel_rules.split_pairs(state, 0, most=3)
    cheapest = pairs[0]
    ends = [trip["path"][-1] for trip in cheapest["trips"]]
    assert ends == ["alexandria", "anxi"]
    # 2 steps together: 7 coins basic, plus the 3 camels of Moscow–Anxi
    assert (cheapest["steps"], cheapest["coins"], cheapest["camels"]) == (2, 7, 3)
    assert all(p["steps"] <= 3 for p in pairs)
    assert all(len({t["path"][-1] for t in p["trips"]}) == 2 for p in pairs)
    assert [p["total"] for p in pairs] == sorted(p["total"] for p in pairs)
    assert RULES.view(state, 0)["travel_pairs"][0]["trips"][1]["name"] == "Anxi"
    assert RULES.view(state, 1)["travel_pairs"] == []
