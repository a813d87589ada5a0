"""What a position is worth to each seat, as the bots see it.

Every game's ``evaluate(state, seat)`` is on its own scale, so bots compare seats: a seat's
*standing* is its evaluation minus the best opponent's. Searches need a value in [0, 1] per
seat: the share of the win when the game is over, otherwise the standing squashed by a
logistic curve whose width is chosen by the caller.
"""

from __future__ import annotations

import math

from ..contract import GameRules, Outcome, State
from ..rng import LocalRng, randbelow


def win_shares(outcome: Outcome, players: int) -> list[float]:
    """1 for a sole winner, 1/k for each of k who share the win, 0 for the others."""
    share = 1.0 / len(outcome.winners)
    return [share if seat in outcome.winners else 0.0 for seat in range(players)]


def standings(rules: GameRules, state: State) -> list[float]:
    """Every seat's evaluation minus its best opponent's."""
    evals = [rules.evaluate(state, seat) for seat in range(state["players"])]
    return [
        mine - max(e for other, e in enumerate(evals) if other != seat)
        for seat, mine in enumerate(evals)
    ]


def standing(rules: GameRules, state: State, seat: int) -> float:
    """``seat``'s standing; once the game is over the result outweighs any heuristic."""
    outcome = rules.outcome(state)
    if outcome is not None:
        return 1e6 * (win_shares(outcome, state["players"])[seat] - 0.5)
    return standings(rules, state)[seat]


def squash(gap: float, width: float) -> float:
    """A standing mapped into (0, 1): 0.5 when level, about 0.73 at ``width`` ahead."""
    return 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -gap / width))))


def seeds(seed: int) -> LocalRng:
    """The generator a bot draws all its choices and determinization seeds from."""
    return LocalRng(seed * 0x2545F491 + 0x5DEECE66D)


def next_seed(gen: LocalRng) -> int:
    return randbelow(gen, 1 << 62)
