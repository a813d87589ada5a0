"""Contracts: the six spaces on the board, the special pile, taking and completing them."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..contract import Action, LogEntry, log, say
from . import board, data
from .state import State, can_pay, gain, pay

MAX_ACTIVE = 2  # contract spaces on a player board


def draw_special(state: State) -> int | None:
    """The top card of the special pile (None when it is empty)."""
    if not state["special"]:
        return None
    if state["special_unseen"]:
        state["special_unseen"] -= 1
    return state["special"].pop(0)


def to_special(state: State, cards: list[int]) -> None:
    """Under the special pile (everybody saw these cards go, so they are no secret)."""
    state["special"].extend(cards)


def _label(number: int) -> str:
    cost, reward = board.CONTRACTS[number]
    return say(
        "contract {number} ({cost} -> {reward})",
        number=number,
        cost=board.amounts_text(cost),
        reward=board.amounts_text(reward),
    )


LABELS = tuple(_label(number) for number, _, _ in data.CONTRACTS)


def label(number: int) -> str:
    """'contract 41 (1 camel, 1 gold -> 3 camels, 2 VP)'."""
    return LABELS[number]


# --- the Contracts action ----------------------------------------------------------------------------
def begin(state: State, value: int) -> None:
    state["turn"]["step"] = "contracts"
    state["turn"]["contracts"] = {"value": value, "taken": [], "new": []}


def options(state: State, seat: int) -> list[Action]:
    """Take the contract at a position the die allows; a full player board makes room by
    discarding an older contract; positions 5 and 6 add coins or camels."""
    step = state["turn"]["contracts"]
    held = state["seats"][seat]["contracts"]
    older = [number for number in held if number not in step["new"]]
    found = []
    for position in range(1, min(step["value"], len(state["contracts"])) + 1):
        number = state["contracts"][position - 1]
        if number is None:  # taken in this action: the rest slide left afterwards
            continue
        discards = older if len(held) >= MAX_ACTIVE else [None]
        extra = data.CONTRACT_EXTRA.get(position, 0)
        for old in discards:
            for bonus in ("coins", "camels") if extra else (None,):
                found.append(_take_action(position, number, old, bonus, extra))
    if step["taken"]:
        found.append(_DONE)
    return found


_DONE = Action.make("done", label=say("Take no more contracts"))


@lru_cache(maxsize=4096)  # the same few offers come up again and again: made once each
def _take_action(
    position: int, number: int, old: int | None, bonus: str | None, extra: int
) -> Action:
    params: dict[str, Any] = {"position": position}
    contract = label(number)
    if old is not None:
        params["discard"] = old
    if bonus:
        params["bonus"] = bonus
        gift = board.counted(bonus, extra)
        if old is not None:
            text = say(
                "Take {contract}, discarding contract {old}, with {bonus}",
                contract=contract,
                old=old,
                bonus=gift,
            )
        else:
            text = say("Take {contract}, with {bonus}", contract=contract, bonus=gift)
    elif old is not None:
        text = say("Take {contract}, discarding contract {old}", contract=contract, old=old)
    else:
        text = say("Take {contract}", contract=contract)
    return Action.make("take_contract", label=text, **params)


def take(state: State, seat: int, action: Action) -> list[LogEntry]:
    step = state["turn"]["contracts"]
    seat_state = state["seats"][seat]
    position = action["position"]
    number = state["contracts"][position - 1]
    entries = []
    old = action.get("discard")
    if old is not None:
        seat_state["contracts"].remove(old)
        to_special(state, [old])
        entries.append(
            log(
                say(
                    "{player} discards contract {old} under the special pile.",
                    player=board.seat_tag(seat),
                    old=old,
                )
            )
        )
    seat_state["contracts"].append(number)
    state["contracts"][position - 1] = None
    step["taken"].append(position)
    step["new"].append(number)
    entries.append(
        log(say("{player} takes {contract}.", player=board.seat_tag(seat), contract=label(number)))
    )
    bonus = action.get("bonus")
    if bonus:
        gain(state, seat, bonus, data.CONTRACT_EXTRA[position])
    return entries


def finished(state: State) -> bool:
    step = state["turn"]["contracts"]
    reach = state["contracts"][: step["value"]]
    return len(step["taken"]) >= 2 or all(number is None for number in reach)


_EMPTY_SPACES = say("The contract spaces are empty: 2 contracts come from the special pile.")


def finish(state: State) -> list[LogEntry]:
    """Slide the rest to the left; an empty board gets 2 from the special pile."""
    state["contracts"] = [n for n in state["contracts"] if n is not None]
    state["turn"]["contracts"] = None
    entries = []
    if not state["contracts"]:
        for _ in range(data.SPECIAL_DRAW_WHEN_EMPTY):
            drawn = draw_special(state)
            if drawn is not None:
                state["contracts"].append(drawn)
        if state["contracts"]:
            entries.append(log(_EMPTY_SPACES))
    return entries


# --- completing ------------------------------------------------------------------------------------
def completable(state: State, seat: int) -> list[int]:
    seat_state = state["seats"][seat]
    return [n for n in seat_state["contracts"] if can_pay(seat_state, board.CONTRACTS[n][0])]


def complete(state: State, seat: int, number: int) -> tuple[list[LogEntry], dict[str, int]]:
    """Pay the contract's camels and goods and file it; returns the reward to grant."""
    seat_state = state["seats"][seat]
    cost, reward = board.CONTRACTS[number]
    for key, count in cost.items():
        pay(state, seat, key, count)
    seat_state["contracts"].remove(number)
    seat_state["done"].append(number)
    text = say(
        "{player} completes {contract}.", player=board.seat_tag(seat), contract=label(number)
    )
    return [log(text)], reward
