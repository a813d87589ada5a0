"""What the actions do to the state: marriages, camels, goods, sales, relationships, turn end."""

from __future__ import annotations

from ..contract import LogEntry, log
from ..decks import draw
from ..rng import randbelow
from . import board, data
from .state import (
    DEFAULT_SELL_MODE,
    State,
    hand_count,
    holder_of,
    is_member,
    members,
    related,
    sell_mode,
)


def _p(seat: int) -> str:
    return f"{{p{seat}}}"


def pay_from_supply(state: State, seat: int, amount: int) -> int:
    """The supply pays what it holds (it never runs dry with the coins of the box)."""
    paid = min(amount, state["supply"])
    state["supply"] -= paid
    state["seats"][seat]["money"] += paid
    return paid


# --- marrying ---------------------------------------------------------------------------------


def marry(state: State, seat: int, family: str) -> list[LogEntry]:
    seat_state = state["seats"][seat]
    stock = state["families"][family]
    portion = board.FAMILIES[family]["portion"]
    seat_state["money"] -= portion
    stock["treasury"] += portion
    stock["tiles"] -= 1
    seat_state["tiles"].append(family)
    name = board.family_name(family)
    entries = [
        log(
            f"{_p(seat)} married into the {name} family, paying {portion} Dirham into its treasury."
        )
    ]
    if state["players"] == 2 and state["bag"]:
        entries.append(_draw_from_bag(state, seat))
    if hand_count(seat_state) >= state["hand_limit"]:
        entries.append(log(f"{_p(seat)} is at the hand limit and draws no goods cards."))
        entries.extend(end_turn(state))
        return entries
    drawn = draw(state, data.CARDS_DRAWN_ON_MARRIAGE)
    seat_state["hand"].extend(drawn)
    for card in drawn:
        seat_state["sell"][str(card)] = DEFAULT_SELL_MODE
    state["drawn"] = len(drawn)
    state["discarded"] = 0
    state["step"] = "discard"
    names = ", ".join(board.goods_label(card) for card in drawn)
    entries.append(
        log(
            f"{_p(seat)} drew {len(drawn)} goods cards.",
            **{f"p{seat}": f"{_p(seat)} drew {names}."},
        )
    )
    if max_discards(state) == 0:  # only when the cards ran out: nothing left to choose
        entries.extend(end_turn(state))
    return entries


def _draw_from_bag(state: State, seat: int) -> LogEntry:
    """2 players: a tile from the bag goes to its domain if someone has married into that
    family (the marriage just made counts), else it leaves the game."""
    family = state["bag"].pop(randbelow(state, len(state["bag"])))
    name = board.family_name(family)
    if members(state, family):
        state["families"][family]["tiles"] += 1
        return log(f"{_p(seat)} drew a {name} tile from the bag; it goes to the {name} domain.")
    state["removed"].append(family)
    return log(
        f"{_p(seat)} drew a {name} tile from the bag; nobody has married into the "
        f"{name} family yet, so it leaves the game."
    )


def max_discards(state: State) -> int:
    return min(data.MAX_DISCARDS, max(0, state["drawn"] - 1))


def discard(state: State, seat: int, card: int) -> list[LogEntry]:
    seat_state = state["seats"][seat]
    seat_state["hand"].remove(card)
    seat_state["sell"].pop(str(card), None)
    state["discard"].append(card)
    state["discarded"] += 1
    entries = [
        log(
            f"{_p(seat)} discarded a goods card.",
            **{f"p{seat}": f"{_p(seat)} discarded {board.goods_label(card)}."},
        )
    ]
    if state["discarded"] >= max_discards(state):
        entries.extend(end_turn(state))
    return entries


# --- expanding ----------------------------------------------------------------------------------


def place_camel(state: State, seat: int, space: str) -> list[LogEntry]:
    family = state["family"]
    stock = state["families"][family]
    name = board.family_name(family)
    where = board.space_label(space)
    entries = []
    if state["placed"]:
        stock["treasury"] -= data.SECOND_CAMEL_COST
        state["supply"] += data.SECOND_CAMEL_COST
        entries.append(
            log(
                f"{_p(seat)} placed a second {name} camel on {where}, paying "
                f"{data.SECOND_CAMEL_COST} Dirham from the {name} treasury to the supply."
            )
        )
    else:
        entries.append(log(f"{_p(seat)} placed a {name} camel on {where}."))
    stock["camels"] -= 1
    occupants = state["camels"][space]
    occupants.append(family)
    state["placed"].append(space)
    kind = board.SPACES[space]["kind"]
    if kind == "goods" and len(occupants) == 1:
        entries.extend(_first_on_goods(state, seat, space, family))
    if board.is_land(space) and len(occupants) == 2:
        entries.extend(_meet(state, seat, family, occupants[0]))
    return entries


