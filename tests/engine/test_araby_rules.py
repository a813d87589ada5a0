"""Merchants of Araby: every rule of the rulebook, and its worked examples, as behaviour."""

from __future__ import annotations

import pytest
from araby_table import act, caravan, entourage, hand, on_top, place, space_of, table, types

from games.engine.contract import IllegalAction
from games.engine.merchants_of_araby import RULES, data
from games.engine.merchants_of_araby.turn import begin_turn, stranded_spaces

FABRICS_MERCHANT, OTHER_FABRICS_MERCHANT = "m13", "m14"
PRINCESS_OF_FABRICS = "p4"
GENEROSITY, INVIGORATION, REJUVENATION = "v01", "d09", "d07"
SAND_VEIL, GOLDEN_WIND = "d11", "d13"
PAYS_2_3_4_BANDITS_AT_9 = "m01"  # resolution back (9, 2, 3, 4)


# --- setup ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_player_starts_with_three_coins_five_cards_and_five_camels(players):
    state = RULES.setup(players, {}, 7)
    assert state["coins"] == [3] * players
    assert all(len(hand) == 5 for hand in state["hands"])
    assert state["camels"] == [5] * players
    assert len(state["draft"]) == 4


def test_each_player_gets_one_persona_and_two_in_a_two_player_game():
    assert [len(e) for e in RULES.setup(3, {}, 1)["entourage"]] == [1, 1, 1]
    two = RULES.setup(2, {}, 1)["entourage"]
    assert [len(e) for e in two] == [2, 2]
    assert all(card.startswith("p") for e in two for card in e)


def test_four_caravan_stacks_of_one_card_per_player_and_the_rest_go_back_to_the_box():
    state = RULES.setup(3, {}, 1)
    # seat 0 already took the first caravan card of the game
    assert sorted(len(stack) for stack in state["stacks"]) == [2, 3, 3, 3]
    assert sum(1 for c in state["box"] if c.startswith("c")) == 20 - 12


def test_a_table_option_adds_caravan_stacks_for_a_longer_game():
    state = RULES.setup(2, {"stacks": "6"}, 1)
    assert len(state["stacks"]) == 6
    with pytest.raises(ValueError):
        RULES.setup(5, {"stacks": "5"}, 1)  # 25 caravan cards: there are only 20


def test_the_first_player_starts_with_a_caravan_card_in_front_of_them():
    state = RULES.setup(4, {}, 3)
    assert state["caravans"][0] is not None
    assert all(c is None for c in state["caravans"][1:])


# --- playing cards and paying -----------------------------------------------------------


def _fabrics_table():
    state = table(3)
    entourage(state, 0, PRINCESS_OF_FABRICS)
    hand(state, 0, FABRICS_MERCHANT)
    return state


def test_example_task_the_princess_of_fabrics_and_pay_a_coin_for_a_fabrics_merchant():
    state = _fabrics_table()
    state, _ = act(state, 0, "task", card=PRINCESS_OF_FABRICS)
    assert state["products"][0] == {"fabrics": 1}
    state, _ = act(state, 0, "play", card=FABRICS_MERCHANT, discards=[])
    assert FABRICS_MERCHANT in state["entourage"][0]
    assert state["coins"][0] == 2 and state["products"][0] == {}


def test_example_discard_a_different_fabrics_merchant_to_negate_the_fabric_cost():
    state = _fabrics_table()
    hand(state, 0, OTHER_FABRICS_MERCHANT)
    state, _ = act(state, 0, "play", card=FABRICS_MERCHANT, discards=[OTHER_FABRICS_MERCHANT])
    assert state["coins"][0] == 2
    assert OTHER_FABRICS_MERCHANT in state["discard"]


def test_example_discard_generosity_and_invigoration_to_pay_nothing_from_the_tent():
    state = _fabrics_table()
    hand(state, 0, GENEROSITY, INVIGORATION)
    state, _ = act(
        state, 0, "play", card=FABRICS_MERCHANT, discards=sorted([GENEROSITY, INVIGORATION])
    )
    assert state["coins"][0] == 3
    assert {GENEROSITY, INVIGORATION} <= set(state["discard"])


