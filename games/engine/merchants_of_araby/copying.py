"""A fast deep copy of a state (``GameRules.copy_state``), built from its layout.

``apply`` copies the state at every step. This copy knows the layout (see ``state.py``)
and copies only the lists and dicts, with as few Python-level steps as possible:

- the keys are checked by their number and by looking every one of them up (a missing key
  raises ``KeyError``): with as many keys as the layout has and all of them present, the
  keys are exactly the layout's ("closing", a plain flag, is there while the end of a turn
  is announced). ``dict.copy`` keeps their order, so the copy dumps to the same JSON;
- the parts that are rarely there and of several shapes (choices owed, a resolving
  caravan, deals) are copied generically, and so is anything laid out otherwise.
"""

from __future__ import annotations

from operator import itemgetter

from ..contract import State
from ..vocabulary import OtherLayout, clone, copied

# The keys holding lists and dicts (copied) and plain values (shared).
_FLAT = ("coins", "camels", "deck", "discard", "draft", "spent", "box", "queue")
_NESTED = ("hands", "entourage", "tasked", "stacks", "permits")
_OTHER_PARTS = ("products", "caravans", "pending", "resolving", "deals")
_VALUES = (
    "players", "rng", "stacks_option", "turn", "turn_no", "phase", "bank", "picked", "after",
    "over", "next_deal",
)  # fmt: skip
_SIZE = len(_FLAT) + len(_NESTED) + len(_OTHER_PARTS) + len(_VALUES)
# itemgetter looks all of a group's keys up in one call (a missing one: KeyError).
_flat, _nested = itemgetter(*_FLAT), itemgetter(*_NESTED)
_others, _values = itemgetter(*_OTHER_PARTS), itemgetter(*_VALUES)
_copy_list = list.copy


def copy_state(state: State) -> State:
    """A deep copy, equal to ``clone(state)`` (keys in the same order) and sharing nothing
    mutable with it; a state of another layout is copied by ``clone``."""
    return copied(_copy, state)


def _copy(state: State) -> State:
    size = len(state)
    if size != _SIZE and (size != _SIZE + 1 or "closing" not in state):
        raise OtherLayout
    _values(state)
    new = state.copy()
    # Flat lists of ids and numbers: a slice copies them (and keeps a tuple a tuple, as
    # clone does).
    coins, camels, deck, discard, draft, spent, box, queue = _flat(state)
    new["coins"], new["camels"], new["deck"], new["discard"] = (
        coins[:], camels[:], deck[:], discard[:],
    )  # fmt: skip
    new["draft"], new["spent"], new["box"], new["queue"] = draft[:], spent[:], box[:], queue[:]
    # Lists of lists (TypeError, so a generic copy, unless they are).
    hands, entourage, tasked, stacks, permits = _nested(state)
    new["hands"], new["entourage"] = list(map(_copy_list, hands)), list(map(_copy_list, entourage))
    new["tasked"], new["stacks"] = list(map(_copy_list, tasked)), list(map(_copy_list, stacks))
    new["permits"] = list(map(_copy_list, permits))
    products, caravans, pending, resolving, deals = _others(state)
    # Most seats hold no products: those skip a call.
    new["products"] = [_copy_pool(pool) if pool else pool.copy() for pool in products]
    # A caravan place: None or {"card", "spaces": [seat or -1] * 9} (the copy keeps the keys'
    # order); anything else generically.
    new["caravans"] = [
        None
        if c is None
        else {**c, "spaces": c["spaces"][:]}
        if len(c) == 2 and "card" in c
        else clone(c)
        for c in caravans
    ]
    new["pending"] = clone(pending) if pending else []
    new["resolving"] = clone(resolving) if resolving is not None else None
    new["deals"] = clone(deals) if deals else []
    return new


def _copy_pool(pool: dict) -> dict:
    """A seat's {product: count}; anything deeper is copied generically."""
    for count in pool.values():
        if count.__class__ is not int:
            return clone(pool)
    return pool.copy()
