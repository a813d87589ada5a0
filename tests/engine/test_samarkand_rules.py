"""One test per Samarkand rule (3-5 players), named after what a player would notice."""

import pytest

from games.engine.contract import Action, IllegalAction
from games.engine.samarkand import RULES, board, data
from games.engine.samarkand import scenario as sc


def total_money(state):
    return (
        state["supply"]
        + sum(seat["money"] for seat in state["seats"])
        + sum(stock["treasury"] for stock in state["families"].values())
    )


# --- setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_gives_10_dirham_and_2_goods_cards_each(players):
    state = sc.game(players)
    assert [seat["money"] for seat in state["seats"]] == [10] * players
    assert [len(seat["hand"]) for seat in state["seats"]] == [2] * players
    assert len(state["deck"]) == 33 - 2 * players
    assert state["supply"] == data.TOTAL_MONEY - 10 * players


def test_setup_puts_one_camel_on_each_home_space_and_11_in_each_domain():
    state = sc.game(4)
    for key, start in board.START_OF.items():
        assert state["camels"][start] == [key]
        assert state["families"][key]["camels"] == 11
        assert state["families"][key]["tiles"] == 2
        assert state["families"][key]["markers"] == 5


def test_all_33_goods_markers_start_on_the_map():
    state = sc.game(3)
    assert state["goods_left"] == list(range(1, 34))


@pytest.mark.parametrize("players, limit", [(2, 10), (3, 10), (4, 7), (5, 6)])
def test_hand_limits_depend_on_the_number_of_players(players, limit):
    assert sc.game(players)["hand_limit"] == limit


def test_the_first_seat_begins_with_marry_or_expand_but_cannot_expand_unmarried():
    state = sc.game(3)
    assert RULES.to_act(state) == (0,)
    assert sc.legal_types(state, 0) & {"marry", "expand"} == {"marry"}


# --- marrying ------------------------------------------------------------------------------------


def test_marrying_pays_the_portion_into_the_family_treasury():
    state = sc.game(3)
    portion = board.FAMILIES["persian"]["portion"]
    supply = state["supply"]
    state, _ = sc.marry(state, 0, "persian")
    assert state["seats"][0]["money"] == 10 - portion
    assert state["families"]["persian"]["treasury"] == portion
    assert state["supply"] == supply  # the supply is kept separate


def test_marrying_takes_a_family_tile():
    state = sc.game(3)
    state, _ = sc.marry(state, 0, "mongol")
    assert state["seats"][0]["tiles"] == ["mongol"]
    assert state["families"]["mongol"]["tiles"] == 1


def test_a_player_holds_at_most_one_tile_of_each_family():
    state = sc.game(3)
    sc.member(state, 0, "mongol")
    state, _ = sc.play(state, 0, "marry")
    families = {a["family"] for a in RULES.legal_actions(state, 0) if a.type == "marry_family"}
    assert "mongol" not in families
    with pytest.raises(IllegalAction, match="already married"):
        sc.play(state, 0, "marry_family", family="mongol")


def test_nobody_marries_into_a_family_without_tiles_left():
    state = sc.game(3)
    sc.member(state, 1, "mongol")
    sc.member(state, 2, "mongol")
    state, _ = sc.play(state, 0, "marry")
    with pytest.raises(IllegalAction, match="No Mongol family tile"):
        sc.play(state, 0, "marry_family", family="mongol")


def test_marrying_needs_the_portion_in_cash():
    state = sc.game(3)
    cheapest = min(family["portion"] for family in board.FAMILIES.values())
    sc.money(state, 0, cheapest)
    state, _ = sc.play(state, 0, "marry")
    families = {a["family"] for a in RULES.legal_actions(state, 0) if a.type == "marry_family"}
    assert families == {k for k, f in board.FAMILIES.items() if f["portion"] <= cheapest}
    expensive = max(board.FAMILIES, key=lambda k: board.FAMILIES[k]["portion"])
    with pytest.raises(IllegalAction, match="cannot afford"):
        sc.play(state, 0, "marry_family", family=expensive)