def test_example_another_player_produces_the_fabric_and_pays_the_coin_for_you():
    state = table(3)
    entourage(state, 1, PRINCESS_OF_FABRICS)
    hand(state, 0, FABRICS_MERCHANT)
    state["coins"][0] = 0
    state, _ = act(
        state,
        0,
        "offer",
        to=1,
        get_products=["fabrics"],
        get_coins=["coin"],
        note="I will let you invest next turn",
    )
    state, _ = act(state, 1, "accept", offer=1)
    assert state["products"][0] == {"fabrics": 1} and state["coins"] == [1, 2, 3]
    state, _ = act(state, 0, "play", card=FABRICS_MERCHANT, discards=[])
    assert FABRICS_MERCHANT in state["entourage"][0] and state["coins"][0] == 0


def test_each_discard_negates_only_one_icon_however_many_it_shows():
    state = table(3)
    hand(state, 0, "a05", "m15")  # Bazaar Trader: Jewels + 2 coins; Silk Weaver shows two icons
    state["coins"][0] = 1
    plays = [a for a in RULES.legal_actions(state, 0) if a.get("card") == "a05"]
    assert plays == []  # the weaver's icons are Fabrics and coin: one coin short, no Jewels
    state["products"][0] = {"jewels": 1}
    plays = [a for a in RULES.legal_actions(state, 0) if a.get("card") == "a05"]
    assert [a["discards"] for a in plays] == [("m15",)]


def test_a_card_cannot_be_paid_with_products_or_coins_one_does_not_have():
    state = _fabrics_table()
    state["coins"][0] = 0
    with pytest.raises(IllegalAction, match="cannot pay"):
        act(state, 0, "play", card=FABRICS_MERCHANT, discards=[])


def test_merchants_allies_and_virtues_are_played_only_on_your_own_turn():
    state = table(3)
    hand(state, 1, "m01", "a09", "v05")
    state["products"][1] = {"magics": 1, "spices": 2}
    assert not [a for a in RULES.legal_actions(state, 1) if a.type == "play"]
    with pytest.raises(IllegalAction, match="only be played on your turn"):
        act(state, 1, "play", card="v05", discards=[])


def test_djinn_are_played_on_any_turn_and_then_discarded():
    state = table(3)
    hand(state, 1, "d03")  # Djinn of Spices: 1 coin, produce 2 Spices
    state, _ = act(state, 1, "play", card="d03", discards=[])
    assert state["products"][1] == {"spices": 2}
    assert state["coins"][1] == 2 and "d03" in state["discard"]


def test_merchants_and_allies_join_the_entourage_virtues_are_discarded():
    state = table(3)
    hand(state, 0, "v05", "a09")
    state["products"][0] = {"spices": 2}
    state, _ = act(state, 0, "play", card="v05", discards=[])  # Thrift: 2 coins
    assert state["coins"][0] == 5 and "v05" in state["discard"]
    state, _ = act(state, 0, "play", card="a09", discards=[])
    assert "a09" in state["entourage"][0]


def test_rejuvenation_draws_three_and_one_of_them_must_go_to_an_opponent():
    state = table(3)
    hand(state, 0, REJUVENATION)
    state["products"][0] = {"jewels": 1}
    drawn = state["deck"][-3:]
    state, _ = act(state, 0, "play", card=REJUVENATION, discards=[])
    assert RULES.to_act(state) == (0,)
    assert types(state, 0) == {"give"} | {"withdraw"} & types(state, 0)
    gift = drawn[0]
    state, logs = act(state, 0, "give", card=gift, to=2)
    assert gift in state["hands"][2] and len(state["hands"][0]) == 2
    assert data.name(gift) not in logs[0].for_viewer(1)


