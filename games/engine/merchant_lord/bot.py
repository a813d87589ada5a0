"""A plain greedy player, used to measure how long sensible games last.

On its sell turn it looks for the sale that puts the most cards on the table (then earns
the most), playing it step by step; when nothing sells it changes a die or rerolls with
favours if that helps; it buys whenever it can afford a card.
"""

from __future__ import annotations

from itertools import product

from ..contract import Action, State
from . import actions, cards
from .state import SIDES, is_open, needed, side_stall, spare

#: Rough worth of a new stall's reward, in coins, to pick between equal placements.
WORTH = {
    cards.COIN1: 1,
    cards.COIN2: 2,
    cards.FAVOUR5: 2,
    cards.FREE_CARD: 4,
    cards.FREE_DIE: 3,
    cards.FREE_PLACE: 4,
}


def choose(state: State, seat: int) -> Action:
    legal = actions.legal(state, seat)
    by_type: dict[str, list[Action]] = {}
    for action in legal:
        by_type.setdefault(action.type, []).append(action)
    if state["phase"] == "buy":
        return (by_type.get("buy") or by_type["done"])[0]
    if state["free_places"]:
        return free_place(state, seat, by_type)
    plan = best_plan(state, seat)
    if not state["chosen"] and state["work"]["village"] is None:
        nudge = better_nudge(state, seat, plan, by_type)
        if nudge is not None:
            return nudge
        if plan is None:
            return reroll_step(state, seat, by_type)
    return follow(state, plan, by_type)


def free_place(state: State, seat: int, by_type: dict[str, list[Action]]) -> Action:
    if "place" in by_type:
        return by_type["place"][0]
    return by_type["choose"][0]


def plans(state: State, seat: int):
    """(score, owner, village, tucks) for every sale the seat's dice allow now."""
    me = state["seats"][seat]
    hand = sorted(set(me["hand"]))[:7]
    work = state["work"]["village"]
    for owner in range(state["players"]):
        for index in range(len(cards.VILLAGES)):
            village = state["seats"][owner]["villages"][index]
            if not is_open(village) or (work is not None and (owner, index) != (seat, work)):
                continue
            base = needed(state, owner, index)
            left = spare(me["dice"], base)
            if left is None:
                continue
            options = [()]
            if owner == seat:
                options = product(*[(None, *SIDES)] * len(hand)) if hand else [()]
            for option in options:
                tucks = [(c, s) for c, s in zip(hand, option, strict=False) if s]
                values = [side_stall(c, s)[0] for c, s in tucks]
                if spare(left, values) is None:
                    continue
                bonus = sum(WORTH[side_stall(c, s)[1]] for c, s in tucks)
                score = 100 * len(tucks) + bonus + (5 if owner == seat else 0)
                yield score, owner, index, tucks


def best_plan(state: State, seat: int):
    best = None
    for plan in plans(state, seat):
        if best is None or plan[0] > best[0]:
            best = plan
    return best


def follow(state: State, plan, by_type: dict[str, list[Action]]) -> Action:
    """The next step of ``plan``: pick a card side, tuck it, then sell."""
    if plan is None:
        return (by_type.get("unchoose") or by_type["cancel"])[0]
    _, owner, index, tucks = plan
    if state["chosen"]:
        for action in by_type.get("tuck", []):
            if action["village"] == index:
                return action
        return by_type["unchoose"][0]
    if tucks:
        card, side = tucks[0]
        for action in by_type["choose"]:
            if action["card"] == card and action["side"] == side:
                return action
    for action in by_type["sell"]:
        if action["owner"] == owner and action["village"] == index:
            return action
    raise AssertionError("the plan's sale is not listed")


def with_dice(state: State, seat: int, dice: list[int]) -> State:
    """A shallow copy of ``state`` where ``seat`` holds ``dice`` (for what-ifs)."""
    seats = list(state["seats"])
    seats[seat] = dict(seats[seat], dice=sorted(dice))
    return dict(state, seats=seats)


def better_nudge(state: State, seat: int, plan, by_type: dict[str, list[Action]]):
    """A die change worth 2 favours: one that lets a merchant card more onto the table."""
    tucks = len(plan[3]) if plan else -1
    best, best_tucks = None, tucks
    for action in by_type.get("nudge", []):
        dice = list(state["seats"][seat]["dice"])
        dice.remove(action["value"])
        trial = best_plan(with_dice(state, seat, dice + [action["to"]]), seat)
        if trial is not None and len(trial[3]) > best_tucks:
            best, best_tucks = action, len(trial[3])
    return best


def reroll_step(state: State, seat: int, by_type: dict[str, list[Action]]) -> Action:
    """Nothing sells: keep the dice nearest to one of its own villages, reroll the rest."""
    me = state["seats"][seat]
    if not me["dice"] or me["favours"] < cards.REROLL_COST + cards.NUDGE_COST:
        return by_type["end_turn"][0]
    keep: list[int] = []
    for index, village in enumerate(me["villages"]):
        if not is_open(village):
            continue
        match, rest = [], list(me["dice"])
        for value in needed(state, seat, index):
            if value in rest:
                rest.remove(value)
                match.append(value)
        if len(match) > len(keep):
            keep = match
    rest = list(me["dice"])
    for value in keep:
        rest.remove(value)
    marked = list(state["marked"])
    for value in rest:
        if value in marked:
            marked.remove(value)
        else:
            for action in by_type.get("mark", []):
                if action["value"] == value:
                    return action
    return by_type["reroll"][0] if "reroll" in by_type else by_type["end_turn"][0]


def play(rules, players: int, seed: int, max_actions: int = 5000) -> State:
    state = rules.setup(players, {}, seed)
    for _ in range(max_actions):
        if rules.outcome(state) is not None:
            break
        seat = rules.to_act(state)[0]
        state, _ = rules.apply(state, seat, choose(state, seat))
    return state
