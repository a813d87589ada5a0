"""Silk Road over random playouts: invariants hold, views never leak, bots get a heuristic."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from silk_road_table import arrange, new_game, play

from games.engine.rng import LocalRng
from games.engine.silk_road import RULES, invariants
from games.engine.simulate import choose_random_step, generic_violations, play_random_game


@pytest.mark.parametrize("personalities", ["off", "on"])
@pytest.mark.parametrize("players", range(2, 7))
def test_random_playouts_keep_every_invariant(players, personalities):
    for seed in range(2):
        state, steps, problems = play_random_game(
            RULES, players, seed, max_actions=300, options={"personalities": personalities}
        )
        assert problems == []
        assert steps > 0


@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_finish(players):
    state, steps, problems = play_random_game(RULES, players, seed=11, check=False)
    assert problems == []
    assert RULES.outcome(state) is not None


def walk(players, seed, steps, personalities="off"):
    """The states of a seeded random playout with plenty of trade offers."""
    state = RULES.setup(players, {"personalities": personalities}, seed)
    chooser = LocalRng(seed)
    yield state
    for _ in range(steps):
        if RULES.outcome(state) is not None:
            return
        seat, action = choose_random_step(RULES, state, chooser, offer_rate=0.2)
        state, _ = RULES.apply(state, seat, action)
        yield state


def hand_leaks(state):
    """Problems with what each view shows of hands: only one's own, and sizes of others."""
    problems = invariants.view_leaks(state)
    for viewer in [None, *range(state["players"])]:
        view = RULES.view(state, viewer)
        if viewer is None:
            assert view["hand"] is None
        else:
            shown = sorted(card["kind"] for card in view["hand"])
            held = sorted(k for k, n in state["hands"][viewer].items() for _ in range(n))
            assert shown == held
        for seat, public in enumerate(view["seats"]):
            assert public["hand_size"] == sum(state["hands"][seat].values())
            assert set(public) & {"hand", "cards"} == set()
    return problems


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 120),
    personalities=st.sampled_from(["off", "on"]),
)
def test_no_view_shows_another_seats_hand(players, seed, steps, personalities):
    for state in walk(players, seed, steps, personalities):
        assert hand_leaks(state) == []
        assert generic_violations(RULES, state) == []


@pytest.mark.parametrize("players", range(2, 7))
def test_views_never_leak_along_a_whole_seeded_game(players):
    for number, state in enumerate(walk(players, players * 101, 400)):
        if number % 7 == 0:
            assert hand_leaks(state) == []


def test_the_leak_check_catches_a_view_that_shows_another_hand(monkeypatch):
    state = new_game(3, seed=4)
    honest = invariants.view

    def leaky(state, viewer):
        shown = honest(state, viewer)
        shown["spy"] = state["hands"][(0 if viewer is None else viewer + 1) % 3]
        return shown

    monkeypatch.setattr(invariants, "view", leaky)
    assert invariants.view_leaks(state)


def test_the_spectator_sees_no_hand_and_no_offer_contents():
    state = new_game(3, seed=8)
    arrange(state, 1, hand={"gold": 1})
    state, _ = play(state, 1, "offer", to=2, give_cards=["gold"], get_cards=["tea"])
    text = json.dumps(RULES.view(state, None))
    assert '"hand": null' in text
    assert RULES.view(state, None)["deals"][0]["give"] == {"cards": 1}
    assert "gold" not in text.lower()  # caravans are empty: the offered Gold shows nowhere


def test_invariants_catch_a_lost_card_and_negative_coins():
    state = new_game(2, seed=1)
    assert RULES.invariant_violations(state) == []
    state["deck"].pop()
    state["coins"][1] = -1
    problems = RULES.invariant_violations(state)
    assert any("not conserved" in p for p in problems)
    assert any("-1 coins" in p for p in problems)


def test_evaluate_prefers_more_coins_and_goods_near_their_market():
    state = new_game(2, seed=1)
    base = RULES.evaluate(state, 0)
    state["coins"][0] += 3
    assert RULES.evaluate(state, 0) > base
    arrange(state, 0, caravan={"tea": 2})
    state["pos"][0] = 1
    near = RULES.evaluate(state, 0)
    state["pos"][0] = 7
    assert near > RULES.evaluate(state, 0)


def test_evaluate_rewards_buying_at_the_far_end_and_every_step_home():
    state = new_game(2, seed=1)
    arrange(state, 0, caravan={})
    state["pos"][0] = 8  # China, where exports are bought
    empty = RULES.evaluate(state, 0)
    state["coins"][0] -= 1
    arrange(state, 0, caravan={"tea": 1})
    loaded = RULES.evaluate(state, 0)
    assert loaded > empty  # one good bought for one coin is worth carrying
    state["pos"][0] = 7
    assert RULES.evaluate(state, 0) > loaded  # a step toward Arabia pays even for one good


def test_evaluate_prefers_selling_at_the_market_to_keeping_the_load():
    state = new_game(2, seed=1)
    arrange(state, 0, caravan={"tea": 2, "silk": 1})
    state["pos"][0] = 0
    keep = RULES.evaluate(state, 0)
    arrange(state, 0, caravan={})
    state["coins"][0] += 7
    assert RULES.evaluate(state, 0) > keep