def test_example_a_promised_card_is_delivered_by_playing_rejuvenation():
    state = table(3)
    hand(state, 0, REJUVENATION)
    state["products"][0] = {"jewels": 1}
    caravan(state, 1, "c02", [-1] * 9)
    state, _ = act(
        state, 0, "offer", to=1, get_permits=["invest"], note="I will give you a card this turn"
    )
    state, _ = act(state, 1, "accept", offer=1)
    state, _ = act(state, 0, "play", card=REJUVENATION, discards=[])
    state, _ = act(state, 0, "give", card=state["pending"][0]["cards"][0], to=1)
    assert len(state["hands"][1]) == 1 and state["permits"][0][1] == 1


def test_generosity_pays_three_coins_and_each_opponent_draws_a_card():
    state = table(3)
    hand(state, 0, GENEROSITY)
    state["products"][0] = {"fabrics": 1, "spices": 1}
    state, _ = act(state, 0, "play", card=GENEROSITY, discards=[])
    assert state["coins"][0] == 6 and [len(h) for h in state["hands"]] == [0, 1, 1]


# --- tasking and products ---------------------------------------------------------------


def test_entourage_cards_are_tasked_on_other_players_turns_too_but_once():
    state = table(3)
    entourage(state, 2, "p3")
    state, _ = act(state, 2, "task", card="p3")
    assert state["products"][2] == {"spices": 1}
    with pytest.raises(IllegalAction, match="already tasked"):
        act(state, 2, "task", card="p3")


def test_an_ally_of_any_product_asks_which_one():
    state = table(3)
    entourage(state, 0, "a01")
    tasks = [a for a in RULES.legal_actions(state, 0) if a.type == "task"]
    assert {a["product"] for a in tasks} == set(data.PRODUCTS)


def test_products_last_only_until_the_end_of_the_turn():
    state = table(3)
    entourage(state, 1, "p3")
    state, _ = act(state, 1, "task", card="p3")
    state, _ = act(state, 0, "end_turn")
    state, _ = act(state, 0, "draft", card=state["draft"][0])
    state, _ = act(state, 0, "draft", card=state["draft"][0])
    assert state["products"] == [{}, {}, {}]
    assert state["turn"] == 1


def test_the_entourage_refreshes_at_the_start_and_at_the_end_of_your_turn():
    state = table(3)
    entourage(state, 0, "p3")
    entourage(state, 1, "p2")
    state, _ = act(state, 0, "task", card="p3")
    state, _ = act(state, 1, "task", card="p2")
    state, _ = act(state, 0, "end_turn")
    state, _ = act(state, 0, "draft", card=state["draft"][0])
    state, _ = act(state, 0, "draft", card=state["draft"][0])
    assert state["tasked"][0] == []  # refreshed at the end of seat 0's turn
    assert state["tasked"][1] == []  # refreshed at the start of seat 1's turn


# --- the turn and the draft line ---------------------------------------------------------


def test_ending_the_turn_takes_two_draft_cards_then_refills_the_line():
    state = table(3)
    line = list(state["draft"])
    state, _ = act(state, 0, "end_turn")
    assert RULES.to_act(state) == (0,) and types(state, 0) >= {"draft"}
    state, _ = act(state, 0, "draft", card=line[1])
    assert len(state["draft"]) == 3  # refilled only after both picks
    state, _ = act(state, 0, "draft", card=line[3])
    assert sorted(state["hands"][0]) == sorted([line[1], line[3]])
    assert len(state["draft"]) == 4 and line[0] in state["draft"]


def test_a_new_turn_takes_the_next_caravan_card():
    state = table(3)
    left = sum(len(s) for s in state["stacks"])
    state, _ = act(state, 0, "end_turn")
    state, _ = act(state, 0, "draft", card=state["draft"][0])
    state, _ = act(state, 0, "draft", card=state["draft"][0])
    assert state["caravans"][1] is not None
    assert sum(len(s) for s in state["stacks"]) == left - 1


