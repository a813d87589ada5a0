"""Helpers for Merchants of Araby tests: a table set up, then arranged card by card."""

from __future__ import annotations

from typing import Any

from games.engine.contract import Action, LogEntry, State
from games.engine.merchants_of_araby import RULES, data
from games.engine.merchants_of_araby.state import EMPTY


def table(players: int = 3, seed: int = 1, **options: str) -> State:
    """A fresh game, seat 0 to play with its caravan drawn, every hand emptied into the deck
    (bottom) and three coins a tent."""
    state = RULES.setup(players, options, seed)
    for seat in range(players):
        state["deck"][:0] = state["hands"][seat]
        state["hands"][seat] = []
    return state


def place(state: State, card: str, where: list[str]) -> None:
    """Move ``card`` from wherever it is into ``where`` (a hand, an entourage, the deck…)."""
    for pile in [
        state["deck"],
        state["discard"],
        state["draft"],
        *state["hands"],
        *state["entourage"],
    ]:
        if card in pile:
            pile.remove(card)
            break
    else:
        if card in state["box"]:
            state["box"].remove(card)
    where.append(card)


def hand(state: State, seat: int, *cards: str) -> None:
    for card in cards:
        place(state, card, state["hands"][seat])


def entourage(state: State, seat: int, *cards: str) -> None:
    """Seat's entourage becomes exactly ``cards`` (personas back to the box)."""
    for card in list(state["entourage"][seat]):
        state["entourage"][seat].remove(card)
        (state["box"] if card.startswith("p") else state["deck"]).append(card)
    for card in cards:
        place(state, card, state["entourage"][seat])
    state["tasked"][seat] = []


def on_top(state: State, card: str) -> None:
    place(state, card, state["deck"])


def caravan(state: State, owner: int, card: str, spaces: list[int]) -> None:
    """Give ``owner`` the caravan ``card`` with camels (seat numbers, -1 empty)."""
    old = state["caravans"][owner]
    if old is not None:
        for seat in old["spaces"]:
            if seat != EMPTY:
                state["camels"][seat] += 1
        if old["card"] != card:
            state["box"].append(old["card"])
    for stack in state["stacks"]:
        if card in stack:
            stack.remove(card)
    if card in state["box"]:
        state["box"].remove(card)
    state["caravans"][owner] = {"card": card, "spaces": list(spaces)}
    for seat in spaces:
        if seat != EMPTY:
            state["camels"][seat] -= 1


def act(state: State, seat: int, type: str, **params: Any) -> tuple[State, list[LogEntry]]:
    return RULES.apply(state, seat, Action.make(type, **params))


def types(state: State, seat: int) -> set[str]:
    return {action.type for action in RULES.legal_actions(state, seat)}


def space_of(card: str, product: str, taken: tuple[int, ...] = ()) -> int:
    """The first space (1-9) of caravan ``card`` asking for ``product``."""
    grid = data.GRIDS[card]
    return next(i + 1 for i in range(9) if grid[i] == product and i + 1 not in taken)
