"""Paying for a card: which hand cards may be discarded, and taking the payment.

A card's cost is a list of units (products, coins). Each discarded hand card negates one
unit showing one of its icons; the other units are paid with products the seat produced
this turn and coins from its tent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from ..contract import State
from . import data
from .state import take_product


def _needs(card_id: str) -> tuple[tuple[str, ...], int, frozenset[str]]:
    """A card's distinct cost units (sorted), the length of its cost and the cards showing
    at least one of those units (cards that could negate part of it)."""
    cost = data.CARDS[card_id]["cost"]
    units = tuple(sorted(set(cost)))
    showing = frozenset(
        c for c, info in data.CARDS.items() if not info["icon_set"].isdisjoint(units)
    )
    return units, len(cost), showing


# Worked out once from the static card data: ``payments`` runs for every hand card at
# every step.
_NEEDS = {card_id: _needs(card_id) for card_id in data.CARDS}


def payments(state: State, seat: int, card_id: str) -> tuple[tuple[str, ...], ...]:
    """Every distinct set of hand cards ``seat`` may discard to play ``card_id``, the rest
    of the cost being affordable from its products and coins."""
    return payments_in(card_id, state["hands"][seat], state["products"][seat], state["coins"][seat])


def payments_in(
    card_id: str, hand: Sequence[str], pool: Mapping[str, int], coins: int
) -> tuple[tuple[str, ...], ...]:
    """``payments`` for a hand, a pool of products and coins."""
    units, most, shows = _NEEDS[card_id]
    have = tuple([min(coins if u == "coin" else pool.get(u, 0), most) for u in units])
    showing = tuple([c for c in hand if c in shows and c != card_id])
    return _payments(card_id, showing, have)


@lru_cache(maxsize=8192)
def _payments(card_id: str, showing: tuple[str, ...], have: tuple[int, ...]):
    """``payments`` for a hand's cards showing a needed icon and the units at hand (a pure
    function of its arguments, so remembered)."""
    cost = data.CARDS[card_id]["cost"]
    budget = dict(zip(sorted(set(cost)), have, strict=True))
    options = [[c for c in showing if unit in data.CARDS[c]["icons"]] for unit in cost]
    found: set[tuple[str, ...]] = set()
    _walk(cost, options, budget, 0, (), found)
    return tuple(sorted(found, key=lambda d: (len(d), d)))


def _walk(
    cost: tuple,
    options: list[list[str]],
    have: dict[str, int],
    index: int,
    used: tuple[str, ...],
    found: set,
) -> None:
    """Each unit either paid (taken from ``have``) or negated by a hand card showing it.
    A plain recursive function: a recursive closure would be a reference cycle that keeps
    pieces of the state alive until the garbage collector runs."""
    if index == len(cost):
        found.add(tuple(sorted(used)))
        return
    unit = cost[index]
    if have.get(unit, 0) > 0:
        have[unit] -= 1
        _walk(cost, options, have, index + 1, used, found)
        have[unit] += 1
    for other in options[index]:
        if other not in used:
            _walk(cost, options, have, index + 1, (*used, other), found)


def pay(state: State, seat: int, card_id: str, discards: tuple[str, ...]) -> None:
    """Pay ``card_id``'s cost (a payment listed by ``payments``)."""
    left = leftover(state, seat, card_id, discards)
    assert left is not None, "a payment not listed by payments()"
    for other in discards:
        state["hands"][seat].remove(other)
        state["discard"].append(other)
    for unit in left:
        if unit == "coin":
            state["coins"][seat] -= 1
            state["bank"] += 1
        else:
            take_product(state, seat, unit)


def _affordable(state: State, seat: int, left: list[str]) -> bool:
    pool = state["products"][seat]
    return left.count("coin") <= state["coins"][seat] and all(
        left.count(p) <= pool.get(p, 0) for p in set(left) if p != "coin"
    )


def leftover(state: State, seat: int, card_id: str, discards: tuple[str, ...]) -> list[str] | None:
    """The cost units left to pay after each discard negates one unit it shows, matched so
    that the rest is affordable; None when no such matching exists."""
    return _match(state, seat, discards, 0, list(data.CARDS[card_id]["cost"]))


def _match(
    state: State, seat: int, discards: tuple[str, ...], index: int, left: list[str]
) -> list[str] | None:
    if index == len(discards):
        return left if _affordable(state, seat, left) else None
    for unit in dict.fromkeys(left):
        if unit in data.CARDS[discards[index]]["icons"]:
            rest = list(left)
            rest.remove(unit)
            found = _match(state, seat, discards, index + 1, rest)
            if found is not None:
                return found
    return None


def can_react(state: State, seat: int) -> bool:
    return any(
        data.CARDS[c]["effect"][0] in data.REACTIONS and payments(state, seat, c)
        for c in state["hands"][seat]
    )
