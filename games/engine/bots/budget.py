"""How much thinking a bot may do for one decision: a number of iterations or seconds.

An iteration budget makes a bot deterministic (same seed, same choice), which is what tests
use. A time budget is for live play and the arena; it reads the clock, so its choices may
differ from run to run.
"""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("A budget needs iterations or seconds.")
        if self.seconds is not None and not 0 < self.seconds <= 1.0:
            raise ValueError("A bot may think at most one second per move.")

    def start(self) -> Stopwatch:
        return Stopwatch(self)


class Stopwatch:
    """Counts iterations and, for time budgets, watches the clock."""

    def __init__(self, budget: Budget):
        self.budget = budget
        self.done = 0
        self._started = time.perf_counter()
        self._deadline = self._started + budget.seconds if budget.seconds is not None else None

    def more(self) -> bool:
        """True while another iteration fits (always at least one).

        A time budget stops early enough that the last iteration should still end before
        the deadline, so a move does not run past its budget.
        """
        if self.done == 0:
            return True
        if self.budget.iterations is not None and self.done >= self.budget.iterations:
            return False
        if self._deadline is not None:
            now = time.perf_counter()
            # Iterations vary in length (and a busy machine stretches some), so keep a
            # margin of two average iterations or a tenth of the budget.
            average = (now - self._started) / self.done
            if now + max(2 * average, self.budget.seconds / 10) >= self._deadline:
                return False
        return True

    def tick(self) -> None:
        self.done += 1


DEFAULT = Budget(seconds=1.0)
