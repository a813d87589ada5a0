"""Build particular situations (rulebook examples, tests, tutorials) from a fresh game.

Every helper moves pieces the way the game could have, so all counts stay conserved: tiles
come from the domain, camels from the family's stock, cards from wherever they are, money
from the supply.
"""

from __future__ import annotations

from . import board
from .state import DEFAULT_SELL_MODE, State, new_game


def game(players: int = 3, seed: int = 1) -> State:
    return new_game(players, seed)


def member(state: State, seat: int, family: str) -> State:
    """``seat`` owns a tile of ``family`` (its portion already in the treasury)."""
    portion = board.FAMILIES[family]["portion"]
    state["families"][family]["tiles"] -= 1
    state["families"][family]["treasury"] += portion
    state["supply"] -= portion
    state["seats"][seat]["tiles"].append(family)
    return state


def camel(state: State, family: str, space: str) -> State:
    """Put a camel on the map without any effect (as if it had arrived long ago)."""
    state["families"][family]["camels"] -= 1
    state["camels"][space].append(family)
    number = board.SPACES[space].get("number")
    if number in state["goods_left"]:  # somebody took the marker back then
        state["goods_left"].remove(number)
    return state


def _take_card(state: State, card: int) -> None:
    for pile in [state["deck"], state["discard"]] + [s["hand"] for s in state["seats"]]:
        if card in pile:
            pile.remove(card)
            for seat_state in state["seats"]:
                seat_state["sell"].pop(str(card), None)
            return
    raise ValueError(f"goods card {card} is not available")


def hand(state: State, seat: int, cards: list[int], mode: str = DEFAULT_SELL_MODE) -> State:
    """``seat``'s hand becomes exactly ``cards``; the old hand goes under the deck."""
    seat_state = state["seats"][seat]
    old = list(seat_state["hand"])
    seat_state["hand"].clear()
    seat_state["sell"].clear()
    for card in cards:
        _take_card(state, card)
    state["deck"][:0] = old
    seat_state["hand"].extend(cards)
    for card in cards:
        seat_state["sell"][str(card)] = mode
    return state


def deck_top(state: State, cards: list[int]) -> State:
    """The next cards drawn will be ``cards``, in this order."""
    for card in cards:
        _take_card(state, card)
    state["deck"].extend(reversed(cards))
    return state


def money(state: State, seat: int, amount: int) -> State:
    state["supply"] += state["seats"][seat]["money"] - amount
    state["seats"][seat]["money"] = amount
    return state


def treasury(state: State, family: str, amount: int) -> State:
    stock = state["families"][family]
    state["supply"] += stock["treasury"] - amount
    stock["treasury"] = amount
    return state


def turn(state: State, seat: int) -> State:
    state["active"] = seat
    state["step"] = "turn"
    return state


def space_of(name: str) -> str:
    """The id of the goods space called ``name`` (e.g. "Flax") or of a home town."""
    for space in board.SPACES.values():
        if space["name"] == name:
            return space["id"]
    raise KeyError(name)


def card_of(name: str) -> int:
    return board.SPACES[space_of(name)]["number"]


# --- playing through the rules (every step checked by ``apply``) -------------------------------


def play(state: State, seat: int, kind: str, **params) -> tuple[State, list]:
    from ..contract import Action
    from . import RULES

    return RULES.apply(state, seat, Action.make(kind, **params))


def marry(state: State, seat: int, family: str) -> tuple[State, list]:
    state, first = play(state, seat, "marry")
    state, second = play(state, seat, "marry_family", family=family)
    return state, first + second


def expand(state: State, seat: int, family: str, *spaces: str) -> tuple[State, list]:
    """Place camels on ``spaces`` (one or two); with one, end the turn if a second is allowed."""
    state, entries = play(state, seat, "expand")
    state, more = play(state, seat, "expand_family", family=family)
    entries += more
    for space in spaces:
        state, more = play(state, seat, "place", space=space)
        entries += more
    if len(spaces) == 1 and state["step"] == "place":
        state, more = play(state, seat, "stop")
        entries += more
    return state, entries


def legal_types(state: State, seat: int) -> set[str]:
    from . import RULES

    return {action.type for action in RULES.legal_actions(state, seat)}
