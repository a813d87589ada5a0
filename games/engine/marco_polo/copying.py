"""A fast deep copy of a state (``GameRules.copy_state``), built from its layout.

``apply`` copies the state at every step, and the copy used to be the largest cost of a
step. This one knows the layout of ``state`` (see its docstring) and copies only the
lists and dicts, with as few Python-level steps as possible:

- each part's keys are checked by their number and by looking every one of them up (a
  missing key raises ``KeyError``): with as many keys as the layout has and all of them
  present, the keys are exactly the layout's, in whatever order (a database may reorder
  them). ``dict.copy`` keeps that order, so the copy dumps to the same JSON;
- a part of another layout (a key more or less) falls back to ``clone``.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from ..vocabulary import OtherLayout, clone, copied

State = dict[str, Any]

# The keys of each part holding lists and dicts (copied) and plain values (shared).
_STATE_LISTS_AND_DICTS = (
    "supply", "spaces", "contracts", "piles", "special", "removed", "cards", "outposts",
    "city_bonus", "beijing", "goal_deck", "draft", "turn", "seats",
)  # fmt: skip
_STATE_VALUES = (
    "players", "rng", "expert", "round", "phase", "start", "active", "traveller", "black_pool",
    "special_unseen",
)  # fmt: skip
_SEAT_LISTS_AND_DICTS = (
    "vp", "dice", "figures", "posts", "contracts", "done", "goals", "goal_offer", "pending"
)  # fmt: skip
_SEAT_VALUES = ("character", "coins", "camels", "pepper", "silk", "gold", "post_stock", "passed")
# A turn's sub-steps (contracts, travel, card) are small and of several shapes: copied
# generically. "ended" (a plain value) is only there once the turn is over.
_TURN_LISTS_AND_DICTS = ("picked", "contracts", "travel", "card")
_TURN_VALUES = ("seat", "main", "black", "step", "space", "column")

_STATE_SIZE = len(_STATE_LISTS_AND_DICTS) + len(_STATE_VALUES)
_SEAT_SIZE = len(_SEAT_LISTS_AND_DICTS) + len(_SEAT_VALUES)
_TURN_SIZE = len(_TURN_LISTS_AND_DICTS) + len(_TURN_VALUES)
_PLACEMENT_SIZE = 2  # "seat" and "dice"
# itemgetter looks all of a part's keys up in one call (a missing one: KeyError).
_state_parts, _state_values = itemgetter(*_STATE_LISTS_AND_DICTS), itemgetter(*_STATE_VALUES)
_seat_parts, _seat_values = itemgetter(*_SEAT_LISTS_AND_DICTS), itemgetter(*_SEAT_VALUES)
_turn_parts, _turn_values = itemgetter(*_TURN_LISTS_AND_DICTS), itemgetter(*_TURN_VALUES)
_copy_list = list.copy


def copy_state(state: State) -> State:
    """A deep copy, equal to ``clone(state)`` (keys in the same order) and sharing nothing
    mutable with it; a state of another layout is copied by ``clone``."""
    return copied(_copy, state)


def _copy(state: State) -> State:
    if len(state) != _STATE_SIZE:
        raise OtherLayout
    _state_values(state)
    (
        supply, spaces, contracts, piles, special, removed, cards, outposts, city_bonus,
        beijing, goal_deck, draft, turn, seats,
    ) = _state_parts(state)  # fmt: skip
    if seats.__class__ is not list:
        raise OtherLayout
    copy = state.copy()
    copy["supply"] = supply.copy()
    copy["spaces"] = _copy_spaces(spaces)
    copy["contracts"] = contracts[:]
    copy["piles"] = list(map(_copy_list, piles))
    copy["special"] = special[:]
    copy["removed"] = removed[:]
    copy["cards"] = cards.copy()
    copy["outposts"] = outposts.copy()
    copy["city_bonus"] = city_bonus.copy()
    copy["beijing"] = beijing[:]
    copy["goal_deck"] = goal_deck[:]
    if draft is not None:
        copy["draft"] = _copy_dict(draft)
    if turn is not None:
        copy["turn"] = _copy_turn(turn)
    copy["seats"] = list(map(_copy_seat, seats))
    return copy


def _copy_spaces(spaces: dict[str, list]) -> dict[str, list]:
    """The dice on the action spaces: most spaces are empty, the rest hold a few."""
    copy = {}
    for space, placements in spaces.items():
        if not placements:
            copy[space] = []
            continue
        copy[space] = copied = []
        for placement in placements:
            if len(placement) != _PLACEMENT_SIZE or "seat" not in placement:
                raise OtherLayout
            placement = placement.copy()
            placement["dice"] = list(map(_copy_list, placement["dice"]))
            copied.append(placement)
    return copy


def _copy_seat(seat: dict[str, Any]) -> dict[str, Any]:
    if len(seat) != _SEAT_SIZE:
        raise OtherLayout
    _seat_values(seat)
    vp, dice, figures, posts, contracts, done, goals, goal_offer, pending = _seat_parts(seat)
    copy = seat.copy()
    copy["vp"] = vp.copy()
    copy["dice"] = list(map(_copy_list, dice))
    copy["figures"] = figures[:]
    copy["posts"] = posts[:]
    copy["contracts"] = contracts[:]
    copy["done"] = done[:]
    copy["goals"] = goals[:]
    copy["goal_offer"] = goal_offer[:]
    copy["pending"] = clone(pending) if pending else []
    return copy


def _copy_turn(turn: dict[str, Any]) -> dict[str, Any]:
    size = len(turn)
    if size != _TURN_SIZE and (size != _TURN_SIZE + 1 or "ended" not in turn):
        raise OtherLayout
    _turn_values(turn)
    picked, contracts, travel, card = _turn_parts(turn)
    copy = turn.copy()
    copy["picked"] = list(map(_copy_list, picked))
    if contracts is not None:
        copy["contracts"] = _copy_dict(contracts)
    if travel is not None:
        copy["travel"] = _copy_dict(travel)
    if card is not None:
        copy["card"] = _copy_dict(card)
    return copy


def _copy_dict(part: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of a small part of any shape: its lists and dicts copied generically."""
    copy = part.copy()
    for key, value in part.items():
        if value.__class__ is list or value.__class__ is dict:
            copy[key] = clone(value) if value else value.__class__()
    return copy
