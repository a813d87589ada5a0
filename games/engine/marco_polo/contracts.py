"""Contracts: the six spaces on the board, the special pile, taking and completing them."""

from __future__ import annotations

from typing import Any

from ..contract import Action, LogEntry, log
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


def label(number: int) -> str:
    cost, reward = board.CONTRACTS[number]
    return f"contract {number} ({board.amounts_text(cost)} -> {board.amounts_text(reward)})"


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
                params: dict[str, Any] = {"position": position}
                text = f"Take {label(number)}"
                if old is not None:
                    params["discard"] = old
                    text += f", discarding contract {old}"
                if bonus:
                    params["bonus"] = bonus
                    text += f", with {extra} {bonus if extra > 1 else bonus[:-1]}"
                found.append(Action.make("take_contract", label=text, **params))
    if step["taken"]:
        found.append(Action.make("done", label="Take no more contracts"))
    return found


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
        entries.append(log(f"{{p{seat}}} discards contract {old} under the special pile."))
    seat_state["contracts"].append(number)
    state["contracts"][position - 1] = None
    step["taken"].append(position)
    step["new"].append(number)
    entries.append(log(f"{{p{seat}}} takes {label(number)}."))
    bonus = action.get("bonus")
    if bonus:
        gain(state, seat, bonus, data.CONTRACT_EXTRA[position])
    return entries


def finished(state: State) -> bool:
    step = state["turn"]["contracts"]
    reach = state["contracts"][: step["value"]]
    return len(step["taken"]) >= 2 or all(number is None for number in reach)


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
            entries.append(
                log("The contract spaces are empty: 2 contracts come from the special pile.")
            )
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
    return [log(f"{{p{seat}}} completes {label(number)}.")], reward
