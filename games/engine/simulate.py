"""Random playouts with invariant checks: the engine-side half of ``manage.py simulate``.

Whoever must act picks uniformly among their legal actions; now and then a seat that may
propose a trade offer does so (``offer_rate``), so offers get exercised too. After every
step the generic invariants and the game's own ``invariant_violations`` are checked.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

from . import registry
from .contract import Action, GameRules, IllegalAction, State
from .rng import LocalRng, randbelow


@dataclass
class SimulationReport:
    slug: str
    players: int
    games: int = 0
    finished: int = 0
    unfinished: int = 0
    errors: list[str] = field(default_factory=list)
    actions: int = 0
    seconds: float = 0.0
    lengths: list[int] = field(default_factory=list)  # actions per finished game

    @property
    def mean_actions(self) -> float:
        return self.actions / self.games if self.games else 0.0

    @property
    def steps_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def summary(self) -> str:
        return (
            f"{self.slug} with {self.players} players: {self.games} games played, "
            f"{self.finished} finished, {self.unfinished} unfinished, "
            f"{len(self.errors)} errors, mean {self.mean_actions:.1f} actions per game, "
            f"{self.steps_per_second:,.0f} steps per second"
        )


def generic_violations(rules: GameRules, state: State) -> list[str]:
    """Checks every game must pass after every step."""
    problems = []
    if rules.outcome(state) is None:
        waiting = rules.to_act(state)
        if not waiting:
            problems.append("the game is not over but nobody can act")
        for seat in waiting:
            if not rules.legal_actions(state, seat):
                problems.append(f"seat {seat} must act but has no legal action")
    for viewer in [None, *range(state["players"])]:
        text = json.dumps(rules.view(state, viewer))
        if '"rng"' in text or '"seed"' in text:
            problems.append(f"the view for {viewer} shows the generator")
    return problems


def choose_random_step(
    rules: GameRules, state: State, chooser: LocalRng, offer_rate: float = 0.02
) -> tuple[int, Action]:
    """A uniformly random (seat, action) for whoever the game is waiting for."""
    waiting = rules.to_act(state)
    seat = waiting[randbelow(chooser, len(waiting))]
    if offer_rate and randbelow(chooser, 10_000) < offer_rate * 10_000:
        proposer = randbelow(chooser, state["players"])
        offer = rules.sample_deal(state, proposer, randbelow(chooser, 1 << 30))
        if offer is not None:
            return proposer, offer
    legal = rules.legal_actions(state, seat)
    return seat, legal[randbelow(chooser, len(legal))]


def play_random_game(
    rules: GameRules,
    players: int,
    seed: int,
    max_actions: int = 5000,
    check: bool = True,
    options: dict | None = None,
) -> tuple[State, int, list[str]]:
    """One random game; returns (final state, actions taken, problems found)."""
    state = rules.setup(players, options or {}, seed)
    chooser = LocalRng(seed * 7919 + 1)
    for step in range(max_actions):
        if rules.outcome(state) is not None:
            return state, step, []
        seat, action = choose_random_step(rules, state, chooser)
        try:
            state, _ = rules.apply(state, seat, action)
        except IllegalAction as exc:
            return state, step, [f"step {step}: legal action {action} refused: {exc}"]
        if check:
            problems = generic_violations(rules, state) + rules.invariant_violations(state)
            if problems:
                return state, step + 1, [f"step {step + 1} after {action}: {p}" for p in problems]
    return state, max_actions, []


def simulate(
    slug: str,
    games: int,
    players: int,
    seed: int = 0,
    max_actions: int = 5000,
    check: bool = True,
    options: dict | None = None,
) -> SimulationReport:
    rules = registry.get(slug)
    report = SimulationReport(slug, players)
    started = time.perf_counter()
    for number in range(games):
        try:
            state, steps, problems = play_random_game(
                rules, players, seed + number, max_actions, check, options
            )
        except Exception as exc:  # a crash is a finding, not the end of the run
            report.games += 1
            report.errors.append(f"game seed {seed + number}: {type(exc).__name__}: {exc}")
            continue
        report.games += 1
        report.actions += steps
        report.errors.extend(f"game seed {seed + number}: {p}" for p in problems)
        if rules.outcome(state) is not None:
            report.finished += 1
            report.lengths.append(steps)
        elif not problems:
            report.unfinished += 1
    report.seconds = time.perf_counter() - started
    return report
