"""Bots on Silk Road: the determinization hides what a seat cannot see, and bots never
use it."""

from __future__ import annotations

import pytest

from games.engine import rng
from games.engine.bots import Budget, choose_action, respond_to_offers
from games.engine.contract import Action, clone
from games.engine.silk_road import RULES, SilkRoadRules
from games.engine.silk_road.data import KINDS
from games.engine.silk_road.sampling import determinize
from games.engine.simulate import choose_random_step


class SampledRules(SilkRoadRules):
    """Silk Road with its determinization, however the game module wires it."""

    def determinize(self, state, seat, seed):
        return determinize(state, seat, seed)


BOTS = SampledRules()
FAST = Budget(iterations=30)


def _positions(players: int, seed: int, every: int = 7, steps: int = 400):
    """States met along a random game (with offers now and then)."""
    state = RULES.setup(players, {}, seed)
    chooser = rng.LocalRng(seed)
    for step in range(steps):
        if RULES.outcome(state) is not None:
            return
        if step % every == 0:
            yield state
        seat, action = choose_random_step(RULES, state, chooser, offer_rate=0.2)
        state, _ = RULES.apply(state, seat, action)


def _hidden_changed(state, seat: int):
    """The same game as ``seat`` sees it: other hands swapped with deck cards, the deck and
    the discard pile under its top card reordered, another generator."""
    twin = clone(state)
    deck = twin["deck"]
    for other in range(twin["players"]):
        if other == seat:
            continue
        hand = twin["hands"][other]
        offered = {
            k for o in twin["offers"] if o["to"] == seat and o["from"] == other for k in o["give"]
        }
        for kind in [k for k in KINDS if k in hand and k not in offered]:
            swap = next((i for i, card in enumerate(deck) if card != kind), None)
            if swap is None:
                continue
            hand[kind] -= 1
            if not hand[kind]:
                del hand[kind]
            hand[deck[swap]] = hand.get(deck[swap], 0) + 1
            deck[swap] = kind
    deck.reverse()
    if len(twin["discard"]) > 2:
        twin["discard"][:-1] = reversed(twin["discard"][:-1])
    twin["rng"] = rng.seed_state(state["rng"] + 12345)
    for offer in twin["offers"]:
        if seat not in (offer["from"], offer["to"]):
            offer["get"] = ["silk"] * len(offer["get"])
    assert RULES.view(twin, seat) == RULES.view(state, seat)
    return twin


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinizing_keeps_everything_the_seat_sees(players):
    for number, state in enumerate(_positions(players, seed=players)):
        for seat in range(players):
            seen = determinize(state, seat, seed=number)
            assert RULES.view(seen, seat) == RULES.view(state, seat)
            assert RULES.invariant_violations(seen) == []
            assert RULES.to_act(seen) == RULES.to_act(state)
            assert RULES.legal_actions(seen, seat) == RULES.legal_actions(state, seat)


def test_determinizing_redeals_the_hidden_cards():
    state = next(s for i, s in enumerate(_positions(2, seed=9)) if i == 3)
    dealt = {str(determinize(state, 0, seed)["hands"][1]) for seed in range(20)}
    decks = {tuple(determinize(state, 0, seed)["deck"]) for seed in range(20)}
    assert len(dealt) > 5 and len(decks) == 20


@pytest.mark.parametrize("players", [2, 3])
def test_determinizing_depends_only_on_what_the_seat_sees(players):
    for number, state in enumerate(_positions(players, seed=20 + players)):
        seat = RULES.to_act(state)[0]
        twin = _hidden_changed(state, seat)
        assert determinize(twin, seat, number) == determinize(state, seat, number)


@pytest.mark.parametrize("level", ["greedy", "search"])
def test_bots_choose_the_same_whatever_they_cannot_see(level):
    checked = 0
    for number, state in enumerate(_positions(2, seed=31, every=11)):
        seat = RULES.to_act(state)[0]
        if len(RULES.legal_actions(state, seat)) < 2:
            continue
        twin = _hidden_changed(state, seat)
        first = choose_action(BOTS, state, seat, level, seed=number, budget=FAST)
        assert choose_action(BOTS, twin, seat, level, seed=number, budget=FAST) == first
        checked += 1
        if checked == 6:
            break
    assert checked == 6


def test_greedy_decisions_are_legal_all_game_long():
    state = BOTS.setup(3, {}, 4)
    for step in range(300):
        if BOTS.outcome(state) is not None:
            break
        seat = BOTS.to_act(state)[0]
        state, _ = BOTS.apply(state, seat, choose_action(BOTS, state, seat, "greedy", step))


def test_search_decisions_are_legal_all_game_long():
    state = BOTS.setup(2, {}, 8)
    for step in range(60):
        if BOTS.outcome(state) is not None:
            break
        seat = BOTS.to_act(state)[0]
        action = choose_action(BOTS, state, seat, "search", step, Budget(iterations=8))
        state, _ = BOTS.apply(state, seat, action)


def _with_offer(give, get):
    state = BOTS.setup(2, {}, 2)
    state["hands"][0] = {"trade": 2, "guard": 1, "silk": 2}
    state["hands"][1] = {"bandit": 1, "steppes": 1, "desert": 1, "tea": 2}
    action = Action.make("offer", to=1, give=give, get=get)
    assert BOTS.check_offer(state, 0, action) is None
    state, _ = BOTS.apply(state, 0, action)
    return state


def test_a_generous_offer_is_accepted_and_a_bad_one_declined():
    generous = _with_offer(["trade", "trade"], ["bandit"])
    stingy = _with_offer(["silk"], ["steppes", "desert", "tea"])
    for level in ("greedy", "search"):
        assert respond_to_offers(BOTS, generous, 1, level, seed=1).type == "accept"
        assert respond_to_offers(BOTS, stingy, 1, level, seed=1).type == "decline"