def test_marrying_draws_the_top_three_goods_cards():
    state = sc.game(3)
    sc.hand(state, 0, [30, 31])
    sc.deck_top(state, [1, 2, 3])
    state, log = sc.marry(state, 0, "persian")
    assert sorted(state["seats"][0]["hand"]) == [1, 2, 3, 30, 31]
    assert state["step"] == "discard"
    drawn = [entry for entry in log if "drew" in entry.text][0]
    assert "Olive" not in drawn.text  # the others only learn how many
    assert board.goods_label(1) in drawn.for_viewer(0)


def test_after_drawing_at_most_two_cards_may_be_discarded():
    state = sc.game(3)
    state, _ = sc.marry(state, 0, "persian")
    hand = sorted(state["seats"][0]["hand"])
    state, _ = sc.play(state, 0, "discard", card=hand[0])
    assert state["step"] == "discard"
    state, _ = sc.play(state, 0, "discard", card=hand[1])
    # keeping at least one drawn card: the second discard ends the turn
    assert state["step"] == "turn" and state["active"] == 1
    assert len(state["seats"][0]["hand"]) == 3
    assert state["discard"] == [hand[0], hand[1]]


def test_discarding_may_throw_away_cards_held_before():
    state = sc.game(3)
    sc.hand(state, 0, [30, 31])
    sc.deck_top(state, [1, 2, 3])
    state, _ = sc.marry(state, 0, "persian")
    state, _ = sc.play(state, 0, "discard", card=30)
    state, _ = sc.play(state, 0, "keep_cards")
    assert sorted(state["seats"][0]["hand"]) == [1, 2, 3, 31]


def test_discarding_nothing_is_allowed_below_the_limit():
    state = sc.game(3)
    state, _ = sc.marry(state, 0, "persian")
    state, _ = sc.play(state, 0, "keep_cards")
    assert len(state["seats"][0]["hand"]) == 5


def test_the_hand_limit_must_be_met_after_discarding():
    state = sc.game(5)  # limit 6
    sc.hand(state, 0, [1, 2, 3, 4, 5])
    state, _ = sc.marry(state, 0, "persian")  # 8 cards: 2 must go
    assert "keep_cards" not in sc.legal_types(state, 0)
    state, _ = sc.play(state, 0, "discard", card=1)
    assert "keep_cards" not in sc.legal_types(state, 0)
    with pytest.raises(IllegalAction, match="hand limit of 6"):
        sc.play(state, 0, "keep_cards")
    state, _ = sc.play(state, 0, "discard", card=2)
    assert len(state["seats"][0]["hand"]) == 6


def test_no_cards_are_drawn_at_the_hand_limit():
    state = sc.game(5)
    sc.hand(state, 0, [1, 2, 3, 4, 5, 6])
    deck = list(state["deck"])
    state, _ = sc.marry(state, 0, "persian")
    assert state["deck"] == deck
    assert state["active"] == 1


def test_sold_cards_count_towards_the_hand_limit():
    state = sc.game(5)
    sc.hand(state, 0, [1, 2, 3, 4, 5, 6])
    state["seats"][0]["hand"].remove(6)
    del state["seats"][0]["sell"]["6"]
    state["seats"][0]["sold"].append(6)
    state, _ = sc.marry(state, 0, "persian")
    assert len(state["seats"][0]["hand"]) == 5  # 5 in hand + 1 sold = the limit of 6


def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out():
    state = sc.game(3)
    state["discard"] = state["deck"][:-1]
    state["deck"] = state["deck"][-1:]
    state, _ = sc.marry(state, 0, "persian")
    assert len(state["seats"][0]["hand"]) == 5
    assert state["discard"] == []
    assert len(state["deck"]) == 33 - 6 - 3


# --- expanding -----------------------------------------------------------------------------------


def test_expanding_needs_a_tile_of_the_family():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    state, _ = sc.play(state, 0, "expand")
    families = {a["family"] for a in RULES.legal_actions(state, 0) if a.type == "expand_family"}
    assert families == {"levant"}
    with pytest.raises(IllegalAction, match="families you married into"):
        sc.play(state, 0, "expand_family", family="byzant")


def test_a_camel_goes_next_to_a_camel_of_its_family():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    state, _ = sc.play(state, 0, "expand")
    state, _ = sc.play(state, 0, "expand_family", family="levant")
    spaces = {a["space"] for a in RULES.legal_actions(state, 0) if a.type == "place"}
    assert spaces == set(board.neighbours("damascus"))
    with pytest.raises(IllegalAction, match="next to a camel of the same colour"):
        sc.play(state, 0, "place", space="silk")


