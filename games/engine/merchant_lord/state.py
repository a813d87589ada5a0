"""Merchant Lord's state: a new game, and small readers shared by rules, view and scoring.

State layout (plain JSON)::

    players, rng, round, phase ("sell" | "buy" | "over"), start, turn,
    deck, row, discard: merchant card ids (deck top is the end of the list),
    seats: [{coins, favours, dice_count, dice (unsold values, sorted), hand,
             villages: [{left, right, dice, by}] * 3}],
    work: {village, left, right} cards being tucked in the turn's current placement,
    chosen: {card, side} a card side picked from hand, waiting for its village,
    marked: die values marked for a reroll, free_places: free placements to make,
    final: None, or the first seat with 9 cards on the table (the round is the last)

A village's ``left`` and ``right`` list its tucked cards from the village outwards;
``dice`` holds the goods on its stalls (non-empty: closed) and ``by`` who sold them.
"""

from __future__ import annotations

from typing import Any

from .. import rng
from ..contract import State, say
from ..vocabulary import OtherLayout, clone
from . import cards

SIDES = ("left", "right")

# lookups done once: the die value of each card side and of each village card's stalls
_LEFT_VALUE = {card_id: merchant["left"][0] for card_id, merchant in cards.MERCHANTS.items()}
_RIGHT_VALUE = {card_id: merchant["right"][0] for card_id, merchant in cards.MERCHANTS.items()}
STALL_VALUES = tuple(tuple(value for value, _ in village["stalls"]) for village in cards.VILLAGES)
#: how many stalls a village card has of its own (a village needs at least that many dice)
STALL_COUNTS = tuple(len(values) for values in STALL_VALUES)


def new_game(players: int, seed: int) -> State:
    state: State = {
        "players": players,
        "rng": rng.seed_state(seed),
        "round": 1,
        "phase": "sell",
        "start": 0,
        "turn": 0,
        "deck": list(cards.MERCHANT_IDS),
        "row": [],
        "discard": [],
        "seats": [new_seat() for _ in range(players)],
        "work": empty_work(),
        "chosen": None,
        "marked": [],
        "free_places": 0,
        "final": None,
    }
    rng.shuffle(state, state["deck"])
    return state


def new_seat() -> dict[str, Any]:
    return {
        "coins": cards.START_COINS,
        "favours": cards.START_FAVOURS,
        "dice_count": cards.START_DICE,
        "dice": [],
        "hand": [],
        "villages": [{"left": [], "right": [], "dice": [], "by": None} for _ in cards.VILLAGES],
    }


def empty_work() -> dict[str, Any]:
    return {"village": None, "left": [], "right": []}


def side_stall(card_id: str, side: str) -> tuple[int, str]:
    value, reward = cards.MERCHANTS[card_id][side]
    return value, reward


def stalls(village: dict[str, Any], index: int, work: dict[str, Any] | None = None) -> list:
    """The village's stalls left to right, as dicts; ``work`` adds cards being tucked."""
    left = list(village["left"])
    right = list(village["right"])
    new_left = list(work["left"]) if work else []
    new_right = list(work["right"]) if work else []
    row = []
    for card_id in reversed(left + new_left):
        row.append(_card_stall(card_id, "left", card_id in new_left))
    for value, reward in cards.VILLAGES[index]["stalls"]:
        row.append({"value": value, "reward": reward, "card": None, "side": None, "new": False})
    for card_id in right + new_right:
        row.append(_card_stall(card_id, "right", card_id in new_right))
    return row


def _card_stall(card_id: str, side: str, new: bool) -> dict[str, Any]:
    value, reward = side_stall(card_id, side)
    return {"value": value, "reward": reward, "card": card_id, "side": side, "new": new}


def work_for(state: State, owner: int, index: int) -> dict[str, Any] | None:
    """The turn's placement in progress if it is on this village of the acting seat."""
    work = state["work"]
    if owner == state["turn"] and work["village"] == index:
        return work
    return None