def test_the_discard_pile_is_shuffled_into_a_new_deck_when_the_deck_runs_out():
    state = table(3)
    hand(state, 0, "v08")  # Patience: draw 2 cards
    state["products"][0] = {"jewels": 1}
    state["discard"], state["deck"] = state["deck"][:-1], state["deck"][-1:]
    total = len(state["discard"]) + 1
    state, _ = act(state, 0, "play", card="v08", discards=[])
    assert len(state["hands"][0]) == 2
    assert state["discard"] == [] and len(state["deck"]) == total + 1 - 2


# --- camels, locks and permission -------------------------------------------------------


def _camel_table():
    state = table(3)
    caravan(state, 0, "c01", [-1] * 9)  # SSF/FMJ/JMF
    return state


def test_a_camel_needs_a_produced_product_matching_its_space():
    state = _camel_table()
    with pytest.raises(IllegalAction, match="Spices"):
        act(state, 0, "camel", owner=0, space=1)
    state["products"][0] = {"spices": 1}
    state, _ = act(state, 0, "camel", owner=0, space=1)
    assert state["caravans"][0]["spaces"][0] == 0 and state["camels"][0] == 4
    assert state["products"][0] == {}


def test_example_discarded_cards_never_produce_a_product_for_a_caravan():
    state = _camel_table()
    hand(state, 0, "m09")  # a Spices Merchant shows the Spices icon
    assert "camel" not in types(state, 0)
    with pytest.raises(IllegalAction, match="discarded cards never make products"):
        act(state, 0, "camel", owner=0, space=1)


def test_no_more_camels_once_all_five_are_on_caravans():
    state = _camel_table()
    caravan(state, 1, "c02", [0, 0, 0, 0, 0, -1, -1, -1, -1])
    state["products"][0] = {"spices": 1}
    with pytest.raises(IllegalAction, match="All five"):
        act(state, 0, "camel", owner=0, space=1)


def test_an_opponent_needs_your_permission_to_invest_in_your_caravan():
    state = _camel_table()
    state["products"][1] = {"spices": 1}
    with pytest.raises(IllegalAction, match="permission"):
        act(state, 1, "camel", owner=0, space=1)


def test_your_caravan_is_locked_to_you_once_your_turn_ends():
    state = _camel_table()
    for _ in range(2):
        state, _ = act(state, 0, "end_turn") if state["phase"] == "play" else (state, [])
        state, _ = act(state, 0, "draft", card=state["draft"][0])
    assert state["turn"] == 1
    state["products"][0] = {"spices": 1}
    with pytest.raises(IllegalAction, match="locked"):
        act(state, 0, "camel", owner=0, space=1)


def test_the_active_player_can_unlock_your_own_caravan_for_you():
    state = _camel_table()
    state["turn"] = 1
    caravan(state, 1, "c02", [-1] * 9)
    state, _ = act(state, 1, "offer", to=0, give_permits=["unlock"], get_coins=["coin"])
    state, _ = act(state, 0, "accept", offer=1)
    state["products"][0] = {"spices": 1}
    state, _ = act(state, 0, "camel", owner=0, space=1)
    assert state["caravans"][0]["spaces"][0] == 0 and state["permits"][0][0] == 0


def test_only_the_active_player_can_unlock_a_caravan():
    state = _camel_table()
    caravan(state, 2, "c02", [-1] * 9)
    with pytest.raises(IllegalAction):
        act(state, 1, "offer", to=2, give_permits=["unlock"], get_coins=["coin"])


