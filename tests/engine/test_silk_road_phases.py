"""Silk Road: the Buy, Travel, Bandit, Sell and End phases, one test per rule."""

from __future__ import annotations

import pytest
from silk_road_table import act, arrange, at_phase, new_game, play, types

from games.engine.contract import IllegalAction
from games.engine.silk_road import RULES, choices, data
from games.engine.silk_road.turn import advance

ARABIA, CHINA = data.ARABIA, data.CHINA


def table(phase, hand=None, caravan=None, pos=CHINA, coins=10, players=2, seed=1):
    """Seat 0 on turn in ``phase`` with exactly these cards, the others holding nothing."""
    state = at_phase(new_game(players, seed=seed), phase, turn=0)
    state["first"] = 0
    for seat in range(1, players):
        arrange(state, seat, hand={})
    arrange(state, 0, hand=hand or {}, caravan=caravan or {})
    state["pos"][0] = pos
    state["coins"][0] = coins
    return state


def listed(state, seat=0, kind=None):
    return [
        action.to_json()
        for action in RULES.legal_actions(state, seat)
        if kind is None or action.type == kind
    ]


# --- Buy -------------------------------------------------------------------------------


def test_buying_costs_one_coin_per_good():
    state = table("buy", hand={"tea": 3})
    state, log = play(state, 0, "buy", good="tea", count=2)
    assert state["coins"][0] == 8
    assert state["caravans"][0] == {"tea": 2}
    assert state["hands"][0] == {"tea": 1}
    assert log[0].text == "{p0} bought 2 Tea for 2 coins."


def test_exports_are_bought_in_china():
    state = table("buy", hand={"tea": 1, "silk": 1, "gold": 1}, pos=CHINA)
    assert {a["good"] for a in listed(state, kind="buy")} == {"tea", "silk"}


def test_imports_are_bought_in_arabia():
    state = table("buy", hand={"tea": 1, "gems": 1, "silver": 2}, pos=ARABIA)
    assert {a["good"] for a in listed(state, kind="buy")} == {"gems", "silver"}
    with pytest.raises(IllegalAction, match="In Arabia you can buy only"):
        play(state, 0, "buy", good="tea", count=1)


def test_only_one_type_of_goods_is_bought_per_turn():
    state = table("buy", hand={"tea": 2, "silk": 2})
    state, _ = play(state, 0, "buy", good="tea", count=1)
    assert {a["good"] for a in listed(state, kind="buy")} == {"tea"}  # more Tea is fine
    with pytest.raises(IllegalAction, match="one type per turn"):
        play(state, 0, "buy", good="silk", count=1)


def test_different_goods_may_ride_on_one_caravan():
    state = table("buy", hand={"tea": 1}, caravan={"silk": 1, "gold": 1})
    state, _ = play(state, 0, "buy", good="tea", count=1)
    assert state["caravans"][0] == {"silk": 1, "gold": 1, "tea": 1}


def test_a_caravan_carries_at_most_5_goods():
    state = table("buy", hand={"spices": 4}, caravan={"tea": 3})
    assert max(a["count"] for a in listed(state, kind="buy")) == 2
    with pytest.raises(IllegalAction, match="room for only 2"):
        play(state, 0, "buy", good="spices", count=3)


def test_caravan_master_carries_8_goods():
    state = table("buy", hand={"spices": 5}, caravan={"tea": 3})
    state["personality"][0] = "caravan_master"
    assert max(a["count"] for a in listed(state, kind="buy")) == 5


def test_buying_needs_the_coins():
    state = table("buy", hand={"tea": 4}, coins=2)
    assert max(a["count"] for a in listed(state, kind="buy")) == 2


def test_goods_on_the_caravan_are_not_part_of_the_hand():
    state = table("buy", hand={"tea": 3, "steppes": 4})
    state, _ = play(state, 0, "buy", good="tea", count=3)
    view = RULES.view(state, 0)
    assert view["seats"][0]["hand_size"] == 4
    assert view["seats"][0]["caravan_size"] == 3


