"""Niccolo's travel planner: the cheapest split move that brings a figure to each place."""

from games.engine.marco_polo import RULES, travel
from games.engine.marco_polo import scenario as sc


def niccolo(*dice):
    state = sc.game(players=2, characters=["niccolo", None], dice=list(dice))
    sc.figure(state, 0, "venezia", "moscow")
    return state


def ends(pair):
    return [(trip["figure"], trip["path"][-1], trip["steps"]) for trip in pair["trips"]]


def test_a_fourth_step_costs_no_more_basic_coins_so_the_other_figure_takes_it_for_a_post():
    # dice 4 and 4: figure 2 goes Moscow → Anxi → Karakorum → Oasis 5 (3 steps, 5 camels of
    # route extras); a 4th step costs 12 coins like 3, so figure 1 steps to Alexandria free
    state = niccolo(4, 4, 1, 1, 1)
    pair = travel.split_to(state, 0, most=4)["o5"]
    assert ends(pair) == [(1, "o5", 3), (0, "alexandria", 1)]
    assert (pair["steps"], pair["coins"], pair["camels"], pair["total"]) == (4, 12, 5, 17)
    assert pair["posts"] == ["alexandria"]
    # the same price as figure 2 alone, which places no post in an oasis
    alone = travel.plan_figure(state, 0, 1, most=4)["o5"]
    assert (alone["coins"], alone["camels"], alone["posts"]) == (12, 5, [])
    shown = {t["place"]: t for t in RULES.view(state, 0)["travel_plan"] if t["anchor"]}
    assert shown["o5"]["pair"]["trips"][1]["name"] == "Alexandria"
    assert (shown["o5"]["pair"]["coins"], shown["o5"]["pair"]["camels"]) == (12, 5)


def test_the_split_uses_a_dearer_path_when_the_other_figure_can_then_move_for_free():
    # 3 steps Venezia → Oasis 9 → Oasis 17 → Ormuz (12 coins + 6 camels); with 4 steps the
    # other figure still moves Moscow → Oasis 1 for nothing more, but places no post: it stays
    state = niccolo(4, 4, 1, 1, 1)
    pair = travel.split_to(state, 0, most=4)["ormuz"]
    assert ends(pair)[0] == (0, "ormuz", 3)
    assert (pair["coins"], pair["camels"]) == (12, 6)
    assert ends(pair)[1] == (1, "moscow", 0)


def test_a_place_that_needs_every_step_for_one_figure_leaves_the_other_figure_staying():
    # dice 2 and 2: Moscow takes both steps of figure 1, figure 2 stays in Moscow
    state = niccolo(2, 2, 1, 1, 1)
    view = RULES.view(state, 0)
    assert view["travel_reach"]["most"] == 2
    plans = {t["place"]: t for t in view["travel_plan"] if t["anchor"]}
    pair = plans["moscow"]["pair"]
    moved, stays = pair["trips"]
    assert (moved["figure"], moved["name"], moved["steps"]) == (0, "Moscow", 2)
    assert (stays["figure"], stays["name"], stays["steps"]) == (1, "Moscow", 0)
    assert (pair["steps"], pair["coins"], pair["camels"]) == (2, 7, 0)
    assert "karakorum" in plans and plans["karakorum"]["pair"]["steps"] == 2
    assert plans["samarcanda"]["pair"]["trips"][1]["steps"] == 0


def test_places_beyond_the_dice_get_no_split_and_other_characters_none_at_all():
    state = niccolo(2, 2, 1, 1, 1)
    plans = {t["place"]: t for t in RULES.view(state, 0)["travel_plan"] if t["anchor"]}
    assert plans["kashgar"]["pair"] is None  # 4 steps away, the dice allow 2
    assert travel.split_to(state, 1) == {}
    assert all(t["pair"] is None for t in RULES.view(state, 1)["travel_plan"])


def test_while_travelling_the_split_costs_the_whole_move_with_the_steps_left():
    state = sc.give(niccolo(3, 3, 1, 1, 1), 0, coins=30, camels=10)
    state = sc.place(state, 0, "travel", 3, 3)
    state, _ = sc.play(state, 0, "step", figure=0, to="alexandria")
    pair = travel.split_to(state, 0, most=2, done=1)["anxi"]
    # 1 step taken + Moscow → Anxi: 7 coins for 2 steps and its 3 camels; 3 steps cost 12
    assert ends(pair) == [(1, "anxi", 1), (0, "alexandria", 0)]
    assert (pair["coins"], pair["camels"]) == (7, 3)
