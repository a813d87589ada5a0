"""Random playouts with invariant checks: the engine-side half of ``manage.py simulate``.

Whoever must act picks uniformly among their legal actions; now and then a seat that may
propose a trade offer does so (``offer_rate``), and now and then a seat the game is not
waiting for answers an offer made to it or takes a standing order (``answer_rate``), so
offers, counter-offers and standing orders get exercised too. After every step the
generic invariants (no view shows the generator; no view shows outsiders the secret or
hidden terms of another pair's deal) and the game's own ``invariant_violations`` are
checked.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass, field

from . import deals, registry
from .contract import Action, GameRules, IllegalAction, State
from .rng import LocalRng, randbelow

#: How often random players in ``simulate`` propose offers and answer them off-turn.
SIMULATE_OFFER_RATE = 0.1
SIMULATE_ANSWER_RATE = 0.3


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
    deals: Counter = field(default_factory=Counter)  # offers made, accepted… (count_deal)

    @property
    def mean_actions(self) -> float:
        return self.actions / self.games if self.games else 0.0

    @property
    def steps_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def summary(self) -> str:
        text = (
            f"{self.slug} with {self.players} players: {self.games} games played, "
            f"{self.finished} finished, {self.unfinished} unfinished, "
            f"{len(self.errors)} errors, mean {self.mean_actions:.1f} actions per game, "
            f"{self.steps_per_second:,.0f} steps per second"
        )
        if any(self.deals.values()):
            c = self.deals
            text += (
                f"; offers: {c['offers made']} made, {c['offers accepted']} accepted, "
                f"{c['offers declined']} declined, {c['offers countered']} countered; "
                f"standing orders: {c['standing orders posted']} posted, "
                f"{c['standing orders taken']} taken"
            )
        return text


def count_deal(counts: Counter, state: State, action: Action) -> None:
    """Count a deal action (before it is carried out) under ``DEAL_COUNTS``' names."""
    if action.type == deals.OFFER:
        counts["standing orders posted" if action.get("standing") else "offers made"] += 1
        if action.get("answers") is not None:
            counts["offers countered"] += 1
    elif action.type in deals.ANSWERS:
        deal = deals.find(state, action.get("offer"))
        if deal is None:
            return
        if deal["standing"]:
            counts["standing orders taken"] += 1
        else:
            counts["offers accepted" if action.type == deals.ACCEPT else "offers declined"] += 1


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
    kinds = {term.name: term for term in rules.deal_kinds}
    for viewer in [None, *range(state["players"])]:
        shown = rules.view(state, viewer)
        text = json.dumps(shown)
        if '"rng"' in text or '"seed"' in text:
            problems.append(f"the view for {viewer} shows the generator")
        if kinds and isinstance(shown, dict):
            problems += _deal_leaks(kinds, shown.get("deals") or [], viewer)
    return problems


def _deal_leaks(kinds: dict, shown: list, viewer: int | None) -> list[str]:
    """Deals between two other players show outsiders no secret amount and no hidden kind."""
    problems = []
    for deal in shown:
        if deal.get("standing") or viewer in (deal.get("from"), deal.get("to")):
            continue
        for side in ("give", "get"):
            for name, items in deal.get(side, {}).items():
                term = kinds.get(name)
                if term is None:
                    continue
                if term.secret and items is not None:
                    problems.append(f"the view for {viewer} shows the {name} of offer {deal['id']}")
                elif term.hidden and not isinstance(items, int):
                    problems.append(f"the view for {viewer} names the {name} of offer {deal['id']}")
    return problems


def choose_random_step(
    rules: GameRules,
    state: State,
    chooser: LocalRng,
    offer_rate: float = 0.02,
    answer_rate: float = 0.0,
) -> tuple[int, Action]:
    """A uniformly random (seat, action) for whoever the game is waiting for; now and then
    an offer (``offer_rate``) or, with ``answer_rate`` and open deals, a seat's answer."""
    waiting = rules.to_act(state)
    seat = waiting[randbelow(chooser, len(waiting))]
    if offer_rate and randbelow(chooser, 10_000) < offer_rate * 10_000:
        proposer = randbelow(chooser, state["players"])
        offer = rules.sample_deal(state, proposer, randbelow(chooser, 1 << 30))
        if offer is not None:
            return proposer, offer
    if answer_rate and deals.open_deals(state):
        if randbelow(chooser, 10_000) < answer_rate * 10_000:
            answer = _random_answer(rules, state, chooser)
            if answer is not None:
                return answer
    legal = rules.legal_actions(state, seat)
    return seat, legal[randbelow(chooser, len(legal))]


def _random_answer(rules: GameRules, state: State, chooser: LocalRng) -> tuple[int, Action] | None:
    """A random seat with offers to answer (or standing orders to take) answers one."""
    answering = []
    for seat in range(state["players"]):
        answers = [a for a in rules.legal_actions(state, seat) if a.type in deals.ANSWERS]
        if answers:
            answering.append((seat, answers))
    if not answering:
        return None
    seat, answers = answering[randbelow(chooser, len(answering))]
    if any(a.type == deals.DECLINE for a in answers) and randbelow(chooser, 3) == 0:
        counter = rules.sample_deal(state, seat, randbelow(chooser, 1 << 30))
        if counter is not None:  # a game's sample may counter an offer made to the seat
            return seat, counter
    return seat, answers[randbelow(chooser, len(answers))]


def play_random_game(
    rules: GameRules,
    players: int,
    seed: int,
    max_actions: int = 5000,
    check: bool = True,
    options: dict | None = None,
    offer_rate: float = 0.02,
    answer_rate: float = 0.0,
    deal_counts: Counter | None = None,
) -> tuple[State, int, list[str]]:
    """One random game; returns (final state, actions taken, problems found). Deal actions
    are counted into ``deal_counts`` when given."""
    state = rules.setup(players, options or {}, seed)
    chooser = LocalRng(seed * 7919 + 1)
    for step in range(max_actions):
        if rules.outcome(state) is not None:
            return state, step, []
        seat, action = choose_random_step(rules, state, chooser, offer_rate, answer_rate)
        if deal_counts is not None and action.type in deals.DEAL_TYPES:
            count_deal(deal_counts, state, action)
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
    # Trading games exercise their deals harder; the others keep the playouts they always
    # had (the same seed plays the same game), since their rates only draw numbers.
    offer_rate, answer_rate = (
        (SIMULATE_OFFER_RATE, SIMULATE_ANSWER_RATE) if rules.deal_kinds else (0.02, 0.0)
    )
    started = time.perf_counter()
    for number in range(games):
        try:
            state, steps, problems = play_random_game(
                rules,
                players,
                seed + number,
                max_actions,
                check,
                options,
                offer_rate,
                answer_rate,
                report.deals,
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
