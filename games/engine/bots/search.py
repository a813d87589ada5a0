"""The *search* level: single-observer information-set Monte Carlo tree search.

Each iteration deals a fresh determinization of what the bot's seat can see (so hidden
cards, deck order and future dice differ from one iteration to the next) and walks down
one shared tree. At every decision the chooser first picks an action type, then an action
of that type (move groups), each by UCB with *availability* counts, since an action may
exist in some determinizations and not others; a node is scored for the seat that chose
it, so opponents are modelled as playing for themselves. The walk adds a node, plays a
short random rollout (type first, then action) and backs up a value in [0, 1] per seat:
the win share when the game ends, else the squashed standing. A walk that comes back to
a state it already passed through earns nothing for whoever closed the loop. The answer
is the most visited type at the root, then its most visited action.
"""

from __future__ import annotations

import marshal
import math
from dataclasses import dataclass

from ..contract import Action, GameRules, State, clone
from ..rng import LocalRng, randbelow
from .budget import Budget
from .simple import is_retreat, undoable
from .values import next_seed, squash, standing, standings, win_shares


@dataclass(frozen=True)
class SearchSettings:
    exploration: float = 0.7  # UCB constant for values in [0, 1]
    rollout_cap: int | None = None  # random actions before evaluating; None: the game's
    min_scale: float = 1e-3  # floor of the adaptive evaluation scale
    prior_visits: int = 0  # virtual visits giving root actions their one-step standing
    # 0: the tree search. N > 0: instead, a plan of the seat's own turn, ``plan_depth``
    # steps deep over the N best steps at each (``games.engine.bots.plan``), for games
    # whose heuristic is a good guide and whose turns chain many steps of one seat.
    plan_width: int = 0
    plan_depth: int = 2
    plan_samples: int = 3  # determinizations each plan is averaged over


DEFAULT_SETTINGS = SearchSettings()


class _Node:
    __slots__ = ("visits", "avail", "value", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 1
        self.value = 0.0  # summed values for the seat whose move led here
        # A decision's children are move groups keyed (seat, action type); a group's
        # children are keyed by the action.
        self.children: dict = {}


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
    skip: frozenset[str] = frozenset(),
) -> Action:
    """``skip``: action types left aside wherever something else is legal."""
    if len(actions) == 1:
        return actions[0]
    settings = settings or DEFAULT_SETTINGS
    root = _Node()
    scale = _Scale(settings.min_scale)
    if settings.prior_visits:
        _seed_root(rules, state, seat, actions, root, gen, settings.prior_visits)
    watch = budget.start()
    while watch.more():
        seen = rules.determinize(state, seat, next_seed(gen))
        _iterate(rules, seen, seat, root, gen, scale, settings, skip)
        watch.tick()
    groups = _by_type(actions)
    kind = max(groups, key=lambda k: _rank(root.children.get((seat, k))))
    group = root.children.get((seat, kind))
    best = max(groups[kind], key=lambda a: _rank(group.children.get(a) if group else None))
    return _commit(rules, state, seat, best, root, groups, gen)


def _mean(root: _Node, seat: int, action: Action) -> float:
    group = root.children.get((seat, action.type))
    child = group.children.get(action) if group else None
    return child.value / child.visits if child and child.visits else -1.0


def _commit(
    rules: GameRules,
    state: State,
    seat: int,
    best: Action,
    root: _Node,
    groups: dict[str, list[Action]],
    gen: LocalRng,
) -> Action:
    """``best``, but a stateless bot must not go round in circles: a retreat (a move that
    loses ground which can be regained within two steps, like taking tucked cards back)
    is never played while something else is legal, and a move that can be taken back
    gives way to one that cannot if that one scored at least as well."""
    seen = rules.determinize(state, seat, next_seed(gen))
    now = standing(rules, seen, seat)
    ranked = sorted(
        (a for kind in groups for a in groups[kind]),
        key=lambda a: (a != best, -_mean(root, seat, a)),
    )
    # Looked at lazily, in rank order (the same answer as listing every non-retreat
    # first, without weighing moves that are never reached).
    forward = (a for a in ranked if not is_retreat(rules, seen, seat, a, now))
    best = next(forward, None)
    if best is None:
        best = ranked[0]
        forward = iter(ranked[1:])
    if not undoable(rules, seen, seat, best, within=2):
        return best
    for other in forward:
        if _mean(root, seat, other) < _mean(root, seat, best):
            break
        if not undoable(rules, seen, seat, other, within=2):
            return other
    return best


def _seed_root(
    rules: GameRules,
    state: State,
    seat: int,
    actions: list[Action],
    root: _Node,
    gen: LocalRng,
    visits: int,
) -> None:
    """Start each root action with ``visits`` virtual visits valued at the standing one
    step ahead (as greedy sees it), so few iterations still respect the game's heuristic."""
    seen = rules.determinize(state, seat, next_seed(gen))
    gaps = []
    for action in actions:
        after = clone(seen)
        rules.carry_out(after, seat, action)
        gaps.append(standing(rules, after, seat))
    finite = [g for g in gaps if abs(g) < 1e5]
    mean = sum(finite) / len(finite) if finite else 0.0
    spread = math.sqrt(sum((g - mean) ** 2 for g in finite) / len(finite)) if finite else 0.0
    width = spread if spread > 1e-9 else 1.0
    best: dict[str, float] = {}
    for action, gap in zip(actions, gaps, strict=True):
        group = root.children.setdefault((seat, action.type), _Node())
        child = group.children[action] = _Node()
        value = squash(gap - mean, width)
        child.visits, child.value = visits, visits * value
        best[action.type] = max(best.get(action.type, 0.0), value)
    for kind, value in best.items():
        group = root.children[(seat, kind)]
        group.visits, group.value = visits, visits * value


