"""What a main action under way is likely worth to the seat taking it (VP, for bots).

A one-step bot sees a chosen space or a picked die change nothing, so it would never start
a main action. ``in_progress`` gives such a half-made action the worth of its best
completion: the reward minus the fee, the dice spent and the coins and camels a trip costs.
Once the action is carried out the ordinary evaluation takes over.
"""

from __future__ import annotations

from . import board, cards, data, dice, travel
from .heuristics import (
    amounts_worth,
    city_bonus_worth,
    contract_worth,
    die_worth,
    place_worth,
    position_worth,
    worth,
)
from .state import State


def in_progress(state: State, seat: int) -> float:
    if state["seats"][seat]["pending"]:
        return 0.0
    current = state["turn"]
    step = current["step"]
    if step == "dice":
        return placement(state, seat, current["space"], current["picked"])
    if step == "column":
        return _best_column(state, seat, current["space"], current["column"])
    if step == "contracts":
        info = current["contracts"]
        if len(info["taken"]) >= 2:
            return 0.0
        return max(0.0, _best_contract(state, seat, info["value"]))
    if step == "travel":
        trip = current["travel"]
        return _trip(state, seat, trip["moves"], trip["most"], trip["moved"], 0)
    if step == "card":
        info = current["card"]
        return max(
            0.0, _card(state, seat, info["slot"], info["left"], info["trade"], info["cities"])
        )
    return 0.0


# --- choosing the dice ------------------------------------------------------------------------------
def placement(state: State, seat: int, space: str, picked: list[list]) -> float:
    """The best completion of a placement on ``space`` with ``picked`` dice already chosen."""
    need = board.dice_needed(space) - len(picked)
    remaining = dice.pool(state, seat, space)
    for kind, value in picked:
        dice.take_out(remaining, kind, value)
    lows = {value for _, value in remaining if value} | set(
        range(1, 7) if any(v == 0 for _, v in remaining) else ()
    )
    if picked:
        floor = min(value for _, value in picked)
        lows = {low for low in lows if low <= floor} | {floor}
    best = None
    for low in sorted(lows):
        used = _dice_for(remaining, picked, need, low)
        if used is None or not dice.space_ok(state, seat, space, low):
            continue
        fee = dice.fee(state, seat, space, low)
        value = _reward(state, seat, space, low, fee) - fee * worth(state, seat, "coins")
        value -= sum(die_worth(state, seat, v) for v in used)
        best = value if best is None else max(best, value)
    return best if best is not None else 0.0


def _dice_for(remaining: list[list], picked: list[list], need: int, low: int) -> list[int] | None:
    """The values of all dice used for a placement whose lowest die is ``low``: the picked
    ones and the smallest remaining dice of at least ``low`` (high dice are kept)."""
    values = sorted((v for _, v in remaining), key=lambda v: v or low)
    chosen = []
    if picked and min(v for _, v in picked) == low:
        pool = [v for v in values if (v or low) >= low]
    else:
        if need < 1:
            return None
        match = next((v for v in values if v == low), None)
        if match is None:
            match = next((v for v in values if v == 0), None)
        if match is None:
            return None
        values.remove(match)
        chosen.append(match)
        need -= 1
        pool = [v for v in values if (v or low) >= low]
    if len(pool) < need:
        return None
    return [v for _, v in picked] + chosen + pool[:need]


def _reward(state: State, seat: int, space: str, low: int, fee: int) -> float:
    if space == "coins":
        return data.TAKE_COINS * worth(state, seat, "coins")
    if space.startswith("bazaar-"):
        return _best_column(state, seat, space, low)
    if space == "khan":
        return amounts_worth(state, seat, data.items(data.KHAN_REWARD))
    if space == "contracts":
        return _best_contract(state, seat, low)
    if space == "travel":
        moved = [False] * len(state["seats"][seat]["figures"])
        return _trip(state, seat, 0, low, moved, fee)
    slot = board.card_slot(space)
    return _card(state, seat, slot, low, None, [])


def _best_column(state: State, seat: int, space: str, most: int) -> float:
    columns = data.BAZAAR[space[7:]][1][:most]
    return max(amounts_worth(state, seat, data.items(text)) for text in columns)


# --- contracts ---------------------------------------------------------------------------------------
def _best_contract(state: State, seat: int, most: int) -> float:
    held = state["seats"][seat]["contracts"]
    room = 0.0
    if len(held) >= 2:  # one of the old ones would go
        room = min(contract_worth(state, seat, n) for n in held)
    values = []
    for position, number in enumerate(state["contracts"][:most], start=1):
        if number is None:
            continue
        extra = data.CONTRACT_EXTRA.get(position, 0) * worth(state, seat, "coins")
        values.append(_new_contract(state, seat, number) + extra - room)
    return max(values, default=0.0)


