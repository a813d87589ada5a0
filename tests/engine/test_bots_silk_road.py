"""Bots and Silk Road's free trade: offers are answered by what they do to the bot's
standing. (What every game shares is in ``test_bots_games``.)"""

from __future__ import annotations

from games.engine import deals
from games.engine.bots import respond_to_offers
from games.engine.contract import Action
from games.engine.silk_road import RULES as BOTS


def _with_offer(give, get):
    state = BOTS.setup(2, {}, 2)
    state["hands"][0] = {"trade": 2, "guard": 1, "silk": 2}
    state["hands"][1] = {"bandit": 1, "steppes": 1, "desert": 1, "tea": 2}
    action = Action.make("offer", to=1, give_cards=give, get_cards=get)
    assert deals.check(BOTS, state, 0, action) == ""
    state, _ = BOTS.apply(state, 0, action)
    return state


def test_a_generous_offer_is_accepted_and_a_bad_one_declined():
    generous = _with_offer(["trade", "trade"], ["bandit"])
    stingy = _with_offer(["silk"], ["steppes", "desert", "tea"])
    for level in ("greedy", "search"):
        assert respond_to_offers(BOTS, generous, 1, level, seed=1).type == "accept"
        assert respond_to_offers(BOTS, stingy, 1, level, seed=1).type == "decline"


def test_random_answers_offers_with_a_listed_answer():
    state = _with_offer(["trade"], ["bandit"])
    answers = {respond_to_offers(BOTS, state, 1, "random", seed=s).type for s in range(20)}
    assert answers == {"accept", "decline"}


def test_an_offer_the_bot_cannot_pay_for_is_declined():
    state = _with_offer(["trade"], ["gold"])
    assert respond_to_offers(BOTS, state, 1, "search", seed=3).type == "decline"
