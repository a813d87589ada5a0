"""How the strong level (the turn plan, ``games.engine.bots.plan``) weighs a Merchants of
Araby position: ``trading.evaluate`` with its caravans seen as the rules will pay them.

The shared ``evaluate`` (greedy's) values a camel by the chance that its row or column is
complete when the caravan resolves, as if each empty space had an even chance of being
filled later. But a caravan is locked to its owner once its turn ends, so a line the owner
leaves open at the end of the turn almost never completes and its camels are stranded:
greedy and a plan valued that way spread camels over lines they cannot finish. Here:

* a caravan nobody may still fill this turn pays only its complete lines (plus a small
  chance, ``LOCKED_FILL``, that someone is allowed to invest in an empty space);
* the caravan of the seat whose turn it is is worth the best it can still be made this
  turn: the best set of empty spaces that the seat's camels and the products it holds or
  its untasked producers can make would fill, counting the camels on complete lines only;
  products and producers that caravan does not use count as in ``trading.evaluate``.
"""

from __future__ import annotations

from functools import cache

from ..contract import State
from . import data
from .state import producers
from .trading import (
    ENTOURAGE_PER_ROUND,
    HAND_CARD,
    SPARE_PRODUCT,
    _count,
    _mask,
    _resolving_worth,
    _worth,
    rounds_left,
)

INCOME_SHARE = 0.35  # the share of a future turn's best caravan that a seat can count on
HAND_SHARE = 0.15  # the same for producers in hand, still to be paid for and played
LOCKED_FILL = 0.05  # the chance one empty space of a locked caravan's line is still filled
# What still has to be done costs a little, so the plan does it now rather than later:
# a product held, per camel still to place; an untasked producer, per camel it must make.
TO_PLACE = 0.05
TO_MAKE = 0.1