def test_at_a_destination_a_trade_card_is_discarded_to_draw_3():
    state = table("buy", hand={"trade": 1, "steppes": 1})
    state, log = play(state, 0, "trade_draw")
    assert sum(state["hands"][0].values()) == 4
    assert state["discard"][-1] == "trade"
    assert log[0].text == "{p0} discarded Trade and drew 3 cards."


def test_trade_draws_may_be_repeated_before_and_after_buying():
    state = table("buy", hand={"trade": 2, "tea": 1})
    before = state["discard"].count("trade")
    state, _ = play(state, 0, "buy", good="tea", count=1)
    state, _ = play(state, 0, "trade_draw")
    assert "trade_draw" in types(state, 0)
    state, _ = play(state, 0, "trade_draw")
    assert state["discard"].count("trade") == before + 2


def test_no_buying_or_trade_draw_on_a_road_space():
    state = table("buy", hand={"tea": 2, "trade": 1, "steppes": 1}, pos=4)
    assert listed(state) == []
    advance(state, [])
    assert state["phase"] == "travel"


def test_done_buying_moves_on_to_travel():
    state = table("buy", hand={"tea": 2, "steppes": 1})
    state, _ = play(state, 0, "pass")
    assert state["phase"] == "travel"
    assert state["caravans"][0] == {}


# --- Travel ------------------------------------------------------------------------------


def test_a_road_card_moves_the_caravan_one_space():
    state = table("travel", hand={"desert": 2})
    state, log = play(state, 0, "road", card="desert", toward="arabia")
    assert state["pos"][0] == 7
    assert state["hands"][0] == {"desert": 1}
    assert state["discard"][-1] == "desert"
    assert log[0].text == "{p0} played Desert and moved to road space 7."


def test_three_deserts_but_not_a_desert_and_a_mountain():
    """The rulebook's example: road cards played in one turn are all of one type."""
    state = table("travel", hand={"desert": 3, "mountains": 1})
    for expected in (7, 6, 5):
        state, _ = play(state, 0, "road", card="desert", toward="arabia")
        assert state["pos"][0] == expected
    state = table("travel", hand={"desert": 3, "mountains": 1})
    state, _ = play(state, 0, "road", card="desert", toward="arabia")
    with pytest.raises(IllegalAction, match="one type"):
        play(state, 0, "road", card="mountains", toward="arabia")


def test_a_caravan_may_travel_either_way_between_the_destinations():
    state = table("travel", hand={"steppes": 1}, pos=4)
    assert {a["toward"] for a in listed(state, kind="road")} == {"arabia", "china"}
    state, _ = play(state, 0, "road", card="steppes", toward="china")
    assert state["pos"][0] == 5


def test_a_caravan_cannot_travel_past_arabia_or_china():
    state = table("travel", hand={"steppes": 2}, pos=ARABIA)
    assert {a["toward"] for a in listed(state, kind="road")} == {"china"}
    with pytest.raises(IllegalAction, match="past Arabia"):
        play(state, 0, "road", card="steppes", toward="arabia")
    state = table("travel", hand={"steppes": 3}, pos=7)
    state, _ = play(state, 0, "road", card="steppes", toward="china")
    assert state["pos"][0] == CHINA
    assert state["turn"] == 1  # nowhere further to go: travel, and with it the turn, is over


def test_all_spaces_of_a_turn_go_the_same_way():
    state = table("travel", hand={"steppes": 2}, pos=4)
    state, _ = play(state, 0, "road", card="steppes", toward="china")
    assert {a["toward"] for a in listed(state, kind="road")} == {"china"}


def test_a_guard_card_moves_one_extra_space():
    state = table("travel", hand={"desert": 1, "guard": 1})
    state, _ = play(state, 0, "road", card="desert", toward="arabia")
    state, log = play(state, 0, "guard")
    assert state["pos"][0] == 6
    assert state["turn"] == 1  # the Guard ended the travel, and with it the turn
    assert log[0].text == "{p0} played Guards to move 1 extra space, to road space 6."