def test_at_most_two_camels_of_different_colours_share_a_space():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    sc.camel(state, "levant", "sinai")
    sc.camel(state, "arabic", "flax")
    sc.camel(state, "persian", "flax")
    state, _ = sc.play(state, 0, "expand")
    state, _ = sc.play(state, 0, "expand_family", family="levant")
    spaces = {a["space"] for a in RULES.legal_actions(state, 0) if a.type == "place"}
    assert "flax" not in spaces  # full
    assert "sinai" not in spaces  # already holds a Levant camel
    with pytest.raises(IllegalAction, match="Flax-3 is full: no more than 2 camels"):
        sc.play(state, 0, "place", space="flax")
    with pytest.raises(IllegalAction, match="already has a camel on Sinai.*different colours"):
        sc.play(state, 0, "place", space="sinai")


def test_expanding_by_one_space_is_free():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    treasury = state["families"]["levant"]["treasury"]
    state, _ = sc.expand(state, 0, "levant", "sinai")
    assert state["families"]["levant"]["treasury"] == treasury
    assert state["families"]["levant"]["camels"] == 10
    assert state["active"] == 1


def test_the_second_camel_costs_the_family_one_dirham_paid_to_the_supply():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    sc.treasury(state, "levant", 2)
    money = state["seats"][0]["money"]
    supply = state["supply"]
    state, _ = sc.expand(state, 0, "levant", "sinai", "flax")
    assert state["families"]["levant"]["treasury"] == 1
    assert state["supply"] == supply + 1
    assert state["seats"][0]["money"] == money  # never from the player's own capital


def test_an_empty_treasury_allows_one_camel_only():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    sc.treasury(state, "levant", 0)
    state, _ = sc.play(state, 0, "expand")
    state, _ = sc.play(state, 0, "expand_family", family="levant")
    state, _ = sc.play(state, 0, "place", space="sinai")
    assert state["active"] == 1  # the turn ended after one camel


def test_the_second_camel_may_go_next_to_the_first():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    state, _ = sc.play(state, 0, "expand")
    state, _ = sc.play(state, 0, "expand_family", family="levant")
    state, _ = sc.play(state, 0, "place", space="flax")
    spaces = {a["space"] for a in RULES.legal_actions(state, 0) if a.type == "place"}
    assert "incense" in spaces  # next to Flax only


def test_a_family_without_camels_in_its_domain_cannot_expand():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    for space in [
        "silk",
        "tea",
        "jade",
        "musk",
        "wool",
        "rubies",
        "porcelain",
        "pepper",
        "indigo",
        "cotton",
        "rhubarb",
    ]:
        sc.camel(state, "levant", space)
    assert state["families"]["levant"]["camels"] == 0
    assert "expand" not in sc.legal_types(state, 0)


def test_choosing_back_returns_to_marry_or_expand():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    state, _ = sc.play(state, 0, "expand")
    state, _ = sc.play(state, 0, "expand_family", family="levant")
    state, _ = sc.play(state, 0, "back")
    assert state["step"] == "turn" and state["active"] == 0


def test_a_player_who_can_neither_marry_nor_expand_passes():
    state = sc.game(3)
    sc.money(state, 0, 0)
    assert sc.legal_types(state, 0) - {"sell_choice"} == {"pass"}
    state, log = sc.play(state, 0, "pass")
    assert state["active"] == 1
    assert "passes" in log[0].text


def test_a_whole_round_of_passes_ends_the_game():
    state = sc.game(3)
    for seat in range(3):
        sc.money(state, seat, 0)
    for seat in range(3):
        state, _ = sc.play(state, seat, "pass")
    assert RULES.outcome(state) is not None
    assert "Nobody could" in RULES.outcome(state).reason


# --- goods ---------------------------------------------------------------------------------------


def test_the_first_camel_on_a_goods_space_takes_its_marker():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    state, _ = sc.expand(state, 0, "levant", "flax")
    assert state["seats"][0]["goods"] == [sc.card_of("Flax")]
    assert sc.card_of("Flax") not in state["goods_left"]


