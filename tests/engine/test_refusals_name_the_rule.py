"""No game answers a refused move with the bare "You cannot do that now": over random
games, moves that were legal at some earlier point (stale buttons, a second tab, a bot
that thought too long) are sent again, and every refusal says which rule forbids it."""

import random

import pytest

from games.engine import registry
from games.engine.contract import IllegalAction

GENERIC = "You cannot do that now"


@pytest.mark.parametrize("slug", registry.slugs())
def test_every_sampled_refusal_of_a_stale_move_names_its_rule(slug):
    rules = registry.get(slug)
    refused, generic = 0, []
    for seed in range(3):
        chooser = random.Random(seed)
        state = rules.setup(min(3, rules.max_players), {}, seed)
        seen = []
        for _ in range(120):
            waiting = rules.to_act(state)
            if not waiting:
                break
            seat = chooser.choice(waiting)
            legal = rules.legal_actions(state, seat)
            seen.extend(legal[:5])
            for stale in chooser.sample(seen, min(5, len(seen))):
                if stale in legal:
                    continue
                with pytest.raises(IllegalAction) as refusal:
                    rules.apply(state, seat, stale)
                refused += 1
                if str(refusal.value.reason).startswith(GENERIC):
                    generic.append(stale.type)
            state, _ = rules.apply(state, seat, chooser.choice(legal))
    assert refused > 100
    assert not generic, f"{len(generic)} of {refused} refusals name no rule: {sorted(set(generic))}"
