"""Determinization for bots: a full Silk Road state as one seat could imagine it.

A seat knows its own hand, everything public (coins, caravans, positions, personalities,
the discard pile's cards and top card) and, for offers made to it, which cards the
proposer put up. Everything else is redealt from the cards it cannot account for: the
other hands (at their known sizes), the deck (order and make-up) and, for offers between
two other seats, which kinds were offered and asked for. The generator is replaced so
future draws are unknown as well.
"""

from __future__ import annotations

from .. import rng
from ..contract import State, clone
from . import data
from .state import add, as_list, size, take


def determinize(state: State, seat: int, seed: int) -> State:
    copy = clone(state)
    gen = rng.LocalRng(seed)
    others = [other for other in range(copy["players"]) if other != seat]
    known = _known_cards(copy, seat)
    # Every card seat cannot place, in a canonical order so nothing hidden leaks through.
    pool = sorted(
        copy["deck"] + [kind for other in others for kind in as_list(copy["hands"][other])],
        key=data.KINDS.index,
    )
    for other in others:
        for kind in as_list(known[other]):
            pool.remove(kind)
    rng.shuffle(gen, pool)
    for other in others:
        hand = dict(known[other])
        for _ in range(size(copy["hands"][other]) - size(hand)):
            add(hand, pool.pop())
        copy["hands"][other] = hand
    copy["deck"] = pool
    # Only the top of the discard pile is seen in order; a reshuffle reorders it anyway.
    discard = copy["discard"]
    if discard:
        copy["discard"] = sorted(discard[:-1], key=data.KINDS.index) + [discard[-1]]
    for deal in copy["deals"]:
        if seat not in (deal["from"], deal["to"]):
            _reimagine(deal, copy["hands"][deal["from"]], gen)
    copy["rng"] = rng.seed_state(rng.randbelow(gen, 1 << 62))
    return copy


def _known_cards(state: State, seat: int) -> dict[int, dict[str, int]]:
    """Cards seat knows another hand holds: what that player offers seat (still held)."""
    known: dict[int, dict[str, int]] = {other: {} for other in range(state["players"])}
    for deal in state["deals"]:
        if deal["to"] != seat:
            continue
        mine = known[deal["from"]]
        cards = deal["give"].get("cards", [])
        for kind in set(cards):
            mine[kind] = max(mine.get(kind, 0), cards.count(kind))
    return known


def _reimagine(deal: dict, hand: dict[str, int], gen: rng.LocalRng) -> None:
    """Hand cards of a deal seat only knows the number of: cards the proposer could give,
    any asked. Caravan goods are public and stay as they are."""
    left = dict(hand)
    give = []
    for _ in range(len(deal["give"].get("cards", []))):
        kind = rng.choice(gen, as_list(left))
        take(left, kind)
        give.append(kind)
    if give:
        deal["give"]["cards"] = sorted(give, key=data.KINDS.index)
    asked = [rng.choice(gen, list(data.KINDS)) for _ in deal["get"].get("cards", [])]
    if asked:
        deal["get"]["cards"] = sorted(asked, key=data.KINDS.index)
