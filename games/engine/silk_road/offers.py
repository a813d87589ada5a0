"""The free trade rule: offers of hand cards between any players, goods between caravans.

An offer names what the proposer gives and what it asks for, by card kind (nobody sees the
other's hand). Nothing is set aside while an offer is open: it is checked again on
acceptance and lapses by itself, with a log line, once the proposer's side or the caravans
(public) make it impossible. If the recipient lacks the requested cards, accepting is
simply not among their choices. Offers never make the game wait for anybody.
"""

from __future__ import annotations

from typing import Any

from ..contract import Action, LogEntry, State, log
from ..rng import LocalRng, randbelow
from . import data
from .state import add, as_list, capacity, holds, private, seat_tag, size, take

SIDES = ("give", "get", "give_goods", "get_goods")
_ALLOWED = {
    "give": data.KINDS,
    "get": data.KINDS,
    "give_goods": data.GOODS,
    "get_goods": data.GOODS,
}


def terms(state: State, seat: int) -> dict[str, Any] | None:
    """What ``seat`` may propose now: to whom, its own cards and goods, goods it may ask for."""
    if state["over"] is not None or _open_count(state, seat) >= data.MAX_OPEN_OFFERS:
        return None
    pos = state["pos"]
    return {
        "to": [other for other in range(state["players"]) if other != seat],
        "give": dict(state["hands"][seat]),
        "get": list(data.KINDS),
        "give_goods": dict(state["caravans"][seat]),
        "get_goods": {
            str(other): dict(state["caravans"][other])
            for other in range(state["players"])
            if other != seat and pos[other] == pos[seat]
        },
        "max_cards": data.MAX_OFFER_CARDS,
        "open_offers": _open_count(state, seat),
        "max_open_offers": data.MAX_OPEN_OFFERS,
    }


def proposal(state: State, seat: int, action: Action) -> tuple[dict[str, Any] | None, str]:
    """The offer record ``action`` proposes, or ``(None, reason it cannot be made)``."""
    if state["over"] is not None:
        return None, "The game is over."
    for key, _ in action.params:
        if key != "to" and key not in SIDES:
            return None, f"An offer has no field '{key}'."
    to = action.get("to")
    if type(to) is not int or not 0 <= to < state["players"] or to == seat:
        return None, "Choose another player to make the offer to."
    offer: dict[str, Any] = {"id": state["next_offer"], "from": seat, "to": to}
    for side in SIDES:
        kinds = action.get(side, ())
        if not isinstance(kinds, tuple) or len(kinds) > data.MAX_OFFER_CARDS:
            return None, f"'{side}' must be a list of at most {data.MAX_OFFER_CARDS} cards."
        if any(kind not in _ALLOWED[side] for kind in kinds):
            what = "goods" if side.endswith("goods") else "card kinds"
            return None, f"'{side}' must list {what} by name, e.g. \"tea\"."
        offer[side] = sorted(kinds, key=data.ORDER.__getitem__)
    if not any(offer[side] for side in SIDES):
        return None, "An offer must include at least one card or good."
    if _open_count(state, seat) >= data.MAX_OPEN_OFFERS:
        return None, f"You already have {data.MAX_OPEN_OFFERS} open offers; withdraw one first."
    reason = obstacle(state, offer)
    return (None, reason) if reason else (offer, "")


def obstacle(state: State, offer: dict[str, Any]) -> str:
    """Why ``offer`` cannot be carried out now as far as the proposer and the table can tell.

    The recipient's hand is not checked: the proposer cannot see it.
    """
    giver, taker = offer["from"], offer["to"]
    if not holds(state["hands"][giver], offer["give"]):
        return "You do not hold the cards you offer."
    if offer["give_goods"] or offer["get_goods"]:
        if state["pos"][giver] != state["pos"][taker]:
            return "Goods can only change hands between caravans on the same space."
        if not holds(state["caravans"][giver], offer["give_goods"]):
            return "Your caravan does not carry the goods you offer."
        if not holds(state["caravans"][taker], offer["get_goods"]):
            return "Their caravan does not carry the goods you ask for."
        change = len(offer["get_goods"]) - len(offer["give_goods"])
        if size(state["caravans"][giver]) + change > capacity(state, giver):
            return "Your caravan would be over its capacity."
        if size(state["caravans"][taker]) - change > capacity(state, taker):
            return "Their caravan would be over its capacity."
    return ""


