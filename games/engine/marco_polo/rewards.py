"""Rewards and the choices they bring: each seat's waiting list (``pending``).

A reward that needs no choice (coins, camels, goods, points) is paid at once. One that
does (a good of your choice, a free step, a contract from the special pile that would not
fit...) waits on the seat's list; the seat then answers it before doing anything else.
Waiting effects without a choice (placing a post, an outpost bonus, a black die) settle on
their own. During the round start everybody's list is answered at the same time.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from .. import rng
from ..contract import Action, LogEntry, log
from . import board, contracts, data, travel
from .state import State, character, gain, push

PAIRS = tuple(combinations(data.GOODS, 2))
AUTO = frozenset({"post", "outpost", "city_bonus", "contract_top", "black"})


def grant(state: State, seat: int, amounts: dict[str, int], source: str) -> list[LogEntry]:
    """Give ``amounts`` (see ``data.items``); VP are booked under ``source``."""
    seat_state = state["seats"][seat]
    waiting: list[dict[str, Any]] = []
    for key, count in amounts.items():
        if key in data.RESOURCES:
            gain(state, seat, key, count)
        elif key == "vp":
            seat_state["vp"][source] += count
        else:
            kind = {"good": "good", "2diff": "two_goods", "move": "move"}.get(key, key)
            kind = {"contract": "contract_top"}.get(kind, kind)
            waiting += [{"kind": kind} for _ in range(count)]
    push(state, seat, waiting)
    return [log(f"{{p{seat}}} receives {board.amounts_text(amounts)}.")] if amounts else []


def city_bonus(state: State, seat: int, bonus: str) -> list[LogEntry]:
    if bonus == "any":  # Xian's marker: choose one of the other city bonuses
        push(state, seat, [{"kind": "any_bonus"}])
        return []
    return grant(state, seat, data.items(data.CITY_BONUSES[bonus]), "bonuses")


def take_black_die(state: State, seat: int) -> list[LogEntry]:
    if state["black_pool"] < 1:
        return [log(f"No black die is left for {{p{seat}}}.")]
    state["black_pool"] -= 1
    value = 0 if character(state, seat) == "raschid" else rng.roll(state)
    state["seats"][seat]["dice"].append(["black", value])
    shown = f" and rolls a {value}" if value else ""
    return [log(f"{{p{seat}}} takes a black die{shown}.")]


# --- settling the waiting list -----------------------------------------------------------------
def settle(state: State, seat: int) -> list[LogEntry]:
    """Carry out every waiting effect at the head of the list that needs no choice."""
    entries: list[LogEntry] = []
    pending = state["seats"][seat]["pending"]
    while pending:
        head = pending[0]
        kind = head["kind"]
        if kind == "move" and not travel.free_steps(state, seat):
            pending.pop(0)  # a free step nobody can pay for is lost
            entries.append(log(f"{{p{seat}}} cannot use a free step."))
            continue
        if kind == "post" and not state["seats"][seat]["post_stock"]:
            if head["city"] not in state["seats"][seat]["posts"]:
                head["kind"] = "relocate"  # all posts placed: one must move instead
                continue
        if kind not in AUTO:
            break
        pending.pop(0)
        entries += _auto(state, seat, head)
    return entries


def _auto(state: State, seat: int, item: dict[str, Any]) -> list[LogEntry]:
    kind = item["kind"]
    if kind == "post":
        if item["city"] in state["seats"][seat]["posts"]:
            return []  # never two posts of one player in a city
        return travel.place_post(state, seat, item["city"])
    if kind == "outpost":
        bonus, state["outposts"][item["city"]] = state["outposts"][item["city"]], None
        name = board.name(item["city"])
        entries = [log(f"{{p{seat}}} is first in {name} and takes its outpost bonus.")]
        return entries + grant(state, seat, data.items(data.OUTPOST_BONUSES[bonus]), "bonuses")
    if kind == "city_bonus":
        return city_bonus(state, seat, item["bonus"])
    if kind == "black":
        return take_black_die(state, seat)
    # contract_top: the top of the special pile, if there is room for it
    drawn = contracts.draw_special(state)
    if drawn is None:
        return [log("The special contract pile is empty.")]
    held = state["seats"][seat]["contracts"]
    if len(held) < 2:
        held.append(drawn)
        return [log(f"{{p{seat}}} takes contract {drawn} from the special pile.")]
    push(state, seat, [{"kind": "special_contract", "contract": drawn}])
    return [log(f"{{p{seat}}} draws contract {drawn} from the special pile.")]


# --- choices ---------------------------------------------------------------------------------------
def _a(action_type: str, label: str, /, **params: Any) -> Action:
    return Action.make(action_type, label=label, **params)


def choices(state: State, seat: int) -> list[Action]:
    """The answers to the choice at the head of ``seat``'s waiting list."""
    seat_state = state["seats"][seat]
    item = seat_state["pending"][0]
    kind = item["kind"]
    if kind == "compensation":
        points = item["points"]
        return [
            _a("compensate", f"Compensation: {k} camel(s) and {points - k} coin(s)", camels=k)
            for k in range(points + 1)
        ]
    if kind == "good":
        return [_a("take_good", f"Take 1 {good}", good=good) for good in data.GOODS]
    if kind == "two_goods":
        return [_a("take_goods", f"Take 1 {a} and 1 {b}", goods=[a, b]) for a, b in PAIRS]
    if kind == "any_bonus":
        return [
            _a("choose_bonus", f"City bonus: {board.amounts_text(data.items(text))}", bonus=key)
            for key, text in data.CITY_BONUSES.items()
            if key != "any"
        ]
    if kind == "special_contract":
        new = item["contract"]
        return [
            _a("discard_contract", f"Discard contract {old} to keep contract {new}", contract=old)
            for old in seat_state["contracts"]
        ] + [_a("decline_contract", f"Put contract {new} under the special pile")]
    if kind == "move":
        return [
            _a(
                "step",
                _step_label(state, seat, figure, end, extra, "Free step"),
                figure=figure,
                to=end,
            )
            for figure, end, extra in travel.free_steps(state, seat)
        ] + [_a("skip_move", "Give up the free step")]
    if kind == "relocate":
        city = board.name(item["city"])
        return [
            _a("relocate_post", f"Move your post from {board.name(old)} to {city}", city=old)
            for old in seat_state["posts"]
        ]
    if kind == "goals":
        return [
            _a("keep_goals", f"Keep goals {goal_label(a)} and {goal_label(b)}", goals=[a, b])
            for a, b in combinations(seat_state["goal_offer"], 2)
        ]
    raise AssertionError(f"no choices for {kind}")


