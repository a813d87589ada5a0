"""The two quick levels: *random* (uniform among legal actions) and *greedy* (one step of
lookahead, each action scored by the standing it leaves, averaged over determinizations so
dice and unseen cards are guessed rather than read)."""

from __future__ import annotations

from ..contract import Action, GameRules, State, clone
from ..rng import LocalRng, randbelow
from .values import next_seed, standing

ANSWERS = ("accept", "decline")


def random_action(actions: list[Action], gen: LocalRng) -> Action:
    return actions[randbelow(gen, len(actions))]


def lookahead_values(
    rules: GameRules,
    state: State,
    seat: int,
    actions: list[Action],
    gen: LocalRng,
    samples: int = 3,
) -> list[float]:
    """Mean standing of ``seat`` right after each action, over ``samples`` determinizations."""
    worlds = [rules.determinize(state, seat, next_seed(gen)) for _ in range(samples)]
    return mean_standings(rules, states_after(rules, worlds, seat, actions), seat)


def mean_standings(rules: GameRules, rows: list[list[State]], seat: int) -> list[float]:
    """For each row of states (one action's, over determinizations), the seat's mean standing."""
    return [sum(standing(rules, after, seat) for after in row) / len(row) for row in rows]


def states_after(
    rules: GameRules, worlds: list[State], seat: int, actions: list[Action]
) -> list[list[State]]:
    """For each action, the state it leaves in each of ``worlds``."""
    found = []
    for action in actions:
        row = []
        for world in worlds:
            after = clone(world)
            rules.carry_out(after, seat, action)
            row.append(after)
        found.append(row)
    return found


def best_of(actions: list, values: list[float], gen: LocalRng):
    """The best-valued item; a seeded draw among those tied for best."""
    top = max(values)
    tied = [a for a, v in zip(actions, values, strict=True) if v >= top - 1e-9]
    return tied[randbelow(gen, len(tied))] if len(tied) > 1 else tied[0]


def greedy_action(
    rules: GameRules,
    state: State,
    seat: int,
    actions: list[Action],
    gen: LocalRng,
    samples: int = 3,
) -> Action:
    """The action leaving the best standing, skipping moves that go round in circles: a
    one-step bot would otherwise toggle a reversible step for ever (mark a die, unmark it)
    instead of ending its turn, or, when every way forward loses, keep retreating (tuck a
    card, take it back, tuck it again) instead of finishing the game."""
    if len(actions) == 1:
        return actions[0]
    values = lookahead_values(rules, state, seat, actions, gen, samples)
    return forward_choice(rules, state, seat, actions, values, gen)


def forward_choice(
    rules: GameRules,
    state: State,
    seat: int,
    actions: list[Action],
    values: list[float],
    gen: LocalRng,
) -> Action:
    """The best-valued action that does not go round in circles (see ``greedy_action``)."""
    seen = rules.determinize(state, seat, next_seed(gen))
    now = standing(rules, seen, seat)
    candidates = list(range(len(actions)))
    while len(candidates) > 1:
        pick = best_of(candidates, [values[i] for i in candidates], gen)
        action = actions[pick]
        if values[pick] > now + 1e-9:
            return action
        # A step that gains nothing is skipped if it can be taken straight back; a step
        # back (it loses ground) also if the ground can be regained within two steps.
        if values[pick] < now - 1e-9:
            if not undoable(rules, seen, seat, action, within=2):
                return action
        elif not undoable(rules, seen, seat, action):
            return action
        candidates.remove(pick)
    return actions[candidates[0]]


def undoable(rules: GameRules, state: State, seat: int, action: Action, within: int = 1) -> bool:
    """Whether ``seat``, acting on alone, can bring ``state`` straight back within
    ``within`` more actions after ``action``."""
    after = clone(state)
    rules.carry_out(after, seat, action)
    return _returns(rules, after, seat, state, within)


def is_retreat(rules: GameRules, state: State, seat: int, action: Action, now: float) -> bool:
    """Whether ``action`` loses ground (``seat``'s standing falls below ``now``) that the
    seat alone could regain within two steps: going back, to go forward again later."""
    after = clone(state)
    rules.carry_out(after, seat, action)
    if standing(rules, after, seat) >= now - 1e-9:
        return False
    return _returns(rules, after, seat, state, 2)


def _returns(rules: GameRules, after: State, seat: int, target: State, steps: int) -> bool:
    if steps == 0 or seat not in rules.to_act(after):
        return False
    for back in rules.legal_actions(after, seat):
        again = clone(after)
        rules.carry_out(again, seat, back)
        if again == target or _returns(rules, again, seat, target, steps - 1):
            return True
    return False


def answer_offer(
    rules: GameRules,
    state: State,
    seat: int,
    actions: list[Action],
    gen: LocalRng,
    samples: int = 3,
    may_pass: bool = False,
) -> Action | None:
    """Accept an offer only when it leaves ``seat`` standing better than refusing would.

    ``actions`` are the seat's answers (accept… and decline…). Without a decline to
    compare with, the yardstick is the standing now; then ``may_pass`` answers None
    (leave the standing orders alone) when no acceptance improves it.
    """
    accepts = [a for a in actions if a.type == "accept"]
    refusals = [a for a in actions if a.type != "accept"]
    values = lookahead_values(rules, state, seat, accepts + refusals, gen, samples)
    if refusals:
        baseline = max(values[len(accepts) :])
    else:
        baseline = (
            sum(
                standing(rules, rules.determinize(state, seat, next_seed(gen)), seat)
                for _ in range(samples)
            )
            / samples
        )
    best = max(range(len(accepts)), key=values.__getitem__, default=None)
    if best is not None and values[best] > baseline + 1e-9:
        return accepts[best]
    if refusals:
        return refusals[max(range(len(refusals)), key=lambda i: values[len(accepts) + i])]
    if may_pass:
        return None
    return accepts[0] if accepts else actions[0]


def is_offer_answer(actions: list[Action]) -> bool:
    """True when every choice is an answer to an offer (accept or decline)."""
    return (
        bool(actions)
        and any(a.type == "accept" for a in actions)
        and all(a.type in ANSWERS for a in actions)
    )
