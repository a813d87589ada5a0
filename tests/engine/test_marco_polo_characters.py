"""The character powers, as the supplement and the data file state them."""

import pytest

from games.engine.marco_polo import RULES, data, rounds, scoring
from games.engine.marco_polo import scenario as sc
from games.engine.marco_polo.state import assign_characters, new_game


def seat(state, n=0):
    return state["seats"][n]


# --- Raschid ad-Din Sinan ------------------------------------------------------------------------------
def test_raschid_never_rolls_and_sets_each_die_when_placing_it():
    # Red turns her die to a 6 for pepper and takes 4 pepper
    state = sc.game(characters=["raschid", None, None], dice=[0, 0, 0, 0, 0])
    state, _ = sc.play(state, 0, "space", space="bazaar-pepper")
    assert sorted(a["value"] for a in sc.legal(state, 0, "die")) == [1, 2, 3, 4, 5, 6]
    state, _ = sc.play(state, 0, "die", kind="colour", value=6)
    state, _ = sc.play(state, 0, "column", n=6)
    assert seat(state)["pepper"] == 4


def test_raschid_gets_no_compensation_and_his_dice_stay_unset_at_the_round_start():
    state = RULES.setup(2, {}, 4)  # seat 0 is Raschid in the first game
    assert seat(state)["character"] == "raschid"
    assert all(value == 0 for _, value in seat(state)["dice"])
    assert not any(item["kind"] == "compensation" for item in seat(state)["pending"])


def test_raschid_still_pays_to_use_an_occupied_space():
    state = sc.game(characters=["raschid", None, None], dice=[0, 0, 0, 0, 0])
    sc.occupy(state, "coins", seat=1)
    sc.give(state, 0, coins=10)
    state, _ = sc.play(state, 0, "space", space="coins")
    state, _ = sc.play(state, 0, "die", kind="colour", value=2)
    assert seat(state)["coins"] == 10 - 2 + 5


def test_raschid_still_pays_a_routes_extra_coins_and_camels_when_travelling():
    # he sets his dice to 3 and 3: Venezia → Oasis 9 (3 camels) → Oasis 17 → Alexandria
    # (7 coins), then the basic 12 coins of 3 steps
    state = sc.game(characters=["raschid", None, None], dice=[0, 0, 0, 0, 0])
    state["outposts"]["alexandria"] = None
    sc.give(state, 0, coins=19, camels=3)
    state = sc.place(state, 0, "travel", 3, 3)
    state, _ = sc.play(state, 0, "step", figure=0, to="o9")
    assert seat(state)["camels"] == 0
    state, _ = sc.play(state, 0, "step", figure=0, to="o17")
    state, _ = sc.play(state, 0, "step", figure=0, to="alexandria")
    assert seat(state)["figures"] == ["alexandria"]
    assert (seat(state)["coins"], seat(state)["camels"]) == (0, 0)


def test_raschid_sets_a_black_die_he_takes_too():
    state = sc.game(characters=["raschid", None, None], dice=[0, 0, 0, 0, 0])
    sc.give(state, 0, camels=3)
    state, _ = sc.play(state, 0, "black_die")
    assert ["black", 0] in seat(state)["dice"]
    assert "reroll" not in sc.legal_types(state, 0) and "adjust" not in sc.legal_types(state, 0)


# --- Matteo Polo ---------------------------------------------------------------------------------------
def test_matteo_gets_the_white_die_and_the_top_special_contract_each_round():
    state = sc.game(players=2, characters=[None, "matteo"])
    sc.hold(state, 1, [])
    top = state["special"][0]
    sc.finish_round(state)
    assert [k for k, _ in seat(state, 1)["dice"]].count("white") == 1
    assert seat(state, 1)["contracts"] == [top]


def test_the_white_die_counts_towards_compensation():
    state = RULES.setup(2, {}, 11)
    matteo = seat(state, 1)
    assert len(matteo["dice"]) == 6
    short = 15 - sum(v for _, v in matteo["dice"])
    expected = [{"kind": "compensation", "points": short}] if short > 0 else []
    assert [p for p in matteo["pending"] if p["kind"] == "compensation"] == expected