def test_a_guard_card_alone_does_not_move_a_caravan():
    state = table("travel", hand={"guard": 1})
    assert "guard" not in types(state, 0)
    with pytest.raises(IllegalAction, match="road card first"):
        play(state, 0, "guard")


def test_a_caravan_may_stay_where_it_is():
    state = table("travel", hand={"desert": 2, "tea": 1})
    state, _ = play(state, 0, "stop")
    assert state["pos"][0] == CHINA
    assert state["hands"][0] == {"desert": 2, "tea": 1}


# --- Bandit ------------------------------------------------------------------------------


def bandit_table(caravan, robber_hand=None, victim_hand=None, players=3):
    state = table("bandit", hand=victim_hand or {}, caravan=caravan, pos=5, players=players)
    arrange(state, 1, hand=robber_hand if robber_hand is not None else {"bandit": 1})
    return state


def test_the_player_to_the_left_may_play_bandits():
    state = bandit_table({"tea": 2, "spices": 1})
    assert RULES.to_act(state) == (1,)
    assert types(state, 1) == {"bandit", "pass"}
    assert "bandit" not in types(state, 2)
    state, log = play(state, 1, "bandit")
    assert log[0].text == "{p1} played Bandits on {p0}."
    assert RULES.to_act(state) == (0,)


def test_in_a_two_player_game_the_opponent_is_to_your_left():
    state = bandit_table({"tea": 2}, players=2)
    assert RULES.to_act(state) == (1,)


def test_the_robbed_merchant_chooses_the_good_to_lose():
    state = bandit_table({"tea": 2, "spices": 1})
    state, _ = play(state, 1, "bandit")
    assert {a["good"] for a in listed(state, kind="lose")} == {"tea", "spices"}
    state, log = play(state, 0, "lose", good="spices")
    assert state["caravans"][0] == {"tea": 2}
    assert state["discard"][-1] == "spices"
    assert log[0].text == "Bandits took 1 Spices from {p0}'s caravan."


def test_guards_drive_off_the_bandits():
    state = bandit_table({"tea": 2}, victim_hand={"guard": 1})
    state, _ = play(state, 1, "bandit")
    state, log = play(state, 0, "negate")
    assert state["caravans"][0] == {"tea": 2}
    assert "guard" not in state["hands"][0]
    assert log[0].text == "{p0} played Guards and drove the Bandits off."


def test_with_one_kind_of_goods_and_no_guards_the_loss_needs_no_question():
    state = bandit_table({"tea": 2})
    state, log = play(state, 1, "bandit")
    assert state["caravans"][0] == {"tea": 1}
    assert [entry.text for entry in log][:2] == [
        "{p1} played Bandits on {p0}.",
        "Bandits took 1 Tea from {p0}'s caravan.",
    ]


def test_bandits_are_only_played_on_a_caravan_carrying_goods():
    state = bandit_table({})
    assert "bandit" not in types(state, 1)
    advance(state, [])
    assert state["phase"] != "bandit"


def test_the_neighbour_is_asked_only_when_holding_bandits():
    state = bandit_table({"tea": 1}, robber_hand={"steppes": 1})
    assert "bandit" not in types(state, 1)
    advance(state, [])
    assert state["phase"] != "bandit"


def test_the_neighbour_may_let_the_caravan_pass():
    state = bandit_table({"tea": 2})
    played = state["discard"].count("bandit")
    state, _ = play(state, 1, "pass")
    assert state["caravans"][0] == {"tea": 2}
    assert state["discard"].count("bandit") == played


def test_captain_of_the_guard_is_immune_to_bandits():
    state = bandit_table({"tea": 2})
    state["personality"] = ["captain", "guide", "trader"]
    assert "bandit" not in types(state, 1)


# --- Sell --------------------------------------------------------------------------------


