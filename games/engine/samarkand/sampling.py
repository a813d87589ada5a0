"""Determinization for bots: a full Samarkand state as one seat could imagine it.

A seat sees the map, money, tiles, markers, laid-out sold cards and its own hand with its
standing sell choices. It cannot see the other hands, their sell choices, the deck or the
face-down discard pile. Those cards are pooled and redealt at the known sizes (other
hands, then the discard pile, the rest becoming the deck); other seats' sell choices
restart at the default, and the generator is replaced (it draws 2-player bag tiles, whose
order is hidden anyway). A seat's own discards are pooled too: the state does not record
who discarded what.
"""

from __future__ import annotations

from .. import rng
from ..contract import State, clone
from .state import DEFAULT_SELL_MODE


def determinize(state: State, seat: int, seed: int) -> State:
    copy = clone(state)
    gen = rng.LocalRng(seed)
    seats = copy["seats"]
    others = [other for other in range(copy["players"]) if other != seat]
    pool = sorted(
        copy["deck"] + copy["discard"] + [card for other in others for card in seats[other]["hand"]]
    )
    rng.shuffle(gen, pool)
    for other in others:
        count = len(seats[other]["hand"])
        seats[other]["hand"], pool = pool[:count], pool[count:]
        seats[other]["sell"] = {str(card): DEFAULT_SELL_MODE for card in seats[other]["hand"]}
    count = len(copy["discard"])
    copy["discard"], copy["deck"] = pool[:count], pool[count:]
    copy["bag"] = sorted(copy["bag"])
    copy["rng"] = rng.seed_state(rng.randbelow(gen, 1 << 62))
    return copy
