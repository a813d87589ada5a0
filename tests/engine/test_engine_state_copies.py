"""``apply`` works on ``rules.copy_state(state)``: a game may copy faster than the generic
``clone`` by knowing its layout, but the copy must be the same deep copy."""

from __future__ import annotations

import json

import pytest

from games.engine import registry
from games.engine.contract import clone
from games.engine.rng import LocalRng
from games.engine.simulate import choose_random_step


def containers(value, found: dict[int, object]) -> dict[int, object]:
    """Every list and dict inside ``value`` (itself included), by identity."""
    if isinstance(value, (dict, list)):
        found[id(value)] = value
        for item in value.values() if isinstance(value, dict) else value:
            containers(item, found)
    return found


def assert_same_deep_copy(rules, state) -> None:
    copy = rules.copy_state(state)
    assert copy == clone(state)
    assert json.dumps(copy) == json.dumps(state)  # keys in the same order too
    assert not containers(copy, {}).keys() & containers(state, {}).keys()


def random_states(rules, steps: int = 300):
    for players in range(rules.min_players, rules.max_players + 1):
        for seed in range(2):
            state = rules.setup(players, {}, seed)
            chooser = LocalRng(seed)
            for _ in range(steps):
                yield state
                if rules.outcome(state) is not None:
                    break
                seat, action = choose_random_step(rules, state, chooser)
                state, _ = rules.apply(state, seat, action)


@pytest.mark.parametrize("slug", registry.slugs())
def test_the_copy_apply_makes_is_a_full_deep_copy_of_any_state_of_the_game(slug):
    rules = registry.get(slug)
    for state in random_states(rules):
        assert_same_deep_copy(rules, state)
        assert_same_deep_copy(rules, json.loads(json.dumps(state)))  # as read from a snapshot


@pytest.mark.parametrize("slug", registry.slugs())
def test_a_state_of_another_layout_is_still_copied_whole(slug):
    rules = registry.get(slug)
    state = rules.setup(rules.min_players, {}, 3)
    extra = clone(state)
    extra["notes"] = {"kept": [[1, 2], {"deep": []}]}
    assert_same_deep_copy(rules, extra)
    for key, value in state.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            nested = clone(state)
            nested[key][0]["notes"] = [[3], {"deep": [4]}]
            assert_same_deep_copy(rules, nested)
            if "villages" in value[0]:
                deeper = clone(state)
                deeper[key][0]["villages"][0]["notes"] = [[5]]
                assert_same_deep_copy(rules, deeper)
