"""Rewards and the choices they bring: each seat's waiting list (``pending``).

A reward that needs no choice (coins, camels, goods, points) is paid at once. One that
does (a good of your choice, a free step, a contract from the special pile that would not
fit...) waits on the seat's list; the seat then answers it before doing anything else.
Waiting effects without a choice (placing a post, an outpost bonus, a black die) settle on
their own. During the round start everybody's list is answered at the same time.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

from .. import rng
from ..contract import Action, LogEntry, log, say
from . import board, contracts, data, travel
from .board import seat_tag
from .state import State, character, gain, push

PAIRS = tuple(combinations(data.GOODS, 2))
AUTO = frozenset({"post", "outpost", "city_bonus", "contract_top", "black"})
ANY_BONUS = say("another city's bonus")  # Xian's marker, as a label and the board name it


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
    return [_received(seat, tuple(amounts.items()))] if amounts else []


@lru_cache(maxsize=4096)  # the same few rewards come up again and again: said once each
def _received(seat: int, amounts: tuple[tuple[str, int], ...]) -> LogEntry:
    text = board.amounts_text(dict(amounts))
    return log(say("{player} receives {amounts}.", player=seat_tag(seat), amounts=text))


def city_bonus(state: State, seat: int, bonus: str) -> list[LogEntry]:
    if bonus == "any":  # Xian's marker: choose one of the other city bonuses
        push(state, seat, [{"kind": "any_bonus"}])
        return []
    return grant(state, seat, data.items(data.CITY_BONUSES[bonus]), "bonuses")


def take_black_die(state: State, seat: int) -> list[LogEntry]:
    if state["black_pool"] < 1:
        return [log(say("No black die is left for {player}.", player=seat_tag(seat)))]
    state["black_pool"] -= 1
    value = 0 if character(state, seat) == "raschid" else rng.roll(state)
    state["seats"][seat]["dice"].append(["black", value])
    if value:
        text = say(
            "{player} takes a black die and rolls a {value}.", player=seat_tag(seat), value=value
        )
    else:
        text = say("{player} takes a black die.", player=seat_tag(seat))
    return [log(text)]


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
            entries.append(log(say("{player} cannot use a free step.", player=seat_tag(seat))))
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
        text = say(
            "{player} is first in {city} and takes its outpost bonus.",
            player=seat_tag(seat),
            city=board.name(item["city"]),
        )
        entries = [log(text)]
        return entries + grant(state, seat, data.items(data.OUTPOST_BONUSES[bonus]), "bonuses")
    if kind == "city_bonus":
        return city_bonus(state, seat, item["bonus"])
    if kind == "black":
        return take_black_die(state, seat)
    # contract_top: the top of the special pile, if there is room for it
    drawn = contracts.draw_special(state)
    if drawn is None:
        return [log(_NO_SPECIAL)]
    held = state["seats"][seat]["contracts"]
    if len(held) < 2:
        held.append(drawn)
        text = say(
            "{player} takes contract {number} from the special pile.",
            player=seat_tag(seat),
            number=drawn,
        )
        return [log(text)]
    push(state, seat, [{"kind": "special_contract", "contract": drawn}])
    text = say(
        "{player} draws contract {number} from the special pile.",
        player=seat_tag(seat),
        number=drawn,
    )
    return [log(text)]


_NO_SPECIAL = say("The special contract pile is empty.")


# --- choices ---------------------------------------------------------------------------------------
def _a(action_type: str, label: str, /, **params: Any) -> Action:
    return Action.make(action_type, label=label, **params)


@lru_cache(maxsize=64)
def _compensations(points: int) -> tuple[Action, ...]:
    return tuple(
        _a(
            "compensate",
            say(
                "Compensation: {camels} camel(s) and {coins} coin(s)",
                camels=camels,
                coins=points - camels,
            ),
            camels=camels,
        )
        for camels in range(points + 1)
    )


_TAKE_GOOD = [
    _a("take_good", say("Take 1 {good}", good=data.RESOURCE_NAMES[good]), good=good)
    for good in data.GOODS
]
_TAKE_GOODS = [
    _a(
        "take_goods",
        say(
            "Take 1 {first} and 1 {second}",
            first=data.RESOURCE_NAMES[a],
            second=data.RESOURCE_NAMES[b],
        ),
        goods=[a, b],
    )
    for a, b in PAIRS
]
_CHOOSE_BONUS = [
    _a(
        "choose_bonus",
        say("City bonus: {bonus}", bonus=board.amounts_text(data.items(text))),
        bonus=key,
    )
    for key, text in data.CITY_BONUSES.items()
    if key != "any"
]
_SKIP_MOVE = _a("skip_move", say("Give up the free step"))


@lru_cache(maxsize=1024)
def _discard_contract(old: int, new: int) -> Action:
    text = say("Discard contract {old} to keep contract {new}", old=old, new=new)
    return _a("discard_contract", text, contract=old)


@lru_cache(maxsize=64)
def _decline_contract(new: int) -> Action:
    text = say("Put contract {new} under the special pile", new=new)
    return _a("decline_contract", text)


@lru_cache(maxsize=256)
def _relocate(old: str, city: str) -> Action:
    text = say("Move your post from {old} to {city}", old=board.name(old), city=board.name(city))
    return _a("relocate_post", text, city=old)


@lru_cache(maxsize=256)
def _keep_goals(first: int, second: int) -> Action:
    text = say(
        "Keep goals {first} and {second}", first=goal_label(first), second=goal_label(second)
    )
    return _a("keep_goals", text, goals=[first, second])


def choices(state: State, seat: int) -> list[Action]:
    """The answers to the choice at the head of ``seat``'s waiting list."""
    seat_state = state["seats"][seat]
    item = seat_state["pending"][0]
    kind = item["kind"]
    if kind == "compensation":
        return list(_compensations(item["points"]))
    if kind == "good":
        return list(_TAKE_GOOD)
    if kind == "two_goods":
        return list(_TAKE_GOODS)
    if kind == "any_bonus":
        return list(_CHOOSE_BONUS)
    if kind == "special_contract":
        new = item["contract"]
        return [_discard_contract(old, new) for old in seat_state["contracts"]] + [
            _decline_contract(new)
        ]
    if kind == "move":
        figures = seat_state["figures"]
        several = len(figures) > 1
        return [
            travel.step_action(figure, several, figures[figure], end, extra, free=True)
            for figure, end, extra in travel.free_steps(state, seat)
        ] + [_SKIP_MOVE]
    if kind == "relocate":
        return [_relocate(old, item["city"]) for old in seat_state["posts"]]
    if kind == "goals":
        return [_keep_goals(a, b) for a, b in combinations(seat_state["goal_offer"], 2)]
    raise AssertionError(f"no choices for {kind}")


