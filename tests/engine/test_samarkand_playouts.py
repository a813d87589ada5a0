"""Random Samarkand games, replays, snapshots and what each seat may see."""

import json

import pytest

from games.engine.contract import Action
from games.engine.rng import LocalRng, randbelow
from games.engine.samarkand import RULES
from games.engine.samarkand import scenario as sc
from games.engine.simulate import choose_random_step, generic_violations


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_finish_without_breaking_any_invariant(players):
    for seed in range(4):
        state = RULES.setup(players, {}, seed)
        chooser = LocalRng(seed)
        for step in range(5000):
            if RULES.outcome(state):
                break
            seat, action = choose_random_step(RULES, state, chooser)
            state, _ = RULES.apply(state, seat, action)
            assert RULES.invariant_violations(state) == [], f"seed {seed} step {step}"
            if step % 20 == 0:  # the views are the slow part of the generic checks
                assert generic_violations(RULES, state) == []
        assert RULES.outcome(state) is not None, f"seed {seed} did not finish"


def _random_actions(players, seed, count):
    state = RULES.setup(players, {}, seed)
    chooser = LocalRng(seed)
    taken = []
    for _ in range(count):
        if RULES.outcome(state):
            break
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        action = legal[randbelow(chooser, len(legal))]
        taken.append((seat, action.to_json()))
        state, _ = RULES.apply(state, seat, action)
    return state, taken


def test_replaying_the_same_actions_from_the_same_seed_gives_the_same_state():
    state, taken = _random_actions(4, 11, 300)
    again = RULES.setup(4, {}, 11)
    for seat, data in taken:
        again, _ = RULES.apply(again, seat, Action.from_json(data))
    assert again == state
    assert json.dumps(again, sort_keys=True) == json.dumps(state, sort_keys=True)


def test_a_state_survives_a_json_round_trip():
    state, _ = _random_actions(3, 5, 200)
    restored = json.loads(json.dumps(state))
    assert restored == state
    seat = RULES.to_act(restored)[0] if RULES.to_act(restored) else 0
    assert RULES.legal_actions(restored, seat) == RULES.legal_actions(state, seat)


def test_setups_with_different_seeds_deal_different_cards():
    hands = {tuple(RULES.setup(3, {}, seed)["seats"][0]["hand"]) for seed in range(10)}
    assert len(hands) > 1


def _reshuffle_hidden(state, viewer, seed):
    """The same game as far as ``viewer`` can tell: the cards hidden from them (others'
    hands, deck, discard pile) dealt anew, others' sell choices and the bag order changed."""
    other = json.loads(json.dumps(state))
    seats = [n for n in range(state["players"]) if n != viewer]
    pool = other["deck"] + other["discard"] + [c for n in seats for c in other["seats"][n]["hand"]]
    chooser = LocalRng(seed)
    for i in range(len(pool) - 1, 0, -1):
        j = randbelow(chooser, i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    for pile in ("deck", "discard"):
        size = len(other[pile])
        other[pile], pool = pool[:size], pool[size:]
    for n in seats:
        size = len(other["seats"][n]["hand"])
        other["seats"][n]["hand"], pool = pool[:size], pool[size:]
        modes = ["auto", "keep", "sell"]
        other["seats"][n]["sell"] = {
            str(card): modes[randbelow(chooser, 3)] for card in other["seats"][n]["hand"]
        }
    other["bag"].reverse()
    return other


@pytest.mark.parametrize("players", [2, 5])
def test_no_view_depends_on_cards_or_choices_hidden_from_the_viewer(players):
    """Also: a bot's guess at the hidden cards (determinize) looks the same to its seat."""
    state, _ = _random_actions(players, 3, 250)
    for viewer in [None, *range(players)]:
        view = RULES.view(state, viewer)
        for seed in range(3):
            assert RULES.view(_reshuffle_hidden(state, viewer, seed), viewer) == view
        if viewer is not None:
            guess = RULES.determinize(state, viewer, 99)
            assert RULES.view(guess, viewer) == view
            assert RULES.invariant_violations(guess) == []
            assert RULES.legal_actions(guess, viewer) == RULES.legal_actions(state, viewer)
        text = json.dumps(view)
        assert '"rng"' not in text and '"deck"' not in text and '"seed"' not in text


def test_others_see_only_how_many_cards_a_player_holds():
    state = sc.game(3)
    sc.hand(state, 1, [sc.card_of("Flax"), sc.card_of("Silk")], mode="keep")
    view = RULES.view(state, 0)
    assert view["seats"][1]["cards"] == 2
    assert "Flax-3" not in json.dumps(view["seats"]) and view["hand"] != []
    assert "Flax-3" not in [card["label"] for card in view["hand"]]
    assert [card["label"] for card in RULES.view(state, 1)["hand"]] == ["Flax-3", "Silk-33"]


def test_no_view_reveals_another_seats_keep_or_sell_choice():
    state = sc.game(3)
    flax = sc.card_of("Flax")
    sc.hand(state, 1, [flax])
    before = {viewer: RULES.view(state, viewer) for viewer in (None, 0, 2)}
    state, _ = sc.play(state, 1, "sell_choice", card=flax, mode="keep")
    for viewer, view in before.items():
        assert RULES.view(state, viewer) == view
    assert RULES.view(state, 1)["hand"][0]["mode"] == "keep"


def test_the_view_of_a_player_shows_their_own_score_only():
    state = sc.game(3)
    assert RULES.view(state, 0)["score"][3] == ["Cash", 10]
    assert RULES.view(state, None)["score"] == []


def test_determinize_redeals_the_hidden_cards():
    state, _ = _random_actions(4, 8, 120)
    guesses = [RULES.determinize(state, 0, seed) for seed in range(5)]
    assert all(g["seats"][0]["hand"] == state["seats"][0]["hand"] for g in guesses)
    assert any(g["deck"] != state["deck"] for g in guesses)
    assert all(g["rng"] != state["rng"] for g in guesses)
