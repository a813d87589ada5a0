"""Determinization for bots: a full Merchant Lord state as one seat could imagine it.

Everything on the table is public (dice, villages, the merchant row, coins, favours); a
seat cannot see the other hands or the deck. Those cards are pooled and redealt at the
hands' known sizes, the rest becoming the deck in a fresh order, and the generator is
replaced so future rolls are unknown. Cards bought from the open row were seen when
bought, but the state does not record which hand cards those are, so they are redealt
like the rest. Another seat's half-made choices (a picked card, dice marked for a reroll)
are hidden too: the picked card is redrawn from its new hand and the marks cleared.
"""

from __future__ import annotations

from .. import rng
from ..contract import State, clone


def determinize(state: State, seat: int, seed: int) -> State:
    copy = clone(state)
    gen = rng.LocalRng(seed)
    seats = copy["seats"]
    others = [other for other in range(copy["players"]) if other != seat]
    pool = sorted(copy["deck"] + [card for other in others for card in seats[other]["hand"]])
    rng.shuffle(gen, pool)
    for other in others:
        count = len(seats[other]["hand"])
        seats[other]["hand"], pool = pool[:count], pool[count:]
    copy["deck"] = pool
    if copy["turn"] != seat:
        chosen = copy["chosen"]
        if chosen is not None:
            chosen["card"] = rng.choice(gen, seats[copy["turn"]]["hand"])
        copy["marked"] = []
    copy["rng"] = rng.seed_state(rng.randbelow(gen, 1 << 62))
    return copy
