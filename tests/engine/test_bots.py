"""The generic bots on a small card-and-dice race built for these tests.

Each seat holds a hidden hand of number cards. On your turn you play a card for its value,
roll a die (a 5 or 6 scores 3) or pass; then you draw. First to 12 wins. A pending offer
(swap one card for one card) must be answered by the seat it is addressed to.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from games.engine import rng
from games.engine.bots import Budget, SearchSettings, choose_action, respond_to_offers
from games.engine.bots.arena import labels_for, run_arena
from games.engine.contract import (
    Action,
    GameRules,
    LogEntry,
    Outcome,
    SeatScore,
    State,
    clone,
    log,
    rank_scores,
)
from games.engine.decks import draw

TARGET = 12


class RaceRules(GameRules):
    slug = "bot-race"
    name = "Bot Race"
    min_players = 2
    max_players = 4

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        state: State = {
            "players": players,
            "rng": rng.seed_state(seed),
            "deck": [value for value in range(1, 6) for _ in range(6)],
            "discard": [],
            "scores": [0] * players,
            "turn": 0,
            "offer": None,
        }
        rng.shuffle(state, state["deck"])
        state["hands"] = [draw(state, 3) for _ in range(players)]
        return state

    def to_act(self, state: State) -> tuple[int, ...]:
        if self.outcome(state) is not None:
            return ()
        return (state["offer"]["to"],) if state["offer"] else (state["turn"],)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state["offer"]:
            return [Action.make("accept", label="Accept"), Action.make("decline", label="No")]
        plays = [
            Action.make("play", label=f"Play {value}", card=value)
            for value in sorted(set(state["hands"][seat]))
        ]
        return [*plays, Action.make("roll", label="Roll"), Action.make("pass", label="Pass")]

    def perform(self, state: State, seat: int, action: Action) -> list[LogEntry]:
        if action.type in ("accept", "decline"):
            offer, state["offer"] = state["offer"], None
            if action.type == "accept":
                state["hands"][offer["from"]].remove(offer["give"])
                state["hands"][offer["to"]].append(offer["give"])
                state["hands"][offer["to"]].remove(offer["ask"])
                state["hands"][offer["from"]].append(offer["ask"])
            return [log(f"{{p{seat}}} answered.")]
        if action.type == "play":
            state["hands"][seat].remove(action["card"])
            state["discard"].append(action["card"])
            state["scores"][seat] += action["card"]
        elif action.type == "roll" and rng.roll(state) >= 5:
            state["scores"][seat] += 3
        state["hands"][seat].extend(draw(state, 1))
        state["turn"] = (seat + 1) % state["players"]
        return [log(f"{{p{seat}}} moved.")]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "scores": list(state["scores"]),
            "turn": state["turn"],
            "offer": state["offer"],
            "hand": sorted(state["hands"][seat]) if seat is not None else None,
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "deck_size": len(state["deck"]),
            "discard": sorted(state["discard"]),
        }

    def outcome(self, state: State) -> Outcome | None:
        scores = state["scores"]
        if max(scores) < TARGET:
            return None
        ranks = rank_scores([[s] for s in scores])
        return Outcome(
            tuple(i for i, r in enumerate(ranks) if r == 1),
            tuple(SeatScore(i, s, (("Points", s),), ranks[i]) for i, s in enumerate(scores)),
        )

    def prompt(self, state: State, seat: int | None) -> str:
        return "Play, roll or pass."

    def evaluate(self, state: State, seat: int) -> float:
        return state["scores"][seat] + 0.3 * sum(state["hands"][seat])

    def determinize(self, state: State, seat: int, seed: int) -> State:
        copy = clone(state)
        others = [s for s in range(state["players"]) if s != seat]
        # A card put up in an offer is known: it stays in its owner's hand.
        known = {s: [] for s in others}
        offer = copy["offer"]
        if offer and offer["from"] != seat:
            known[offer["from"]].append(offer["give"])
            copy["hands"][offer["from"]].remove(offer["give"])
        pool = sorted(copy["deck"] + [c for s in others for c in copy["hands"][s]])
        shuffler = rng.LocalRng(seed)
        rng.shuffle(shuffler, pool)
        for s in others:
            size = len(copy["hands"][s])
            copy["hands"][s], pool = known[s] + pool[:size], pool[size:]
        copy["deck"] = pool
        copy["rng"] = rng.seed_state(seed ^ 0x5A5A)
        return copy


RULES = RaceRules()
FAST = Budget(iterations=60)


def _mid_game(seed: int = 3) -> State:
    state = RULES.setup(2, {}, seed)
    state["scores"] = [6, 7]
    return state


@pytest.mark.parametrize("level", ["random", "greedy", "search"])
def test_every_level_plays_a_whole_game_with_legal_actions_only(level):
    for players in (2, 3, 4):
        state = RULES.setup(players, {}, players)
        for step in range(300):
            if RULES.outcome(state) is not None:
                break
            seat = RULES.to_act(state)[0]
            action = choose_action(RULES, state, seat, level, seed=step, budget=FAST)
            state, _ = RULES.apply(state, seat, action)  # refuses anything not listed
        assert RULES.outcome(state) is not None


@pytest.mark.parametrize("level", ["random", "greedy", "search"])
def test_same_seed_and_iterations_give_the_same_choice(level):
    state = _mid_game()
    choices = {choose_action(RULES, state, 0, level, seed=11, budget=FAST) for _ in range(3)}
    assert len(choices) == 1


def _hidden_changed(state: State, seat: int) -> State:
    """The same game as ``seat`` sees it: others' hands swapped with deck cards, deck
    reordered, a different generator."""
    other = clone(state)
    opponent = 1 - seat
    hand, deck = other["hands"][opponent], other["deck"]
    for index in range(len(hand)):
        swap = next(i for i, card in enumerate(deck) if card != hand[index])
        hand[index], deck[swap] = deck[swap], hand[index]
    deck.reverse()
    other["rng"] = rng.seed_state(987654321)
    assert RULES.view(other, seat) == RULES.view(state, seat)
    assert other != state
    return other


@pytest.mark.parametrize("level", ["greedy", "search"])
def test_bots_never_read_what_their_seat_cannot_see(level):
    for seed in range(5):
        state = _mid_game(seed)
        twin = _hidden_changed(state, 0)
        first = choose_action(RULES, state, 0, level, seed=seed, budget=FAST)
        second = choose_action(RULES, twin, 0, level, seed=seed, budget=FAST)
        assert first == second


def test_greedy_takes_the_biggest_immediate_gain():
    state = _mid_game()
    state["hands"][0] = [1, 2, 4]
    assert choose_action(RULES, state, 0, "greedy", seed=1) == Action.make("play", card=4)


def test_search_finishes_the_game_when_it_can():
    state = _mid_game()
    state["scores"] = [9, 11]
    state["hands"][0] = [1, 3, 2]
    action = choose_action(RULES, state, 0, "search", seed=2, budget=Budget(iterations=200))
    assert action == Action.make("play", card=3)


def test_offers_are_accepted_only_when_they_help():
    state = _mid_game()
    state["hands"][1] = [1, 2, 2]
    state["hands"][0] = [5, 5, 3]
    state["offer"] = {"from": 0, "to": 1, "give": 5, "ask": 1}
    for level in ("greedy", "search"):
        assert respond_to_offers(RULES, state, 1, level, seed=4).type == "accept"
        assert choose_action(RULES, state, 1, level, seed=4, budget=FAST).type == "accept"
    state["offer"] = {"from": 0, "to": 1, "give": 3, "ask": 2}
    state["hands"][0] = [3, 3, 3]
    state["hands"][1] = [2, 2, 2]
    state["offer"]["give"], state["offer"]["ask"] = 3, 2
    assert respond_to_offers(RULES, state, 1, "greedy", seed=4).type == "accept"
    state["hands"][1] = [5, 5, 5]
    state["offer"]["ask"] = 5
    assert respond_to_offers(RULES, state, 1, "greedy", seed=4).type == "decline"


def test_no_offer_to_answer_gives_none():
    assert respond_to_offers(RULES, _mid_game(), 0, "search", seed=1) is None


def test_bots_never_propose_offers():
    state = _mid_game()
    for level in ("random", "greedy", "search"):
        for seed in range(10):
            assert choose_action(RULES, state, 0, level, seed, FAST).type != "offer"


def test_a_budget_above_one_second_is_refused():
    with pytest.raises(ValueError):
        Budget(seconds=2.0)
    with pytest.raises(ValueError):
        Budget()


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError):
        choose_action(RULES, _mid_game(), 0, "genius", seed=1)


def test_the_default_determinization_only_replaces_the_generator():
    class Open(RaceRules):
        determinize = GameRules.determinize

    state = _mid_game()
    seen = Open().determinize(state, 0, 5)
    assert seen["rng"] != state["rng"]
    assert {**seen, "rng": 0} == {**state, "rng": 0}


def test_search_beats_random_in_the_arena():
    report = run_arena(
        RULES, ["search", "random"], games=12, players=2, seed=1, budget=Budget(iterations=40)
    )
    search, random = report.bots
    assert report.games == 12 and report.unfinished == 0
    assert search.games == random.games == 12
    assert search.wins + random.wins == pytest.approx(12)
    assert search.win_rate >= 0.75
    assert search.seat_games == {0: 6, 1: 6}


def test_arena_counts_shared_wins_as_fractions_and_rotates_seats():
    report = run_arena(RULES, ["random", "random"], games=6, players=3, seed=2, budget=FAST)
    first, second = report.bots
    assert first.label == "random" and second.label == "random#2"
    assert first.games + second.games == 18
    assert first.wins + second.wins == pytest.approx(6)
    assert first.seat_games == {0: 3, 1: 3, 2: 3}
    assert any("wins" in line for line in report.lines())


def test_labels_tell_repeated_levels_apart():
    assert labels_for(["search", "search", "random"]) == ["search", "search#2", "random"]


class DitherRules(RaceRules):
    """The race plus a free toggle (tap / untap) that changes nothing that matters."""

    def setup(self, players, options, seed):
        return {**super().setup(players, options, seed), "tapped": False}

    def legal_actions(self, state, seat):
        actions = super().legal_actions(state, seat)
        if actions and not state["offer"]:
            actions.append(Action.make("untap" if state["tapped"] else "tap", label="Toggle"))
        return actions

    def perform(self, state, seat, action):
        if action.type in ("tap", "untap"):
            state["tapped"] = action.type == "tap"
            return []
        return super().perform(state, seat, action)


class FlatDitherRules(DitherRules):
    """No move looks better than another one step ahead."""

    def evaluate(self, state, seat):
        return 0.0


@pytest.mark.parametrize(
    ("rules", "level"), [(DitherRules(), "search"), (FlatDitherRules(), "greedy")]
)
def test_bots_do_not_dither_with_moves_that_undo_each_other(rules, level):
    toggles = 0
    for seed in range(40):
        state = rules.setup(2, {}, seed)
        state["tapped"] = bool(seed % 2)
        toggles += choose_action(rules, state, 0, level, seed, FAST).type in ("tap", "untap")
    assert toggles == 0


def test_a_one_step_prior_steers_a_short_search_towards_the_heuristic():
    state = _mid_game()
    state["hands"][0] = [1, 2, 4]
    action = choose_action(
        RULES,
        state,
        0,
        "search",
        seed=1,
        budget=Budget(iterations=1),
        settings=SearchSettings(prior_visits=50),
    )
    assert action == Action.make("play", card=4)


class LostEndgameRules(RaceRules):
    """Seat 0 has picked a card and staged it: it may finish the game (and lose) or take
    the card back, which lowers its evaluation; picking and staging it again takes two
    steps (like Merchant Lord's pick, tuck and take back)."""

    def setup(self, players, options, seed):
        return {**super().setup(players, options, seed), "step": 2, "finished": False}

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        if state["step"] == 2:
            return [Action.make("finish", label="Finish"), Action.make("withdraw", label="Back")]
        return [Action.make("pick" if state["step"] == 0 else "stage", label="Next")]

    def perform(self, state, seat, action):
        if action.type == "finish":
            state["finished"] = True
        else:
            state["step"] = 0 if action.type == "withdraw" else state["step"] + 1
        return []

    def outcome(self, state):
        if not state["finished"]:
            return None
        return Outcome((1,), (SeatScore(0, 0, (), 2), SeatScore(1, 1, (), 1)))

    def evaluate(self, state, seat):
        return 1.0 if seat == 0 and state["step"] else 0.0


@pytest.mark.parametrize("level", ["greedy", "search"])
def test_a_bot_that_can_only_lose_finishes_the_game_instead_of_going_round_in_circles(level):
    rules = LostEndgameRules()
    state = rules.setup(2, {}, 1)
    assert choose_action(rules, state, 0, level, seed=1, budget=FAST).type == "finish"
