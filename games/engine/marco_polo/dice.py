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

from functools import lru_cache

from . import board, cards, travel
from .state import State, has_post, pay

COLOURLESS = ("black", "white")
DIE_KINDS = ("colour", *COLOURLESS, "neutral")
FREE_SPACES = ("bag", "khan")
# Worked out once: the city-card slot of each card space, the spaces that never charge a
# fee and the dice each space takes (these are asked for every space at every step).
_SLOT_OF = {space: board.card_slot(space) for space in board.ALL_SPACES if board.card_slot(space)}
_NEVER_CHARGES = frozenset((*FREE_SPACES, *_SLOT_OF))
_NEEDED = {space: board.dice_needed(space) for space in (*board.SPACES, *_SLOT_OF)}
assert min(_NEEDED.values()) >= 1  # a seat without dice can go nowhere
# The spaces whose action asks nothing of the dice but the fee (coins, Grand Bazaar).
_PLAIN = frozenset(space for space in board.SPACES if space not in ("khan", "contracts", "travel"))
# What ``open_spaces`` asks of every space: (space, dice needed, card slot, its city).
_SPACE_INFO = {
    space: (space, needed, _SLOT_OF.get(space), board.CARD_SLOT_CITY.get(_SLOT_OF.get(space)))
    for space, needed in _NEEDED.items()
}


@lru_cache(maxsize=64)
def _space_info(spaces: tuple[str, ...]) -> tuple[tuple[tuple, ...], tuple[tuple, ...]]:
    """``_SPACE_INFO`` of each of ``spaces`` (the same few tuples are asked about), as
    (the spaces before the last card spaces, the last card spaces): the nine card spaces
    come last among the main spaces, and most are skipped at once (no post in the city)."""
    infos = tuple(_SPACE_INFO[space] for space in spaces)
    first = len(infos)
    while first and infos[first - 1][2] is not None:
        first -= 1
    return infos[:first], infos[first:]


def colour_placed(state: State, seat: int, space: str) -> bool:
    return _colour_in(state["spaces"][space], seat)


def _colour_in(placements: list[dict], seat: int) -> bool:
    for placement in placements:
        if placement["seat"] == seat:
            for kind, _ in placement["dice"]:
                if kind == "colour":
                    return True
    return False


def never_charges(space: str) -> bool:
    """Spaces that cost no fee however occupied: the money bag, the Khan's favor and the
    city cards."""
    return space in FREE_SPACES or board.card_slot(space) is not None


def fee(state: State, seat: int, space: str, low: int) -> int:
    if space in _NEVER_CHARGES or state["seats"][seat]["character"] == "berke":
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
    slot = _SLOT_OF.get(space)
    if slot:
        return (
            not state["spaces"][space]
            and has_post(state, seat, board.CARD_SLOT_CITY[slot])
            and cards.usable(state, seat, slot)
        )
    return True


def pick_options(
    state: State, seat: int, space: str, picked: list[list], only: tuple | None = None
) -> list[tuple[str, int]]:
    """The dice (kind, value) that may be picked next for ``space`` so that the placement
    can still be completed: the lowest value decides the fee and (mostly) the action, so
    a completion with the lowest remaining dice is the easiest one to afford. With
    ``only``, just the picks equal to it (whether a pick may be made)."""
    placements = state["spaces"][space]  # _open and pool, inlined
    slot = _SLOT_OF.get(space)
    if slot:
        if placements or not has_post(state, seat, board.CARD_SLOT_CITY[slot]):
            return []
    elif space == "khan" and len(placements) >= 4:
        return []
    seat_state = state["seats"][seat]
    hand = seat_state["dice"]
    if space != "bag" and placements and _colour_in(placements, seat):
        remaining = [die for die in hand if die[0] in COLOURLESS]
    else:
        remaining = list(hand)
    for kind, value in picked:
        take_out(remaining, kind, value)
    need = _NEEDED[space] - len(picked) - 1
    if len(remaining) - 1 < need:  # the dice left after any pick
        return []
    choices = _choices(remaining)
    if only is not None:
        try:
            choices = [only] if only in choices else []
        except TypeError:  # not hashable, so equal to no (kind, value) pick
            choices = []
    lowest_picked = min([value for _, value in picked], default=7)
    if need:
        # The dice still needed after this pick are the lowest of the rest (an unset die
        # counts as a 1): their lowest is the lowest die left unless this pick takes it
        # away (the rest lowest is then the second lowest of all).
        lowest, second = sorted([value or 1 for _, value in remaining])[:2]
        shown = {(kind, value) for kind, value in remaining if value}
    found: list[tuple[str, int]] = []
    ok_for: dict[int, bool] = {}  # space_ok by the lowest die: asked once for each value
    plain = space in _PLAIN
    if plain:  # space_ok there is only the fee: the lowest die, or nothing
        coins = seat_state["coins"]
        charged = bool(placements) and seat_state["character"] != "berke"
    for choice in choices:
        value = choice[1]
        low = value if value < lowest_picked else lowest_picked
        if need:
            # take_out takes a die showing the value, else an unset die (counted as 1)
            taken = value if choice in shown else 1
            rest_low = second if taken == lowest else lowest
            if rest_low < low:
                low = rest_low
        if plain:
            ok = coins >= (low if charged else 0)
        else:
            ok = ok_for.get(low)
            if ok is None:
                ok = ok_for[low] = space_ok(state, seat, space, low)
        if ok:
            found.append(choice)
    try:
        return sorted(found, key=_PICK_ORDER.__getitem__)
    except KeyError:  # a die of another kind or value than usual
        return sorted(found, key=_pick_order)


