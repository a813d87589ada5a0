"""The free trade rule, on the generic deals (``games.engine.deals``).

Hand cards may change hands between any two players, by kind (nobody sees the other's
hand: outsiders learn only how many); goods may move between caravans on the same space
(caravans are public). Nothing is set aside while an offer is open: it is checked again on
acceptance and lapses by itself, with a log line, once the proposer's side or the caravans
make it impossible. If the recipient lacks the requested cards, accepting is simply not
among their choices. Offers stay open across turns (no epoch) and never make the game wait
for anybody; Silk Road has no standing orders.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..contract import Action, LogEntry, State, say, say_count, term
from ..deals import DealTerms, Term, open_count
from ..rng import LocalRng, randbelow
from . import data
from .state import add, as_list, capacity, holds, size, take


class _HandCards(Term):
    """Hand cards in an offer, in words a translation can say again."""

    def named(self, kinds: Sequence[str]) -> str:
        return data.listed([self.kind_label(kind) for kind in kinds])  # "Tea, Tea"

    def counted(self, count: int) -> str:
        return say_count(count, "{n} card", "{n} cards")


class _CaravanGoods(Term):
    """Goods from a caravan in an offer, in words a translation can say again."""

    def named(self, kinds: Sequence[str]) -> str:
        goods = data.listed([self.kind_label(kind) for kind in kinds])
        return say("{goods} from the caravan", goods=goods)

    def counted(self, count: int) -> str:
        return say_count(count, "{n} good", "{n} goods")


CARDS = _HandCards(
    "cards",
    term("Hand cards"),
    tuple((kind, data.NAMES[kind]) for kind in data.KINDS),
    hidden=True,
)
GOODS = _CaravanGoods(
    "goods",
    term("Goods from the caravan"),
    tuple((kind, data.NAMES[kind]) for kind in data.GOODS),
)
KINDS = (CARDS, GOODS)


def terms(state: State, seat: int) -> DealTerms | None:
    """What ``seat`` may propose now: its own cards and goods, any cards, others' goods."""
    if state["over"] is not None:
        return None
    others = tuple(other for other in range(state["players"]) if other != seat)
    any_cards = {kind: data.MAX_OFFER_CARDS for kind in data.KINDS}
    return DealTerms(
        partners=others,
        terms=KINDS,
        give={"cards": dict(state["hands"][seat]), "goods": dict(state["caravans"][seat])},
        get={
            other: {"cards": any_cards, "goods": dict(state["caravans"][other])} for other in others
        },
        max_items=data.MAX_OFFER_CARDS,
        open_count=open_count(state, seat),
        max_open=data.MAX_OPEN_OFFERS,
    )


def obstacle(state: State, deal: dict[str, Any], taker: int | None) -> str:
    """Why ``deal`` cannot be carried out now ('' when it can).

    Without a ``taker`` only what the proposer and the table can tell is checked: the
    recipient's hand is hidden from the proposer.
    """
    giver, other = deal["from"], deal["to"] if taker is None else taker
    give, get = deal["give"], deal["get"]
    if not holds(state["hands"][giver], give.get("cards", ())):
        return _NOT_YOUR_CARDS
    give_goods, get_goods = give.get("goods", []), get.get("goods", [])
    if give_goods or get_goods:
        if state["pos"][giver] != state["pos"][other]:
            return _NOT_TOGETHER
        if not holds(state["caravans"][giver], give_goods):
            return _NOT_YOUR_GOODS
        if not holds(state["caravans"][other], get_goods):
            return _NOT_THEIR_GOODS
        change = len(get_goods) - len(give_goods)
        if size(state["caravans"][giver]) + change > capacity(state, giver):
            return _YOURS_FULL
        if size(state["caravans"][other]) - change > capacity(state, other):
            return _THEIRS_FULL
    if taker is not None and not holds(state["hands"][taker], get.get("cards", ())):
        return _NOT_ASKED_CARDS
    return ""


# Why an offer cannot be carried out (each said once: ``obstacle`` runs after every step).
_NOT_YOUR_CARDS = say("You do not hold the cards you offer.")
_NOT_TOGETHER = say("Goods can only change hands between caravans on the same space.")
_NOT_YOUR_GOODS = say("Your caravan does not carry the goods you offer.")
_NOT_THEIR_GOODS = say("Their caravan does not carry the goods you ask for.")
_YOURS_FULL = say("Your caravan would be over its capacity.")
_THEIRS_FULL = say("Their caravan would be over its capacity.")
_NOT_ASKED_CARDS = say("You do not hold the cards that offer asks for.")


def execute(state: State, deal: dict[str, Any], taker: int, logs: list[LogEntry]) -> None:
    """Swap what the deal says; a hand that grew may have to shrink at its End phase."""
    giver, give, get = deal["from"], deal["give"], deal["get"]
    _move(state["hands"], giver, taker, give.get("cards", ()))
    _move(state["hands"], taker, giver, get.get("cards", ()))
    _move(state["caravans"], giver, taker, give.get("goods", ()))
    _move(state["caravans"], taker, giver, get.get("goods", ()))
    change = len(give.get("cards", ())) - len(get.get("cards", ()))
    if change:
        state["grown"][taker if change > 0 else giver] = True


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
    return Action.make(
        "offer",
        to=to,
        give_cards=give,
        get_cards=get,
        give_goods=give_goods,
        get_goods=get_goods,
    )


def _move(piles: list[dict[str, int]], source: int, target: int, kinds) -> None:
    for kind in kinds:
        take(piles[source], kind)
        add(piles[target], kind)
