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
from . import board, data

State = dict[str, Any]

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
    if seat_state["money"] < board.FAMILIES[family]["portion"]:
        return False
    # only 1 tile of each family per player, except in the 2-player game
    return state["players"] == 2 or family not in seat_state["tiles"]


def marriable(state: State, seat: int) -> list[str]:
    return [key for key in board.FAMILY_ORDER if can_marry(state, seat, key)]


def targets(state: State, family: str) -> list[str]:
    """Spaces where the family's next camel may go: next to one of its camels, not full,
    and without a camel of its own colour."""
    found = set()
    for space, occupants in state["camels"].items():
        if family not in occupants:
            continue
        for other in board.neighbours(space):
            there = state["camels"][other]
            if len(there) < 2 and family not in there:
                found.add(other)
    return [space for space in board.SPACE_ORDER if space in found]


def can_expand(state: State, seat: int, family: str) -> bool:
    return (
        is_member(state, seat, family)
        and state["families"][family]["camels"] > 0
        and bool(targets(state, family))
    )


def expandable(state: State, seat: int) -> list[str]:
    return [key for key in board.FAMILY_ORDER if can_expand(state, seat, key)]


def can_place_second(state: State) -> bool:
    family = state["family"]
    stock = state["families"][family]
    return (
        len(state["placed"]) == 1
        and stock["treasury"] >= data.SECOND_CAMEL_COST
        and stock["camels"] > 0
        and bool(targets(state, family))
    )


def sell_mode(state: State, seat: int, card: int) -> str:
    return state["seats"][seat]["sell"].get(str(card), DEFAULT_SELL_MODE)
