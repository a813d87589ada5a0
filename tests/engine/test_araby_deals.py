"""Merchants of Araby's negotiation: binding offers, counters, lapses, expiry, standing orders."""

from __future__ import annotations

import json

import pytest
from araby_table import act, caravan, entourage, hand, table, types

from games.engine.contract import IllegalAction
from games.engine.merchants_of_araby import RULES


def _end_turn(state):
    state, logs = act(state, state["turn"], "end_turn")
    while state["phase"] == "draft":
        more, extra = act(state, state["turn"], "draft", card=state["draft"][0])
        state, logs = more, logs + extra
    return state, logs


def test_an_offer_bundles_coins_cards_entourage_products_permissions_and_tasks():
    state = table(3)
    caravan(state, 0, "c01", [-1] * 9)
    entourage(state, 0, "p3", "a16")  # Spices persona, Treasurer (task: 1 coin)
    entourage(state, 1, "p4", "m01")
    hand(state, 0, "v05")
    hand(state, 1, "d05")
    state, _ = act(
        state,
        0,
        "offer",
        to=1,
        give_coins=["coin", "coin"],
        give_cards=["v05"],
        give_products=["spices"],
        give_permits=["invest"],
        give_tasks=["a16"],
        get_entourage=["m01"],
        get_cards=["d05"],
    )
    state, _ = act(state, 1, "accept", offer=1)
    assert state["coins"] == [1, 3 + 2 + 1, 3]  # two coins given, the Treasurer's coin
    assert "v05" in state["hands"][1] and "d05" in state["hands"][0]
    assert "m01" in state["entourage"][0] and state["products"][1] == {"spices": 1}
    assert state["permits"][1][0] == 1 and set(state["tasked"][0]) == {"p3", "a16"}


def test_an_offer_is_refused_when_made_if_the_proposer_cannot_honour_it():
    state = table(3)
    with pytest.raises(IllegalAction, match="do not have 5"):
        act(state, 0, "offer", to=1, give_coins=["coin"] * 5, get_cards=[])
    with pytest.raises(IllegalAction, match="cannot produce|You do not have"):
        act(state, 0, "offer", to=1, give_products=["magics"] * 3)


def test_an_offer_is_checked_again_when_accepted():
    state = table(3)
    hand(state, 1, "d03")
    state, _ = act(state, 0, "offer", to=1, give_coins=["coin"], get_cards=["d05"])
    assert "accept" not in types(state, 1)  # seat 1 does not hold what is asked
    with pytest.raises(IllegalAction, match="no longer hold"):
        act(state, 1, "accept", offer=1)


def test_an_offer_lapses_with_a_private_reason_once_it_becomes_impossible():
    state = table(3)
    entourage(state, 1, "p3")
    state, _ = act(state, 1, "offer", to=0, give_products=["spices"], get_coins=["coin"])
    state, logs = act(state, 1, "task", card="p3")  # makes the Spices, but...
    assert state["deals"]  # ...it is still in the pool: the offer holds
    hand(state, 1, "m09")
    state["products"][1] = {}
    state, logs = act(state, 0, "end_turn")
    assert state["deals"] == []
    lapse = next(entry for entry in logs if "lapsed" in entry.text)
    assert "cannot produce" in lapse.for_viewer(1) and "cannot produce" not in lapse.text


def test_offers_expire_when_the_active_players_turn_ends():
    state = table(3)
    state, _ = act(state, 1, "offer", to=2, give_coins=["coin"], get_coins=["coin"] * 2)
    state, logs = _end_turn(state)
    assert state["deals"] == [] and any("expired" in entry.text for entry in logs)


def test_a_counter_offer_closes_the_offer_it_answers_and_says_so():
    state = table(3)
    state, _ = act(state, 1, "offer", to=0, give_coins=["coin"], get_coins=["coin"] * 2)
    state, _ = act(
        state, 0, "offer", to=1, answers=1, give_coins=["coin"] * 2, get_coins=["coin"] * 3
    )
    assert [(d["id"], d["answers"]) for d in state["deals"]] == [(2, 1)]


def test_coins_in_an_offer_are_secret_to_everyone_but_the_two_parties():
    state = table(3)
    state, logs = act(state, 1, "offer", to=0, give_coins=["coin"] * 2, get_cards=["d05"])
    outsider = json.dumps(RULES.view(state, 2)["deals"])
    assert '"coins": null' in outsider and "2 coin" not in outsider
    assert "2 coins" in RULES.view(state, 0)["deals"][0]["text"]
    assert "coin, coin" not in logs[0].for_viewer(2)