def _rank(child: _Node | None) -> tuple[int, float]:
    """Most visited first, then best valued."""
    if child is None:
        return (0, 0.0)
    return (child.visits, child.value / child.visits if child.visits else 0.0)


def _by_type(actions: list[Action]) -> dict[str, list[Action]]:
    groups: dict[str, list[Action]] = {}
    for action in actions:
        groups.setdefault(action.type, []).append(action)
    return groups


def _select(
    node: _Node, keys: list, gen: LocalRng, exploration: float
) -> tuple[object, _Node, bool]:
    """UCB with availability among ``keys`` of ``node``; an untried key is added first.

    Returns (key, child, whether the child is new).
    """
    untried = []
    chosen = None
    best = -1.0
    for key in keys:
        child = node.children.get(key)
        if child is None:
            untried.append(key)
            continue
        child.avail += 1
        if not untried:
            ucb = child.value / child.visits + exploration * math.sqrt(
                math.log(child.avail) / child.visits
            )
            if ucb > best:
                best, chosen = ucb, (key, child)
    if untried:
        key = untried[randbelow(gen, len(untried))]
        child = node.children[key] = _Node()
        return key, child, True
    key, child = chosen
    return key, child, False


def _iterate(
    rules: GameRules,
    state: State,
    seat: int,
    root: _Node,
    gen: LocalRng,
    scale: _Scale,
    settings: SearchSettings,
    skip: frozenset[str],
) -> None:
    """One descent: at each decision the chooser picks an action type, then an action of
    that type (move groups: twenty ways to discard count as one choice against stopping)."""
    node = root
    path = []  # (node, seat who chose it)
    actor = seat
    visited = {marshal.dumps(state)}
    # Standings are measured against where this determinization started: redealt hidden
    # hands shift every seat's evaluation, and subtracting that shift keeps the noise of
    # one deal from drowning the difference between two moves.
    baseline = standings(rules, state)
    values = None
    while rules.outcome(state) is None:
        if node is not root:
            actor = _pick_actor(rules.to_act(state), gen)
        legal = _playable(rules.legal_actions(state, actor), skip)
        if not legal:
            break
        groups = _by_type(legal)
        keys = [(actor, kind) for kind in groups]
        (_, kind), group, new = _select(node, keys, gen, settings.exploration)
        path.append((group, actor))
        action, child, fresh = _select(group, groups[kind], gen, settings.exploration)
        rules.carry_out(state, actor, action)
        path.append((child, actor))
        print_ = marshal.dumps(state)
        if print_ in visited:
            # Back where this descent has been (pick a card, put it back…): no progress,
            # so whoever closed the loop scores nothing; bots must not dither forever.
            values = _loop_values(state["players"], actor)
            break
        visited.add(print_)
        if new or fresh:
            break
        node = child
    if values is None:
        values = _rollout(rules, state, gen, scale, settings, skip, baseline)
    root.visits += 1
    for child, chooser in path:
        child.visits += 1
        child.value += values[chooser]


def _loop_values(players: int, actor: int) -> list[float]:
    others = 1.0 / (players - 1) if players > 1 else 0.0
    return [0.0 if seat == actor else others for seat in range(players)]


def _pick_actor(waiting: tuple[int, ...], gen: LocalRng) -> int:
    return waiting[0] if len(waiting) == 1 else waiting[randbelow(gen, len(waiting))]


def typed_choice(actions: list[Action], gen: LocalRng) -> Action:
    """A random action, drawn by type first: twenty ways to discard must not drown out the
    one way to end the turn, or rollouts dither instead of playing the game out."""
    types = list(dict.fromkeys(action.type for action in actions))
    if len(types) > 1:
        kind = types[randbelow(gen, len(types))]
        actions = [action for action in actions if action.type == kind]
    return actions[randbelow(gen, len(actions))]


def _playable(actions: list[Action], skip: frozenset[str]) -> list[Action]:
    if not skip:
        return actions
    return [action for action in actions if action.type not in skip] or actions


def _rollout(
    rules: GameRules,
    state: State,
    gen: LocalRng,
    scale: _Scale,
    settings: SearchSettings,
    skip: frozenset[str],
    baseline: list[float],
) -> list[float]:
    cap = rules.bot_rollout if settings.rollout_cap is None else settings.rollout_cap
    for _ in range(cap):
        if rules.outcome(state) is not None:
            break
        actor = _pick_actor(rules.to_act(state), gen)
        rules.carry_out(
            state, actor, typed_choice(_playable(rules.legal_actions(state, actor), skip), gen)
        )
    outcome = rules.outcome(state)
    if outcome is not None:
        return win_shares(outcome, state["players"])
    gaps = [gap - base for gap, base in zip(standings(rules, state), baseline, strict=True)]
    for gap in gaps:
        scale.add(gap)
    width = scale.value()
    return [squash(gap, width) for gap in gaps]
