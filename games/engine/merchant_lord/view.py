"""What each viewer sees: everything on the table is public (dice, coins, favours, the
merchant row, every village); hands are private and the deck order is never shown."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..contract import State, say, say_count
from . import cards
from .state import card_name, side_stall, stalls, table_cards, who, work_for


def card_faces(card_id: str) -> dict[str, Any]:
    faces: dict[str, Any] = {"id": card_id, "name": card_name(card_id)}
    for side in ("left", "right"):
        value, reward = side_stall(card_id, side)
        faces[side] = {"value": value, "reward": reward, "label": cards.REWARD_LABELS[reward]}
    return faces


def village_view(state: State, owner: int, index: int, viewer: int | None) -> dict[str, Any]:
    village = state["seats"][owner]["villages"][index]
    # Cards being tucked still belong to the hand until the sale: only their owner sees them.
    work = work_for(state, owner, index) if viewer == owner else None
    row = stalls(village, index, work)
    dice = list(village["dice"])
    for stall in row:
        stall["label"] = cards.REWARD_LABELS[stall["reward"]]
        stall["name"] = card_name(stall["card"]) if stall["card"] else ""
        # A one-time reward is spent once its card is on the table.
        stall["spent"] = stall["reward"] in cards.ONE_TIME and not stall["new"]
        stall["die"] = None
        if stall["value"] in dice and not stall["new"]:
            dice.remove(stall["value"])
            stall["die"] = stall["value"]
    return {
        "owner": owner,
        "index": index,
        "name": cards.VILLAGES[index]["name"],
        "open": not village["dice"],
        "by": village["by"],
        "stalls": row,
        "cards": 1 + len(village["left"]) + len(village["right"]),
    }


def build(state: State, viewer: int | None) -> dict[str, Any]:
    pending = len(state["work"]["left"]) + len(state["work"]["right"])
    seats = []
    for number, seat in enumerate(state["seats"]):
        mine = viewer == number
        seats.append(
            {
                "seat": number,
                "coins": seat["coins"],
                "favours": seat["favours"],
                "dice_count": seat["dice_count"],
                "dice": list(seat["dice"]),
                "hand_count": len(seat["hand"]) + (pending if number == state["turn"] else 0),
                "hand": [card_faces(c) for c in sorted(seat["hand"])] if mine else None,
                "villages": [
                    village_view(state, number, i, viewer) for i in range(len(cards.VILLAGES))
                ],
                "table_cards": table_cards(seat),
                "is_start": number == state["start"],
                "is_turn": number == state["turn"] and state["phase"] != "over",
            }
        )
    own_turn = viewer is not None and viewer == state["turn"]
    chosen = state["chosen"] if own_turn else None
    return {
        "round": state["round"],
        "phase": state["phase"],
        "start": state["start"],
        "turn": state["turn"],
        "final": state["final"],
        "deck_count": len(state["deck"]),
        "row": [card_faces(c) for c in state["row"]],
        "seats": seats,
        "me": viewer,
        "chosen": dict(chosen, name=card_name(chosen["card"])) if chosen else None,
        "marked": list(state["marked"]) if own_turn else [],
        "my_dice": my_dice(state, viewer) if own_turn else [],
        "free_places": state["free_places"],
        "card_cost": cards.CARD_COST,
        "goods": list(cards.GOODS),
        "cards_to_end": cards.CARDS_TO_END,
    }


def my_dice(state: State, viewer: int) -> list[dict[str, Any]]:
    """The acting viewer's dice in order, each marked for a reroll or not; ``first`` is the
    first die of its value (equal dice are interchangeable, so one of them carries the
    value's choices)."""
    marked = list(state["marked"])
    seen: set[int] = set()
    dice = []
    for value in state["seats"][viewer]["dice"]:
        dice.append({"value": value, "marked": value in marked, "first": value not in seen})
        if value in marked:
            marked.remove(value)
        seen.add(value)
    return dice


def prompt(state: State, seat: int | None) -> str:
    phase, turn = state["phase"], state["turn"]
    if phase == "over":
        return _OVER
    if seat != turn:
        return _waiting(turn, phase == "sell")
    if phase == "buy":
        return _BUY
    if state["free_places"]:
        if state["chosen"]:
            return _PLACE_CHOSEN
        return _PLACE_PICK
    if state["chosen"]:
        return _TUCK
    if state["work"]["village"] is not None:
        return _TUCK_MORE
    return _SELL


# The prompts, each said once (a ``Said`` is never changed once made).
_OVER = say("The game is over.")
_BUY = say_count(
    cards.CARD_COST,
    "Buy merchant cards for {n} coin each, or finish buying.",
    "Buy merchant cards for {n} coins each, or finish buying.",
)
_PLACE_CHOSEN = say("Choose which open village of yours gets the card, free.")
_PLACE_PICK = say("Free placement: pick a card side from your hand.")
_TUCK = say("Choose the village to tuck the card on; your dice must fill all its stalls.")
_TUCK_MORE = say("Tuck more cards, or sell at the village to place them.")
_SELL = say("Sell goods at an open village, expand one of yours, use favours, or end your turn.")


@lru_cache(maxsize=64)
def _waiting(turn: int, selling: bool) -> str:
    if selling:
        return say("Waiting for {player} to sell goods.", player=who(turn))
    return say("Waiting for {player} to buy merchant cards.", player=who(turn))