def test_example_invest_for_a_coin_after_counter_offers_with_a_promise():
    state = _camel_table()  # seat 0 is active and owns caravan c01 (space 1: Spices)
    entourage(state, 1, "p3")  # seat 1 can make Spices
    state, _ = act(state, 1, "offer", to=0, give_coins=["coin"], get_permits=["invest"])
    state, _ = act(
        state, 0, "offer", to=1, answers=1, give_permits=["invest"], get_coins=["coin"] * 3
    )
    state, _ = act(
        state,
        1,
        "offer",
        to=0,
        answers=2,
        give_coins=["coin"],
        get_permits=["invest"],
        note="You may invest in my next caravan",
    )
    shown = RULES.view(state, 0)["deals"]
    assert [d["id"] for d in shown] == [3] and "not enforced" in shown[0]["text"]
    state, _ = act(state, 0, "accept", offer=3)
    state, _ = act(state, 1, "task", card="p3")
    state, _ = act(state, 1, "camel", owner=0, space=space_of("c01", "spices"))
    assert state["coins"][:2] == [4, 2] and state["caravans"][0]["spaces"][0] == 1


# --- caravan resolution -----------------------------------------------------------------


def _resolve(state, owner=0):
    """Start ``owner``'s turn, which resolves its caravan."""
    state["turn"] = owner
    logs = []
    begin_turn(state, logs)
    return logs


def test_example_camels_on_spaces_two_and_four_are_stranded():
    # bottom row complete, right column complete, lone camels on 2 and 4
    spaces = [-1, 1, 2, 1, -1, 2, 0, 0, 2]
    assert [s + 1 for s in stranded_spaces(spaces)] == [2, 4]


def test_example_payouts_per_row_after_the_bandits_attack():
    state = table(4)
    # yellow (1) on the top and bottom rows, blue (2) on the middle and bottom rows
    caravan(state, 0, "c01", [1, 0, 0, 2, 0, 0, 1, 2, 0])
    on_top(state, PAYS_2_3_4_BANDITS_AT_9)
    before = list(state["coins"])
    _resolve(state)
    gained = [after - b for after, b in zip(state["coins"], before, strict=True)]
    assert gained[1] == 2 + 4 and gained[2] == 3 + 4
    assert gained[3] == 0
    assert gained[0] == 2 + 2 + 3 + 3  # its camel on space 9 met the Bandits


def test_the_bandits_send_a_camel_home_without_stranding_others():
    state = table(3)
    caravan(state, 0, "c01", [-1, -1, -1, -1, -1, -1, 1, 1, 1])
    on_top(state, PAYS_2_3_4_BANDITS_AT_9)
    _resolve(state)
    assert state["coins"][1] == 3 + 4 + 4  # spaces 7 and 8 still pay
    assert state["camels"][1] == 5


def test_a_resolved_caravan_leaves_the_game_and_its_resolution_card_goes_back_on_top():
    state = table(3)
    caravan(state, 0, "c01", [-1, -1, -1, -1, -1, -1, 1, 1, 1])
    on_top(state, PAYS_2_3_4_BANDITS_AT_9)
    _resolve(state)
    assert "c01" in state["spent"] and state["deck"][-1] == PAYS_2_3_4_BANDITS_AT_9
    assert state["caravans"][0]["card"] != "c01"  # a new caravan for the new turn


def test_sand_veil_turns_the_bandits_away_during_the_resolution_window():
    state = table(3)
    caravan(state, 0, "c01", [-1, -1, -1, -1, -1, -1, 1, 1, 1])
    on_top(state, PAYS_2_3_4_BANDITS_AT_9)
    hand(state, 2, SAND_VEIL)
    _resolve(state)
    assert state["phase"] == "window" and RULES.to_act(state) == (2,)
    assert types(state, 2) == {"react", "pass"}
    assert "offer" not in types(state, 1) and RULES.legal_actions(state, 1) == []
    state, _ = act(state, 2, "react", card=SAND_VEIL, discards=[])
    assert state["coins"][1] == 3 + 4 * 3 and state["phase"] == "play"


def test_golden_wind_adds_a_coin_to_each_of_your_camels_on_the_caravan():
    state = table(3)
    caravan(state, 0, "c01", [-1, -1, -1, -1, -1, -1, 1, 1, 2])
    on_top(state, "m06")  # (8, 2, 3, 4): the Bandits take seat 1's camel on 8
    hand(state, 1, GOLDEN_WIND)
    _resolve(state)
    state, _ = act(state, 1, "react", card=GOLDEN_WIND, discards=[])
    assert state["coins"][1] == 3 - 1 + (4 + 1)


