"""The *search* level: single-observer information-set Monte Carlo tree search.

Each iteration deals a fresh determinization of what the bot's seat can see (so hidden
cards, deck order and future dice differ from one iteration to the next), walks down one
shared tree whose edges are (seat, action) pairs, adds one node, plays a capped random
rollout and backs up a value in [0, 1] per seat. A child is scored for the seat that chose
it, so opponents are modelled as playing for themselves. Children are chosen by UCB with
*availability* counts, since an action may exist in some determinizations and not others.
The answer is the most visited action at the root.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..contract import Action, GameRules, State
from ..rng import LocalRng, randbelow
from .budget import Budget
from .values import next_seed, squash, standings, win_shares


@dataclass(frozen=True)
class SearchSettings:
    exploration: float = 0.7  # UCB constant for values in [0, 1]
    rollout_cap: int = 8  # actions played at random before evaluating
    min_scale: float = 1e-3  # floor of the adaptive evaluation scale


DEFAULT_SETTINGS = SearchSettings()


class _Node:
    __slots__ = ("visits", "avail", "value", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 1
        self.value = 0.0  # summed values for the seat whose move led here
        self.children: dict[tuple[int, Action], _Node] = {}


class _Scale:
    """Adaptive scale of standings: one standard deviation of the standings seen so far."""

    def __init__(self, floor: float):
        self.floor = floor
        self.count = 0
        self.total = 0.0
        self.squares = 0.0

    def add(self, gap: float) -> None:
        self.count += 1
        self.total += gap
        self.squares += gap * gap

    def value(self) -> float:
        if self.count < 2:
            return 1.0
        mean = self.total / self.count
        spread = math.sqrt(max(0.0, self.squares / self.count - mean * mean))
        return spread if spread > self.floor else 1.0


def search_action(
    rules: GameRules,
    state: State,
    seat: int,
    actions: list[Action],
    gen: LocalRng,
    budget: Budget,
    settings: SearchSettings | None = None,
) -> Action:
    if len(actions) == 1:
        return actions[0]
    settings = settings or DEFAULT_SETTINGS
    root = _Node()
    scale = _Scale(settings.min_scale)
    watch = budget.start()
    while watch.more():
        seen = rules.determinize(state, seat, next_seed(gen))
        _iterate(rules, seen, seat, root, gen, scale, settings)
        watch.tick()
    best = max(
        range(len(actions)),
        key=lambda i: _root_rank(root.children.get((seat, actions[i]))),
    )
    return actions[best]


def _root_rank(child: _Node | None) -> tuple[int, float]:
    if child is None:
        return (0, 0.0)
    return (child.visits, child.value / child.visits if child.visits else 0.0)


def _iterate(
    rules: GameRules,
    state: State,
    seat: int,
    root: _Node,
    gen: LocalRng,
    scale: _Scale,
    settings: SearchSettings,
) -> None:
    node = root
    path = []  # (node, seat who chose it)
    actor = seat
    while rules.outcome(state) is None:
        if node is not root:
            actor = _pick_actor(rules.to_act(state), gen)
        legal = rules.legal_actions(state, actor)
        if not legal:
            break
        untried = []
        chosen = None
        best = -1.0
        log_factor = settings.exploration
        for action in legal:
            child = node.children.get((actor, action))
            if child is None:
                untried.append(action)
                continue
            child.avail += 1
            if not untried:
                ucb = child.value / child.visits + log_factor * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if ucb > best:
                    best, chosen = ucb, (action, child)
        if untried:
            action = untried[randbelow(gen, len(untried))]
            child = _Node()
            node.children[(actor, action)] = child
            rules.perform(state, actor, action)
            path.append((child, actor))
            break
        action, child = chosen
        rules.perform(state, actor, action)
        path.append((child, actor))
        node = child
    values = _rollout(rules, state, gen, scale, settings)
    root.visits += 1
    for child, chooser in path:
        child.visits += 1
        child.value += values[chooser]


def _pick_actor(waiting: tuple[int, ...], gen: LocalRng) -> int:
    return waiting[0] if len(waiting) == 1 else waiting[randbelow(gen, len(waiting))]


def _rollout(
    rules: GameRules, state: State, gen: LocalRng, scale: _Scale, settings: SearchSettings
) -> list[float]:
    for _ in range(settings.rollout_cap):
        if rules.outcome(state) is not None:
            break
        actor = _pick_actor(rules.to_act(state), gen)
        legal = rules.legal_actions(state, actor)
        rules.perform(state, actor, legal[randbelow(gen, len(legal))])
    outcome = rules.outcome(state)
    if outcome is not None:
        return win_shares(outcome, state["players"])
    gaps = standings(rules, state)
    for gap in gaps:
        scale.add(gap)
    width = scale.value()
    return [squash(gap, width) for gap in gaps]
