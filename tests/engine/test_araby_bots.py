"""Bots play Merchants of Araby: whole games, legal actions only, nothing unseen read."""

from __future__ import annotations

import pytest

from games.engine.bots import Budget, choose_action
from games.engine.merchants_of_araby import RULES
from games.engine.rng import LocalRng
from games.engine.simulate import choose_random_step

FAST = Budget(iterations=10)


@pytest.mark.parametrize("level", ["random", "greedy"])
def test_the_quick_bot_levels_play_a_whole_game(level):
    state = RULES.setup(2, {}, 4)
    for step in range(2000):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        action = choose_action(RULES, state, seat, level, seed=step, budget=FAST)
        state, _ = RULES.apply(state, seat, action)
    assert RULES.outcome(state) is not None


def test_the_search_bot_plays_legal_actions_on_and_off_its_turn():
    state = RULES.setup(2, {}, 4)
    for step in range(12):
        seat = RULES.to_act(state)[0]
        action = choose_action(RULES, state, seat, "search", seed=step, budget=FAST)
        state, _ = RULES.apply(state, seat, action)


def test_greedy_bots_play_cards_and_camels_not_only_end_their_turns():
    state = RULES.setup(2, {}, 2)
    played = set()
    for step in range(2000):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        action = choose_action(RULES, state, seat, "greedy", seed=step)
        played.add(action.type)
        state, _ = RULES.apply(state, seat, action)
    assert {"task", "play", "camel"} <= played


def test_determinization_keeps_what_a_seat_sees_and_redeals_the_rest():
    state = RULES.setup(4, {}, 9)
    chooser = LocalRng(9)
    for _ in range(60):
        seat, action = choose_random_step(RULES, state, chooser, offer_rate=0.1)
        state, _ = RULES.apply(state, seat, action)
    for seat in range(4):
        seen = RULES.determinize(state, seat, 5)
        assert RULES.view(seen, seat) == RULES.view(state, seat)
        assert RULES.invariant_violations(seen) == []
        others = [s for s in range(4) if s != seat]
        assert any(seen["hands"][o] != state["hands"][o] for o in others if state["hands"][o])
