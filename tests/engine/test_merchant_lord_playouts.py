"""Merchant Lord: random and greedy playouts, replay, JSON round trips and hidden cards."""

from __future__ import annotations

import json
import statistics

import pytest

from games.engine import registry
from games.engine.merchant_lord import RULES, bot
from games.engine.rng import LocalRng
from games.engine.simulate import choose_random_step, simulate


def random_game(players: int, seed: int, steps: int = 100_000):
    """Play a random game, yielding (state, seat, action) before each step."""
    state = RULES.setup(players, {}, seed)
    chooser = LocalRng(seed)
    for _ in range(steps):
        if RULES.outcome(state) is not None:
            return
        seat, action = choose_random_step(RULES, state, chooser)
        yield state, seat, action
        state, _ = RULES.apply(state, seat, action)


def test_the_game_is_registered():
    assert registry.get("merchant-lord") is RULES


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_finish_without_errors_or_broken_invariants(players):
    # Capped to stay fast: uniformly random players can take a hundred rounds to finish.
    report = simulate("merchant-lord", games=2, players=players, seed=100, max_actions=1200)
    assert report.errors == []
    assert report.finished + report.unfinished == 2 and report.actions >= 800


def test_the_same_seed_and_actions_replay_to_the_same_state():
    played = [(seat, action) for _, seat, action in random_game(3, seed=5, steps=400)]
    first = second = RULES.setup(3, {}, 5)
    for seat, action in played:
        first, _ = RULES.apply(first, seat, action)
    for seat, action in played:
        second, _ = RULES.apply(second, seat, action)
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)


def test_a_state_survives_a_json_round_trip_and_plays_on_identically():
    for number, (state, seat, action) in enumerate(random_game(4, seed=9, steps=300)):
        copy = json.loads(json.dumps(state))
        assert copy == state
        if number % 50 == 0:
            assert RULES.apply(copy, seat, action)[0] == RULES.apply(state, seat, action)[0]
            wire = json.loads(json.dumps(action.to_json()))
            assert type(action).from_json(wire) == action


def test_no_view_shows_the_generator_the_deck_order_or_another_hand():
    for number, (state, _, _) in enumerate(random_game(3, seed=11, steps=900)):
        if number % 3:
            continue
        for viewer in (None, 0, 1, 2):
            text = json.dumps(RULES.view(state, viewer))
            assert '"rng"' not in text and '"deck"' not in text
            hidden = [
                c for s, seat in enumerate(state["seats"]) if s != viewer for c in seat["hand"]
            ]
            hidden += state["deck"]
            if viewer != state["turn"]:
                hidden += state["work"]["left"] + state["work"]["right"]
            assert not [card_id for card_id in hidden if f'"{card_id}"' in text]


def test_every_decision_has_a_legal_default():
    for state, seat, _ in random_game(2, seed=3, steps=500):
        assert RULES.default_action(state, seat) in RULES.legal_actions(state, seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sensible_players_finish_in_a_handful_of_rounds(players):
    rounds = [bot.play(RULES, players, seed)["round"] for seed in range(12)]
    assert statistics.mean(rounds) <= 10
