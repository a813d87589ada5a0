"""Rough values of positions and moves, for timed-out players' defaults and for bots."""

from __future__ import annotations

from . import board, data, scoring
from .state import State, hand_count, is_member, related

# steps between any two spaces of the (fixed) map, worked out once instead of per card
_DISTANCES = {space: board.distances_from(space) for space in board.SPACE_ORDER}


def placement_value(state: State, seat: int, family: str, space: str) -> float:
    """Points ``seat`` can expect from a ``family`` camel arriving on ``space`` now."""
    occupants = state["camels"][space]
    seat_state = state["seats"][seat]
    own = is_member(state, seat, family)
    value = 0.0
    if board.SPACES[space]["kind"] == "goods":
        number = board.SPACES[space]["number"]
        if not occupants:
            value += 1  # the goods marker
        if number in seat_state["hand"]:
            points = data.CAMEL_POINTS_OWN if own else data.CAMEL_POINTS_OTHER
            value += max(points, data.SALE_PRICE) if not occupants else points
    if board.is_land(space) and len(occupants) == 1 and not related(state, family, occupants[0]):
        other = occupants[0]
        value += sum(1 for key in (family, other) if state["families"][key]["markers"])
        value += data.ACTIVE_BONUS if own else 0
        value += data.PASSIVE_BONUS if is_member(state, seat, other) else 0
    # room to grow later, and a slight preference for land (where families meet)
    free = sum(1 for near in board.neighbours(space) if len(state["camels"][near]) < 2)
    return value + 0.05 * free + (0.1 if board.is_land(space) else 0.0)


def card_prospect(state: State, seat: int, card: int) -> float:
    """What a goods card in hand is likely worth at the end."""
    now = scoring.card_points(state, seat, card)
    space = board.GOODS[card]
    room = 2 - len(state["camels"][space])
    if room == 0:
        return now
    near = _DISTANCES[space]
    reach = [
        near[where]
        for where, occupants in state["camels"].items()
        for family in occupants
        if family in state["seats"][seat]["tiles"] and state["families"][family]["camels"]
    ]
    hope = data.CAMEL_POINTS_OWN / (1 + min(reach)) if reach else 0.5
    return now + hope


def evaluate(state: State, seat: int) -> float:
    """Points now plus a little for cards that may still score and for room in hand."""
    seat_state = state["seats"][seat]
    value = float(scoring.total(state, seat))
    value += 0.5 * sum(card_prospect(state, seat, card) for card in seat_state["hand"])
    value += 0.2 * max(0, state["hand_limit"] - hand_count(seat_state))
    return value