def test_a_reaction_window_defaults_to_letting_the_caravan_resolve():
    state = table(3)
    caravan(state, 0, "c01", [-1, -1, -1, -1, -1, -1, 1, 1, 1])
    hand(state, 1, SAND_VEIL)
    _resolve(state)
    assert RULES.default_action(state, 1).type == "pass"


def test_only_bandits_or_payouts_cards_are_played_while_a_caravan_resolves():
    state = table(3)
    caravan(state, 0, "c01", [-1, -1, -1, -1, -1, -1, 1, 1, 1])
    hand(state, 1, SAND_VEIL, "d03")
    entourage(state, 1, "p3")
    _resolve(state)
    assert {a.get("card") for a in RULES.legal_actions(state, 1)} == {SAND_VEIL, None}
    with pytest.raises(IllegalAction):
        act(state, 1, "task", card="p3")


def test_bandits_and_payouts_cards_wait_for_a_resolution():
    state = table(3)
    hand(state, 1, SAND_VEIL)
    with pytest.raises(IllegalAction, match="only while a caravan resolves"):
        act(state, 1, "play", card=SAND_VEIL, discards=[])


# --- game end ---------------------------------------------------------------------------


def _play_to_the_end(state):
    while RULES.outcome(state) is None:
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, RULES.default_action(state, seat))
    return state


def test_the_game_lasts_one_round_per_caravan_stack_then_every_caravan_resolves():
    state = table(3, stacks="4")
    state = _play_to_the_end(state)
    assert state["turn_no"] == 12
    assert all(c is None for c in state["caravans"])
    assert len(state["spent"]) == 12 and state["camels"] == [5, 5, 5]


def test_the_final_resolutions_go_clockwise_from_the_first_player_after_two_discards():
    state = table(2)
    while sum(len(s) for s in state["stacks"]) or state["turn"] != 1:
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, RULES.default_action(state, seat))
    caravan(state, 0, "c07", [-1, -1, -1, -1, -1, -1, 0, 0, 0])
    for seat in (0, 1):  # nobody holds a Bandits or Payouts card: no reaction window
        state["deck"][:0] = state["hands"][seat]
        state["hands"][seat] = []
    for card in list(state["draft"]):
        state["draft"].remove(card)
        state["deck"].insert(0, card)
    for card in ("m02", "m05", "m07", "m08"):
        place(state, card, state["draft"])
    for card in (SAND_VEIL, "d12", GOLDEN_WIND, "d14"):
        place(state, card, state["discard"])
    deck_before = len(state["deck"])
    state, logs = act(state, 1, "end_turn")
    state, logs = act(state, 1, "draft", card="m02")
    state, logs = act(state, 1, "draft", card="m05")
    text = [entry.text for entry in logs]
    first = next(i for i, t in enumerate(text) if "{p0}'s caravan resolves" in t)
    second = next(i for i, t in enumerate(text) if "{p1}'s caravan resolves" in t)
    assert first < second and RULES.outcome(state) is not None
    assert len(state["deck"]) == deck_before - 2 - 2  # refill of two picks, two discarded


def test_the_most_coins_wins_and_the_larger_entourage_breaks_a_tie():
    state = table(3)
    state["over"], state["phase"] = True, "over"
    state["coins"] = [10, 10, 4]
    entourage(state, 1, "p2", "m01")
    outcome = RULES.outcome(state)
    assert outcome.winners == (1,)
    assert [s.rank for s in outcome.scores] == [2, 1, 3]


def test_a_tie_that_persists_is_a_shared_victory():
    state = table(3)
    state["over"], state["phase"] = True, "over"
    state["coins"] = [10, 10, 4]
    assert RULES.outcome(state).winners == (0, 1)


