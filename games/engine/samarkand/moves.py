"""What the actions do to the state: marriages, camels, goods, sales, relationships, turn end."""

from __future__ import annotations

from functools import lru_cache

from ..contract import LogEntry, listed, listed_and, log, say, say_count
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
    entries = [_married(seat, family)]
    if state["players"] == 2 and state["bag"]:
        entries.append(_draw_from_bag(state, seat))
    if hand_count(seat_state) >= state["hand_limit"]:
        entries.append(_at_hand_limit(seat))
        entries.extend(end_turn(state))
        return entries
    drawn = draw(state, data.CARDS_DRAWN_ON_MARRIAGE)
    seat_state["hand"].extend(drawn)
    for card in drawn:
        seat_state["sell"][str(card)] = DEFAULT_SELL_MODE
    state["drawn"] = len(drawn)
    state["discarded"] = 0
    state["step"] = "discard"
    entries.append(_drew(seat, tuple(drawn)))
    if max_discards(state) == 0:  # only when the cards ran out: nothing left to choose
        entries.extend(end_turn(state))
    return entries


def _draw_from_bag(state: State, seat: int) -> LogEntry:
    """2 players: a tile from the bag goes to its domain if someone has married into that
    family (the marriage just made counts), else it leaves the game."""
    family = state["bag"].pop(randbelow(state, len(state["bag"])))
    name = board.family_name(family)
    an = board.takes_an(family)  # "an Indian tile"
    if members(state, family):
        state["families"][family]["tiles"] += 1
        if an:
            return log(
                say(
                    "{player} drew an {family} tile from the bag; it goes to the {family} domain.",
                    player=_p(seat),
                    family=name,
                )
            )
        return log(
            say(
                "{player} drew a {family} tile from the bag; it goes to the {family} domain.",
                player=_p(seat),
                family=name,
            )
        )
    state["removed"].append(family)
    if an:
        return log(
            say(
                "{player} drew an {family} tile from the bag; nobody has married into the "
                "{family} family yet, so it leaves the game.",
                player=_p(seat),
                family=name,
            )
        )
    return log(
        say(
            "{player} drew a {family} tile from the bag; nobody has married into the "
            "{family} family yet, so it leaves the game.",
            player=_p(seat),
            family=name,
        )
    )


def max_discards(state: State) -> int:
    return min(data.MAX_DISCARDS, max(0, state["drawn"] - 1))


def discard(state: State, seat: int, card: int) -> list[LogEntry]:
    seat_state = state["seats"][seat]
    seat_state["hand"].remove(card)
    seat_state["sell"].pop(str(card), None)
    state["discard"].append(card)
    state["discarded"] += 1
    entries = [_discarded(seat, card)]
    if state["discarded"] >= max_discards(state):
        entries.extend(end_turn(state))
    return entries


# --- expanding ----------------------------------------------------------------------------------


def place_camel(state: State, seat: int, space: str) -> list[LogEntry]:
    family = state["family"]
    stock = state["families"][family]
    second = bool(state["placed"])
    if second:
        stock["treasury"] -= data.SECOND_CAMEL_COST
        state["supply"] += data.SECOND_CAMEL_COST
    entries = [_placed(seat, family, space, second)]
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
    state["goods_left"].remove(number)
    state["seats"][seat]["goods"].append(number)
    entries = [_took_marker(seat, number)]
    holder = holder_of(state, number)
    if holder is not None and wants_to_sell(state, holder, number, family):
        holder_state = state["seats"][holder]
        holder_state["hand"].remove(number)
        holder_state["sell"].pop(str(number), None)
        holder_state["sold"].append(number)
        paid = pay_from_supply(state, holder, data.SALE_PRICE)
        entries.append(_sold(holder, number, paid))
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
            amount = pay_from_supply(state, member, bonus)
            paid.append(say("{player} {amount}", player=_p(member), amount=amount))
    taken = [take_marker(state, seat, family) for family in (active, passive)]
    taken = [marker for marker in taken if marker]
    names = {"first": first, "second": second}
    # one whole sentence for each combination of what happened
    if paid and taken:
        text = say(
            "First trade relationship between the {first} and {second} families. "
            "Bonus in Dirham: {bonus}. {player} took {markers}.",
            **names,
            bonus=listed(paid),
            player=_p(seat),
            markers=listed_and(taken),
        )
    elif paid:
        text = say(
            "First trade relationship between the {first} and {second} families. "
            "Bonus in Dirham: {bonus}.",
            **names,
            bonus=listed(paid),
        )
    elif taken:
        text = say(
            "First trade relationship between the {first} and {second} families. "
            "{player} took {markers}.",
            **names,
            player=_p(seat),
            markers=listed_and(taken),
        )
    else:
        text = say("First trade relationship between the {first} and {second} families.", **names)
    return [log(text)]


