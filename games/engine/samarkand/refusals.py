"""Why an action is refused, in the rulebook's terms (``SamarkandRules.explain``).

Only refusals come here, so nothing is precomputed; every answer is a ``say`` message. A
turn is one action (marry or expand) taken in small steps: an action of another step is
refused by what the turn already is, an action of the current step by the rule it breaks.
"""

from __future__ import annotations

from typing import Any

from ..contract import Action, State, say, say_count
from . import board, data
from .state import DEFAULT_SELL_MODE, has_target

# --- the rules a family, a space or a card may break -------------------------------------------


def cannot_marry(state: State, seat: int, key: Any) -> str | None:
    """Why ``seat`` cannot marry into family ``key`` now (None: it can)."""
    if key not in board.FAMILIES:
        return say("There is no such family.")
    name = board.family_name(key)
    seat_state = state["seats"][seat]
    if state["families"][key]["tiles"] < 1:
        return say("No {family} family tile is left to marry.", family=name)
    if state["players"] != 2 and key in seat_state["tiles"]:
        return say(
            "You are already married into the {family} family: a player holds only 1 tile of "
            "each family.",
            family=name,
        )
    portion = board.FAMILIES[key]["portion"]
    if seat_state["money"] < portion:
        return say("You cannot afford the marriage portion of {portion} Dirham.", portion=portion)
    return None


def cannot_expand(state: State, seat: int, key: Any) -> str | None:
    """Why ``seat`` cannot expand family ``key``'s trading route now (None: it can)."""
    if key not in board.FAMILIES:
        return say("There is no such family.")
    name = board.family_name(key)
    if key not in state["seats"][seat]["tiles"]:
        return say(
            "You can only expand the routes of families you married into: you hold no "
            "{family} family tile.",
            family=name,
        )
    if state["families"][key]["camels"] < 1:
        return say("The {family} family has no camels left in its domain.", family=name)
    if not has_target(state, key):
        return say(
            "No space next to the {family} trading route is free: a space holds at most 2 "
            "camels, of different colours.",
            family=name,
        )
    return None


def cannot_place(state: State, space: Any) -> str:
    """Why the family being expanded cannot put its next camel on ``space``."""
    family = state["family"]
    if space not in board.SPACES:
        return say("There is no such space.")
    name = board.family_name(family)
    if state["placed"] and state["families"][family]["treasury"] < data.SECOND_CAMEL_COST:
        return say(
            "The {family} treasury is empty: its route grows by only 1 camel this turn.",
            family=name,
        )
    occupants = state["camels"][space]
    where = board.space_label(space)
    if family in occupants:
        return say(
            "The {family} family already has a camel on {space}: the camels on a space must be "
            "of different colours.",
            family=name,
            space=where,
        )
    if len(occupants) >= 2:
        return say("{space} is full: no more than 2 camels may occupy a space.", space=where)
    return say(
        "{space} is not next to the {family} trading route: a camel must go next to a camel "
        "of the same colour.",
        space=where,
        family=name,
    )


# --- what the turn already is ---------------------------------------------------------------------


def mid_turn(state: State) -> str:
    """The turn's action is chosen: what it is and what is left to do in it."""
    step = state["step"]
    if step == "marry":
        return say(
            "A turn is one action and you chose to marry: choose the family, or go back to "
            "choose again."
        )
    if step == "expand":
        return say(
            "A turn is one action and you chose to expand: choose the family, or go back to "
            "choose again."
        )
    if step == "place":
        name = board.family_name(state["family"])
        if state["placed"]:
            return say(
                "A turn is one action and you are expanding the {family} trading route: place "
                "its second camel or end your turn.",
                family=name,
            )
        return say(
            "A turn is one action and you are expanding the {family} trading route: place "
            "its first camel, or go back to choose again.",
            family=name,
        )
    return say(
        "A turn is one action and you married this turn: all that is left is to discard or "
        "keep the goods cards you drew."
    )


def _cannot_marry_at_all(state: State, seat: int) -> str:
    seat_state = state["seats"][seat]
    stocks = state["families"]
    left = [key for key in board.FAMILY_ORDER if stocks[key]["tiles"] >= 1]
    if not left:
        return say("You cannot marry: no family tile is left in any domain.")
    if state["players"] != 2:
        left = [key for key in left if key not in seat_state["tiles"]]
    if not left:
        return say(
            "You cannot marry: you already hold a tile of every family that has one left, and "
            "a player holds only 1 tile of each family."
        )
    return say(
        "You cannot marry: the cheapest marriage portion open to you is {portion} Dirham and "
        "you have {money}.",
        portion=min(board.FAMILIES[key]["portion"] for key in left),
        money=seat_state["money"],
    )


def _cannot_expand_at_all(state: State, seat: int) -> str:
    mine = [key for key in board.FAMILY_ORDER if key in state["seats"][seat]["tiles"]]
    if not mine:
        return say(
            "You cannot expand: only a family's members expand its trading route, and you "
            "have not married into a family yet."
        )
    stocks = state["families"]
    if all(stocks[key]["camels"] < 1 for key in mine):
        return say("You cannot expand: the families you married into have no camels left.")
    if all(stocks[key]["camels"] >= 1 for key in mine):
        return say(
            "You cannot expand: no space next to your families' trading routes is free (a "
            "space holds at most 2 camels, of different colours)."
        )
    return say(
        "You cannot expand: each family you married into has either no camel left or no free "
        "space next to its trading route."
    )


