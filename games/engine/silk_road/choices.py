"""What the seat on turn may choose in each phase, as listed actions.

Each function returns ``[]`` when the phase holds no decision, which is how ``turn.advance``
knows to move past it. This runs on every step of every game, so the actions whose labels
never change are built once, here, with their parameters in sorted key order (what
``Action.make`` would produce).
"""

from __future__ import annotations

from functools import lru_cache

from ..contract import Action, State, say, say_count
from . import data
from .scoring import sale_value
from .state import capacity, hand_limit, left_of, size

NAMES = data.NAMES
_MAX_CAPACITY = data.CAPACITY + data.MASTER_EXTRA_CAPACITY

BUY = {
    (kind, count): Action(
        "buy",
        (("count", count), ("good", kind)),
        say(
            "Buy {goods} ({coins})",
            goods=data.number_of(count, NAMES[kind]),
            coins=data.coins(count * data.GOOD_PRICE),
        ),
    )
    for kind in data.GOODS
    for count in range(1, _MAX_CAPACITY + 1)
}
TRADE_DRAW = Action("trade_draw", (), say("Discard Trade, draw {count}", count=data.TRADE_DRAW))
BUY_NOTHING = Action("pass", (), say("Buy nothing"))
DONE_BUYING = Action("pass", (), say("Done buying"))
ROAD_FIRST = {
    (kind, toward): Action(
        "road",
        (("card", kind), ("toward", toward)),
        say("{road}: 1 space toward {place}", road=NAMES[kind], place=data.TOWARD_NAMES[toward]),
    )
    for kind in data.ROADS
    for toward in data.TOWARD
}
ROAD_MORE = {
    (kind, toward): Action(
        "road", (("card", kind), ("toward", toward)), say("{road}: 1 more space", road=NAMES[kind])
    )
    for kind in data.ROADS
    for toward in data.TOWARD
}
GUARD = Action("guard", (), say("Guards: 1 extra space (ends travel)"))
STAY = Action("stop", (), say("Stay here"))
STOP = Action("stop", (), say("Stop here"))
BANDIT = Action("bandit", (), say("Play Bandits"))
LET_PASS = Action("pass", (), say("Let them pass"))
NEGATE = Action("negate", (), say("Guards: drive off the Bandits"))
LOSE = {
    kind: Action("lose", (("good", kind),), say("Lose 1 {good}", good=NAMES[kind]))
    for kind in data.GOODS
}
KEEP = Action("keep", (), say("Keep the goods"))
DISCARD = {
    kind: Action("discard", (("card", kind),), say("Discard {card}", card=NAMES[kind]))
    for kind in data.KINDS
}


def buy_choices(state: State) -> list[Action]:
    seat = state["turn"]
    pos = state["pos"][seat]
    if pos not in data.BUYS_AT:
        return []
    hand = state["hands"][seat]
    room = capacity(state, seat) - size(state["caravans"][seat])
    coins = state["coins"][seat] // data.GOOD_PRICE
    kinds = (state["bought"],) if state["bought"] else data.BUYS_AT[pos]
    acts = []
    for kind in kinds:
        if kind in hand:
            acts.extend(BUY[kind, count] for count in range(1, min(hand[kind], room, coins) + 1))
    if "trade" in hand and (state["deck"] or state["discard"]):
        acts.append(TRADE_DRAW)
    if acts:
        acts.append(DONE_BUYING if state["bought"] else BUY_NOTHING)
    return acts


def travel_choices(state: State) -> list[Action]:
    seat = state["turn"]
    pos = state["pos"][seat]
    hand = state["hands"][seat]
    direction = state["move_dir"]
    acts = []
    if not direction:
        for kind in data.ROADS:
            if kind in hand:
                if pos > data.ARABIA:
                    acts.append(ROAD_FIRST[kind, "arabia"])
                if pos < data.CHINA:
                    acts.append(ROAD_FIRST[kind, "china"])
        if acts:
            acts.append(STAY)
        return acts
    if 0 <= pos + direction < data.SPACES:
        kind = state["move_kind"]
        if kind in hand:
            acts.append(ROAD_MORE[kind, "arabia" if direction < 0 else "china"])
        if "guard" in hand:
            acts.append(GUARD)
    if acts:
        acts.append(STOP)
    return acts


def bandit_can_strike(state: State) -> bool:
    """The left neighbour holds Bandits and the caravan on turn has goods to lose."""
    seat = state["turn"]
    return (
        bool(state["caravans"][seat])
        and state["personality"][seat] != "captain"
        and "bandit" in state["hands"][left_of(state, seat)]
    )


def bandit_choices(state: State) -> list[Action]:
    if not bandit_can_strike(state):
        return []
    return [BANDIT, LET_PASS]


def robbed_choices(state: State) -> list[Action]:
    """Negate with Guards, or pick the good to lose; no choice when only one kind is left."""
    seat = state["turn"]
    caravan = state["caravans"][seat]
    has_guard = "guard" in state["hands"][seat]
    if not caravan or (len(caravan) == 1 and not has_guard):
        return []
    acts = [NEGATE] if has_guard else []
    acts.extend(LOSE[kind] for kind in data.GOODS if kind in caravan)
    return acts


def sellable(state: State) -> dict[str, int]:
    """The goods the caravan on turn could sell where it stands."""
    seat = state["turn"]
    kinds = data.SELLS_AT.get(state["pos"][seat], ())
    caravan = state["caravans"][seat]
    return {kind: caravan[kind] for kind in kinds if kind in caravan}


def sell_choices(state: State) -> list[Action]:
    goods = sellable(state)
    if not goods:
        return []
    seat = state["turn"]
    merchant = state["personality"][seat] == "merchant"
    count = sum(goods.values())
    acts = [Action("sell", (), _sell_label(count, sale_value(goods, None, merchant)))]
    if "trade" in state["hands"][seat]:
        for kind in goods:
            label = _sell_trade_label(kind, sale_value(goods, kind, merchant))
            acts.append(Action("sell", (("trade", kind),), label))
    acts.append(KEEP)
    return acts


# The few sale labels there are, each built once (this runs on every step of a sale).
@lru_cache(maxsize=256)
def _sell_label(count: int, value: int) -> str:
    goods = say_count(count, "{n} good", "{n} goods")
    return say("Sell {goods} for {coins}", goods=goods, coins=data.coins(value))


@lru_cache(maxsize=256)
def _sell_trade_label(kind: str, value: int) -> str:
    return say("Sell, Trade on {good}: {coins}", good=NAMES[kind], coins=data.coins(value))


def end_choices(state: State) -> list[Action]:
    seat = state["turn"]
    hand = state["hands"][seat]
    if size(hand) <= hand_limit(state, seat):
        return []
    return [DISCARD[kind] for kind in data.KINDS if kind in hand]


PHASE_CHOICES = {
    "buy": buy_choices,
    "travel": travel_choices,
    "bandit": bandit_choices,
    "robbed": robbed_choices,
    "sell": sell_choices,
    "end": end_choices,
}
