"""The generic deals of the engine contract, on a small trading game made for these tests.

The Bazaar: each seat holds hidden coins and public spices; the active seat passes the
turn; offers expire when the turn passes (their epoch is the turn number); standing orders
are allowed. Everything here is what a negotiation game (Merchants of Araby) needs.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.engine import deals
from games.engine.contract import Action, GameRules, IllegalAction, LogEntry, Outcome, State

COINS = deals.Term("coins", "Coins", (("coin", "Coin"),), hidden=True, unit=("coin", "coins"))
SPICES = deals.Term("spices", "Spices", (("pepper", "Pepper"), ("saffron", "Saffron")))
PERMITS = deals.Term("permits", "Permissions", (("camel", "a camel on your caravan"),))


class Bazaar(GameRules):
    slug = "bazaar"
    name = "Bazaar"
    min_players = 2
    max_players = 4
    deal_kinds = (COINS, SPICES, PERMITS)

    def setup(self, players, options, seed) -> State:
        return {
            "players": players,
            "turn": 0,
            "coins": [5] * players,
            "spices": [{"pepper": 2, "saffron": 1} for _ in range(players)],
            "permits": [[] for _ in range(players)],  # whom each seat lets place a camel
            "deals": [],
            "next_deal": 1,
            "rng": 0,
        }

    def to_act(self, state):
        return (state["turn"],)

    def legal_actions(self, state, seat):
        own = [Action.make("pass", label="Pass")] if seat == state["turn"] else []
        return own + self.deal_responses(state, seat)

    def perform(self, state, seat, action) -> list[LogEntry]:
        state["turn"] = (state["turn"] + 1) % state["players"]
        return []

    def view(self, state, seat) -> dict[str, Any]:
        return {
            "coins": state["coins"][seat] if seat is not None else None,
            "spices": state["spices"],
            "deals": deals.visible(self.deal_kinds, state, seat),
        }

    def outcome(self, state) -> Outcome | None:
        return None

    def prompt(self, state, seat) -> str:
        return "Trade or pass."

    def deal_terms(self, state, seat):
        others = tuple(o for o in range(state["players"]) if o != seat)
        return deals.DealTerms(
            partners=others,
            terms=self.deal_kinds,
            give={
                "coins": {"coin": state["coins"][seat]},
                "spices": dict(state["spices"][seat]),
                "permits": {"camel": 1},
            },
            get={
                o: {
                    "coins": {"coin": 9},
                    "spices": dict(state["spices"][o]),
                    "permits": {"camel": 1},
                }
                for o in others
            },
            max_items=9,
            open_count=deals.open_count(state, seat),
            max_open=2,
            standing=True,
        )

    def deal_obstacle(self, state, deal, taker):
        giver = deal["from"]
        if deal["give"].get("coins") and len(deal["give"]["coins"]) > state["coins"][giver]:
            return "You do not have the coins you offer."
        for kind in deal["give"].get("spices", []):
            if deal["give"]["spices"].count(kind) > state["spices"][giver].get(kind, 0):
                return "You do not have the spices you offer."
        if taker is not None:
            if len(deal["get"].get("coins", [])) > state["coins"][taker]:
                return "You do not have the coins asked for."
            for kind in deal["get"].get("spices", []):
                if deal["get"]["spices"].count(kind) > state["spices"][taker].get(kind, 0):
                    return "You do not have the spices asked for."
        return ""

    def deal_execute(self, state, deal, taker, logs):
        giver = deal["from"]
        for side, source, target in (("give", giver, taker), ("get", taker, giver)):
            coins = len(deal[side].get("coins", []))
            state["coins"][source] -= coins
            state["coins"][target] += coins
            for kind in deal[side].get("spices", []):
                state["spices"][source][kind] -= 1
                state["spices"][target][kind] = state["spices"][target].get(kind, 0) + 1
            if deal[side].get("permits"):
                state["permits"][source].append(target)

    def deal_epoch(self, state):
        return state["turn"]


RULES = Bazaar()


def play(state, seat, type_, **params):
    return RULES.apply(state, seat, Action.make(type_, **params))


def offer(state, seat, **params):
    return play(state, seat, "offer", **params)


def types(state, seat):
    return {a.type for a in RULES.legal_actions(state, seat)}


@pytest.fixture
def state():
    return RULES.setup(3, {}, 1)


def test_an_accepted_deal_moves_both_sides_at_once(state):
    state, log = offer(state, 1, to=2, give_coins=["coin"] * 2, get_spices=["saffron"])
    state, log = play(state, 2, "accept", offer=1)
    assert state["coins"] == [5, 3, 7]
    assert state["spices"][1]["saffron"] == 2 and state["spices"][2]["saffron"] == 0
    assert state["deals"] == []
    assert log[0].text == "{p2} accepted {p1}'s offer: 2 coins for Saffron."


def test_a_permission_can_be_bought(state):
    state, _ = offer(state, 0, to=1, give_coins=["coin"], get_permits=["camel"])
    state, log = play(state, 1, "accept", offer=1)
    assert state["permits"][1] == [0]  # seat 1 lets seat 0 place a camel
    assert log[0].for_viewer(0) == "{p1} accepted {p0}'s offer: Coin for a camel on your caravan."


def test_a_counter_offer_closes_the_offer_it_answers_and_links_to_it(state):
    state, _ = offer(state, 0, to=1, give_coins=["coin"], get_spices=["pepper", "pepper"])
    state, log = offer(state, 1, to=0, give_spices=["pepper"], get_coins=["coin"], answers=1)
    assert [d["id"] for d in state["deals"]] == [2]
    assert state["deals"][0]["answers"] == 1
    assert log[0].text.startswith("{p1} countered {p0}'s offer 1 with")
    assert RULES.view(state, 0)["deals"][0]["answers"] == 1


def test_only_the_recipient_counters_and_only_back_to_the_proposer(state):
    state, _ = offer(state, 0, to=1, give_coins=["coin"])
    with pytest.raises(IllegalAction, match="only counter an open offer made to you"):
        offer(state, 2, to=0, give_coins=["coin"], answers=1)
    with pytest.raises(IllegalAction, match="goes back to whoever made the offer"):
        offer(state, 1, to=2, give_coins=["coin"], answers=1)


def test_offers_expire_when_the_active_players_turn_ends(state):
    state, _ = offer(state, 1, to=2, give_coins=["coin"])
    state, log = play(state, 0, "pass")
    assert state["deals"] == []
    assert log[-1].text == "{p1}'s offer to {p2} expired."


def test_acceptance_is_checked_again_when_the_taker_can_no_longer_pay(state):
    state, _ = offer(state, 0, to=2, give_spices=["pepper"], get_coins=["coin"] * 5)
    assert "accept" in types(state, 2)
    state, _ = offer(state, 1, to=2, give_spices=["pepper"], get_coins=["coin"] * 3)
    state, _ = play(state, 2, "accept", offer=2)  # seat 2 pays 3 coins to seat 1
    assert "accept" not in types(state, 2)
    assert deals.find(state, 1) is not None  # still open: the proposer cannot see why
    with pytest.raises(IllegalAction, match="do not have the coins asked for"):
        play(state, 2, "accept", offer=1)


def test_a_standing_order_is_taken_by_anyone_until_its_uses_run_out(state):
    state, log = offer(state, 0, standing=True, uses=2, give_spices=["pepper"], get_coins=["coin"])
    assert log[0].text == "{p0} posted a standing order: Pepper for Coin."  # public terms
    assert "accept" in types(state, 1) and "accept" in types(state, 2)
    assert "decline" not in types(state, 1)
    assert "accept" not in types(state, 0) and "withdraw" in types(state, 0)
    state, _ = play(state, 1, "accept", offer=1)
    assert state["deals"][0]["uses"] == 1
    state, _ = play(state, 2, "accept", offer=1)
    assert state["deals"] == []
    assert state["coins"] == [7, 4, 4] and state["spices"][0]["pepper"] == 0


def test_a_standing_order_is_switched_off_with_a_private_reason(state):
    state, _ = offer(state, 0, standing=True, uses=3, give_spices=["saffron"], get_coins=["coin"])
    state, _ = offer(state, 0, to=1, give_spices=["saffron"])
    state, log = play(state, 1, "accept", offer=2)  # the only Saffron leaves seat 0
    assert [d["id"] for d in state["deals"]] == []
    switched = log[-1]
    assert switched.text == "{p0}'s standing order was switched off: it can no longer be honoured."
    assert switched.for_viewer(0) == (
        "Your standing order was switched off: You do not have the spices you offer."
    )
    assert switched.for_viewer(1) == switched.text


def test_outsiders_see_hidden_terms_as_counts_and_parties_in_full(state):
    state, log = offer(state, 0, to=1, give_coins=["coin"] * 2, get_spices=["pepper"])
    outsider = RULES.view(state, 2)["deals"][0]
    assert outsider["give"] == {"coins": 2} and outsider["get"] == {"spices": ["pepper"]}
    assert outsider["text"] == "2 coins for Pepper"
    party = RULES.view(state, 1)["deals"][0]
    assert party["give"] == {"coins": ["coin", "coin"]}
    assert party["text"] == "you get Coin, Coin, you give Pepper"
    assert log[0].text == "{p0} offered {p1} 2 coins for Pepper."


def test_bounds_are_refused_with_a_reason(state):
    with pytest.raises(IllegalAction, match="do not have 6 Coin to offer"):
        offer(state, 0, to=1, give_coins=["coin"] * 6)
    with pytest.raises(IllegalAction, match="cannot ask for 3 Pepper"):
        offer(state, 0, to=1, get_spices=["pepper"] * 3)
    with pytest.raises(IllegalAction, match="at most 9 things"):
        offer(state, 0, to=1, get_coins=["coin"] * 10)
    with pytest.raises(IllegalAction, match="no field 'give_camels'"):
        offer(state, 0, to=1, give_camels=["camel"])
    with pytest.raises(IllegalAction, match="1 to 9 times"):
        offer(state, 0, standing=True, uses=0, give_coins=["coin"])
    with pytest.raises(IllegalAction, match="leave out 'to'"):
        offer(state, 0, standing=True, to=1, give_coins=["coin"])


def test_open_offers_are_capped_but_counters_are_not(state):
    state, _ = offer(state, 1, to=0, give_coins=["coin"])
    state, _ = offer(state, 0, to=2, give_coins=["coin"])
    state, _ = offer(state, 0, to=2, give_spices=["pepper"])
    with pytest.raises(IllegalAction, match="already have 2 open offers"):
        offer(state, 0, to=1, give_coins=["coin"])
    state, _ = offer(state, 0, to=1, get_coins=["coin"] * 2, answers=1)
    assert deals.open_count(state, 0) == 3


def test_decline_and_withdraw(state):
    state, _ = offer(state, 0, to=1, give_coins=["coin"])
    declined, log = play(state, 1, "decline", offer=1)
    assert declined["deals"] == [] and log[0].text == "{p1} declined {p0}'s offer."
    withdrawn, log = play(state, 0, "withdraw", offer=1)
    assert withdrawn["deals"] == [] and log[0].text == "{p0} withdrew the offer to {p1}."
    with pytest.raises(IllegalAction, match="not made to you"):
        play(state, 2, "accept", offer=1)
    with pytest.raises(IllegalAction, match="no longer open"):
        play(state, 1, "accept", offer=7)


def test_the_schema_builds_the_offer_a_form_describes(state):
    terms = RULES.deal_terms(state, 0)
    action = terms.action(
        to=None, give={"spices": {"pepper": 1}}, get={"coins": {"coin": 2}}, uses=3
    )
    assert action.to_json() == {
        "type": "offer",
        "standing": True,
        "uses": 3,
        "give_spices": ["pepper"],
        "get_coins": ["coin", "coin"],
    }
    data = json.loads(json.dumps(terms.to_json()))
    assert data["terms"][0] == {
        "name": "coins",
        "label": "Coins",
        "kinds": [{"kind": "coin", "label": "Coin"}],
        "hidden": True,
    }
    assert data["give"]["coins"] == {"coin": 5} and data["standing"] is True
    with pytest.raises(IllegalAction, match="as a number"):
        terms.action(to=1, give={"coins": {"coin": "2"}}, get={})


def test_games_without_deals_refuse_offers():
    from games.engine import registry

    rules = registry.get("samarkand")
    state = rules.setup(2, {}, 1)
    with pytest.raises(IllegalAction):
        rules.apply(state, 0, Action.make("offer", to=1, give_cards=["x"]))
