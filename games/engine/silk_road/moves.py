"""Carrying out the phase actions of the seat on turn (and the Bandit of its neighbour)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ..contract import Action, LogEntry, State, log, say, say_count
from . import data
from .choices import sellable
from .scoring import sale_value, win_reason
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
    goods, coins = data.number_of(count, NAMES[kind]), data.coins(count)
    logs.append(
        log(
            say(
                "{player} bought {goods} for {coins}.",
                player=seat_tag(seat),
                goods=goods,
                coins=coins,
            )
        )
    )


def trade_draw(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    take(state["hands"][seat], "trade")
    state["discard"].append("trade")
    drawn = draw_into_hand(state, seat, data.TRADE_DRAW)
    tag = seat_tag(seat)
    # "drew 1 cards" (when the deck runs out) is the English as it always was
    public = say_count(
        len(drawn),
        "{player} discarded Trade and drew {n} cards.",
        "{player} discarded Trade and drew {n} cards.",
        player=tag,
    )
    cards = data.card_names(drawn)
    mine = say("{player} discarded Trade and drew {cards}.", player=tag, cards=cards)
    logs.append(log(public, **private(seat, mine)))


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
    logs.append(_moved(seat, kind, state["pos"][seat]))


def guard(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    take(state["hands"][seat], "guard")
    state["discard"].append("guard")
    state["pos"][seat] += state["move_dir"]
    logs.append(_guarded(seat, state["pos"][seat]))
    end_travel(state)


def stop(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    end_travel(state)


def bandit(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    take(state["hands"][seat], "bandit")
    state["discard"].append("bandit")
    state["phase"] = "robbed"
    victim = seat_tag(state["turn"])
    logs.append(
        log(say("{player} played Bandits on {victim}.", player=seat_tag(seat), victim=victim))
    )


def negate(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    take(state["hands"][seat], "guard")
    state["discard"].append("guard")
    state["phase"] = "sell"
    logs.append(
        log(say("{player} played Guards and drove the Bandits off.", player=seat_tag(seat)))
    )


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
    tag, sold, coins = seat_tag(seat), data.counted(goods), data.coins(value)
    if trade:
        text = say(
            "{player} sold {goods} for {coins} (Trade on {good}).",
            player=tag,
            goods=sold,
            coins=coins,
            good=NAMES[trade],
        )
    else:
        text = say("{player} sold {goods} for {coins}.", player=tag, goods=sold, coins=coins)
    logs.append(log(text))
    state["phase"] = "end"
    if state["coins"][seat] >= data.TARGET:
        finish(state, [seat], win_reason(seat, state["coins"][seat]), logs)


def keep(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    logs.append(log(say("{player} kept the goods on the caravan.", player=seat_tag(seat))))
    state["phase"] = "end"


def discard(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    kind = action["card"]
    take(state["hands"][seat], kind)
    state["discard"].append(kind)
    logs.append(_discarded(seat, kind))


# The commonest log lines, each said once (a log entry is never changed once made).
@lru_cache(maxsize=1024)
def _moved(seat: int, kind: str, pos: int) -> LogEntry:
    return log(
        say(
            "{player} played {road} and moved to {place}.",
            player=seat_tag(seat),
            road=NAMES[kind],
            place=data.space_name(pos),
        )
    )


@lru_cache(maxsize=1024)
def _guarded(seat: int, pos: int) -> LogEntry:
    return log(
        say(
            "{player} played Guards to move 1 extra space, to {place}.",
            player=seat_tag(seat),
            place=data.space_name(pos),
        )
    )


@lru_cache(maxsize=1024)
def _discarded(seat: int, kind: str) -> LogEntry:
    return log(say("{player} discarded {card}.", player=seat_tag(seat), card=NAMES[kind]))


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
