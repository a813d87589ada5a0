"""Build particular situations (rulebook examples, tests) from a fresh game.

Every helper moves pieces the way the game could have, so the playout checks still hold:
coins and goods come from the supply's ledger, contracts from wherever they lie, posts
from the seat's stock.
"""

from __future__ import annotations

from typing import Any

from ..contract import Action, LogEntry
from . import RULES, board, data, rounds, turn
from .state import State, assign_characters, clear_spaces, gain, new_game


def game(
    players: int = 3,
    characters: list[str | None] | None = None,
    seed: int = 1,
    expert: bool = False,
    dice: list[int] | None = None,
) -> State:
    """A game in round 1 at seat 0's turn; by default nobody has a character power and
    every die shows 3."""
    state = new_game(players, seed, expert)
    assign_characters(state, list(characters or [None] * players))
    for seat_state in state["seats"]:
        seat_state["goals"] = seat_state["goals"] or seat_state["goal_offer"][:2]
        state["goal_deck"] += seat_state["goal_offer"][2:]
        seat_state["goal_offer"] = []
    state["phase"] = "turns"
    for seat in range(players):
        set_dice(state, seat, dice or [3, 3, 3, 3, 3])
    turn.new_turn(state, 0)
    return state


def set_dice(state: State, seat: int, values: list[int], kind: str = "colour") -> State:
    """The seat's unplaced dice of ``kind`` become exactly ``values``."""
    seat_state = state["seats"][seat]
    others = [die for die in seat_state["dice"] if die[0] != kind]
    if kind == "black":
        state["black_pool"] += len(seat_state["dice"]) - len(others) - len(values)
    seat_state["dice"] = [[kind, value] for value in values] + others
    return state


def give(state: State, seat: int, **amounts: int) -> State:
    """Set the seat's holdings (``coins=5, camels=0``...), through the supply's ledger."""
    for key, count in amounts.items():
        if key == "vp":
            state["seats"][seat]["vp"]["cards"] += count - sum(state["seats"][seat]["vp"].values())
            continue
        gain(state, seat, key, count - state["seats"][seat][key])
    return state


def post(state: State, seat: int, *cities: str) -> State:
    """Posts already standing (as if placed long ago; no bonus now)."""
    seat_state = state["seats"][seat]
    for city in cities:
        seat_state["post_stock"] -= 1
        seat_state["posts"].append(city)
        if city == data.BEIJING:
            state["beijing"][state["beijing"].index(None)] = seat
    return state


def figure(state: State, seat: int, *places: str) -> State:
    state["seats"][seat]["figures"] = list(places)
    return state


def _take_contract(state: State, number: int) -> None:
    piles = [state["contracts"], state["special"], state["removed"], *state["piles"]]
    piles += [s["contracts"] for s in state["seats"]] + [s["done"] for s in state["seats"]]
    for pile in piles:
        if number in pile:
            if pile is state["special"] and pile.index(number) < state["special_unseen"]:
                state["special_unseen"] -= 1
            pile.remove(number)
            return
    raise ValueError(f"contract {number} is nowhere")


def board_contracts(state: State, numbers: list[int]) -> State:
    """The contract spaces show exactly ``numbers``; the old ones go to the special pile."""
    old = list(state["contracts"])
    state["contracts"] = []
    state["special"] += old
    for number in numbers:
        _take_contract(state, number)
    state["contracts"] = list(numbers)
    return state


def hold(state: State, seat: int, numbers: list[int], done: list[int] | None = None) -> State:
    """The seat's active (and completed) contracts become exactly these."""
    seat_state = state["seats"][seat]
    state["special"] += seat_state["contracts"] + seat_state["done"]
    seat_state["contracts"], seat_state["done"] = [], []
    for number in numbers + (done or []):
        _take_contract(state, number)
    seat_state["contracts"] = list(numbers)
    seat_state["done"] = list(done or [])
    return state


def special_top(state: State, numbers: list[int]) -> State:
    for number in numbers:
        _take_contract(state, number)
    state["special"][:0] = numbers
    return state


def card(state: State, slot: str, number: int) -> State:
    state["cards"][slot] = number
    return state


def card_of(kind: str, **spec: Any) -> int:
    """The first city card of ``kind`` matching ``spec`` (e.g. trades=(("2G", "4VP"),))."""
    for number, card_spec in enumerate(data.CITY_CARDS):
        if card_spec["kind"] == kind and all(card_spec.get(k) == v for k, v in spec.items()):
            return number
    raise ValueError(f"no {kind} card {spec}")


def occupy(state: State, space: str, seat: int = -1, values: tuple[int, ...] = (1,)) -> State:
    """Dice already on ``space`` (another seat's, or neutral ones)."""
    kind = "neutral" if seat < 0 else "colour"
    if seat >= 0:
        hand = state["seats"][seat]["dice"]
        for _ in values:
            hand.remove(next(die for die in hand if die[0] == "colour"))
    state["spaces"][space].append({"seat": seat, "dice": [[kind, v] for v in values]})
    return state


def reset_spaces(state: State) -> State:
    clear_spaces(state)
    return state


def finish_round(state: State) -> State:
    """Everybody is out of dice: the round ends and the next one starts (up to the first
    choice anybody must make)."""
    for seat_state in state["seats"]:
        seat_state["dice"] = []
    rounds.end_turn(state)
    rounds.advance(state)
    return state


def turn_of(state: State, seat: int) -> State:
    turn.new_turn(state, seat)
    return state


def play(
    state: State, seat: int, action_type: str, /, **params: Any
) -> tuple[State, list[LogEntry]]:
    return RULES.apply(state, seat, Action.make(action_type, **params))


def legal(state: State, seat: int, action_type: str | None = None) -> list[Action]:
    actions = RULES.legal_actions(state, seat)
    return [a for a in actions if action_type is None or a.type == action_type]


def legal_types(state: State, seat: int) -> set[str]:
    return {a.type for a in RULES.legal_actions(state, seat)}


def place(state: State, seat: int, space: str, *values: int, kind: str = "colour") -> State:
    """Choose ``space`` and pick dice of ``values`` (all of ``kind``)."""
    state, _ = play(state, seat, "space", space=space)
    for value in values:
        state, _ = play(state, seat, "die", kind=kind, value=value)
    return state


def space_name(space: str) -> str:
    return board.space_name(space)
