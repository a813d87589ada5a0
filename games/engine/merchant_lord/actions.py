"""Everything a seat may do now, as small listed steps with button labels.

A sale is one step because the stall values fix which dice go where; expanding a village
is "pick a card side from hand" then "tuck it at a village", repeated, then the sale.
Dice are named by value, never by identity: two 3s are interchangeable.
"""

from __future__ import annotations

from ..contract import Action, State
from . import cards
from .state import (
    SIDES,
    card_name,
    fits,
    is_open,
    needed,
    side_stall,
    side_text,
    spare,
    village_name,
)


def legal(state: State, seat: int) -> list[Action]:
    if state["phase"] == "over" or seat != state["turn"]:
        return []
    if state["phase"] == "buy":
        return buy_actions(state, seat)
    if state["free_places"]:
        return free_place_actions(state, seat)
    if state["chosen"]:
        return tuck_actions(state, seat) + [
            Action.make("unchoose", label="Put the card back in your hand")
        ]
    if state["work"]["village"] is not None:
        index = state["work"]["village"]
        return [
            sell_action(state, seat, seat, index),
            *choose_actions(state, seat),
            Action.make("cancel", label="Take the tucked cards back"),
        ]
    return [
        *sell_actions(state, seat),
        *choose_actions(state, seat),
        *favour_actions(state, seat),
        end_turn_action(state, seat),
    ]


def buy_actions(state: State, seat: int) -> list[Action]:
    actions = []
    if state["seats"][seat]["coins"] >= cards.CARD_COST:
        for card_id in sorted(set(state["row"])):
            actions.append(
                Action.make(
                    "buy",
                    label=f"Buy {card_name(card_id)} ({cards.CARD_COST} coins)",
                    card=card_id,
                )
            )
    actions.append(Action.make("done", label="Done buying"))
    return actions


def sellable(state: State, seat: int, owner: int, index: int) -> bool:
    village = state["seats"][owner]["villages"][index]
    work_village = state["work"]["village"]
    if work_village is not None and (owner != seat or index != work_village):
        return False
    return is_open(village) and fits(state["seats"][seat]["dice"], needed(state, owner, index))


def sell_actions(state: State, seat: int) -> list[Action]:
    return [
        sell_action(state, seat, owner, index)
        for owner in range(state["players"])
        for index in range(len(cards.VILLAGES))
        if sellable(state, seat, owner, index)
    ]


def whose(seat: int, owner: int) -> str:
    # Button labels are shown as they are (no name placeholders): players go by number.
    return "your" if owner == seat else f"player {owner + 1}'s"


def sell_action(state: State, seat: int, owner: int, index: int) -> Action:
    goods = "+".join(str(v) for v in needed(state, owner, index))
    tucked = len(state["work"]["left"]) + len(state["work"]["right"])
    extra = (
        f" and tuck {tucked} card{'s' if tucked > 1 else ''}" if owner == seat and tucked else ""
    )
    label = f"Sell {goods} at {whose(seat, owner)} {village_name(index)} village{extra}"
    return Action.make("sell", label=label, owner=owner, village=index)


def tuck_values(state: State, seat: int, index: int) -> set[int]:
    """Values of one more stall this village could take with the dice in hand now."""
    village = state["seats"][seat]["villages"][index]
    work_village = state["work"]["village"]
    if (work_village is not None and index != work_village) or not is_open(village):
        return set()
    left = spare(state["seats"][seat]["dice"], needed(state, seat, index))
    return set(left or ())


def choose_actions(state: State, seat: int, free: bool = False) -> list[Action]:
    """Card sides from hand that can go somewhere now (anywhere open, when free)."""
    fitting = set().union(*(tuck_values(state, seat, i) for i in range(len(cards.VILLAGES))))
    actions = []
    for card_id in sorted(set(state["seats"][seat]["hand"])):
        for side in SIDES:
            value, _ = side_stall(card_id, side)
            if free or value in fitting:
                actions.append(
                    Action.make(
                        "choose",
                        label=f"Pick {card_name(card_id)}, {side} side ({side_text(card_id, side)})",
                        card=card_id,
                        side=side,
                    )
                )
    return actions


def tuck_actions(state: State, seat: int) -> list[Action]:
    chosen = state["chosen"]
    value, _ = side_stall(chosen["card"], chosen["side"])
    return [
        Action.make(
            "tuck",
            label=f"Tuck it on the {chosen['side']} of your {village_name(i)} village",
            village=i,
        )
        for i in range(len(cards.VILLAGES))
        if value in tuck_values(state, seat, i)
    ]


def free_place_actions(state: State, seat: int) -> list[Action]:
    skip = Action.make("skip_free", label="Give up the free placement")
    if not state["chosen"]:
        return [*choose_actions(state, seat, free=True), skip]
    side = state["chosen"]["side"]
    villages = state["seats"][seat]["villages"]
    return [
        *(
            Action.make(
                "place",
                label=f"Place it free on the {side} of your {village_name(i)} village",
                village=i,
            )
            for i, village in enumerate(villages)
            if is_open(village)
        ),
        Action.make("unchoose", label="Put the card back in your hand"),
    ]


def favour_actions(state: State, seat: int) -> list[Action]:
    me = state["seats"][seat]
    dice, marked, favours = me["dice"], state["marked"], me["favours"]
    actions = []
    if favours >= cards.REROLL_COST:
        for value in sorted(set(dice)):
            if dice.count(value) > marked.count(value):
                actions.append(Action.make("mark", label=f"Mark a {value} to reroll", value=value))
        for value in sorted(set(marked)):
            actions.append(Action.make("unmark", label=f"Unmark a {value}", value=value))
        if marked:
            count = len(marked)
            actions.append(
                Action.make(
                    "reroll",
                    label=f"Reroll {count} marked {'die' if count == 1 else 'dice'} "
                    f"({cards.REROLL_COST} favour)",
                )
            )
    if favours >= cards.NUDGE_COST:
        for value in sorted(set(dice)):
            for to in sorted({value % 6 + 1, (value - 2) % 6 + 1}):
                actions.append(
                    Action.make(
                        "nudge",
                        label=f"Turn a {value} into a {to} ({cards.NUDGE_COST} favours)",
                        value=value,
                        to=to,
                    )
                )
    return actions


def end_turn_action(state: State, seat: int) -> Action:
    left = len(state["seats"][seat]["dice"])
    if not left:
        return Action.make("end_turn", label="End your turn")
    goods = "good" if left == 1 else "goods"
    return Action.make(
        "end_turn", label=f"End turn: {left} {goods} to the market (+{left} favours)"
    )