def test_the_second_camel_on_a_goods_space_takes_no_marker_and_sells_nothing():
    state = sc.game(3)
    flax = sc.card_of("Flax")
    sc.member(state, 0, "levant")
    sc.camel(state, "arabic", "flax")
    sc.hand(state, 1, [flax], mode="sell")
    state, _ = sc.expand(state, 0, "levant", "flax")
    assert state["seats"][0]["goods"] == []
    assert flax in state["seats"][1]["hand"]
    assert state["seats"][1]["money"] == 10


def test_a_card_set_to_sell_is_sold_for_3_dirham_from_the_supply():
    state = sc.game(3)
    flax = sc.card_of("Flax")
    sc.member(state, 0, "levant")
    sc.hand(state, 2, [flax, 1], mode="sell")
    supply = state["supply"]
    state, log = sc.expand(state, 0, "levant", "flax")
    assert state["seats"][2]["money"] == 13
    assert state["supply"] == supply - 3
    assert state["seats"][2]["sold"] == [flax]
    assert state["seats"][2]["hand"] == [1]
    assert any("{p2} sold the Flax" in entry.text for entry in log)


def test_a_sold_card_stays_in_front_of_its_owner_and_scores_nothing():
    state = sc.game(3)
    flax = sc.card_of("Flax")
    sc.member(state, 0, "levant")
    sc.member(state, 2, "levant")
    sc.hand(state, 2, [flax], mode="sell")
    state, _ = sc.expand(state, 0, "levant", "flax")
    from games.engine.samarkand.scoring import breakdown

    assert dict(breakdown(state, 2))["Goods cards"] == 0
    assert RULES.view(state, 1)["seats"][2]["sold"] == ["Flax-3"]
    # it can never return to the hand: no action names it any more
    assert all(a.get("card") != flax for a in RULES.legal_actions(state, 2))


def test_a_kept_card_stays_in_hand_and_leaves_no_trace_in_the_log():
    state = sc.game(3)
    flax = sc.card_of("Flax")
    sc.member(state, 0, "levant")
    sc.hand(state, 2, [flax], mode="keep")
    state, log = sc.expand(state, 0, "levant", "flax")
    assert state["seats"][2]["hand"] == [flax]
    assert state["seats"][2]["money"] == 10
    for entry in log:
        for viewer in (None, 0, 1, 2):
            assert "{p2}" not in entry.for_viewer(viewer)


def test_by_default_a_card_is_sold_unless_a_camel_of_the_holders_family_arrives():
    state = sc.game(3)
    flax, incense = sc.card_of("Flax"), sc.card_of("Incense")
    sc.member(state, 0, "levant")
    sc.member(state, 1, "levant")
    sc.hand(state, 1, [flax])  # default choice
    sc.hand(state, 2, [incense])
    state, _ = sc.expand(state, 0, "levant", "flax", "incense")
    assert state["seats"][1]["hand"] == [flax]  # a Levant member keeps it (worth 4+)
    assert state["seats"][2]["sold"] == [incense]  # seat 2 is no Levant member: sold


def test_the_active_player_may_sell_their_own_card():
    state = sc.game(3)
    flax = sc.card_of("Flax")
    sc.member(state, 0, "levant")
    sc.hand(state, 0, [flax], mode="sell")
    state, _ = sc.expand(state, 0, "levant", "flax")
    assert state["seats"][0]["sold"] == [flax]
    assert state["seats"][0]["money"] == 13


def test_the_sell_choice_is_changed_off_turn_without_blocking_the_game():
    state = sc.game(3)
    flax = sc.card_of("Flax")
    sc.hand(state, 2, [flax])
    assert RULES.to_act(state) == (0,)
    state, log = sc.play(state, 2, "sell_choice", card=flax, mode="keep")
    assert log == []
    assert state["seats"][2]["sell"][str(flax)] == "keep"
    assert RULES.to_act(state) == (0,)
    modes = [a["mode"] for a in RULES.legal_actions(state, 2) if a.get("card") == flax]
    assert modes == ["sell"]  # the choice cycles: sell unless my family -> keep -> sell


def test_no_sell_choice_once_the_goods_space_has_a_camel():
    state = sc.game(3)
    flax = sc.card_of("Flax")
    sc.hand(state, 2, [flax])
    sc.camel(state, "levant", "flax")
    assert not [a for a in RULES.legal_actions(state, 2) if a.get("card") == flax]


# --- relationships -------------------------------------------------------------------------------


