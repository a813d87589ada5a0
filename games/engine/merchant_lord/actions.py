"""Everything a seat may do now, as small listed steps with button labels.

A sale is one step because the stall values fix which dice go where; expanding a village
is "pick a card side from hand" then "tuck it at a village", repeated, then the sale.
Dice are named by value, never by identity: two 3s are interchangeable.

Actions are immutable and each label follows from the action's parameters and a few
numbers, so every action is made once (at import, or the first time it is needed) and the
same object is listed again whenever it is legal: listing is the engine's hot path.
"""

from __future__ import annotations

from ..contract import Action, State, say, say_count
from . import cards
from .state import (
    SIDES,
    STALL_COUNTS,
    STALL_VALUES,
    card_name,
    fits,
    is_open,
    needed,
    side_stall,
    side_text,
    spare,
    village_name,
    who,
)

_VILLAGE_INDEXES = range(len(cards.VILLAGES))
_SIDE_VALUE = {
    (card_id, side): side_stall(card_id, side)[0] for card_id in cards.MERCHANTS for side in SIDES
}

_DONE = Action.make("done", label=say("Done buying"))
_UNCHOOSE = Action.make("unchoose", label=say("Put the card back in your hand"))
_CANCEL = Action.make("cancel", label=say("Take the tucked cards back"))
_SKIP_FREE = Action.make("skip_free", label=say("Give up the free placement"))
_BUY = {
    card_id: Action.make(
        "buy",
        label=say(
            "Buy {card} ({coins})", card=card_name(card_id), coins=cards.coins(cards.CARD_COST)
        ),
        card=card_id,
    )
    for card_id in cards.MERCHANTS
}


def _choose_label(card_id: str, side: str) -> str:
    stall = side_text(card_id, side)
    if side == "left":
        return say("Pick {card}, left side ({stall})", card=card_name(card_id), stall=stall)
    return say("Pick {card}, right side ({stall})", card=card_name(card_id), stall=stall)


def _tuck_label(side: str, index: int) -> str:
    if side == "left":
        return say("Tuck it on the left of your {village} village", village=village_name(index))
    return say("Tuck it on the right of your {village} village", village=village_name(index))


def _place_label(side: str, index: int) -> str:
    village = village_name(index)
    if side == "left":
        return say("Place it free on the left of your {village} village", village=village)
    return say("Place it free on the right of your {village} village", village=village)


_CHOOSE = {
    (card_id, side): Action.make(
        "choose", label=_choose_label(card_id, side), card=card_id, side=side
    )
    for card_id in cards.MERCHANTS
    for side in SIDES
}
_TUCK = {
    (side, i): Action.make("tuck", label=_tuck_label(side, i), village=i)
    for side in SIDES
    for i in _VILLAGE_INDEXES
}
_PLACE = {
    (side, i): Action.make("place", label=_place_label(side, i), village=i)
    for side in SIDES
    for i in _VILLAGE_INDEXES
}
_MARK = {
    value: Action.make("mark", label=say("Mark a {value} to reroll", value=value), value=value)
    for value in range(1, 7)
}
_UNMARK = {
    value: Action.make("unmark", label=say("Unmark a {value}", value=value), value=value)
    for value in range(1, 7)
}
_NUDGE = {
    (value, to): Action.make(
        "nudge",
        label=say(
            "Turn a {value} into a {to} ({favours})",
            value=value,
            to=to,
            favours=cards.favours(cards.NUDGE_COST),
        ),
        value=value,
        to=to,
    )
    for value in range(1, 7)
    for to in (value % 6 + 1, (value - 2) % 6 + 1)
}
#: a die value -> the nudges of a die showing it, in the listed order
_NUDGES_OF = {
    value: tuple(_NUDGE[value, to] for to in sorted({value % 6 + 1, (value - 2) % 6 + 1}))
    for value in range(1, 7)
}
_REROLL: dict[int, Action] = {}  # marked dice -> the action, made when first needed
_END_TURN: dict[int, Action] = {}  # dice left -> the action, made when first needed
_SELL: dict[tuple, Action] = {}  # (owner, one's own?, village, values, tucked cards)