def sell_table(caravan, pos=ARABIA, hand=None, coins=10):
    return table("sell", hand=hand or {}, caravan=caravan, pos=pos, coins=coins)


def test_in_arabia_exports_are_sold_and_imports_stay():
    state = sell_table({"tea": 2, "gold": 1})
    state, log = play(state, 0, "sell")
    assert state["coins"][0] == 14
    assert state["caravans"][0] == {"gold": 1}
    assert log[0].text == "{p0} sold 2 Tea for 4 coins."


def test_in_china_imports_are_sold():
    state = sell_table({"silver": 1, "gems": 1, "silk": 1}, pos=CHINA)
    state, _ = play(state, 0, "sell")
    assert state["coins"][0] == 10 + 4 + 1
    assert state["caravans"][0] == {"silk": 1}


def test_each_good_sells_for_2_coins():
    state = sell_table({"tea": 3})
    state, _ = play(state, 0, "sell")
    assert state["coins"][0] == 16


def test_selling_2_types_earns_1_extra_coin():
    state = sell_table({"tea": 2, "spices": 1})
    state, _ = play(state, 0, "sell")
    assert state["coins"][0] == 10 + 6 + 1


def test_selling_all_3_types_earns_2_extra_coins():
    state = sell_table({"tea": 1, "spices": 1, "silk": 1})
    state, _ = play(state, 0, "sell")
    assert state["coins"][0] == 10 + 6 + 2


def test_a_trade_card_earns_1_extra_coin_per_good_of_one_type():
    state = sell_table({"tea": 3, "spices": 1}, hand={"trade": 1})
    labels = {a["trade"] for a in listed(state, kind="sell") if "trade" in a}
    assert labels == {"tea", "spices"}
    state, log = play(state, 0, "sell", trade="tea")
    assert state["coins"][0] == 10 + 8 + 1 + 3
    assert "trade" not in state["hands"][0]
    assert log[0].text == "{p0} sold 3 Tea, 1 Spices for 12 coins (Trade on Tea)."


def test_selling_is_optional_but_sells_everything_sellable():
    state = sell_table({"tea": 2, "silk": 1})
    kept, log = play(state, 0, "keep")
    assert kept["caravans"][0] == {"tea": 2, "silk": 1}
    assert kept["coins"][0] == 10
    sold, _ = play(state, 0, "sell")
    assert sold["caravans"][0] == {}


def test_sold_goods_go_to_the_discard_pile():
    state = sell_table({"tea": 2})
    before = list(state["discard"])
    state, _ = play(state, 0, "sell")
    assert state["discard"][: len(before) + 2] == before + ["tea", "tea"]


def test_merchant_earns_1_extra_coin_per_good_sold():
    state = sell_table({"tea": 2})
    state["personality"][0] = "merchant"
    state, _ = play(state, 0, "sell")
    assert state["coins"][0] == 10 + 4 + 2


def test_nothing_to_sell_skips_the_sell_phase():
    state = sell_table({"gold": 2})
    assert listed(state) == []


# --- End ---------------------------------------------------------------------------------


def test_hand_limit_is_7_discarded_one_card_at_a_time():
    state = table("end", hand={"tea": 2, "steppes": 7})
    assert {a["card"] for a in listed(state, kind="discard")} == {"tea", "steppes"}
    state, log = play(state, 0, "discard", card="tea")
    assert log[0].text == "{p0} discarded Tea."
    assert state["turn"] == 0 and state["phase"] == "end"
    state, _ = play(state, 0, "discard", card="steppes")
    assert state["hands"][0] == {"tea": 1, "steppes": 6}
    assert state["turn"] == 1


def test_trader_keeps_up_to_9_cards():
    state = table("end", hand={"steppes": 9})
    state["personality"] = ["trader", "guide"]
    assert listed(state) == []
    state["hands"][0]["steppes"] = 10
    state["deck"].remove("steppes")
    assert len(listed(state, kind="discard")) == 1


