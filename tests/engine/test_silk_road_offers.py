"""Silk Road's free trade rule: hand cards between anyone, goods between caravans together."""

from __future__ import annotations

import json

import pytest
from silk_road_table import act, arrange, at_phase, new_game, play, types

from games.engine import deals
from games.engine.contract import Action, IllegalAction
from games.engine.silk_road import RULES, data


def trading_table(players=3):
    """Seat 0 is travelling; seats 1 and 2 hold known cards; everyone is in China."""
    state = at_phase(new_game(players, seed=7), "travel", turn=0)
    arrange(state, 0, hand={"desert": 2, "tea": 1})
    arrange(state, 1, hand={"silk": 2, "guard": 1})
    arrange(state, 2, hand={"steppes": 3})
    return state


def offer(state, seat, **terms):
    return play(state, seat, "offer", **terms)


def test_players_may_trade_hand_cards_at_any_time_even_off_turn():
    state = trading_table()
    state, log = offer(state, 1, to=2, give_cards=["silk"], get_cards=["steppes", "steppes"])
    assert log[0].text == "{p1} offered {p2} 1 card for 2 cards."
    assert log[0].for_viewer(2) == "{p1} offered {p2} Silk for Steppes, Steppes."
    assert RULES.to_act(state) == (0,)  # an offer never makes the game wait
    state, log = play(state, 2, "accept", offer=1)
    assert state["hands"][1] == {"silk": 1, "guard": 1, "steppes": 2}
    assert state["hands"][2] == {"steppes": 1, "silk": 1}
    assert state["deals"] == []
    assert log[0].text == "{p2} accepted {p1}'s offer: 1 card for 2 cards."


def test_an_offer_is_answered_by_its_recipient_and_withdrawn_by_its_proposer():
    state = trading_table()
    state, _ = offer(state, 0, to=1, give_cards=["tea"], get_cards=["guard"])
    assert types(state, 1) >= {"accept", "decline"}
    assert "withdraw" in types(state, 0)
    assert not types(state, 2) & {"accept", "decline", "withdraw"}
    declined, log = play(state, 1, "decline", offer=1)
    assert declined["deals"] == [] and log[0].text == "{p1} declined {p0}'s offer."
    withdrawn, log = play(state, 0, "withdraw", offer=1)
    assert withdrawn["deals"] == [] and log[0].text == "{p0} withdrew the offer to {p1}."
    with pytest.raises(IllegalAction, match="not made to you"):
        play(state, 2, "accept", offer=1)


def test_a_request_the_recipient_cannot_meet_is_simply_not_acceptable():
    state = trading_table()
    state, _ = offer(state, 0, to=1, give_cards=["tea"], get_cards=["gold"])
    assert "accept" not in types(state, 1)
    assert "decline" in types(state, 1)
    with pytest.raises(IllegalAction, match="do not hold the cards"):
        play(state, 1, "accept", offer=1)


def test_nobody_offers_cards_they_do_not_hold():
    state = trading_table()
    with pytest.raises(IllegalAction, match="You do not have 1 Gold to offer"):
        offer(state, 0, to=1, give_cards=["gold"], get_cards=[])


def test_an_offer_lapses_when_the_proposer_no_longer_holds_the_cards():
    state = trading_table()
    state, _ = offer(state, 0, to=1, give_cards=["desert", "desert"], get_cards=["silk"])
    state, log = play(state, 0, "road", card="desert", toward="arabia")
    assert state["deals"] == []
    lapse = log[-1]
    assert lapse.text == "{p0}'s offer to {p1} lapsed: it can no longer be carried out."
    assert lapse.for_viewer(0).endswith("You do not hold the cards you offer.")


def test_a_gift_is_a_trade_too():
    state = trading_table()
    state, _ = offer(state, 2, to=1, give_cards=["steppes"])
    state, _ = play(state, 1, "accept", offer=1)
    assert state["hands"][1]["steppes"] == 1


def test_an_empty_offer_is_refused():
    state = trading_table()
    assert deals.check(RULES, state, 0, act("offer", to=1)) == (
        "An offer must include at least one thing on either side."
    )


@pytest.mark.parametrize(
    "terms",
    [
        {"to": 0, "give_cards": ["tea"]},  # to oneself
        {"to": 9, "give_cards": ["tea"]},
        {"to": True, "give_cards": ["tea"]},
        {"to": "1", "give_cards": ["tea"]},
        {"to": 1, "give_cards": "tea"},
        {"to": 1, "give_cards": ["camel"]},
        {"to": 1, "give_goods": ["steppes"]},
        {"to": 1, "give_cards": ["tea"], "coins": 3},
        {"to": 1, "give_cards": ["tea"] * 10},
    ],
)
def test_malformed_offers_are_refused_with_a_reason(terms):
    state = trading_table()
    reason = deals.check(RULES, state, 0, Action.make("offer", **terms))
    assert isinstance(reason, str) and reason
    with pytest.raises(IllegalAction):
        RULES.apply(state, 0, Action.make("offer", **terms))


def test_each_player_keeps_at_most_3_offers_open():
    state = trading_table()
    for _ in range(data.MAX_OPEN_OFFERS):
        state, _ = offer(state, 2, to=1, give_cards=["steppes"])
    terms = RULES.deal_terms(state, 2)
    assert terms.open_count == terms.max_open == data.MAX_OPEN_OFFERS
    with pytest.raises(IllegalAction, match="open offers"):
        offer(state, 2, to=0, give_cards=["steppes"])