def test_a_promise_of_a_future_action_is_shown_as_not_enforced():
    state = table(3)
    caravan(state, 0, "c01", [-1] * 9)
    state, _ = act(
        state,
        1,
        "offer",
        to=0,
        give_coins=["coin"],
        get_permits=["invest"],
        note="I will let you invest in my caravan next round",
    )
    text = RULES.view(state, 0)["deals"][0]["text"]
    assert "not enforced" in text and "next round" in text
    assert "next round" not in RULES.view(state, 2)["deals"][0]["text"]


def test_an_ally_is_tasked_for_someone_else_through_a_deal():
    state = table(3)
    entourage(state, 1, "a22")  # Scout: take a card from the draft line
    state, _ = act(state, 0, "offer", to=1, give_coins=["coin"], get_tasks=["a22"])
    chosen = state["draft"][2]
    state, _ = act(state, 1, "accept", offer=1)
    assert RULES.to_act(state) == (0,) and types(state, 0) == {"draft"}
    state, _ = act(state, 0, "draft", card=chosen)
    assert chosen in state["hands"][0] and "a22" in state["tasked"][1]
    assert len(state["draft"]) == 4


def test_an_entourage_card_changes_hands_and_keeps_working_for_its_new_owner():
    state = table(3)
    entourage(state, 1, "p4", "m09")
    state, _ = act(state, 0, "offer", to=1, give_coins=["coin"] * 2, get_entourage=["m09"])
    state, _ = act(state, 1, "accept", offer=1)
    state, _ = act(state, 0, "task", card="m09")
    assert state["products"][0] == {"spices": 1}


def test_a_standing_order_is_executed_when_taken_while_its_owner_is_away():
    state = table(3)
    entourage(state, 2, "p3", "m09")  # two ways to make Spices
    state["coins"][0], state["bank"] = 5, state["bank"] - 2
    state, _ = act(
        state,
        2,
        "offer",
        standing=True,
        uses=2,
        give_products=["spices"],
        get_coins=["coin", "coin"],
    )
    for _ in range(2):
        state, _ = act(state, 0, "accept", offer=1)
    assert state["products"][0] == {"spices": 2} and state["coins"][2] == 7
    assert set(state["tasked"][2]) == {"p3", "m09"}
    assert "accept" not in types(state, 1)  # twice a turn, used up
    state, _ = _end_turn(state)  # seat 1's turn; seat 2's cards are still tasked
    assert state["deals"] and state["deals"][0]["uses"] == 2
    assert "accept" not in types(state, 1)


def test_a_standing_order_renews_each_turn():
    state = table(3)
    entourage(state, 2, "p3")
    state, _ = act(
        state, 2, "offer", standing=True, uses=1, give_products=["spices"], get_coins=["coin"]
    )
    state, _ = act(state, 0, "accept", offer=1)
    state, _ = _end_turn(state)
    state, _ = _end_turn(state)  # seat 2's turn began: its persona is refreshed
    state, _ = act(state, 0, "accept", offer=1)
    assert state["coins"][2] >= 5


def test_a_standing_order_is_switched_off_with_a_private_reason_when_its_owner_changes():
    state = table(3)
    caravan(state, 2, "c02", [-1] * 9)
    entourage(state, 2, "p3")
    state, _ = act(
        state, 2, "offer", standing=True, uses=1, give_products=["spices"], get_coins=["coin"]
    )
    entourage(state, 2, "p1")  # the Spices persona is gone from seat 2's entourage
    state, logs = act(state, 0, "end_turn")
    entry = next(e for e in logs if "switched off" in e.text)
    assert "cannot produce" in entry.for_viewer(2) and "cannot produce" not in entry.text
    assert state["deals"] == []


def test_an_investment_standing_order_lets_anyone_place_a_camel_for_a_coin():
    state = table(3)
    caravan(state, 0, "c01", [-1] * 9)  # space 1 asks for Spices
    state, _ = act(
        state, 0, "offer", standing=True, uses=3, give_permits=["invest"], get_coins=["coin"]
    )
    entourage(state, 2, "p3")
    state, _ = act(state, 2, "accept", offer=1)
    state, _ = act(state, 2, "task", card="p3")
    state, _ = act(state, 2, "camel", owner=0, space=1)
    assert state["caravans"][0]["spaces"][0] == 2 and state["coins"][:3] == [4, 3, 2]


def test_nothing_is_accepted_while_a_choice_or_a_resolution_is_under_way():
    state = table(3)
    hand(state, 0, "d07")  # Rejuvenation
    state["products"][0] = {"jewels": 1}
    state, _ = act(state, 1, "offer", to=2, give_coins=["coin"], get_coins=["coin"] * 2)
    state, _ = act(state, 0, "play", card="d07", discards=[])
    assert "accept" not in types(state, 2)
    assert RULES.deal_terms(state, 1) is None