def test_camels_meeting_on_land_establish_a_trade_relationship():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    sc.camel(state, "arabic", "flax")
    state, log = sc.expand(state, 0, "levant", "flax")
    assert state["relations"] == [["arabic", "levant"]]
    assert any("First trade relationship" in entry.text for entry in log)


def test_a_home_space_counts_as_land_for_meetings():
    state = sc.game(3)
    sc.member(state, 0, "arabic")
    sc.camel(state, "arabic", "incense")
    state, _ = sc.expand(state, 0, "arabic", "flax", "damascus")
    assert ["arabic", "levant"] in state["relations"]


def test_camels_on_water_never_meet():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    sc.camel(state, "byzant", "mediterranean-sea")
    state, _ = sc.expand(state, 0, "levant", "mediterranean-sea")
    assert state["camels"]["mediterranean-sea"] == ["byzant", "levant"]
    assert state["relations"] == []


def test_only_the_first_meeting_of_two_families_counts():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    sc.camel(state, "arabic", "flax")
    sc.camel(state, "arabic", "sinai")
    state, _ = sc.expand(state, 0, "levant", "flax")
    money = [seat["money"] for seat in state["seats"]]
    sc.turn(state, 0)
    state, log = sc.expand(state, 0, "levant", "sinai")
    assert [seat["money"] for seat in state["seats"]] == money
    assert len(state["seats"][0]["markers"]) == 2
    assert not any("relationship" in entry.text for entry in log)


def test_relationship_bonus_3_to_active_family_members_1_to_the_other_familys():
    state = sc.game(4)
    sc.member(state, 0, "levant")
    sc.member(state, 1, "levant")
    sc.member(state, 2, "arabic")
    sc.camel(state, "arabic", "flax")
    state, _ = sc.expand(state, 0, "levant", "flax")
    assert [seat["money"] for seat in state["seats"]] == [13, 13, 11, 10]


def test_a_member_of_both_families_gets_both_bonuses():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    sc.member(state, 1, "levant")
    sc.member(state, 1, "arabic")
    sc.camel(state, "arabic", "flax")
    state, _ = sc.expand(state, 0, "levant", "flax")
    assert state["seats"][1]["money"] == 14


def test_the_active_player_takes_both_top_markers_dark_green_first():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    sc.camel(state, "arabic", "flax")
    sc.camel(state, "byzant", "sinai")
    state, _ = sc.expand(state, 0, "levant", "flax", "sinai")
    assert state["seats"][0]["markers"] == [
        ["levant", "green"],
        ["arabic", "green"],
        ["levant", "grey"],
        ["byzant", "green"],
    ]
    assert state["families"]["levant"]["markers"] == 3


def test_the_relationship_bonus_comes_even_from_an_unmarried_family():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    sc.camel(state, "mongol", "flax")  # nobody is a Mongol
    state, _ = sc.expand(state, 0, "levant", "flax")
    assert state["seats"][0]["money"] == 13
    assert state["seats"][0]["markers"] == [["levant", "green"], ["mongol", "green"]]


# --- the end -------------------------------------------------------------------------------------


def _everyone_met_but(state, last_pair):
    """Relationships for every family except the two in ``last_pair``."""
    others = [key for key in board.FAMILY_ORDER if key not in last_pair]
    for first, second in zip(others[::2], others[1::2], strict=True):
        state["relations"].append(sorted([first, second]))
        for key in (first, second):
            state["families"][key]["markers"] -= 1
            state["seats"][2]["markers"].append([key, "green"])
    state["relations"].sort()


def test_the_game_ends_when_every_family_has_a_relationship():
    state = sc.game(3)
    _everyone_met_but(state, ("levant", "arabic"))
    sc.member(state, 0, "levant")
    sc.camel(state, "arabic", "flax")
    state, log = sc.expand(state, 0, "levant", "flax")
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.reason == "Every family has established a trade relationship."
    assert RULES.to_act(state) == ()
    with pytest.raises(IllegalAction):
        sc.play(state, 1, "marry")