# A camel's expected pay on each space of a complete line: its row's pay on the resolution
# card, unless the card sends the Bandits to that very space (both printed on one card).
_PAY = tuple(
    sum(back[space // 3 + 1] for back in data.RESOLUTION if back[0] != space + 1)
    / len(data.RESOLUTION)
    for space in range(9)
)
_LINES_OF = tuple(tuple(line for line in data.LINES if space in line) for space in range(9))
_PRODUCT_INDEX = {product: index for index, product in enumerate(data.PRODUCTS)}


def evaluate(state: State, seat: int) -> float:
    value = float(state["coins"][seat]) + HAND_CARD * len(state["hands"][seat])
    resolving = state["resolving"]
    active = state["turn"] if state["phase"] == "play" and not state["over"] else None
    supply_used = False
    for owner, caravan in enumerate(state["caravans"]):
        if caravan is None:
            continue
        spaces = caravan["spaces"]
        if resolving is not None and resolving["owner"] == owner:
            value += _resolving_worth(resolving, spaces, seat)
        elif owner == active == seat:
            value += _open_caravan(state, seat, caravan)
            supply_used = True
        elif seat in spaces:
            filled = _mask(spaces)
            if owner == active:  # its owner may still fill it this turn
                value += sum(_worth(filled, s) for s in range(9) if spaces[s] == seat)
            else:
                value += sum(_locked(filled, s) for s in range(9) if spaces[s] == seat)
    if not supply_used:
        value += SPARE_PRODUCT * sum(_count(n) for n in state["products"][seat].values())
    if seat == state["turn"] and state["phase"] in ("play", "draft"):
        value += HAND_CARD * min(len(state["draft"]), data.DRAFT_PICKS - state["picked"])
    left = rounds_left(state)
    makers, anything = [0, 0, 0, 0], 0
    for card_id in state["entourage"][seat]:
        verb, made = data.CARDS[card_id]["effect"]
        value += 0.3
        if verb == "produce":
            makers[_PRODUCT_INDEX[made]] += 1
        elif verb == "any":
            anything += 1
        else:
            value += left * ENTOURAGE_PER_ROUND.get(verb, 0.0)
    turns = _turns_left(state, seat)
    income = _turn_income(tuple(makers), anything)
    value += INCOME_SHARE * turns * income
    # Producers in hand: the income they would add once played, at a lower share (they
    # still cost a product and coins, and may be needed as discards).
    for card_id in state["hands"][seat]:
        verb, made = data.CARDS[card_id]["effect"]
        if data.CARDS[card_id]["kind"] in ("merchant", "ally"):
            if verb == "produce":
                makers[_PRODUCT_INDEX[made]] += 1
            elif verb == "any":
                anything += 1
    value += HAND_SHARE * turns * (_turn_income(tuple(makers), anything) - income)
    for owed in state["pending"]:
        if owed["seat"] == seat:
            value += HAND_CARD * owed.get("count", 0) if owed["kind"] == "draft" else 0.0
            value += 0.5 * owed.get("count", 0) if owed["kind"] == "product" else 0.0
            value -= HAND_CARD if owed["kind"] == "give" else 0.0
    return value


def _turns_left(state: State, seat: int) -> int:
    """The turns the seat will still begin (one per caravan card left in the stacks)."""
    cards = sum(len(stack) for stack in state["stacks"])
    players = state["players"]
    return sum(1 for k in range(1, cards + 1) if (state["turn"] + k) % players == seat)


@cache
def _turn_income(makers: tuple[int, ...], anything: int) -> float:
    """What a turn's caravan brings a seat whose producers are these, on average over the
    caravan cards: the best filling of an empty caravan with five camels."""
    total = 0.0
    for grid in data.GRIDS.values():
        worth, _ = _best_filling(grid, 0, 0, data.CAMELS, (0, 0, 0, 0), makers, anything)
        total += worth
    return total / len(data.GRIDS)


@cache
def _locked(filled: int, space: int) -> float:
    """A camel's worth on a caravan its owner may no longer add to."""
    chance = 1.0
    for line in _LINES_OF[space]:
        empty = sum(1 for s in line if not filled >> s & 1)
        chance *= 1.0 - LOCKED_FILL**empty if empty else 0.0
    return (1.0 - chance) * _PAY[space]


def _open_caravan(state: State, seat: int, caravan: dict) -> float:
    """The seat's own caravan on its own turn: the best it can still make of it."""
    pool = state["products"][seat]
    fixed, anything = producers(state, seat)
    held = tuple(_count(pool.get(p, 0)) for p in data.PRODUCTS)
    makers = tuple(len(fixed.get(p, ())) for p in data.PRODUCTS)
    spaces = caravan["spaces"]
    mine = sum(1 << s for s in range(9) if spaces[s] == seat)
    filled = _mask(spaces)
    best, used_held = _best_filling(
        data.GRIDS[caravan["card"]],
        filled,
        mine,
        state["camels"][seat],
        held,
        makers,
        len(anything),
    )
    return best + SPARE_PRODUCT * (sum(held) - used_held)


@cache
def _best_filling(
    grid: tuple[str, ...],
    filled: int,
    mine: int,
    camels: int,
    held: tuple[int, ...],
    makers: tuple[int, ...],
    anything: int,
) -> tuple[float, int]:
    """(worth, products held that it uses) of the best way to add at most ``camels`` camels
    on empty spaces of ``grid``, each needing its product from ``held``, else a fixed
    producer (``makers``), else a producer of anything."""
    empty = [s for s in range(9) if not filled >> s & 1]
    best = (_paid(filled, mine), 0)
    for subset in range(1, 1 << len(empty)):
        chosen = [empty[i] for i in range(len(empty)) if subset >> i & 1]
        if len(chosen) > camels:
            continue
        need = [0, 0, 0, 0]
        for s in chosen:
            need[_PRODUCT_INDEX[grid[s]]] += 1
        from_held = sum(min(n, h) for n, h in zip(need, held, strict=True))
        short = sum(max(0, n - h - m) for n, h, m in zip(need, held, makers, strict=True))
        if short > anything:
            continue
        added = sum(1 << s for s in chosen)
        worth = _paid(filled | added, mine | added)
        worth -= TO_PLACE * from_held + TO_MAKE * (len(chosen) - from_held)
        if worth > best[0]:
            best = (worth, from_held)
    return best


@cache
def _paid(filled: int, mine: int) -> float:
    """What the camels in ``mine`` earn on complete lines of a caravan filled as ``filled``."""
    safe = 0
    for line in data.LINES:
        if all(filled >> s & 1 for s in line):
            safe |= sum(1 << s for s in line)
    return sum(_PAY[s] for s in range(9) if mine >> s & 1 and safe >> s & 1)