def goal_label(goal: int) -> str:
    """'Moscow-Xian (4 VP)'."""
    return board.GOAL_LABELS[goal]


def resolve(state: State, seat: int, action: Action) -> list[LogEntry]:
    """Answer the choice at the head of the list (``action`` is one of ``choices``)."""
    seat_state = state["seats"][seat]
    item = seat_state["pending"].pop(0)
    kind = action.type
    if kind == "compensate":
        camels = action["camels"]
        gain(state, seat, "camels", camels)
        gain(state, seat, "coins", item["points"] - camels)
        text = say(
            "{player} takes {camels} camel(s) and {coins} coin(s) as compensation.",
            player=seat_tag(seat),
            camels=camels,
            coins=item["points"] - camels,
        )
        return [log(text)]
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
        text = say(
            "{player} discards contract {old} and keeps contract {new}.",
            player=seat_tag(seat),
            old=old,
            new=item["contract"],
        )
        return [log(text)]
    if kind == "decline_contract":
        contracts.to_special(state, [item["contract"]])
        text = say(
            "{player} declines contract {number}.", player=seat_tag(seat), number=item["contract"]
        )
        return [log(text)]
    if kind == "step":
        return travel.take_free_step(state, seat, action["figure"], action["to"])
    if kind == "skip_move":
        return [log(say("{player} gives up a free step.", player=seat_tag(seat)))]
    if kind == "relocate_post":
        return travel.relocate_post(state, seat, action["city"], item["city"])
    if kind == "keep_goals":
        kept = sorted(action["goals"])
        seat_state["goals"] = kept
        state["goal_deck"] += [goal for goal in seat_state["goal_offer"] if goal not in kept]
        seat_state["goal_offer"] = []
        public = say("{player} keeps 2 goal cards.", player=seat_tag(seat))
        mine = say("You keep {goals}.", goals=board.listed([goal_label(g) for g in kept]))
        return [log(public, **{f"p{seat}": mine})]
    raise AssertionError(f"unhandled choice {kind}")