def _step_label(state: State, seat: int, figure: int, end: str, extra: dict, what: str) -> str:
    figures = state["seats"][seat]["figures"]
    who = f" with figure {figure + 1}" if len(figures) > 1 else ""
    cost = f" (pay {board.amounts_text(extra)})" if extra else ""
    return f"{what}{who}: {board.name(figures[figure])} to {board.name(end)}{cost}"


def goal_label(goal: int) -> str:
    first, second, points = data.GOALS[goal]
    return f"{board.name(first)}-{board.name(second)} ({points} VP)"


def resolve(state: State, seat: int, action: Action) -> list[LogEntry]:
    """Answer the choice at the head of the list (``action`` is one of ``choices``)."""
    seat_state = state["seats"][seat]
    item = seat_state["pending"].pop(0)
    kind = action.type
    if kind == "compensate":
        camels = action["camels"]
        gain(state, seat, "camels", camels)
        gain(state, seat, "coins", item["points"] - camels)
        return [
            log(
                f"{{p{seat}}} takes {camels} camel(s) and {item['points'] - camels} coin(s) as compensation."
            )
        ]
    if kind == "take_good":
        return grant(state, seat, {action["good"]: 1}, "bonuses")
    if kind == "take_goods":
        return grant(state, seat, {good: 1 for good in action["goods"]}, "bonuses")
    if kind == "choose_bonus":
        return city_bonus(state, seat, action["bonus"])
    if kind == "discard_contract":
        old = action["contract"]
        seat_state["contracts"].remove(old)
        seat_state["contracts"].append(item["contract"])
        contracts.to_special(state, [old])
        return [log(f"{{p{seat}}} discards contract {old} and keeps contract {item['contract']}.")]
    if kind == "decline_contract":
        contracts.to_special(state, [item["contract"]])
        return [log(f"{{p{seat}}} declines contract {item['contract']}.")]
    if kind == "step":
        return travel.take_free_step(state, seat, action["figure"], action["to"])
    if kind == "skip_move":
        return [log(f"{{p{seat}}} gives up a free step.")]
    if kind == "relocate_post":
        return travel.relocate_post(state, seat, action["city"], item["city"])
    if kind == "keep_goals":
        kept = sorted(action["goals"])
        seat_state["goals"] = kept
        state["goal_deck"] += [goal for goal in seat_state["goal_offer"] if goal not in kept]
        seat_state["goal_offer"] = []
        return [
            log(
                f"{{p{seat}}} keeps 2 goal cards.",
                **{f"p{seat}": f"You keep {', '.join(goal_label(g) for g in kept)}."},
            )
        ]
    raise AssertionError(f"unhandled choice {kind}")
