"""A game's views and legal actions must not depend on the order of its state's keys.

PostgreSQL's ``jsonb`` keeps a stored snapshot's keys in its own order (shortest first),
not in the order the engine wrote them, while a replay from the log writes them in the
engine's order. A view that lists a mapping in the order of its keys would then draw the
board differently from SQLite, and the since-your-last-turn marks, which compare a replayed
view with the stored one item by item, would mark what did not change; and legal actions
listed in another order would make a bot choose differently from a replay, and a move
made from the stored snapshot must give the state the replay gives.
"""

from __future__ import annotations

import pytest

from games.engine import registry
from games.engine.rng import LocalRng
from games.engine.simulate import choose_random_step


def _reordered(value):
    """``value`` with every mapping's keys in reverse sorted order (jsonb-like: any order
    other than the engine's own)."""
    if isinstance(value, dict):
        return {key: _reordered(value[key]) for key in sorted(value, reverse=True)}
    if isinstance(value, list):
        return [_reordered(item) for item in value]
    return value


@pytest.mark.parametrize("slug", registry.engine_slugs())
def test_views_legal_actions_and_moves_are_the_same_whatever_the_order_of_the_states_keys(
    slug,
):
    rules = registry.get(slug)
    for players in (rules.min_players, rules.max_players):
        state = rules.setup(players, {}, 11 + players)
        chooser = LocalRng(players)
        for step in range(400):
            if rules.outcome(state) is not None:
                break
            if step % 7 == 0:
                shuffled = _reordered(state)
                where = f"{slug}, {players} players, step {step}"
                for viewer in (None, *range(players)):
                    seen = rules.view(shuffled, viewer)
                    assert seen == rules.view(state, viewer), f"{where}, view of {viewer}"
                for seat in range(players):  # bots and random players pick by position
                    listed = rules.legal_actions(shuffled, seat)
                    assert listed == rules.legal_actions(state, seat), f"{where}, seat {seat}"
            seat, action = choose_random_step(rules, state, chooser)
            after, _ = rules.apply(state, seat, action)
            if step % 7 == 0:  # and a move from a reordered snapshot gives the same state
                assert rules.apply(_reordered(state), seat, action)[0] == after, (
                    f"{slug}, {players} players, step {step}: {action}"
                )
            state = after