def test_the_white_die_may_go_where_matteos_colour_already_is():
    state = sc.game(players=2, characters=[None, "matteo"], dice=[3, 3, 3, 3, 3])
    sc.set_dice(state, 1, [4], kind="white")
    sc.occupy(state, "bazaar-camels", seat=1, values=(2,))
    state = sc.turn_of(state, 1)
    sc.give(state, 1, coins=10)
    state, _ = sc.play(state, 1, "space", space="bazaar-camels")
    assert [(a["kind"], a["value"]) for a in sc.legal(state, 1, "die")] == [("white", 4)]


# --- Mercator ex Tabriz ----------------------------------------------------------------------------------
def test_mercator_takes_one_of_the_goods_another_player_takes_at_the_bazaar():
    # Green takes 3 silk; Blue, the Mercator, takes 1 silk
    state = sc.game(players=4, characters=[None, "mercator", None, None], dice=[4, 4, 1, 1, 1])
    state = sc.place(state, 0, "bazaar-silk", 4, 4)
    state, _ = sc.play(state, 0, "column", n=4)
    assert seat(state, 1)["silk"] == 1


def test_mercator_takes_the_first_good_of_the_column_and_camels_count():
    state = sc.game(players=4, characters=[None, "mercator", None, None], dice=[5, 3, 1, 1, 1])
    state = sc.place(state, 0, "bazaar-pepper", 5)
    state, _ = sc.play(state, 0, "column", n=5)  # 3 pepper and 2 coins
    assert seat(state, 1)["pepper"] == 1 and seat(state, 1)["coins"] == 8
    camels = seat(state, 1)["camels"]
    state, _ = sc.play(state, 0, "end_turn")
    state = sc.turn_of(state, 0)
    state = sc.place(state, 0, "bazaar-camels", 3)
    state, _ = sc.play(state, 0, "column", n=3)
    assert seat(state, 1)["camels"] == camels + 1


def test_mercator_gets_nothing_from_his_own_bazaar():
    state = sc.game(players=4, characters=["mercator", None, None, None], dice=[4, 1, 1, 1, 1])
    state = sc.place(state, 0, "bazaar-pepper", 4)
    state, _ = sc.play(state, 0, "column", n=4)
    assert seat(state)["pepper"] == 3


@pytest.mark.parametrize("players, camels", [(2, 1), (3, 1), (4, 0)])
def test_mercator_gets_a_camel_for_the_khans_favor_with_2_or_3_players(players, camels):
    characters = [None, "mercator", None, None][:players]
    state = sc.game(players=players, characters=characters, dice=[6, 1, 1, 1, 1])
    before = seat(state, 1)["camels"]
    state = sc.place(state, 0, "khan", 6)
    assert seat(state, 1)["camels"] == before + camels


@pytest.mark.parametrize("players, coins", [(2, 2), (3, 0), (4, 0)])
def test_mercator_gets_2_coins_when_the_other_player_takes_5_coins_with_2_players(players, coins):
    characters = [None, "mercator", None, None][:players]
    state = sc.game(players=players, characters=characters, dice=[1, 1, 1, 1, 1])
    before = seat(state, 1)["coins"]
    state = sc.place(state, 0, "coins", 1)
    assert seat(state, 1)["coins"] == before + coins


# --- Kubilai Khan --------------------------------------------------------------------------------------
def test_kubilai_starts_in_beijing_with_a_post_on_its_10_point_space():
    state = sc.game(characters=["kubilai", None, None])
    assert seat(state)["figures"] == ["beijing"]
    assert seat(state)["posts"] == ["beijing"] and seat(state)["post_stock"] == 8
    assert state["beijing"][0] == 0
    assert dict(scoring.breakdown(state, 0))["Beijing"] == 10


# --- Berke Khan ------------------------------------------------------------------------------------------
def test_berke_pays_nothing_to_use_an_occupied_space():
    state = sc.game(characters=["berke", None, None], dice=[5, 5, 1, 1, 1])
    sc.occupy(state, "bazaar-silk", seat=1, values=(2, 2))
    coins = seat(state)["coins"]
    state = sc.place(state, 0, "bazaar-silk", 5, 5)
    assert seat(state)["coins"] == coins


def test_berke_still_cannot_use_an_occupied_city_card():
    state = sc.game(characters=["berke", None, None])
    sc.post(state, 0, "moscow")
    sc.occupy(state, "card-moscow", seat=1)
    assert "card-moscow" not in [a["space"] for a in sc.legal(state, 0, "space")]