def make(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    offer, reason = proposal(state, seat, action)
    if offer is None:
        raise ValueError(reason)
    state["offers"].append(offer)
    state["next_offer"] += 1
    text = f"{seat_tag(seat)} offered {seat_tag(offer['to'])} {_summary(offer)}."
    full = f"{seat_tag(seat)} offered {seat_tag(offer['to'])} {_details(offer)}."
    logs.append(log(text, **private(seat, full), **private(offer["to"], full)))


def responses(state: State, seat: int) -> list[Action]:
    """Accept/decline for offers made to ``seat``, withdraw for its own."""
    acts = []
    for offer in state["offers"]:
        number = offer["id"]
        params = (("offer", number),)
        if offer["to"] == seat:
            if holds(state["hands"][seat], offer["get"]):
                label = f"Accept offer {number}: {_details(offer, seat)}"
                acts.append(Action("accept", params, label))
            acts.append(Action("decline", params, f"Decline offer {number}"))
        elif offer["from"] == seat:
            acts.append(Action("withdraw", params, f"Withdraw offer {number}"))
    return acts


def accept(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    offer = _pop(state, action["offer"])
    giver, taker = offer["from"], seat
    _move(state["hands"], giver, taker, offer["give"])
    _move(state["hands"], taker, giver, offer["get"])
    _move(state["caravans"], giver, taker, offer["give_goods"])
    _move(state["caravans"], taker, giver, offer["get_goods"])
    change = len(offer["give"]) - len(offer["get"])
    if change:
        state["grown"][taker if change > 0 else giver] = True
    text = f"{seat_tag(taker)} accepted {seat_tag(giver)}'s offer: {_summary(offer)}."
    full = f"{seat_tag(taker)} accepted {seat_tag(giver)}'s offer: {_details(offer)}."
    logs.append(log(text, **private(giver, full), **private(taker, full)))


def decline(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    offer = _pop(state, action["offer"])
    logs.append(log(f"{seat_tag(seat)} declined {seat_tag(offer['from'])}'s offer."))


def withdraw(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    offer = _pop(state, action["offer"])
    logs.append(log(f"{seat_tag(seat)} withdrew the offer to {seat_tag(offer['to'])}."))


def void_stale(state: State, logs: list[LogEntry]) -> None:
    """Drop offers that can no longer be carried out, saying so in the log."""
    if not state["offers"]:
        return
    keep = []
    for offer in state["offers"]:
        reason = obstacle(state, offer)
        if not reason:
            keep.append(offer)
            continue
        giver, taker = seat_tag(offer["from"]), seat_tag(offer["to"])
        text = f"{giver}'s offer to {taker} lapsed: it can no longer be carried out."
        logs.append(log(text, **private(offer["from"], f"Your offer to {taker} lapsed: {reason}")))
    state["offers"] = keep


def visible(state: State, viewer: int | None) -> list[dict[str, Any]]:
    """Open offers as ``viewer`` may see them: both parties see the cards, others counts."""
    shown = []
    for offer in state["offers"]:
        party = viewer in (offer["from"], offer["to"])
        item: dict[str, Any] = {
            "id": offer["id"],
            "from": offer["from"],
            "to": offer["to"],
            "give_count": len(offer["give"]),
            "get_count": len(offer["get"]),
            "give_goods": offer["give_goods"],
            "get_goods": offer["get_goods"],
            "text": _details(offer, viewer) if party else _summary(offer),
        }
        if party:
            item["give"] = offer["give"]
            item["get"] = offer["get"]
        shown.append(item)
    return shown


def sample(state: State, seat: int, rng_seed: int) -> Action | None:
    """A random small offer from ``seat``, or None when it would not be valid."""
    if terms(state, seat) is None:
        return None
    chooser = LocalRng(rng_seed)
    others = [other for other in range(state["players"]) if other != seat]
    to = others[randbelow(chooser, len(others))]
    hand = as_list(state["hands"][seat])
    count = min(len(hand), randbelow(chooser, 3))
    give = [hand.pop(randbelow(chooser, len(hand))) for _ in range(count)]
    get = [data.KINDS[randbelow(chooser, len(data.KINDS))] for _ in range(randbelow(chooser, 3))]
    give_goods: list[str] = []
    get_goods: list[str] = []
    if state["pos"][to] == state["pos"][seat] and randbelow(chooser, 2):
        mine, theirs = as_list(state["caravans"][seat]), as_list(state["caravans"][to])
        if mine and randbelow(chooser, 2):
            give_goods.append(mine[randbelow(chooser, len(mine))])
        if theirs and randbelow(chooser, 2):
            get_goods.append(theirs[randbelow(chooser, len(theirs))])
    action = Action.make(
        "offer", to=to, give=give, get=get, give_goods=give_goods, get_goods=get_goods
    )
    offer, _ = proposal(state, seat, action)
    return action if offer is not None else None


def _open_count(state: State, seat: int) -> int:
    return sum(1 for offer in state["offers"] if offer["from"] == seat)


def _pop(state: State, number: int) -> dict[str, Any]:
    for index, offer in enumerate(state["offers"]):
        if offer["id"] == number:
            return state["offers"].pop(index)
    raise KeyError(number)


def _move(piles: list[dict[str, int]], source: int, target: int, kinds: list[str]) -> None:
    for kind in kinds:
        take(piles[source], kind)
        add(piles[target], kind)


def _sides(offer: dict[str, Any], full: bool) -> tuple[str, str]:
    """The proposer's side and the asked-for side in words; hand cards only counted unless
    ``full`` (goods are on public caravans, so they are always named)."""

    def side(cards: list[str], goods: list[str]) -> str:
        parts = []
        if cards:
            count = len(cards)
            parts.append(data.card_names(cards) if full else f"{count} card{'s' * (count != 1)}")
        if goods:
            parts.append(data.card_names(goods) + " from the caravan")
        return " and ".join(parts) or "nothing"

    return side(offer["give"], offer["give_goods"]), side(offer["get"], offer["get_goods"])


def _summary(offer: dict[str, Any]) -> str:
    """What everyone may know of an offer."""
    give, get = _sides(offer, full=False)
    return f"{give} for {get}"


def _details(offer: dict[str, Any], viewer: int | None = None) -> str:
    """The full terms, for the two parties; from the recipient's side when it is the viewer."""
    give, get = _sides(offer, full=True)
    if viewer == offer["to"]:
        return f"you get {give}, you give {get}"
    return f"{give} for {get}"
