"""The game state: a new game and the questions the rules ask of it.

Layout (all plain JSON)::

    families[key]  tiles (on the domain), camels (in the domain), treasury, markers (left)
    camels[space]  family keys of the camels there, in the order they arrived
    goods_left     numbers of the goods markers still on the map
    relations      [family, family] pairs (sorted) that have met
    seats[n]       money, tiles, hand, sold, sell (card -> standing choice), goods, markers
    deck, discard  goods card numbers (the deck's last card is its top)
    bag, removed   the 2-player family tile bag and the tiles taken out of the game
    active, step   whose turn and where in it: turn / marry / expand / place / discard
"""

from __future__ import annotations

from typing import Any

from .. import rng
from ..vocabulary import clone
from . import board, data

State = dict[str, Any]

# lookups done once: a family's marriage portion, a space's neighbours and map position
_PORTION = {key: family["portion"] for key, family in board.FAMILIES.items()}
_NEIGHBOURS = {space: tuple(board.neighbours(space)) for space in board.SPACE_ORDER}
_MAP_INDEX = {space: index for index, space in enumerate(board.SPACE_ORDER)}

SELL_MODES = ("auto", "sell", "keep")
DEFAULT_SELL_MODE = "auto"  # sell, unless the arriving camel belongs to one of your families


def new_game(players: int, seed: int) -> State:
    two_player = players == 2
    tiles = 1 if two_player else data.TILES_PER_FAMILY
    deck = list(board.CARDS)
    state: State = {
        "players": players,
        "rng": rng.seed_state(seed),
        "hand_limit": data.HAND_LIMITS[players],
        "families": {
            key: {
                "tiles": tiles,
                "camels": data.CAMELS_PER_FAMILY - 1,
                "treasury": 0,
                "markers": data.MARKERS_PER_FAMILY,
            }
            for key in board.FAMILY_ORDER
        },
        "camels": {space: [] for space in board.SPACE_ORDER},
        "goods_left": list(board.CARDS),
        "relations": [],
        "seats": [],
        "deck": deck,
        "discard": [],
        "supply": data.TOTAL_MONEY - players * data.STARTING_MONEY,
        # 2 players: the second tile of every family waits in the bag
        "bag": list(board.FAMILY_ORDER) if two_player else [],
        "removed": [],
        "active": 0,
        "step": "turn",
        "family": None,  # the family being married into / expanded this turn
        "placed": [],  # spaces that got a camel this turn
        "drawn": 0,  # cards drawn this turn (the discard step allows drawn - 1 discards, max 2)
        "discarded": 0,
        "turns": 0,
        "round": 1,
        "passes": 0,  # turns passed in a row (nobody able to act ends the game)
        "end": None,
    }
    for key, start in board.START_OF.items():
        state["camels"][start].append(key)
    rng.shuffle(state, deck)
    for _ in range(players):
        hand = [deck.pop() for _ in range(data.STARTING_HAND)]
        state["seats"].append(
            {
                "money": data.STARTING_MONEY,
                "tiles": [],
                "hand": hand,
                "sold": [],
                "sell": {str(card): DEFAULT_SELL_MODE for card in hand},
                "goods": [],
                "markers": [],
            }
        )
    return state


def hand_count(seat_state: dict) -> int:
    """Cards counting towards the hand limit: the hand plus the sold cards laid out."""
    return len(seat_state["hand"]) + len(seat_state["sold"])


def is_member(state: State, seat: int, family: str) -> bool:
    return family in state["seats"][seat]["tiles"]


def members(state: State, family: str) -> list[int]:
    return [seat for seat in range(state["players"]) if is_member(state, seat, family)]


def holder_of(state: State, card: int) -> int | None:
    for seat, seat_state in enumerate(state["seats"]):
        if card in seat_state["hand"]:
            return seat
    return None


def related(state: State, first: str, second: str) -> bool:
    return sorted([first, second]) in state["relations"]


def can_marry(state: State, seat: int, family: str) -> bool:
    seat_state = state["seats"][seat]
    if state["families"][family]["tiles"] < 1:
        return False
    if seat_state["money"] < _PORTION[family]:
        return False
    # only 1 tile of each family per player, except in the 2-player game
    return state["players"] == 2 or family not in seat_state["tiles"]