def needed(state: State, owner: int, index: int, extra: tuple[int, ...] = ()) -> list[int]:
    """Die values that selling at this village needs now (tucks in progress included)."""
    village = state["seats"][owner]["villages"][index]
    values = [*STALL_VALUES[index]]
    if village["left"]:
        values += map(_LEFT_VALUE.__getitem__, village["left"])
    if village["right"]:
        values += map(_RIGHT_VALUE.__getitem__, village["right"])
    work = state["work"]
    if work["village"] == index and owner == state["turn"]:  # ``work_for``
        values += map(_LEFT_VALUE.__getitem__, work["left"])
        values += map(_RIGHT_VALUE.__getitem__, work["right"])
    if extra:
        values += extra
    values.sort()
    return values


def spare(dice: list[int], values: list[int]) -> list[int] | None:
    """The dice left over once ``values`` are filled, or None when they cannot be."""
    if len(values) > len(dice):  # each die fills one stall
        return None
    left = list(dice)
    for value in values:
        if value not in left:
            return None
        left.remove(value)
    return left


def fits(dice: list[int], values: list[int]) -> bool:
    """Whether the dice hold every value asked for (each die fills one stall)."""
    return spare(dice, values) is not None


def remove_values(dice: list[int], values: list[int]) -> None:
    for value in values:
        dice.remove(value)


def is_open(village: dict[str, Any]) -> bool:
    return not village["dice"]


def table_cards(seat: dict[str, Any]) -> int:
    """Cards on the table: the villages plus every tucked merchant card."""
    return sum(1 + len(v["left"]) + len(v["right"]) for v in seat["villages"])


def who(seat: int) -> str:
    """The placeholder the log and prompts use for a player's name."""
    return "{p" + str(seat) + "}"


def village_name(index: int) -> str:
    return cards.VILLAGES[index]["name"]


def card_name(card_id: str) -> str:
    return cards.MERCHANTS[card_id]["name"]


def side_text(card_id: str, side: str) -> str:
    """'4: free merchant card': the die value a card side asks for and what it earns."""
    value, reward = side_stall(card_id, side)
    return say("{value}: {reward}", value=value, reward=cards.REWARD_LABELS[reward])


# --- a fast deep copy ------------------------------------------------------------------------

_STATE_KEYS = frozenset(
    "players rng round phase start turn deck row discard seats work chosen marked "
    "free_places final".split()
)
_SEAT_KEYS = frozenset(("coins", "favours", "dice_count", "dice", "hand", "villages"))
_VILLAGE_KEYS = frozenset(("left", "right", "dice", "by"))
_WORK_KEYS = frozenset(("village", "left", "right"))
_CHOSEN_KEYS = frozenset(("card", "side"))


def copy_state(state: State) -> State:
    """A deep copy, equal to ``clone(state)`` (keys in the same order), built from the
    layout above: a few times faster than a generic copy. A state of another layout falls
    back to ``clone``."""
    chosen = state.get("chosen")
    if (
        state.keys() != _STATE_KEYS
        or state["work"].keys() != _WORK_KEYS
        or (chosen is not None and chosen.keys() != _CHOSEN_KEYS)
        or state["seats"].__class__ is not list
    ):
        return clone(state)
    try:
        seats = list(map(_copy_seat, state["seats"]))
    except OtherLayout:
        return clone(state)
    copy = state.copy()
    copy["deck"] = state["deck"][:]
    copy["row"] = state["row"][:]
    copy["discard"] = state["discard"][:]
    copy["seats"] = seats
    work = copy["work"] = state["work"].copy()
    work["left"] = work["left"][:]
    work["right"] = work["right"][:]
    if chosen is not None:
        copy["chosen"] = chosen.copy()
    copy["marked"] = state["marked"][:]
    return copy


def _copy_seat(seat: dict[str, Any]) -> dict[str, Any]:
    """A seat's deep copy, checking its layout on the way (the check costs little then)."""
    if seat.keys() != _SEAT_KEYS:
        raise OtherLayout
    copy = seat.copy()
    copy["dice"] = seat["dice"][:]
    copy["hand"] = seat["hand"][:]
    villages = copy["villages"] = []
    for village in seat["villages"]:
        if village.keys() != _VILLAGE_KEYS:
            raise OtherLayout
        village = village.copy()
        village["left"] = village["left"][:]
        village["right"] = village["right"][:]
        village["dice"] = village["dice"][:]
        villages.append(village)
    return copy
