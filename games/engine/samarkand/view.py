"""What one seat (or a spectator) may see, shaped for the board template.

Hidden: the deck and discard pile (only their sizes), other players' hands and sell
choices (only how many cards they hold), and the order of the tiles in the 2-player bag.
"""

from __future__ import annotations

from typing import Any

from . import board, data, moves, scoring
from .state import State, hand_count, members, sell_mode


def view(state: State, seat: int | None) -> dict[str, Any]:
    mine = seat is not None and 0 <= seat < state["players"]
    result = {
        "players": state["players"],
        "two_player": state["players"] == 2,
        "hand_limit": state["hand_limit"],
        "round": state["round"],
        "turns": state["turns"],
        "active": state["active"],
        "step": state["step"],
        "family": _BADGES.get(state["family"]),  # the family married / expanded this turn
        "placed": list(state["placed"]),
        "end": moves.said_end(state),  # the state's plain English, said again
        "supply": state["supply"],
        "deck_count": len(state["deck"]),
        "discard_count": len(state["discard"]),
        "map": {
            "width": data.MAP_SIZE[0],
            "height": data.MAP_SIZE[1],
            "hex": board.hex_points(0, 0),
        },
        "spaces": [_space(state, space) for space in board.SPACE_ORDER],
        "families": [_family(state, key) for key in board.FAMILY_ORDER],
        "relations": [list(pair) for pair in state["relations"]],
        # families still without a relationship (the game ends when none is left)
        "unrelated": [
            board.family_name(key)
            for key in board.FAMILY_ORDER
            if state["families"][key]["markers"] == data.MARKERS_PER_FAMILY
        ],
        "seats": [_seat(state, n) for n in range(state["players"])],
        # the bag's contents are public knowledge (every drawn tile is shown), its order not
        "bag": [_BADGES[key] for key in sorted(state["bag"], key=board.FAMILY_ORDER.index)],
        "removed": [_BADGES[key] for key in state["removed"]],
        "discards_left": max(0, moves.max_discards(state) - state["discarded"]),
        "hand": _hand(state, seat) if mine else [],
        "score": [list(row) for row in scoring.breakdown(state, seat)] if mine else [],
    }
    return result


def _space(state: State, space_id: str) -> dict[str, Any]:
    occupants = state["camels"][space_id]
    static = _STATIC[space_id]
    number = static["number"]
    return static | {
        "marker": number is not None and number in state["goods_left"],
        # two camels sit side by side: the template shifts the first left, the second right
        "camels": [_BADGES[family] for family in occupants],
    }


def _static_space(space_id: str) -> dict[str, Any]:
    """The parts of a space that never change (the template draws the hex around x, y)."""
    space = board.SPACES[space_id]
    return {
        "id": space_id,
        "kind": space["kind"],
        "name": space["name"],
        # "Caspian Sea", not "Caspian Sea (north)": one of data.SHORT_NAMES
        "short": space["name"].split(" (")[0],
        "label": board.space_label(space_id),
        "number": space.get("number"),
        "home": _BADGES.get(_HOME_OF.get(space_id)),
        "x": space["x"],
        "y": space["y"],
    }


def _badge(key: str) -> dict[str, str]:
    info = board.FAMILIES[key]
    return {k: info[k] for k in ("key", "name", "letter", "colour", "ink")}


_BADGES = {key: _badge(key) for key in board.FAMILY_ORDER}
_HOME_OF = {start: key for key, start in board.START_OF.items()}
_STATIC = {space_id: _static_space(space_id) for space_id in board.SPACE_ORDER}


def _family(state: State, key: str) -> dict[str, Any]:
    stock = state["families"][key]
    partners = sorted(
        {other for pair in state["relations"] if key in pair for other in pair} - {key},
        key=board.FAMILY_ORDER.index,
    )
    return _BADGES[key] | {
        "portion": board.FAMILIES[key]["portion"],
        "home": board.space_label(board.START_OF[key]),
        "tiles": stock["tiles"],
        "camels": stock["camels"],
        "treasury": stock["treasury"],
        "markers": stock["markers"],
        "green_on_top": stock["markers"] == data.MARKERS_PER_FAMILY,
        "members": members(state, key),
        "partners": [board.family_name(other) for other in partners],
    }


def _seat(state: State, seat: int) -> dict[str, Any]:
    seat_state = state["seats"][seat]
    return {
        "seat": seat,
        "money": seat_state["money"],
        "tiles": [_BADGES[key] for key in seat_state["tiles"]],
        "cards": hand_count(seat_state),  # hand + sold: what counts towards the limit
        "in_hand": len(seat_state["hand"]),
        "sold": [board.goods_label(card) for card in seat_state["sold"]],
        "goods": [board.goods_label(number) for number in seat_state["goods"]],
        "markers": [_BADGES[key] | {"shade": shade} for key, shade in seat_state["markers"]],
    }


def _hand(state: State, seat: int) -> list[dict[str, Any]]:
    return [
        {
            "number": card,
            "label": board.goods_label(card),
            "mode": sell_mode(state, seat, card),
            "points": scoring.card_points(state, seat, card),
            "space": board.GOODS[card],
        }
        for card in sorted(state["seats"][seat]["hand"])
    ]