def legal(state: State, seat: int) -> list[Action]:
    if state["phase"] == "over" or seat != state["turn"]:
        return []
    if state["phase"] == "buy":
        return buy_actions(state, seat)
    if state["free_places"]:
        return free_place_actions(state, seat)
    if state["chosen"]:
        return tuck_actions(state, seat) + [_UNCHOOSE]
    if state["work"]["village"] is not None:
        index = state["work"]["village"]
        return [
            sell_action(state, seat, seat, index),
            *choose_actions(state, seat),
            _CANCEL,
        ]
    return [
        *sell_actions(state, seat),
        *choose_actions(state, seat),
        *favour_actions(state, seat),
        end_turn_action(state, seat),
    ]


def only_end_turn(state: State, seat: int) -> bool:
    """Whether ``legal(state, seat)`` is the end of the turn and nothing else (without
    listing anything): a seller with no sale, no card side to pick and no favour to use."""
    if state["phase"] != "sell" or seat != state["turn"]:
        return False
    if state["free_places"] or state["chosen"] or state["work"]["village"] is not None:
        return False  # these list "skip", "put back" or "take back" at least
    me = state["seats"][seat]
    dice, favours = me["dice"], me["favours"]
    # a die to mark or a mark to take back; a die to turn (mark, unmark: 1 favour, nudge: 2)
    if favours >= cards.REROLL_COST and (dice or state["marked"]):
        return False
    if favours >= cards.NUDGE_COST and dice:
        return False
    if any(
        sellable(state, seat, owner, index)
        for owner in range(state["players"])
        for index in _VILLAGE_INDEXES
    ):
        return False
    return not choose_actions(state, seat)


def buy_actions(state: State, seat: int) -> list[Action]:
    actions = []
    if state["seats"][seat]["coins"] >= cards.CARD_COST:
        actions = [_BUY[card_id] for card_id in sorted(set(state["row"]))]
    actions.append(_DONE)
    return actions


def sellable(state: State, seat: int, owner: int, index: int) -> bool:
    village = state["seats"][owner]["villages"][index]
    work_village = state["work"]["village"]
    if work_village is not None and (owner != seat or index != work_village):
        return False
    return is_open(village) and fits(state["seats"][seat]["dice"], needed(state, owner, index))


def sell_actions(state: State, seat: int) -> list[Action]:
    # ``sell_action`` for every ``sellable`` village, with ``needed`` worked out once each
    # and only for villages that pass two quick tests ``fits`` would fail anyway
    actions = []
    work_village = state["work"]["village"]
    dice = state["seats"][seat]["dice"]
    most = len(dice)
    for owner in range(state["players"]):
        villages = state["seats"][owner]["villages"]
        for index in _VILLAGE_INDEXES:
            if work_village is not None and (owner != seat or index != work_village):
                continue
            village = villages[index]
            if village["dice"]:  # closed
                continue
            if STALL_COUNTS[index] + len(village["left"]) + len(village["right"]) > most:
                continue  # more stalls than dice
            for value in STALL_VALUES[index]:
                if value not in dice:
                    break  # a stall of the village card itself stays empty
            else:
                values = needed(state, owner, index)
                if fits(dice, values):
                    actions.append(_sell(state, seat, owner, index, values))
    return actions


def sell_action(state: State, seat: int, owner: int, index: int) -> Action:
    return _sell(state, seat, owner, index, needed(state, owner, index))


def _sell(state: State, seat: int, owner: int, index: int, values: list[int]) -> Action:
    work = state["work"]
    tucked = len(work["left"]) + len(work["right"]) if owner == seat else 0
    key = (owner, owner == seat, index, tuple(values), tucked)
    action = _SELL.get(key)
    if action is None:
        label = _sell_label(seat, owner, index, values, tucked)
        action = Action.make("sell", label=label, owner=owner, village=index)
        if len(_SELL) < 100_000:  # a bound no real game comes near
            _SELL[key] = action
    return action