def test_goods_on_the_caravan_do_not_count_toward_the_hand_limit():
    state = table("end", hand={"steppes": 7}, caravan={"tea": 5})
    assert listed(state) == []


# --- Victory and the end of the game -------------------------------------------------------


def test_reaching_25_coins_wins_at_once():
    state = sell_table({"tea": 3, "spices": 2}, coins=14)
    state, log = play(state, 0, "sell")
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "{p0} reached 25 coins and wins."
    assert log[-1].text == outcome.reason
    assert RULES.to_act(state) == ()
    assert RULES.legal_actions(state, 0) == RULES.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(state, 0, act("discard", card="steppes"))


def test_24_coins_do_not_win():
    state = sell_table({"tea": 2}, coins=20)
    state, _ = play(state, 0, "sell")
    assert state["coins"][0] == 24
    assert RULES.outcome(state) is None


def test_outcome_lists_coins_and_goods_carried_per_player():
    state = sell_table({"tea": 3, "spices": 2}, coins=14)
    arrange(state, 1, caravan={"gold": 2})
    state["coins"][1] = 9
    state, _ = play(state, 0, "sell")
    scores = RULES.outcome(state).scores
    assert [(s.seat, s.total, s.rank) for s in scores] == [(0, 25, 1), (1, 9, 2)]
    assert scores[1].breakdown == (("Coins", 9), ("Goods still on the caravan (not scored)", 2))
    assert RULES.outcome(state).to_json()["winners"] == [0]


def test_after_the_last_round_the_richest_merchant_wins():
    state = table("end", hand={"steppes": 8}, players=3)
    state["turn"] = 2
    arrange(state, 2, hand={"steppes": 8})
    state["round"] = data.MAX_ROUNDS
    state["coins"] = [12, 15, 15]
    state, log = play(state, 2, "discard", card="steppes")
    outcome = RULES.outcome(state)
    assert outcome.winners == (1, 2)  # a tie shares the win
    assert outcome.reason == (
        f"The game ends after {data.MAX_ROUNDS} rounds. {{p1}} and {{p2}} share the win "
        "with 15 coins."
    )
    assert [s.rank for s in outcome.scores] == [3, 1, 1]


def test_timed_out_players_cannot_keep_a_game_going_for_ever():
    state = new_game(4, seed=3)
    steps = 0
    while RULES.outcome(state) is None:
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, RULES.default_action(state, seat))
        steps += 1
        assert steps < 20_000
    assert state["round"] <= data.MAX_ROUNDS + 1


# --- Refusals say why --------------------------------------------------------------------


def test_refusals_tell_the_player_why():
    state = table("travel", hand={"desert": 1, "tea": 1})

    def reason(seat, type, **params):
        with pytest.raises(IllegalAction) as refused:
            play(state, seat, type, **params)
        return str(refused.value)

    assert reason(1, "road", card="desert", toward="arabia") == "It is not your turn."
    assert reason(0, "buy", good="tea", count=1).startswith("That belongs to the Buy phase")
    assert reason(0, "pass").startswith("That belongs to the Buy phase")
    assert reason(0, "fly") == "There is no move called 'fly' in Silk Road."
    assert reason(0, "road", card="tea", toward="arabia").startswith("Travel needs a road card")
    assert reason(0, "road", card="steppes", toward="arabia") == "You hold no Steppes."
    assert reason(0, "road", card="desert", toward="china") == "You cannot travel past China."
    assert reason(0, "accept", offer=4) == "That offer is no longer open."


def test_buying_labels_say_coin_for_one_and_coins_for_more():
    labels = {action.label for action in choices.BUY.values()}
    assert "Buy 1 Tea (1 coin)" in labels
    assert "Buy 2 Tea (2 coins)" in labels


def test_one_coin_is_one_coin_not_one_coins():
    from games.engine.vocabulary import amount

    assert [amount(n, "coin") for n in (0, 1, 2)] == ["0 coins", "1 coin", "2 coins"]
    assert amount(1, "more good") == "1 more good"
