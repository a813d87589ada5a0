"""Merchants of Araby's strong level weighs positions by its own measure
(``merchants_of_araby.foresight``), sharper than greedy's, and keeps standing orders to
itself; the medium level (greedy) is left as it was."""

from __future__ import annotations

from games.engine.bots import choose_action
from games.engine.bots.plan import with_plan_evaluation
from games.engine.merchants_of_araby import RULES, foresight, trading
from games.engine.merchants_of_araby.state import EMPTY
from tests.engine.araby_table import caravan, entourage, table

E = EMPTY
TOP_ROW_TWO = [0, 0, E, E, E, E, E, E, E]  # caravan c01: S S F / F M J / J M F
TOP_ROW_FULL = [0, 0, 0, E, E, E, E, E, E]


def _worth_of_camels(evaluate, state, spaces):
    """What seat 0's camels on its caravan c01 add to ``evaluate``."""
    without = [E] * 9
    caravan(state, 0, "c01", without)
    bare = evaluate(state, 0)
    caravan(state, 0, "c01", spaces)
    return evaluate(state, 0) - bare


def test_camels_on_a_line_left_open_when_the_turn_ended_are_worth_almost_nothing():
    state = table(players=2)
    state["turn"] = 1  # seat 0's caravan is locked to it now
    open_line = _worth_of_camels(foresight.evaluate, state, TOP_ROW_TWO)
    full_line = _worth_of_camels(foresight.evaluate, state, TOP_ROW_FULL)
    assert open_line < 0.2
    assert full_line > 3.5
    # greedy's measure still counts on the line being completed some day
    assert _worth_of_camels(trading.evaluate, state, TOP_ROW_TWO) > 0.5


def test_on_its_own_turn_a_caravan_is_worth_the_lines_its_products_can_still_complete():
    state = table(players=2)
    entourage(state, 0)  # no producers: only what the seat holds
    state["products"][0] = {}
    stranded = _worth_of_camels(foresight.evaluate, state, TOP_ROW_TWO)
    state["products"][0] = {"fabrics": 1}  # the third space of the top row
    completed = _worth_of_camels(foresight.evaluate, state, TOP_ROW_TWO)
    assert stranded < 0.2
    assert completed > 3.5


def test_the_plan_and_the_strong_answers_use_the_games_own_plan_measure():
    planner = with_plan_evaluation(RULES)
    state = table(players=2)
    assert planner.evaluate(state, 0) == foresight.evaluate(state, 0)
    assert planner.legal_actions(state, 0) == RULES.legal_actions(state, 0)


def test_the_strong_bot_posts_no_standing_orders_where_greedy_does():
    greedy_posted = strong_posted = 0
    for seed in range(1, 7):
        state = RULES.setup(2, {}, seed)
        for step in range(3):
            seat = RULES.to_act(state)[0]
            if RULES.bot_proposal(state, seat, step) is not None:
                offer = RULES.bot_proposal(state, seat, step)
                greedy_posted += offer.type == "offer" and dict(offer.params).get("standing")
            offer = RULES.bot_plan_proposal(state, seat, step)
            if offer is not None:
                strong_posted += bool(dict(offer.params).get("standing"))
            action = choose_action(RULES, state, seat, "greedy", seed=step)
            state, _ = RULES.apply(state, seat, action)
    assert greedy_posted > 0
    assert strong_posted == 0
