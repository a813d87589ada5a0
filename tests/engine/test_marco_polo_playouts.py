"""Random Marco Polo games, replays, what each seat may see, and the bots on the game."""

import json

import pytest

from games.engine.bots import Budget, choose_action
from games.engine.contract import Action, clone
from games.engine.marco_polo import RULES
from games.engine.rng import LocalRng, randbelow
from games.engine.simulate import choose_random_step, generic_violations

VARIANTS = [{}, {"expert": "on"}]


def _hidden_goals(state, viewer):
    """Goal cards the viewer must not see: everybody else's and the box's."""
    hidden = set(state["goal_deck"])
    for n, seat_state in enumerate(state["seats"]):
        if n != viewer:
            hidden |= set(seat_state["goals"]) | set(seat_state["goal_offer"])
    return hidden


def _check_views(state):
    for viewer in [None, *range(state["players"])]:
        view = RULES.view(state, viewer)
        shown = {g["number"] for g in view["goals"] + view["goal_offer"]}
        assert not shown & _hidden_goals(state, viewer), f"view of {viewer} shows hidden goals"
        text = json.dumps(view)
        assert '"rng"' not in text and '"seed"' not in text and '"piles"' not in text


@pytest.mark.parametrize("options", VARIANTS, ids=["first-game", "expert"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_finish_with_every_invariant_held(players, options):
    for seed in range(6):
        state = RULES.setup(players, options, seed)
        chooser = LocalRng(seed)
        for step in range(3000):
            if RULES.outcome(state):
                break
            seat, action = choose_random_step(RULES, state, chooser)
            state, _ = RULES.apply(state, seat, action)
            assert RULES.invariant_violations(state) == [], f"seed {seed} step {step}"
            if step % 15 == 0:  # the views are the slow part
                assert generic_violations(RULES, state) == []
                _check_views(state)
        outcome = RULES.outcome(state)
        assert outcome is not None, f"seed {seed} did not finish"
        assert state["round"] == 5
        for score in outcome.scores:
            assert score.total == sum(points for _, points in score.breakdown)


def _random_actions(players, seed, count, options=None):
    state = RULES.setup(players, options or {}, seed)
    chooser = LocalRng(seed)
    taken = []
    for _ in range(count):
        if RULES.outcome(state):
            break
        seat, action = choose_random_step(RULES, state, chooser)
        taken.append((seat, action.to_json()))
        state, _ = RULES.apply(state, seat, action)
    return state, taken


def test_replaying_the_same_actions_from_the_same_seed_gives_the_same_state():
    state, taken = _random_actions(4, 11, 250, {"expert": "on"})
    again = RULES.setup(4, {"expert": "on"}, 11)
    for seat, data in taken:
        again, _ = RULES.apply(again, seat, Action.from_json(data))
    assert json.dumps(again, sort_keys=True) == json.dumps(state, sort_keys=True)


def test_setups_with_different_seeds_differ():
    layouts = {json.dumps(RULES.setup(3, {}, seed)["contracts"]) for seed in range(6)}
    assert len(layouts) > 1


def _twin(state, viewer, seed):
    """The same game as far as ``viewer`` can tell: hidden cards dealt anew."""
    other = clone(state)
    gen = LocalRng(seed)
    pool = [n for pile in other["piles"] for n in pile] + other["special"][
        : other["special_unseen"]
    ]
    for i in range(len(pool) - 1, 0, -1):
        j = randbelow(gen, i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    for pile in other["piles"]:
        pile[:], pool = pool[: len(pile)], pool[len(pile) :]
    other["special"][: other["special_unseen"]] = pool
    goals = sorted(_hidden_goals(other, viewer))
    goals.reverse()
    for n, seat_state in enumerate(other["seats"]):
        if n != viewer:
            for key in ("goals", "goal_offer"):
                count = len(seat_state[key])
                seat_state[key], goals = sorted(goals[:count]), goals[count:]
    other["goal_deck"] = goals
    other["rng"] = state["rng"] + 12345
    return other


@pytest.mark.parametrize("players", [2, 4])
def test_no_view_depends_on_what_is_hidden_from_the_viewer(players):
    state, _ = _random_actions(players, 3, 120, {"expert": "on"})
    for viewer in [None, *range(players)]:
        view = RULES.view(state, viewer)
        for seed in range(3):
            assert RULES.view(_twin(state, viewer, seed), viewer) == view


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinizing_keeps_everything_the_seat_sees(players):
    for count in (0, 40, 150):
        state, _ = _random_actions(players, players, count, {"expert": "on"})
        for seat in range(players):
            seen = RULES.determinize(state, seat, seed=count)
            assert RULES.view(seen, seat) == RULES.view(state, seat)
            assert RULES.invariant_violations(seen) == []
            assert RULES.to_act(seen) == RULES.to_act(state)
            assert RULES.legal_actions(seen, seat) == RULES.legal_actions(state, seat)
            assert seen["rng"] != state["rng"]


def test_legal_action_lists_stay_short():
    longest = 0
    for seed in range(4):
        state = RULES.setup(4, {"expert": "on"}, seed)
        chooser = LocalRng(seed)
        while not RULES.outcome(state):
            for seat in RULES.to_act(state):
                longest = max(longest, len(RULES.legal_actions(state, seat)))
            seat, action = choose_random_step(RULES, state, chooser)
            state, _ = RULES.apply(state, seat, action)
    assert longest <= 80


@pytest.mark.parametrize("level", ["greedy", "search"])
def test_the_generic_bots_play_legal_moves(level):
    state = RULES.setup(3, {"expert": "on"}, 5)
    budget = Budget(iterations=15)
    for step in range(60):
        if RULES.outcome(state):
            break
        seat = RULES.to_act(state)[0]
        action = choose_action(RULES, state, seat, level, seed=step, budget=budget)
        assert action in RULES.legal_actions(state, seat)
        state, _ = RULES.apply(state, seat, action)


def test_a_greedy_bot_finishes_a_game_and_beats_random_players_mostly():
    wins = 0
    for seed in range(3):
        state = RULES.setup(2, {}, seed)
        chooser = LocalRng(seed)
        for step in range(4000):
            if RULES.outcome(state):
                break
            seat = RULES.to_act(state)[0]
            if seat == 0:
                action = choose_action(RULES, state, seat, "greedy", seed=step)
            else:
                legal = RULES.legal_actions(state, seat)
                action = legal[randbelow(chooser, len(legal))]
            state, _ = RULES.apply(state, seat, action)
        outcome = RULES.outcome(state)
        assert outcome is not None
        wins += 0 in outcome.winners
    assert wins >= 2


@pytest.mark.parametrize("options", VARIANTS, ids=["first-game", "expert"])
def test_the_simulate_command_plays_checked_games_with_no_errors(options):
    from games.engine.simulate import simulate

    for players in (2, 3, 4):
        report = simulate("marco-polo", games=2, players=players, seed=40, options=options)
        assert report.errors == [] and report.finished == 2, report.summary()
