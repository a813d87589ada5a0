"""A short plan of the seat's own turn, for the *search* level of games that ask for it
(``SearchSettings.plan_width``).

Greedy looks one step ahead, so it never takes a step that pays off only with the next
one (pay for a card, then task it; make a product, then put a camel on it). Here every
legal action is scored one step ahead, as greedy does, over a few determinizations; the
``width`` best are then looked at further, up to ``depth`` steps in all: each is worth the
best of stopping there and the steps the seat may take next (while the game still waits
for it), the ``width`` best of those looked at further again. The seat's
turn is the horizon: what the others do next is left to the evaluation, as it is for
greedy. The choice then avoids going round in circles as greedy's does.
"""

from __future__ import annotations

from ..contract import Action, GameRules, State, clone
from ..rng import LocalRng
from .simple import forward_choice, mean_standings, states_after
from .values import next_seed, standing


class _PlanRules:
    """A game's rules seen through its ``bot_plan_evaluate``: everything else is theirs."""

    def __init__(self, rules: GameRules) -> None:
        self._rules = rules
        self.evaluate = rules.bot_plan_evaluate

    def __getattr__(self, name: str):
        return getattr(self._rules, name)


def with_plan_evaluation(rules: GameRules) -> GameRules:
    """The rules a plan looks ahead with: a game may weigh positions for the plan
    otherwise than for greedy (optional hook ``bot_plan_evaluate(state, seat)``), since a
    plan that sees a whole turn can use a sharper measure than one step can."""
    if getattr(rules, "bot_plan_evaluate", None) is None:
        return rules
    return _PlanRules(rules)  # type: ignore[return-value]


def plan_action(
    rules: GameRules,
    state: State,
    seat: int,
    actions: list[Action],
    gen: LocalRng,
    width: int,
    depth: int = 2,
    samples: int = 3,
    skip: frozenset[str] = frozenset(),
) -> Action:
    if len(actions) == 1:
        return actions[0]
    worlds = [rules.determinize(state, seat, next_seed(gen)) for _ in range(samples)]
    afters = states_after(rules, worlds, seat, actions)  # as greedy sees them
    values = mean_standings(rules, afters, seat)
    best_first = sorted(range(len(actions)), key=lambda i: -values[i])[:width]
    for index in best_first:
        values[index] = (
            sum(_best_next(rules, after, seat, skip, width, depth - 1) for after in afters[index])
            / samples
        )
    return forward_choice(rules, state, seat, actions, values, gen)


def _best_next(
    rules: GameRules,
    after: State,
    seat: int,
    skip: frozenset[str],
    width: int,
    steps: int,
) -> float:
    """The seat's best standing from ``after`` within ``steps`` more of its own steps
    (stopping is one way): every next step is scored, the ``width`` best looked further."""
    best = standing(rules, after, seat)
    if steps <= 0 or rules.outcome(after) is not None or seat not in rules.to_act(after):
        return best
    following = rules.legal_actions(after, seat)
    following = [a for a in following if a.type not in skip] or following
    scored = []
    for action in following:
        again = clone(after)
        rules.carry_out(again, seat, action)
        scored.append((standing(rules, again, seat), again))
    scored.sort(key=lambda pair: -pair[0])
    if scored:
        best = max(best, scored[0][0])
    if steps > 1:
        for _, again in scored[:width]:
            best = max(best, _best_next(rules, again, seat, skip, width, steps - 1))
    return best