def test_others_see_how_many_cards_an_offer_holds_but_not_which():
    state = trading_table()
    state, _ = offer(state, 0, to=1, give_cards=["tea"], get_cards=["silk", "guard"])
    outsider = RULES.view(state, 2)["deals"][0]
    assert outsider["give_count"] == 1 and outsider["get_count"] == 2
    assert outsider["give"] == {"cards": 1} and outsider["get"] == {"cards": 2}
    assert outsider["text"] == "1 card for 2 cards"
    assert "tea" not in json.dumps(outsider).lower()
    assert RULES.view(state, 1)["deals"][0]["give"] == {"cards": ["tea"]}
    assert RULES.view(state, 0)["deals"][0]["get"] == {"cards": ["silk", "guard"]}
    assert RULES.view(state, 1)["deals"][0]["text"] == "you get Tea, you give Silk, Guards"


def test_caravans_on_the_same_space_may_trade_goods():
    state = trading_table()
    arrange(state, 0, caravan={"tea": 2})
    arrange(state, 1, caravan={"gold": 1})
    state, log = offer(state, 0, to=1, give_goods=["tea"], get_goods=["gold"])
    assert log[0].text == "{p0} offered {p1} Tea from the caravan for Gold from the caravan."
    state, _ = play(state, 1, "accept", offer=1)
    assert state["caravans"][0] == {"tea": 1, "gold": 1}
    assert state["caravans"][1] == {"tea": 1}


def test_caravans_apart_cannot_trade_goods():
    state = trading_table()
    arrange(state, 0, caravan={"tea": 1})
    state["pos"][1] = 5
    with pytest.raises(IllegalAction, match="same space"):
        offer(state, 0, to=1, give_goods=["tea"])


def test_a_goods_offer_lapses_when_the_caravans_part():
    state = trading_table()
    arrange(state, 0, caravan={"tea": 1})
    state, _ = offer(state, 1, to=0, give_cards=["silk"], get_goods=["tea"])
    state, log = play(state, 0, "road", card="desert", toward="arabia")
    assert state["deals"] == []
    assert "lapsed" in log[-1].text


def test_a_goods_trade_respects_caravan_capacity():
    state = trading_table()
    arrange(state, 0, caravan={"tea": 5})
    arrange(state, 1, caravan={"gold": 1})
    with pytest.raises(IllegalAction, match="over its capacity"):
        offer(state, 1, to=0, give_goods=["gold"])


def test_received_cards_may_exceed_the_hand_limit_until_the_end_of_ones_own_turn():
    state = trading_table()
    arrange(state, 2, hand={"steppes": 7})
    state, _ = offer(state, 1, to=2, give_cards=["silk", "silk"])
    state, _ = play(state, 2, "accept", offer=1)
    assert sum(state["hands"][2].values()) == 9
    assert RULES.invariant_violations(state) == []


def test_a_trade_during_the_end_phase_can_bring_the_hand_within_the_limit():
    state = at_phase(trading_table(), "end", turn=0)
    arrange(state, 0, hand={"desert": 8})
    state, _ = offer(state, 0, to=1, give_cards=["desert"])
    state, _ = play(state, 1, "accept", offer=1)
    assert state["turn"] == 1  # nothing left to discard: the turn passed on


def test_deal_terms_describe_what_may_be_proposed():
    state = trading_table()
    arrange(state, 0, caravan={"tea": 1})
    arrange(state, 2, caravan={"gold": 2})
    terms = RULES.deal_terms(state, 0)
    assert terms.partners == (1, 2)
    assert [term.name for term in terms.terms] == ["cards", "goods"]
    assert terms.term("cards").hidden and not terms.term("goods").hidden
    assert terms.give == {"cards": {"desert": 2, "tea": 1}, "goods": {"tea": 1}}
    assert set(terms.get[1]["cards"]) == set(data.KINDS)
    assert terms.get[1]["goods"] == {} and terms.get[2]["goods"] == {"gold": 2}
    assert not terms.standing  # Silk Road has no standing orders
    assert json.loads(json.dumps(terms.to_json()))["get"]["2"]["goods"] == {"gold": 2}


def test_sampled_offers_are_valid():
    state = trading_table()
    made = 0
    for seed in range(60):
        sample = RULES.sample_deal(state, seed % 3, seed)
        if sample is not None:
            made += 1
            assert deals.check(RULES, state, seed % 3, sample) == ""
    assert made > 20


def test_a_silk_road_offer_is_built_from_counts_by_the_schema():
    state = trading_table()
    terms = RULES.deal_terms(state, 0)
    action = terms.action(to=1, give={"cards": {"tea": 1}}, get={"cards": {"silk": 2}})
    assert action.to_json() == {
        "type": "offer",
        "to": 1,
        "give_cards": ["tea"],
        "get_cards": ["silk", "silk"],
    }
    with pytest.raises(IllegalAction, match="do not have 2 Tea"):
        terms.action(to=1, give={"cards": {"tea": 2}}, get={})
    with pytest.raises(IllegalAction, match="Choose a player"):
        terms.action(to=None, give={"cards": {"tea": 1}}, get={})  # no standing orders here