def take_marker(state: State, seat: int, family: str) -> str:
    """The top marker of the family's stack (dark green first); '' when none is left."""
    stock = state["families"][family]
    if stock["markers"] == 0:
        return ""
    colour = "green" if stock["markers"] == data.MARKERS_PER_FAMILY else "grey"
    stock["markers"] -= 1
    state["seats"][seat]["markers"].append([family, colour])
    name = board.family_name(family)
    if colour == "green":
        return say("the dark green {family} marker", family=name)
    return say("the grey {family} marker", family=name)


# --- turn end -----------------------------------------------------------------------------------


# Why a game ended. The state keeps the reason as plain English (``end``); ``said_end``
# says it again from there, as a message that can be translated.
_ALL_MARKERS = {
    key: say_count(
        data.MARKERS_PER_FAMILY,
        "The {family} family has established {n} trade relationship.",
        "The {family} family has established {n} trade relationships.",
        family=board.family_name(key),
    )
    for key in board.FAMILY_ORDER
}
_ALL_RELATED = say("Every family has established a trade relationship.")
_NOBODY_MOVED = say("Nobody could marry or expand for a whole round.")
_END_REASONS = {str(text): text for text in (*_ALL_MARKERS.values(), _ALL_RELATED, _NOBODY_MOVED)}


def end_reason(state: State) -> str | None:
    """Both end conditions, checked after every turn, plus a game nobody can move in."""
    for key in board.FAMILY_ORDER:
        if state["families"][key]["markers"] == 0:
            return _ALL_MARKERS[key]
    if all(stock["markers"] < data.MARKERS_PER_FAMILY for stock in state["families"].values()):
        return _ALL_RELATED
    if state["passes"] >= state["players"]:
        return _NOBODY_MOVED
    return None


def said_end(state: State) -> str | None:
    """The state's ending (plain English, or None) said again as a message; the stored
    English when it is not one of the reasons above."""
    end = state["end"]
    return _END_REASONS.get(end, end)


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
        state["end"] = str(reason)  # plain English: a state holds data, never a ``Said``
        return [log(say("{reason} The game ends.", reason=reason))]
    state["active"] = (state["active"] + 1) % state["players"]
    if state["active"] == 0:
        state["round"] += 1
    return []


# --- the log lines --------------------------------------------------------------------------
# The commonest lines, each said once: a log entry is never changed once made, so the same
# one is shared by every game that writes it.


@lru_cache(maxsize=1024)
def _married(seat: int, family: str) -> LogEntry:
    return log(
        say(
            "{player} married into the {family} family, paying {portion} Dirham into its treasury.",
            player=_p(seat),
            family=board.family_name(family),
            portion=board.FAMILIES[family]["portion"],
        )
    )


@lru_cache(maxsize=64)
def _at_hand_limit(seat: int) -> LogEntry:
    return log(say("{player} is at the hand limit and draws no goods cards.", player=_p(seat)))


@lru_cache(maxsize=4096)
def _drew(seat: int, drawn: tuple[int, ...]) -> LogEntry:
    """Everybody reads how many goods cards were drawn; the drawer reads which."""
    # "drew 1 goods cards" (when the deck runs low) is the English as it always was
    public = say_count(
        len(drawn),
        "{player} drew {n} goods cards.",
        "{player} drew {n} goods cards.",
        player=_p(seat),
    )
    names = listed([board.goods_label(card) for card in drawn]) if drawn else ""
    mine = say("{player} drew {cards}.", player=_p(seat), cards=names)
    return log(public, **{f"p{seat}": mine})


@lru_cache(maxsize=1024)
def _discarded(seat: int, card: int) -> LogEntry:
    return log(
        say("{player} discarded a goods card.", player=_p(seat)),
        **{
            f"p{seat}": say(
                "{player} discarded {card}.", player=_p(seat), card=board.goods_label(card)
            )
        },
    )


@lru_cache(maxsize=4096)
def _placed(seat: int, family: str, space: str, second: bool) -> LogEntry:
    name = board.family_name(family)
    where = board.space_label(space)
    if second:
        return log(
            say(
                "{player} placed a second {family} camel on {space}, paying {cost} Dirham "
                "from the {family} treasury to the supply.",
                player=_p(seat),
                family=name,
                space=where,
                cost=data.SECOND_CAMEL_COST,
            )
        )
    if board.takes_an(family):
        return log(
            say(
                "{player} placed an {family} camel on {space}.",
                player=_p(seat),
                family=name,
                space=where,
            )
        )
    return log(
        say(
            "{player} placed a {family} camel on {space}.",
            player=_p(seat),
            family=name,
            space=where,
        )
    )


@lru_cache(maxsize=1024)
def _took_marker(seat: int, number: int) -> LogEntry:
    return log(
        say(
            "{player} took the {good} goods marker.",
            player=_p(seat),
            good=board.goods_label(number),
        )
    )


@lru_cache(maxsize=1024)
def _sold(seat: int, number: int, paid: int) -> LogEntry:
    return log(
        say(
            "{player} sold the {good} goods card for {paid} Dirham.",
            player=_p(seat),
            good=board.goods_label(number),
            paid=paid,
        )
    )