def _first_on_goods(state: State, seat: int, space: str, family: str) -> list[LogEntry]:
    number = board.SPACES[space]["number"]
    label = board.goods_label(number)
    state["goods_left"].remove(number)
    state["seats"][seat]["goods"].append(number)
    entries = [log(f"{_p(seat)} took the {label} goods marker.")]
    holder = holder_of(state, number)
    if holder is not None and wants_to_sell(state, holder, number, family):
        holder_state = state["seats"][holder]
        holder_state["hand"].remove(number)
        holder_state["sell"].pop(str(number), None)
        holder_state["sold"].append(number)
        paid = pay_from_supply(state, holder, data.SALE_PRICE)
        entries.append(log(f"{_p(holder)} sold the {label} goods card for {paid} Dirham."))
    # a kept card leaves no trace in the log: nobody may learn who holds it
    return entries


def wants_to_sell(state: State, holder: int, card: int, family: str) -> bool:
    """The holder's standing choice decides, so the game never pauses to ask."""
    mode = sell_mode(state, holder, card)
    if mode == "auto":
        return not is_member(state, holder, family)
    return mode == "sell"


def _meet(state: State, seat: int, active: str, passive: str) -> list[LogEntry]:
    """A camel joined another family's camel on land: a new relationship, the first time."""
    if related(state, active, passive):
        return []
    state["relations"].append(sorted([active, passive]))
    state["relations"].sort()
    first, second = board.family_name(active), board.family_name(passive)
    paid = []
    for member in range(state["players"]):
        bonus = 0
        # owning both tiles of a family (2 players) still pays the basic bonus once
        if is_member(state, member, active):
            bonus += data.ACTIVE_BONUS
        if is_member(state, member, passive):
            bonus += data.PASSIVE_BONUS
        if bonus:
            paid.append(f"{_p(member)} {pay_from_supply(state, member, bonus)}")
    taken = [take_marker(state, seat, family) for family in (active, passive)]
    text = f"First trade relationship between the {first} and {second} families."
    if paid:
        text += " Bonus in Dirham: " + ", ".join(paid) + "."
    taken_text = " and ".join(marker for marker in taken if marker)
    if taken_text:
        text += f" {_p(seat)} took {taken_text}."
    return [log(text)]


def take_marker(state: State, seat: int, family: str) -> str:
    """The top marker of the family's stack (dark green first); '' when none is left."""
    stock = state["families"][family]
    if stock["markers"] == 0:
        return ""
    colour = "green" if stock["markers"] == data.MARKERS_PER_FAMILY else "grey"
    stock["markers"] -= 1
    state["seats"][seat]["markers"].append([family, colour])
    shade = "dark green" if colour == "green" else "grey"
    return f"the {shade} {board.family_name(family)} marker"


# --- turn end -----------------------------------------------------------------------------------


def end_reason(state: State) -> str | None:
    """Both end conditions, checked after every turn, plus a game nobody can move in."""
    for key in board.FAMILY_ORDER:
        if state["families"][key]["markers"] == 0:
            return f"The {board.family_name(key)} family has established 5 trade relationships."
    if all(stock["markers"] < data.MARKERS_PER_FAMILY for stock in state["families"].values()):
        return "Every family has established a trade relationship."
    if state["passes"] >= state["players"]:
        return "Nobody could marry or expand for a whole round."
    return None


def end_turn(state: State, passed: bool = False) -> list[LogEntry]:
    state["passes"] = state["passes"] + 1 if passed else 0
    state["step"] = "turn"
    state["family"] = None
    state["placed"] = []
    state["drawn"] = 0
    state["discarded"] = 0
    state["turns"] += 1
    reason = end_reason(state)
    if reason:
        state["end"] = reason
        return [log(f"{reason} The game ends.")]
    state["active"] = (state["active"] + 1) % state["players"]
    if state["active"] == 0:
        state["round"] += 1
    return []