def test_the_game_ends_when_a_family_has_five_relationships():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    for partner in ("byzant", "khazar", "sogdian", "uyghur"):
        state["relations"].append(sorted(["levant", partner]))
        for key in ("levant", partner):
            state["families"][key]["markers"] -= 1
            shade = "green" if state["families"][key]["markers"] == 4 else "grey"
            state["seats"][1]["markers"].append([key, shade])
    sc.camel(state, "arabic", "flax")
    state, _ = sc.expand(state, 0, "levant", "flax")
    assert RULES.outcome(state).reason == "The Levant family has established 5 trade relationships."


def test_the_end_is_checked_only_after_the_turn():
    state = sc.game(3)
    _everyone_met_but(state, ("levant", "arabic"))
    sc.member(state, 0, "levant")
    sc.camel(state, "arabic", "flax")
    state, _ = sc.play(state, 0, "expand")
    state, _ = sc.play(state, 0, "expand_family", family="levant")
    state, _ = sc.play(state, 0, "place", space="flax")
    assert RULES.outcome(state) is None  # the second camel may still come
    state, _ = sc.play(state, 0, "place", space="incense")
    assert RULES.outcome(state) is not None
    assert state["active"] == 0  # the round is not completed


# --- scoring -------------------------------------------------------------------------------------


def test_goods_cards_score_0_without_camels_1_per_other_camel_4_per_own_camel():
    from games.engine.samarkand.scoring import card_points

    state = sc.game(3)
    sc.member(state, 0, "levant")
    silk, flax, tea = sc.card_of("Silk"), sc.card_of("Flax"), sc.card_of("Tea")
    sc.hand(state, 0, [silk, flax, tea])
    sc.camel(state, "chinese", "tea")
    sc.camel(state, "levant", "flax")
    sc.camel(state, "arabic", "flax")
    assert card_points(state, 0, silk) == 0
    assert card_points(state, 0, tea) == 1
    assert card_points(state, 0, flax) == 5


def test_scoring_adds_goods_cards_goods_markers_relationship_markers_and_cash():
    from games.engine.samarkand.scoring import breakdown

    state = sc.game(3)
    sc.member(state, 0, "levant")
    sc.camel(state, "arabic", "flax")
    sc.hand(state, 0, [sc.card_of("Flax")])
    state, _ = sc.expand(state, 0, "levant", "flax", "incense")
    rows = dict(breakdown(state, 0))
    assert rows == {
        "Goods cards": 5,
        "Goods markers": 1,  # Incense; Flax had a camel already
        "Relationship markers": 2,
        "Cash": 10 + 3,
    }


def test_tied_players_share_the_win():
    state = sc.game(3)
    for seat in range(3):
        sc.hand(state, seat, [])
    sc.money(state, 0, 20)
    sc.money(state, 1, 20)
    sc.money(state, 2, 5)
    state["end"] = "Every family has established a trade relationship."
    outcome = RULES.outcome(state)
    assert outcome.winners == (0, 1)
    assert [s.rank for s in outcome.scores] == [1, 1, 3]
    assert [label for label, _ in outcome.scores[0].breakdown] == [
        "Goods cards",
        "Goods markers",
        "Relationship markers",
        "Cash",
    ]


def test_money_is_only_moved_never_created():
    state = sc.game(4)
    total = total_money(state)
    sc.member(state, 0, "levant")
    sc.member(state, 1, "arabic")
    sc.camel(state, "arabic", "flax")
    sc.hand(state, 2, [sc.card_of("Incense")], mode="sell")
    state, _ = sc.expand(state, 0, "levant", "flax", "incense")
    assert total_money(state) == total == data.TOTAL_MONEY


# --- default actions -----------------------------------------------------------------------------


def test_every_decision_has_a_legal_default():
    state = sc.game(3)
    seen = set()
    for _ in range(3000):
        if RULES.outcome(state):
            break
        seat = RULES.to_act(state)[0]
        action = RULES.default_action(state, seat)
        assert action in RULES.legal_actions(state, seat)
        seen.add(state["step"])
        state, _ = RULES.apply(state, seat, action)
    assert {"turn", "marry", "expand", "place", "discard"} <= seen
    assert RULES.outcome(state) is not None


def test_the_default_never_spends_a_family_treasury_on_a_second_camel():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    state, _ = sc.play(state, 0, "expand")
    state, _ = sc.play(state, 0, "expand_family", family="levant")
    state, _ = sc.play(state, 0, "place", space="sinai")
    assert RULES.default_action(state, 0) == Action.make("stop")