def _choices(dice: list[list]) -> set[tuple[str, int]]:
    """The distinct picks among ``dice``: a die's value, any value for an unset die."""
    found = set()
    for kind, value in dice:
        if value:
            found.add((kind, value))
        else:
            found.update(_ANY_VALUE[kind])
    return found


_ANY_VALUE = {kind: tuple((kind, value) for value in range(1, 7)) for kind in DIE_KINDS}


def _pick_order(choice: tuple[str, int]) -> tuple:
    return choice[0] != "colour", choice[0], choice[1]


# The same order for the usual picks, looked up instead of worked out.
_PICK_ORDER = {choice: _pick_order(choice) for choices in _ANY_VALUE.values() for choice in choices}


def available(state: State, seat: int, space: str) -> bool:
    """Whether the seat's dice can go on ``space`` at all: ``pick_options`` is not empty.

    Worked out without listing the options: the Khan's favor wants one die at least as
    high as the highest there (an unset die can show 6); everywhere else only the fee
    depends on the dice, and the lowest die makes it lowest, so the lowest die decides.
    """
    return bool(open_spaces(state, seat, (space,)))


def open_spaces(state: State, seat: int, spaces: tuple[str, ...]) -> list[str]:
    """The ``spaces`` the seat's dice can go on (``available``), asked for all at once:
    this is asked at almost every step, so what the spaces share is looked up once and
    each space asks only what decides it (``space_ok`` and ``pool``, worked out here)."""
    seat_state = state["seats"][seat]
    hand = seat_state["dice"]
    if not hand:
        return []  # every space takes a die at least
    placed = state["spaces"]
    posts = seat_state["posts"]
    coins = seat_state["coins"]
    berke = seat_state["character"] == "berke"
    lowest = min([value or 1 for _, value in hand])
    colourless: list[list] | None = None  # the dice left where the colour already is
    found = []
    others, last_cards = _space_info(spaces)
    for space, needed, slot, city in others:
        if slot is not None:
            if _card_open(state, seat, space, slot, city):
                found.append(space)
            continue
        placements = placed[space]
        remaining, low = hand, lowest
        if placements and _colour_in(placements, seat):
            if colourless is None:
                colourless = [die for die in hand if die[0] in COLOURLESS]
                colourless_low = min([value or 1 for _, value in colourless], default=0)
            remaining, low = colourless, colourless_low
        if len(remaining) < needed:
            continue
        if space in _PLAIN:  # space_ok there: only the fee, which is low or nothing
            if berke or not placements or coins >= low:
                found.append(space)
        elif space == "khan":
            if len(placements) < 4 and coins >= 0 and _khan_reached(placements, remaining):
                found.append(space)
        elif space_ok(state, seat, space, low):
            found.append(space)
    if posts:  # a card space needs a post in its city
        for space, _, slot, city in last_cards:
            if city in posts and _card_open(state, seat, space, slot, city):
                found.append(space)
    return found


def _card_open(state: State, seat: int, space: str, slot: str, city: str) -> bool:
    """``space_ok`` for a card space (the seat holds a die): one die on the empty space, in
    a city with the seat's post; no fee."""
    return (
        not state["spaces"][space]
        and city in state["seats"][seat]["posts"]
        and state["seats"][seat]["coins"] >= 0
        and cards.usable(state, seat, slot)
    )


def _khan_reached(placements: list[dict], dice: list[list]) -> bool:
    """Whether one of ``dice`` can go on the Khan's favor (``space_ok`` with each die): at
    least as high as the highest die there (``khan_floor``); an unset die can show 6."""
    floor = max([value for placement in placements for _, value in placement["dice"]], default=0)
    for _, value in dice:
        if (value or 6) >= floor:
            return True
    return False


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
