"""The toy race with an evaluation, so bots can tell a good offer from a bad one."""

from __future__ import annotations

from tests.games.toy_game import VALUES, ToyRules


class ValuedToyRules(ToyRules):
    slug = "valued-toy"
    name = "Valued Toy Race"

    def evaluate(self, state, seat):
        """Points scored plus the points still in hand."""
        return state["scores"][seat] + sum(VALUES[card] for card in state["hands"][seat])


RULES = ValuedToyRules()
