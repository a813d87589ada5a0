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
from ..contract import State
from . import cards

SIDES = ("left", "right")


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
    values = [value for value, _ in cards.VILLAGES[index]["stalls"]]
    values += [cards.MERCHANTS[c]["left"][0] for c in village["left"]]
    values += [cards.MERCHANTS[c]["right"][0] for c in village["right"]]
    work = work_for(state, owner, index)
    if work:
        values += [cards.MERCHANTS[c]["left"][0] for c in work["left"]]
        values += [cards.MERCHANTS[c]["right"][0] for c in work["right"]]
    return sorted(values + list(extra))


def spare(dice: list[int], values: list[int]) -> list[int] | None:
    """The dice left over once ``values`` are filled, or None when they cannot be."""
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
    value, reward = side_stall(card_id, side)
    return f"{value}: {cards.REWARD_LABELS[reward]}"
