"""The strong level's plan of a turn (``games.engine.bots.plan``) sees a step that pays
off only with the next one, which greedy, looking one step ahead, never takes."""

from __future__ import annotations

from games.engine.bots.plan import plan_action
from games.engine.bots.simple import greedy_action
from games.engine.bots.values import seeds
from games.engine.contract import Action

BUILD, CASH, END = Action.make("build"), Action.make("cash"), Action.make("end")


class Workshop:
    """One seat's turn: building a workshop costs 1 point; once built, cashing in brings
    5; ending the turn hands the game to the other seat."""

    undo_types = frozenset()

    def legal_actions(self, state, seat):
        if state["done"] or seat != 0:
            return []
        return [CASH if state["built"] and not state["cashed"] else BUILD, END]

    def carry_out(self, state, seat, action):
        if action == BUILD:
            state["built"], state["score"][0] = True, state["score"][0] - 1
        elif action == CASH:
            state["cashed"], state["score"][0] = True, state["score"][0] + 5
        else:
            state["done"] = True

    def to_act(self, state):
        return (1,) if state["done"] else (0,)

    def outcome(self, state):
        return None

    def evaluate(self, state, seat):
        return state["score"][seat]

    def determinize(self, state, seat, seed):
        return {**state, "score": list(state["score"])}


def start():
    return {"players": 2, "score": [0, 0], "built": False, "cashed": False, "done": False}


def test_greedy_ends_the_turn_rather_than_pay_for_what_pays_back_only_later():
    rules, state = Workshop(), start()
    actions = rules.legal_actions(state, 0)
    assert greedy_action(rules, state, 0, actions, seeds(1)) == END


def test_the_plan_pays_for_a_step_that_the_next_step_pays_back():
    rules, state = Workshop(), start()
    actions = rules.legal_actions(state, 0)
    assert plan_action(rules, state, 0, actions, seeds(1), width=2, depth=2) == BUILD


def test_a_plan_one_step_deep_is_greedy():
    rules, state = Workshop(), start()
    actions = rules.legal_actions(state, 0)
    assert plan_action(rules, state, 0, actions, seeds(1), width=2, depth=1) == END
