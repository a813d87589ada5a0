"""Dice on action spaces: which dice may go where, occupancy fees, placing them.

A die is ``[kind, value]``: kind ``colour`` (the seat's own colour), ``black``, ``white`` or
``neutral`` (the unused colour's dice that stay all game with 2 or 3 players); value 0 is a
die of Raschid ad-Din Sinan, who sets it when he places it.

Rules applied here (data file, "fine print"):
- a player's colour goes at most once on each action space per round (the money bag
  excepted); black and white dice are colourless and may go where the colour already is;
  DECISION: black or white dice may join coloured dice in one placement (the rulebook:
  "a player may combine black and white dice with dice of their color"), which then counts
  as the colour's one placement there;
- an occupied space costs coins equal to the lowest die placed (Berke Khan pays none);
  DECISION: Khan's favor has four single spaces, each die on an empty one, so it never
  costs a fee (its price is the rising die value); city cards and the money bag are free.
"""

from __future__ import annotations

from . import board, cards, travel
from .state import State, character, has_post, pay

COLOURLESS = ("black", "white")
FREE_SPACES = ("bag", "khan")


def colour_placed(state: State, seat: int, space: str) -> bool:
    return any(
        placement["seat"] == seat and any(kind == "colour" for kind, _ in placement["dice"])
        for placement in state["spaces"][space]
    )


def never_charges(space: str) -> bool:
    """Spaces that cost no fee however occupied: the money bag, the Khan's favor and the
    city cards."""
    return space in FREE_SPACES or board.card_slot(space) is not None


def fee(state: State, seat: int, space: str, low: int) -> int:
    if never_charges(space) or character(state, seat) == "berke":
        return 0
    return low if state["spaces"][space] else 0


def khan_floor(state: State) -> int:
    return max((value for p in state["spaces"]["khan"] for _, value in p["dice"]), default=0)


def pool(state: State, seat: int, space: str) -> list[list]:
    """The seat's unplaced dice allowed on ``space`` (colourless only once its colour is there)."""
    dice = state["seats"][seat]["dice"]
    if space != "bag" and colour_placed(state, seat, space):
        return [die for die in dice if die[0] in COLOURLESS]
    return list(dice)


def values_of(die: list) -> range | list[int]:
    return range(1, 7) if die[1] == 0 else [die[1]]


def take_out(dice: list[list], kind: str, value: int) -> list:
    """Remove a die showing ``value`` (or an unset one of that kind) from ``dice``."""
    for wanted in (value, 0):
        for index, (have_kind, have_value) in enumerate(dice):
            if have_kind == kind and have_value == wanted:
                return dice.pop(index)
    raise AssertionError(f"no {kind} die showing {value}")


def space_ok(state: State, seat: int, space: str, low: int) -> bool:
    """Whether dice whose lowest value is ``low`` can carry out the action on ``space``."""
    cost = fee(state, seat, space, low)
    if state["seats"][seat]["coins"] < cost:
        return False
    if space == "khan":
        return len(state["spaces"]["khan"]) < 4 and low >= khan_floor(state)
    if space == "contracts":
        return bool(state["contracts"])
    if space == "travel":
        return travel.can_start(state, seat, cost)
    slot = board.card_slot(space)
    if slot:
        return (
            not state["spaces"][space]
            and has_post(state, seat, board.CARD_SLOT_CITY[slot])
            and cards.usable(state, seat, slot)
        )
    return True


def _open(state: State, seat: int, space: str) -> bool:
    """Cheap conditions that need no dice (most spaces are open)."""
    slot = board.card_slot(space)
    if slot:
        return not state["spaces"][space] and has_post(state, seat, board.CARD_SLOT_CITY[slot])
    if space == "khan":
        return len(state["spaces"]["khan"]) < 4
    return True


def pick_options(state: State, seat: int, space: str, picked: list[list]) -> list[tuple[str, int]]:
    """The dice (kind, value) that may be picked next for ``space`` so that the placement
    can still be completed: the lowest value decides the fee and (mostly) the action, so
    a completion with the lowest remaining dice is the easiest one to afford."""
    if not _open(state, seat, space):
        return []
    remaining = pool(state, seat, space)
    for kind, value in picked:
        take_out(remaining, kind, value)
    need = board.dice_needed(space) - len(picked) - 1
    lowest_picked = min((v for _, v in picked), default=7)
    found: list[tuple[str, int]] = []
    for die in remaining:
        for value in values_of(die):
            choice = (die[0], value)
            if choice in found:
                continue
            rest = list(remaining)
            take_out(rest, *choice)
            if len(rest) < need:
                continue
            low = min(value, lowest_picked, *sorted(v or 1 for _, v in rest)[:need])
            if space_ok(state, seat, space, low):
                found.append(choice)
    return sorted(found, key=lambda c: (c[0] != "colour", c[0], c[1]))


def available(state: State, seat: int, space: str) -> bool:
    """Whether the seat's dice can go on ``space`` at all: ``pick_options`` is not empty.

    Worked out without listing the options: the Khan's favor wants one die at least as
    high as the highest there (an unset die can show 6); everywhere else only the fee
    depends on the dice, and the lowest die makes it lowest, so the lowest die decides.
    """
    if not _open(state, seat, space):
        return False
    remaining = pool(state, seat, space)
    if len(remaining) < board.dice_needed(space):
        return False
    if space == "khan":
        return any(space_ok(state, seat, space, value or 6) for _, value in remaining)
    return space_ok(state, seat, space, min(value or 1 for _, value in remaining))


def place(state: State, seat: int, space: str, picked: list[list]) -> tuple[int, int]:
    """Move the picked dice onto ``space`` and pay its fee; returns (lowest die, fee)."""
    dice = state["seats"][seat]["dice"]
    for kind, value in picked:
        take_out(dice, kind, value)
    low = min(value for _, value in picked)
    cost = fee(state, seat, space, low)
    if cost:
        pay(state, seat, "coins", cost)
    state["spaces"][space].append({"seat": seat, "dice": [list(die) for die in picked]})
    return low, cost