def _new_contract(state: State, seat: int, number: int) -> float:
    return contract_worth(state, seat, number)


# --- travel ----------------------------------------------------------------------------------------
def _trip(state: State, seat: int, done: int, most: int, moved: list[bool], fee: int) -> float:
    """The best place to stop within the steps left, minus what getting there costs."""
    seat_state = state["seats"][seat]
    coin, camel = worth(state, seat, "coins"), worth(state, seat, "camels")
    best = None
    if done:  # stopping now
        best = sum(
            place_worth(state, seat, p)
            for p, m in zip(seat_state["figures"], moved, strict=True)
            if m
        )
        best -= coin * data.TRAVEL_COST[done]
    for start in set(seat_state["figures"]):
        here = position_worth(state, seat, start)
        frontier = {start: (0, 0)}  # place -> (coins, camels) of extra costs on the way
        for steps in range(done + 1, most + 1):
            nxt: dict[str, tuple[int, int]] = {}
            for place, (coins, camels) in frontier.items():
                for end in travel.destinations(state, seat, place):
                    extra = travel.extra_cost(state, seat, place, end)
                    total = (coins + extra.get("coins", 0), camels + extra.get("camels", 0))
                    if seat_state["coins"] < fee + data.TRAVEL_COST[steps] + total[0]:
                        continue
                    if seat_state["camels"] < total[1]:
                        continue
                    if end not in nxt or sum(total) < sum(nxt[end]):
                        nxt[end] = total
            for end, (coins, camels) in nxt.items():
                value = place_worth(state, seat, end) + position_worth(state, seat, end) - here
                value -= coin * (data.TRAVEL_COST[steps] + coins) + camel * camels
                best = value if best is None else max(best, value)
            frontier = nxt
    return best if best is not None else 0.0


# --- city cards ----------------------------------------------------------------------------------------
def _card(
    state: State, seat: int, slot: str, uses: int, trade: int | None, cities: list[str]
) -> float:
    spec = cards.spec(state, slot)
    kind = spec["kind"]
    seat_state = state["seats"][seat]
    if kind == "gain":
        return uses * amounts_worth(state, seat, data.items(spec["gain"]))
    if kind == "tier":
        amount = next(n for top, n in spec["tiers"] if uses <= top)
        return amount * worth(state, seat, spec["good"])
    if kind in ("per_post", "per_contract"):
        count = len(seat_state["posts"] if kind == "per_post" else seat_state["done"])
        return min(uses, count) * amounts_worth(state, seat, data.items(spec["gain"]))
    if kind in ("bonus", "paid_bonus"):
        if kind == "bonus" and trade is None and not cities:
            uses = next(n for top, n in spec["tiers"] if uses <= top)
        cost = worth(state, seat, "coins") if kind == "paid_bonus" else 0.0
        own = [c for c in seat_state["posts"] if c in data.SMALL_CITIES and c not in cities]
        values = sorted(
            (city_bonus_worth(state, seat, state["city_bonus"][c]) - cost for c in own),
            reverse=True,
        )
        return sum(v for v in values[:uses] if v > 0)
    best = None
    holdings = {key: seat_state[key] for key in data.RESOURCES}
    for index, (pay_text, gain_text) in enumerate(spec["trades"]):
        if trade is not None and index != trade:
            continue
        pay, gain = data.items(pay_text), data.items(gain_text)
        net = amounts_worth(state, seat, gain) - _pay_worth(state, seat, pay)
        count = _affordable(holdings, pay, uses, sum(seat_state["vp"].values()))
        if not count:
            continue
        value = net * count if net > 0 else net
        best = value if best is None else max(best, value)
    return best if best is not None else 0.0


def _pay_worth(state: State, seat: int, pay: dict[str, int]) -> float:
    cheapest = min(worth(state, seat, g) for g in data.GOODS)
    value = 0.0
    for key, count in pay.items():
        if key == "good":
            value += cheapest * count
        elif key == "2diff":
            value += 2 * cheapest * count
        else:
            value += worth(state, seat, key) * count
    return value


def _affordable(holdings: dict[str, int], pay: dict[str, int], most: int, vp: int) -> int:
    """How many times ``pay`` can be paid from ``holdings`` (up to ``most``)."""
    have = dict(holdings, vp=vp)
    goods = sum(have[g] for g in data.GOODS)
    for count in range(most):
        plain = {k: v for k, v in pay.items() if k not in ("good", "2diff")}
        if any(have[k] < v * (count + 1) for k, v in plain.items()):
            return count
        if "good" in pay and goods < count + 1:
            return count
        if "2diff" in pay and (
            goods < 2 * (count + 1) or sum(1 for g in data.GOODS if have[g]) < 2
        ):
            return count
    return most