# --- each kind of action ----------------------------------------------------------------------------


def _pass(state: State, seat: int, action: Action) -> str:
    if state["step"] != "turn":
        return mid_turn(state)
    return say(
        "You cannot pass: every turn you must marry into a family or expand a trading route, "
        "and you can do one of them now."
    )


def _marry(state: State, seat: int, action: Action) -> str:
    if state["step"] != "turn":
        return mid_turn(state)
    return _cannot_marry_at_all(state, seat)


def _expand(state: State, seat: int, action: Action) -> str:
    if state["step"] != "turn":
        return mid_turn(state)
    return _cannot_expand_at_all(state, seat)


def _marry_family(state: State, seat: int, action: Action) -> str:
    step = state["step"]
    if step in ("turn", "marry"):
        reason = cannot_marry(state, seat, action.get("family"))
        if reason:
            return reason
    if step == "turn":
        return say("First choose to marry, then the family to marry into.")
    if step == "expand":
        return say("A turn is one action and you chose to expand: go back first to marry instead.")
    return mid_turn(state)


def _expand_family(state: State, seat: int, action: Action) -> str:
    step = state["step"]
    key = action.get("family")
    if step in ("turn", "expand"):
        reason = cannot_expand(state, seat, key)
        if reason:
            return reason
    if step == "turn":
        return say("First choose to expand, then the family whose trading route you expand.")
    if step == "marry":
        return say("A turn is one action and you chose to marry: go back first to expand instead.")
    if step == "place" and key != state["family"]:
        return say(
            "You are expanding the {family} trading route this turn: both camels of a turn "
            "belong to the same family.",
            family=board.family_name(state["family"]),
        )
    return mid_turn(state)


def _place(state: State, seat: int, action: Action) -> str:
    step = state["step"]
    if step == "place":
        return cannot_place(state, action.get("space"))
    if step == "turn":
        return say(
            "Camels are placed by expanding: first choose to expand a trading route, then the "
            "family."
        )
    if step == "expand":
        return say(
            "First choose the family whose trading route you expand: its camels go next to its own."
        )
    return mid_turn(state)


def _stop(state: State, seat: int, action: Action) -> str:
    if state["step"] == "place" and not state["placed"]:
        return say(
            "Expanding places at least 1 camel: place the first {family} camel, or go back to "
            "choose again.",
            family=board.family_name(state["family"]),
        )
    if state["step"] == "turn":
        return say(
            "You can end your turn with one camel only when expanding, after placing the "
            "first camel."
        )
    return mid_turn(state)


def _back(state: State, seat: int, action: Action) -> str:
    step = state["step"]
    if step == "turn":
        return say("There is nothing to go back from: you have not chosen to marry or expand yet.")
    if step == "place":
        return say(
            "The {family} camel you placed stays on the map: place a second one or end your turn.",
            family=board.family_name(state["family"]),
        )
    return say(
        "Your marriage is made and the goods cards are drawn, so it cannot be taken back: "
        "discard or keep cards."
    )


def _discard(state: State, seat: int, action: Action) -> str:
    if state["step"] != "discard":
        return say("Goods cards are discarded only right after marrying, when you draw them.")
    card = action.get("card")
    if card not in board.GOODS:
        return say("There is no such goods card.")
    if card in state["seats"][seat]["sold"]:
        return say(
            "You sold {card}: a sold card stays laid out in front of you and is never discarded.",
            card=board.goods_label(card),
        )
    return say("{card} is not in your hand.", card=board.goods_label(card))


def _keep_cards(state: State, seat: int, action: Action) -> str:
    if state["step"] != "discard":
        return say(
            "Goods cards are kept or discarded only right after marrying, when you draw them."
        )
    return say_count(
        state["hand_limit"],
        "You must get down to your hand limit of {n} card.",
        "You must get down to your hand limit of {n} cards.",
    )


def sell_choice(state: State, seat: int, action: Action) -> str:
    card = action.get("card")
    seat_state = state["seats"][seat]
    if card not in board.GOODS:
        return say("There is no such goods card.")
    name = board.goods_label(card)
    if card in seat_state["sold"]:
        return say("You already sold {card}: a sold card never goes back on your hand.", card=name)
    if card not in seat_state["hand"]:
        return say("{card} is not in your hand.", card=name)
    if card not in state["goods_left"]:
        return say(
            "The chance to sell {card} has passed: a card is sold only when the first camel "
            "reaches {space}, and one already has.",
            card=name,
            space=board.space_label(board.GOODS[card]),
        )
    if seat == state["active"] and state["step"] != "turn":
        return say(
            "Sell choices are changed at the start of your turn or during the others' turns, "
            "not in the middle of your own."
        )
    mode = seat_state["sell"].get(str(card), DEFAULT_SELL_MODE)
    if mode == "keep":
        return say("{card} is set to keep: the next choice is always sell.", card=name)
    if mode == "sell":
        return say(
            "{card} is set to always sell: the next choice is sell unless one of your "
            "families' camels arrives.",
            card=name,
        )
    return say(
        "{card} is set to sell unless one of your families' camels arrives: the next choice "
        "is keep.",
        card=name,
    )


# the reason for each action the active seat may send (sell choices are answered first)
BY_TYPE = {
    "pass": _pass,
    "marry": _marry,
    "expand": _expand,
    "marry_family": _marry_family,
    "expand_family": _expand_family,
    "place": _place,
    "stop": _stop,
    "back": _back,
    "discard": _discard,
    "keep_cards": _keep_cards,
}