def marriable(state: State, seat: int) -> list[str]:
    # ``can_marry`` for every family, in family order, with the lookups done once
    seat_state = state["seats"][seat]
    money, tiles, stocks = seat_state["money"], seat_state["tiles"], state["families"]
    two_player = state["players"] == 2
    return [
        key
        for key in board.FAMILY_ORDER
        if stocks[key]["tiles"] >= 1 and money >= _PORTION[key] and (two_player or key not in tiles)
    ]


def targets(state: State, family: str) -> list[str]:
    """Spaces where the family's next camel may go: next to one of its camels, not full,
    and without a camel of its own colour (in map order)."""
    camels = state["camels"]
    found = set()
    for space, occupants in camels.items():
        if family in occupants:
            for other in _NEIGHBOURS[space]:
                there = camels[other]
                if len(there) < 2 and family not in there:
                    found.add(other)
    return sorted(found, key=_MAP_INDEX.__getitem__)


def has_target(state: State, family: str) -> bool:
    """``bool(targets(state, family))``, without listing them all."""
    camels = state["camels"]
    for space, occupants in camels.items():
        if family in occupants:
            for other in _NEIGHBOURS[space]:
                there = camels[other]
                if len(there) < 2 and family not in there:
                    return True
    return False


def can_expand(state: State, seat: int, family: str) -> bool:
    return (
        is_member(state, seat, family)
        and state["families"][family]["camels"] > 0
        and has_target(state, family)
    )


def expandable(state: State, seat: int) -> list[str]:
    tiles, stocks = state["seats"][seat]["tiles"], state["families"]
    return [
        key
        for key in board.FAMILY_ORDER
        if key in tiles and stocks[key]["camels"] > 0 and has_target(state, key)
    ]


def can_place_second(state: State) -> bool:
    family = state["family"]
    stock = state["families"][family]
    return (
        len(state["placed"]) == 1
        and stock["treasury"] >= data.SECOND_CAMEL_COST
        and stock["camels"] > 0
        and has_target(state, family)
    )


def sell_mode(state: State, seat: int, card: int) -> str:
    return state["seats"][seat]["sell"].get(str(card), DEFAULT_SELL_MODE)


# --- a fast deep copy ---------------------------------------------------------------------------

_STATE_KEYS = frozenset(
    "players rng hand_limit families camels goods_left relations seats deck discard supply "
    "bag removed active step family placed drawn discarded turns round passes end".split()
)
_SEAT_KEYS = frozenset(("money", "tiles", "hand", "sold", "sell", "goods", "markers"))


def copy_state(state: State) -> State:
    """A deep copy, equal to ``clone(state)`` (keys in the same order), built from the
    layout above: a few times faster than a generic copy. A state of another layout falls
    back to ``clone``."""
    seats = state.get("seats")
    if (
        state.keys() != _STATE_KEYS
        or seats.__class__ is not list
        or any(seat.keys() != _SEAT_KEYS for seat in seats)
    ):
        return clone(state)
    copy = state.copy()
    # map() with the C copy methods: no Python-level loop over the 77 spaces
    families, camels = state["families"], state["camels"]
    copy["families"] = dict(zip(families, map(dict.copy, families.values()), strict=True))
    copy["camels"] = dict(zip(camels, map(list.copy, camels.values()), strict=True))
    copy["goods_left"] = state["goods_left"][:]
    copy["relations"] = list(map(list.copy, state["relations"]))
    copy["seats"] = list(map(_copy_seat, seats))
    copy["deck"] = state["deck"][:]
    copy["discard"] = state["discard"][:]
    copy["bag"] = state["bag"][:]
    copy["removed"] = state["removed"][:]
    copy["placed"] = state["placed"][:]
    return copy


def _copy_seat(seat: dict) -> dict:
    copy = seat.copy()
    copy["tiles"] = seat["tiles"][:]
    copy["hand"] = seat["hand"][:]
    copy["sold"] = seat["sold"][:]
    copy["sell"] = seat["sell"].copy()
    copy["goods"] = seat["goods"][:]
    copy["markers"] = list(map(list.copy, seat["markers"]))
    return copy
