"""The engine contract, checked on every registered game over seeded random playouts."""

from __future__ import annotations

import json
import marshal

import pytest

from games.engine import deals, registry
from games.engine.contract import Action, IllegalAction, MalformedAction
from games.engine.rng import LocalRng, randbelow
from games.engine.simulate import choose_random_step

STEPS = 150
CASES = [
    (slug, players, seed)
    for slug in registry.engine_slugs()
    for players in sorted({registry.get(slug).min_players, registry.get(slug).max_players})
    for seed in (1, 2)
]


def trace(slug, players, seed, steps=STEPS):
    """A seeded random playout: the states visited and the (seat, action) taken from each."""
    rules = registry.get(slug)
    state = rules.setup(players, {}, seed)
    chooser = LocalRng(seed)
    states, moves = [state], []
    for _ in range(steps):
        if rules.outcome(state) is not None:
            break
        seat, action = choose_random_step(rules, state, chooser, offer_rate=0.05)
        state, _ = rules.apply(state, seat, action)
        states.append(state)
        moves.append((seat, action))
    return rules, states, moves


@pytest.mark.parametrize("slug,players,seed", CASES)
def test_actions_round_trip_through_json(slug, players, seed):
    _, _, moves = trace(slug, players, seed)
    for _, action in moves:
        posted = json.loads(json.dumps(action.to_json()))
        back = Action.from_json(posted)
        assert back == action and hash(back) == hash(action)
        assert back.to_json() == action.to_json()


@pytest.mark.parametrize("slug,players,seed", CASES)
def test_a_label_posted_back_is_ignored(slug, players, seed):
    rules, states, _ = trace(slug, players, seed, steps=40)
    for state in states:
        if rules.outcome(state) is not None:
            continue
        seat = rules.to_act(state)[0]
        listed = rules.legal_actions(state, seat)
        assert all(action.label for action in listed), "every listed action needs a label"
        data = listed[-1].to_json(with_label=True)
        data["label"] = "something else entirely"
        posted = Action.from_json(json.loads(json.dumps(data)))
        assert posted in listed
        rules.apply(state, seat, posted)


@pytest.mark.parametrize(
    "garbage",
    [
        [],
        "buy",
        None,
        {},
        {"type": 3},
        {"type": ""},
        {"type": "x" * 41},
        {"type": "buy", "count": 1.5},
        {"type": "buy", "good": {"nested": "dict"}},
        {"type": "buy", **{f"f{i}": i for i in range(25)}},
    ],
)
def test_garbage_is_a_malformed_action(garbage):
    with pytest.raises(MalformedAction):
        Action.from_json(garbage)


@pytest.mark.parametrize("slug", registry.engine_slugs())
def test_unknown_or_unlisted_actions_are_refused_with_a_reason(slug):
    rules = registry.get(slug)
    state = rules.setup(rules.min_players, {}, 3)
    seat = rules.to_act(state)[0]
    for action in (Action.make("no-such-move"), Action.make("buy", good="unicorn", count=99)):
        with pytest.raises(IllegalAction) as refused:
            rules.apply(state, seat, action)
        assert str(refused.value)
    waiting = rules.to_act(state)
    other = next((s for s in range(state["players"]) if s not in waiting), None)
    if other is not None:  # a seat the game is not waiting for cannot take the turn's move
        theirs = rules.legal_actions(state, other)
        mine = [action for action in rules.legal_actions(state, seat) if action not in theirs]
        with pytest.raises(IllegalAction):
            rules.apply(state, other, mine[0])


@pytest.mark.parametrize("slug,players,seed", CASES)
def test_states_survive_a_json_round_trip(slug, players, seed):
    rules, states, _ = trace(slug, players, seed)
    for state in states:
        text = json.dumps(state, sort_keys=True)
        back = json.loads(text)
        assert back == state
        assert json.dumps(back, sort_keys=True) == text
        for seat in range(players):
            assert rules.legal_actions(back, seat) == rules.legal_actions(state, seat)


@pytest.mark.parametrize("slug,players,seed", CASES)
def test_the_same_seed_and_actions_replay_to_the_same_states(slug, players, seed):
    rules, states, moves = trace(slug, players, seed)
    state = rules.setup(players, {}, seed)
    assert json.dumps(state, sort_keys=True) == json.dumps(states[0], sort_keys=True)
    for (seat, action), expected in zip(moves, states[1:], strict=True):
        posted = Action.from_json(json.loads(json.dumps(action.to_json())))
        state, _ = rules.apply(json.loads(json.dumps(state)), seat, posted)
        assert json.dumps(state, sort_keys=True) == json.dumps(expected, sort_keys=True)


@pytest.mark.parametrize("slug,players,seed", CASES)
def test_apply_leaves_the_given_state_untouched(slug, players, seed):
    rules, states, moves = trace(slug, players, seed, steps=60)
    for state, (seat, action) in zip(states, moves, strict=False):
        before = marshal.dumps(state)
        rules.apply(state, seat, action)
        assert marshal.dumps(state) == before


@pytest.mark.parametrize("slug,players,seed", CASES)
def test_views_and_prompts_are_json_without_the_generator(slug, players, seed):
    rules, states, _ = trace(slug, players, seed, steps=60)
    for state in states:
        for viewer in [None, *range(players)]:
            text = json.dumps(rules.view(state, viewer))
            assert '"rng"' not in text and '"seed"' not in text
            assert isinstance(rules.prompt(state, viewer), str)


@pytest.mark.parametrize("slug,players,seed", CASES)
def test_every_decision_has_a_legal_default(slug, players, seed):
    rules, states, _ = trace(slug, players, seed)
    for state in states:
        if rules.outcome(state) is None:
            for seat in rules.to_act(state):
                assert rules.default_action(state, seat) in rules.legal_actions(state, seat)


@pytest.mark.parametrize("slug", registry.engine_slugs())
def test_deal_terms_and_samples_are_consistent(slug):
    rules = registry.get(slug)
    state = rules.setup(rules.max_players, {}, 5)
    chooser = LocalRng(5)
    for seat in range(state["players"]):
        terms = rules.deal_terms(state, seat)
        if terms is not None:
            assert {term.name for term in terms.terms} <= {k.name for k in rules.deal_kinds}
            json.dumps(terms.to_json())
        sample = rules.sample_deal(state, seat, randbelow(chooser, 1 << 30))
        if sample is not None:
            assert deals.check(rules, state, seat, sample) == ""
            rules.apply(state, seat, sample)