def _sell_label(seat: int, owner: int, index: int, values: list[int], tucked: int) -> str:
    """'Sell 1+3+6 at your 1-6 village and tuck 1 card', 'Sell 2+5 at {p1}'s 2-5 village':
    other players by name (the page fills ``{p1}`` in, as in the log). Cards are tucked
    only at one's own village (the sale that places them)."""
    goods = "+".join(str(v) for v in values)
    village = village_name(index)
    if owner != seat:
        return say(
            "Sell {goods} at {owner}'s {village} village",
            goods=goods,
            owner=who(owner),
            village=village,
        )
    if tucked:
        return say_count(
            tucked,
            "Sell {goods} at your {village} village and tuck {n} card",
            "Sell {goods} at your {village} village and tuck {n} cards",
            goods=goods,
            village=village,
        )
    return say("Sell {goods} at your {village} village", goods=goods, village=village)


def tuck_values(state: State, seat: int, index: int) -> set[int]:
    """Values of one more stall this village could take with the dice in hand now."""
    village = state["seats"][seat]["villages"][index]
    work_village = state["work"]["village"]
    if (work_village is not None and index != work_village) or not is_open(village):
        return set()
    dice = state["seats"][seat]["dice"]
    if STALL_COUNTS[index] + len(village["left"]) + len(village["right"]) >= len(dice):
        return set()  # no die would be left over for one more stall
    for value in STALL_VALUES[index]:
        if value not in dice:
            return set()  # a stall of the village card itself cannot be filled
    left = spare(state["seats"][seat]["dice"], needed(state, seat, index))
    return set(left or ())


def choose_actions(state: State, seat: int, free: bool = False) -> list[Action]:
    """Card sides from hand that can go somewhere now (anywhere open, when free)."""
    hand = state["seats"][seat]["hand"]
    if not hand:
        return []
    if free:
        return [_CHOOSE[card_id, side] for card_id in sorted(set(hand)) for side in SIDES]
    fitting = set().union(*(tuck_values(state, seat, i) for i in _VILLAGE_INDEXES))
    if not fitting:
        return []
    return [
        _CHOOSE[card_id, side]
        for card_id in sorted(set(hand))
        for side in SIDES
        if _SIDE_VALUE[card_id, side] in fitting
    ]


def tuck_actions(state: State, seat: int) -> list[Action]:
    chosen = state["chosen"]
    side = chosen["side"]
    value = _SIDE_VALUE[chosen["card"], side]
    return [_TUCK[side, i] for i in _VILLAGE_INDEXES if value in tuck_values(state, seat, i)]


def free_place_actions(state: State, seat: int) -> list[Action]:
    if not state["chosen"]:
        return [*choose_actions(state, seat, free=True), _SKIP_FREE]
    side = state["chosen"]["side"]
    villages = state["seats"][seat]["villages"]
    return [
        *(_PLACE[side, i] for i, village in enumerate(villages) if is_open(village)),
        _UNCHOOSE,
    ]


def favour_actions(state: State, seat: int) -> list[Action]:
    me = state["seats"][seat]
    dice, marked, favours = me["dice"], state["marked"], me["favours"]
    if favours < cards.REROLL_COST and favours < cards.NUDGE_COST:
        return []
    values = sorted(set(dice))
    actions = []
    if favours >= cards.REROLL_COST:
        if marked:
            for value in values:
                if dice.count(value) > marked.count(value):
                    actions.append(_MARK[value])
            actions += [_UNMARK[value] for value in sorted(set(marked))]
            actions.append(_reroll(len(marked)))
        else:
            actions += [_MARK[value] for value in values]
    if favours >= cards.NUDGE_COST:
        for value in values:
            actions += _NUDGES_OF[value]
    return actions


def _reroll(count: int) -> Action:
    action = _REROLL.get(count)
    if action is None:
        label = say_count(
            count,
            "Reroll {n} marked die ({favours})",
            "Reroll {n} marked dice ({favours})",
            favours=cards.favours(cards.REROLL_COST),
        )
        action = _REROLL[count] = Action.make("reroll", label=label)
    return action


def end_turn_action(state: State, seat: int) -> Action:
    left = len(state["seats"][seat]["dice"])
    action = _END_TURN.get(left)
    if action is None:
        if not left:
            label = say("End your turn")
        else:
            # "(+1 favours)" is the English as it always was
            label = say_count(
                left,
                "End turn: {n} good to the market (+{n} favours)",
                "End turn: {n} goods to the market (+{n} favours)",
            )
        action = Action.make("end_turn", label=label)
        _END_TURN[left] = action
    return action
