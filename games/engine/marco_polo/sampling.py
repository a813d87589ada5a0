"""Determinization for bots: a full state as one seat could imagine it.

A seat cannot see the round piles, the unseen top of the special pile (the contracts put
under it were seen going there), the other players' goal cards (nor their goal offers in
the expert variant) and the goal cards in the box. Those are pooled and redealt at the
known sizes, and the generator is replaced so future dice are unknown too.
"""

from __future__ import annotations

from .. import rng
from ..contract import State, clone


def determinize(state: State, seat: int, seed: int) -> State:
    copy = clone(state)
    gen = rng.LocalRng(seed)
    unseen = copy["special_unseen"]
    pool = [n for pile in copy["piles"] for n in pile] + copy["special"][:unseen]
    pool.sort()
    rng.shuffle(gen, pool)
    for pile in copy["piles"]:
        pile[:], pool = pool[: len(pile)], pool[len(pile) :]
    copy["special"][:unseen] = pool
    others = [copy["seats"][n] for n in range(copy["players"]) if n != seat]
    goals = sorted(copy["goal_deck"] + [g for s in others for g in s["goals"] + s["goal_offer"]])
    rng.shuffle(gen, goals)
    for other in others:
        for key in ("goals", "goal_offer"):
            count = len(other[key])
            other[key], goals = sorted(goals[:count]), goals[count:]
    copy["goal_deck"] = goals
    copy["rng"] = rng.seed_state(rng.randbelow(gen, 1 << 62))
    return copy
