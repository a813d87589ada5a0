"""Carrying out the phase actions of the seat on turn (and the Bandit of its neighbour)."""

from __future__ import annotations

from collections.abc import Callable

from ..contract import Action, LogEntry, State, log
from ..vocabulary import amount
from . import data
from .choices import sellable
from .scoring import sale_value
from .state import add, private, seat_tag, take
from .turn import draw_into_hand, end_travel, finish, lose_good

Handler = Callable[[State, int, Action, list[LogEntry]], None]
NAMES = data.NAMES


def buy(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    kind, count = action["good"], action["count"]
    take(state["hands"][seat], kind, count)
    add(state["caravans"][seat], kind, count)
    state["coins"][seat] -= count * data.GOOD_PRICE
    state["bought"] = kind
    logs.append(log(f"{seat_tag(seat)} bought {count} {NAMES[kind]} for {amount(count, 'coin')}."))


def trade_draw(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    take(state["hands"][seat], "trade")
    state["discard"].append("trade")
    drawn = draw_into_hand(state, seat, data.TRADE_DRAW)
    tag = seat_tag(seat)
    logs.append(
        log(
            f"{tag} discarded Trade and drew {len(drawn)} cards.",
            **private(seat, f"{tag} discarded Trade and drew {data.card_names(drawn)}."),
        )
    )


def pass_(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    """Done buying, or (the neighbour) letting the caravan pass unmolested."""
    state["phase"] = "travel" if state["phase"] == "buy" else "sell"


def road(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    kind = action["card"]
    step = data.TOWARD[action["toward"]]
    take(state["hands"][seat], kind)
    state["discard"].append(kind)
    state["move_dir"] = step
    state["move_kind"] = kind
    state["pos"][seat] += step
    where = data.space_name(state["pos"][seat])
    logs.append(log(f"{seat_tag(seat)} played {NAMES[kind]} and moved to {where}."))


def guard(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    take(state["hands"][seat], "guard")
    state["discard"].append("guard")
    state["pos"][seat] += state["move_dir"]
    where = data.space_name(state["pos"][seat])
    logs.append(log(f"{seat_tag(seat)} played Guards to move 1 extra space, to {where}."))
    end_travel(state)


def stop(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    end_travel(state)


def bandit(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    take(state["hands"][seat], "bandit")
    state["discard"].append("bandit")
    state["phase"] = "robbed"
    logs.append(log(f"{seat_tag(seat)} played Bandits on {seat_tag(state['turn'])}."))


def negate(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    take(state["hands"][seat], "guard")
    state["discard"].append("guard")
    state["phase"] = "sell"
    logs.append(log(f"{seat_tag(seat)} played Guards and drove the Bandits off."))


def lose(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    lose_good(state, seat, action["good"], logs)
    state["phase"] = "sell"


def sell(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    goods = sellable(state)
    trade = action.get("trade")
    value = sale_value(goods, trade, state["personality"][seat] == "merchant")
    caravan = state["caravans"][seat]
    for kind, count in goods.items():
        take(caravan, kind, count)
        state["discard"].extend([kind] * count)
    if trade:
        take(state["hands"][seat], "trade")
        state["discard"].append("trade")
    state["coins"][seat] += value
    tag = seat_tag(seat)
    how = f" (Trade on {NAMES[trade]})" if trade else ""
    logs.append(log(f"{tag} sold {data.counted(goods)} for {amount(value, 'coin')}{how}."))
    state["phase"] = "end"
    if state["coins"][seat] >= data.TARGET:
        finish(state, [seat], f"{tag} reached {state['coins'][seat]} coins and wins.", logs)


def keep(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    logs.append(log(f"{seat_tag(seat)} kept the goods on the caravan."))
    state["phase"] = "end"


def discard(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    kind = action["card"]
    take(state["hands"][seat], kind)
    state["discard"].append(kind)
    logs.append(log(f"{seat_tag(seat)} discarded {NAMES[kind]}."))


HANDLERS: dict[str, Handler] = {
    "buy": buy,
    "trade_draw": trade_draw,
    "pass": pass_,
    "road": road,
    "guard": guard,
    "stop": stop,
    "bandit": bandit,
    "negate": negate,
    "lose": lose,
    "sell": sell,
    "keep": keep,
    "discard": discard,
}