# --- Niccolo and Marco Polo -------------------------------------------------------------------------------
def test_niccolo_has_a_second_figure_in_venezia_and_a_camel_each_round():
    state = sc.game(players=2, characters=["niccolo", None])
    assert seat(state)["figures"] == ["venezia", "venezia"]
    camels = seat(state)["camels"]
    sc.finish_round(state)
    assert seat(state)["camels"] >= camels + 1


def test_niccolo_splits_his_steps_and_each_figure_ending_in_a_city_places_a_post():
    state = sc.game(players=2, characters=["niccolo", None], dice=[2, 2, 1, 1, 1])
    state["outposts"]["alexandria"] = None
    sc.figure(state, 0, "venezia", "o1")
    sc.give(state, 0, coins=7)
    state = sc.place(state, 0, "travel", 2, 2)
    assert {f for f, _ in [(a["figure"], a["to"]) for a in sc.legal(state, 0, "step")]} == {0, 1}
    state, _ = sc.play(state, 0, "step", figure=0, to="alexandria")
    state, _ = sc.play(state, 0, "step", figure=1, to="moscow")
    assert set(seat(state)["posts"]) == {"alexandria", "moscow"}
    assert seat(state)["figures"] == ["alexandria", "moscow"]


# --- William of Rubruck ------------------------------------------------------------------------------------
def test_william_places_a_post_in_every_city_he_passes_through():
    state = sc.game(characters=["william", None, None], dice=[3, 3, 1, 1, 1])
    for city in ("moscow", "anxi"):
        state["outposts"][city] = None
    state["city_bonus"]["anxi"] = "vp3"
    sc.give(state, 0, coins=12, camels=3)
    state = sc.place(state, 0, "travel", 3, 3)
    for place in ("o1", "moscow", "anxi"):
        state, _ = sc.play(state, 0, "step", figure=0, to=place)
    assert seat(state)["posts"] == ["moscow", "anxi"]
    assert seat(state)["vp"]["bonuses"] == 3  # Anxi's bonus, after the move


def test_william_has_11_posts_and_scores_10_for_placing_all():
    state = sc.game(characters=["william", None, None])
    assert seat(state)["post_stock"] == 11
    cities = [*data.LARGE_CITIES, *data.SMALL_CITIES[:4]]
    sc.post(state, 0, *cities)
    assert dict(scoring.breakdown(state, 0))["All 11 trading posts"] == 10


# --- Johannes Carpini --------------------------------------------------------------------------------------
def test_johannes_steps_from_any_oasis_to_any_other_without_extra_cost():
    # Yellow: Alexandria, an oasis, another oasis, Beijing: 3 steps
    state = sc.game(characters=["johannes", None, None], dice=[3, 3, 1, 1, 1])
    sc.figure(state, 0, "alexandria")
    sc.give(state, 0, coins=12, camels=0)
    state = sc.place(state, 0, "travel", 3, 3)
    state, _ = sc.play(state, 0, "step", figure=0, to="o22")
    assert {a["to"] for a in sc.legal(state, 0, "step")} >= set(data.OASES) - {"o22"}
    state, _ = sc.play(state, 0, "step", figure=0, to="o6")
    state, _ = sc.play(state, 0, "step", figure=0, to="beijing")
    assert seat(state)["posts"] == ["beijing"] and seat(state)["coins"] == 0


def test_johannes_pays_no_extra_cost_between_two_oases_joined_by_a_route():
    state = sc.game(characters=["johannes", None, None], dice=[1, 1, 1, 1, 1])
    sc.figure(state, 0, "o5")
    sc.give(state, 0, coins=3)
    state = sc.place(state, 0, "travel", 1, 1)
    state, _ = sc.play(state, 0, "step", figure=0, to="o6")  # 5 coins for everybody else
    assert seat(state)["coins"] == 0


def test_johannes_gets_3_coins_every_round():
    state = sc.game(players=2, characters=["johannes", None])
    coins = seat(state)["coins"]
    sc.finish_round(state)
    assert seat(state)["coins"] >= coins + 3


def test_character_bonuses_come_in_round_1_too():
    state = new_game(2, 1, expert=False)
    assign_characters(state, ["johannes", "niccolo"])
    rounds.start_round(state)
    assert seat(state, 0)["coins"] == 7 + 3
    assert seat(state, 1)["camels"] == 2 + 1