# --- hidden coins -----------------------------------------------------------------------


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (5, 3)])
def test_no_view_shows_another_players_coins_or_hand_until_the_final_reveal(players, seed):
    from games.engine.rng import LocalRng
    from games.engine.simulate import choose_random_step

    state = RULES.setup(players, {}, seed)
    chooser = LocalRng(seed)
    while RULES.outcome(state) is None:
        for viewer in [None, *range(players)]:
            seats = RULES.view(state, viewer)["seats"]
            for seat, shown in enumerate(seats):
                if seat != viewer:
                    assert shown["coins"] is None and shown["hand"] is None
        seat, action = choose_random_step(RULES, state, chooser, offer_rate=0.2)
        state, _ = RULES.apply(state, seat, action)
    assert all(s["coins"] is not None for s in RULES.view(state, None)["seats"])


# --- the other card effects -------------------------------------------------------------


def test_invigoration_refreshes_your_entourage_on_any_turn():
    state = table(3)
    entourage(state, 1, "p3", "m09")
    hand(state, 1, INVIGORATION)
    state, _ = act(state, 1, "task", card="p3")
    state, _ = act(state, 1, "task", card="m09")
    coins = state["coins"][1]
    state, _ = act(state, 1, "play", card=INVIGORATION, discards=[])  # pays a coin
    assert state["tasked"][1] == [] and state["products"][1] == {"spices": 2}
    assert state["coins"][1] == coins - 1


def test_ingenuity_produces_two_of_the_product_you_choose():
    state = table(3)
    hand(state, 0, "v14")
    state, _ = act(state, 0, "play", card="v14", discards=[], product="jewels")
    assert state["products"][0] == {"jewels": 2} and state["coins"][0] == 2


def test_hospitality_takes_two_draft_cards_refilling_the_line_after_each():
    state = table(3)
    hand(state, 0, "v17")
    state["products"][0] = {"fabrics": 1}
    state, _ = act(state, 0, "play", card="v17", discards=[])
    for _ in range(2):
        assert RULES.to_act(state) == (0,) and types(state, 0) == {"draft"}
        state, _ = act(state, 0, "draft", card=state["draft"][0])
        assert len(state["draft"]) == 4
    assert len(state["hands"][0]) == 2 and state["pending"] == []


def test_the_grand_vizier_draws_a_card_when_tasked():
    state = table(3)
    entourage(state, 2, "p5")
    state, logs = act(state, 2, "task", card="p5")
    assert len(state["hands"][2]) == 1
    assert data.name(state["hands"][2][0]) in logs[-1].for_viewer(2)
    assert data.name(state["hands"][2][0]) not in logs[-1].for_viewer(0)


def test_a_treasurer_takes_a_coin_from_the_bank():
    state = table(3)
    entourage(state, 1, "a16")
    bank = state["bank"]
    state, _ = act(state, 1, "task", card="a16")
    assert state["coins"][1] == 4 and state["bank"] == bank - 1


def test_permissions_end_with_the_turn_so_the_caravan_locks_again():
    state = table(3)
    caravan(state, 1, "c01", [-1] * 9)
    state, _ = act(state, 0, "offer", to=1, give_permits=["unlock"], get_coins=["coin"])
    state, _ = act(state, 1, "accept", offer=1)
    assert state["permits"][1][1] == 1
    state, _ = act(state, 0, "end_turn")
    state, _ = act(state, 0, "draft", card=state["draft"][0])
    state, _ = act(state, 0, "draft", card=state["draft"][0])
    assert state["permits"][1] == [0, 0, 0]


def test_there_is_no_move_to_shift_a_camel_to_another_caravan():
    state = table(3)
    caravan(state, 0, "c01", [0, -1, -1, -1, -1, -1, -1, -1, -1])
    with pytest.raises(IllegalAction, match="no move called"):
        act(state, 0, "move_camel", owner=0, space=1, to=1)
