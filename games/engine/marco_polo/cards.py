"""City cards: one die on a card in a city where you have a trading post.

Cards that only give (coins per pip, goods by tier, per post, per contract) pay out at once.
The others are used one use at a time ("use" again or "done"), up to the die value: a use
pays and gains, choosing a good where the card says "of your choice"; a swap card keeps the
direction of its first use; a bonus card names a different city of yours each use.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

from ..contract import Action, LogEntry, log, say
from . import board, data, rewards
from .state import State, can_pay, pay

AUTOMATIC = frozenset({"gain", "tier", "per_post", "per_contract"})


def spec(state: State, slot: str) -> dict[str, Any]:
    return data.CITY_CARDS[state["cards"][slot]]


def _trades(card: dict[str, Any]) -> list[tuple[dict[str, int], dict[str, int]]]:
    return [(data.items(pay_text), data.items(gain_text)) for pay_text, gain_text in card["trades"]]


def _small_cities(state: State, seat: int) -> list[str]:
    return [city for city in state["seats"][seat]["posts"] if city in data.SMALL_CITIES]


def ways_to_pay(state: State, seat: int, cost: dict[str, int]) -> list[dict[str, Any]]:
    """The choices (params) with which ``cost`` can be paid; empty if it cannot."""
    seat_state = state["seats"][seat]
    plain = {k: v for k, v in cost.items() if k not in ("good", "2diff")}
    if not can_pay(seat_state, plain):
        return []
    if "good" in cost:
        return [{"good": g} for g in data.GOODS if seat_state[g] >= 1]
    if "2diff" in cost:
        return [
            {"goods": [a, b]}
            for a, b in combinations(data.GOODS, 2)
            if seat_state[a] and seat_state[b]
        ]
    return [{}]


def usable(state: State, seat: int, slot: str) -> bool:
    """At least one use is possible (a card must be used at least once)."""
    card = spec(state, slot)
    kind = card["kind"]
    if kind in AUTOMATIC:
        return True
    if kind == "bonus":
        return bool(_small_cities(state, seat))
    if kind == "paid_bonus":
        return bool(_small_cities(state, seat)) and state["seats"][seat]["coins"] >= 1
    return any(ways_to_pay(state, seat, cost) for cost, _ in _trades(card))


def _tier(tiers: tuple, value: int) -> int:
    return next(amount for top, amount in tiers if value <= top)


def begin(state: State, seat: int, slot: str, value: int) -> list[LogEntry]:
    """Use the card with a die of ``value``: pay out at once, or start the card's step."""
    card = spec(state, slot)
    kind = card["kind"]
    seat_state = state["seats"][seat]
    if kind in AUTOMATIC:
        if kind == "tier":
            amounts = {card["good"]: _tier(card["tiers"], value)}
        else:
            count = value
            if kind == "per_post":
                count = min(value, len(seat_state["posts"]))
            elif kind == "per_contract":
                count = min(value, len(seat_state["done"]))
            amounts = {key: n * count for key, n in data.items(card["gain"]).items()}
            amounts = {key: n for key, n in amounts.items() if n}
        return rewards.grant(state, seat, amounts, "cards")
    uses = _tier(card["tiers"], value) if kind == "bonus" else value
    state["turn"]["step"] = "card"
    state["turn"]["card"] = {"slot": slot, "left": uses, "used": 0, "trade": None, "cities": []}
    return []


def options(state: State, seat: int) -> list[Action]:
    step = state["turn"]["card"]
    card = spec(state, step["slot"])
    found = []
    if step["left"] > 0:
        if card["kind"] in ("bonus", "paid_bonus"):
            affordable = card["kind"] == "bonus" or state["seats"][seat]["coins"] >= 1
            for city in _small_cities(state, seat):
                if affordable and city not in step["cities"]:
                    paid = card["kind"] == "paid_bonus"
                    found.append(_bonus_action(paid, city, state["city_bonus"][city]))
        else:
            for index, (cost, reward) in enumerate(_trades(card)):
                if step["trade"] is not None and step["trade"] != index:
                    continue
                for way in ways_to_pay(state, seat, cost):
                    gains = [{"good": g} for g in data.GOODS] if "good" in reward else [{}]
                    for choice in gains:
                        params = {**way, **choice}
                        text = _trade_label(cost, reward, params)
                        found.append(Action.make("use", label=text, trade=index, **params))
    if step["used"]:
        found.append(_DONE)
    return found


_DONE = Action.make("done", label=say("Stop using the city card"))


@lru_cache(maxsize=256)
def _bonus_action(paid: bool, city: str, bonus: str) -> Action:
    """Take (or pay 1 coin for) the bonus of one of the seat's small cities."""
    if bonus == "any":
        shown = rewards.ANY_BONUS
    else:
        shown = board.amounts_text(data.items(data.CITY_BONUSES[bonus]))
    place = board.name(city)
    if paid:
        text = say("Pay 1 coin for the bonus of {city} ({bonus})", city=place, bonus=shown)
    else:
        text = say("Take the bonus of {city} ({bonus})", city=place, bonus=shown)
    return Action.make("use", label=text, city=city)


def _trade_label(cost: dict, reward: dict, params: dict) -> str:
    paid = {k: v for k, v in cost.items() if k not in ("good", "2diff")}
    if "good" in cost:
        paid[params["good"]] = 1
    for good in params.get("goods", []):
        paid[good] = 1
    got = {k: v for k, v in reward.items() if k != "good"}
    if "good" in reward:
        got[params["good"]] = got.get(params["good"], 0) + 1
    return _pay_for(tuple(paid.items()), tuple(got.items()))


@lru_cache(maxsize=1024)
def _pay_for(paid: tuple[tuple[str, int], ...], got: tuple[tuple[str, int], ...]) -> str:
    return say(
        "Pay {cost} for {gain}",
        cost=board.amounts_text(dict(paid)),
        gain=board.amounts_text(dict(got)),
    )


def use(state: State, seat: int, action: Action) -> list[LogEntry]:
    step = state["turn"]["card"]
    card = spec(state, step["slot"])
    step["left"] -= 1
    step["used"] += 1
    if card["kind"] in ("bonus", "paid_bonus"):
        city = action["city"]
        step["cities"].append(city)
        if card["kind"] == "paid_bonus":
            pay(state, seat, "coins", 1)
        text = say(
            "{player} takes the city bonus of {city}.",
            player=board.seat_tag(seat),
            city=board.name(city),
        )
        entries = [log(text)]
        return entries + rewards.city_bonus(state, seat, state["city_bonus"][city])
    index = action["trade"]
    step["trade"] = index
    cost, reward = _trades(card)[index]
    seat_state = state["seats"][seat]
    for key, count in cost.items():
        if key == "vp":
            seat_state["vp"]["cards"] -= count
        elif key == "good":
            pay(state, seat, action["good"], 1)
        elif key == "2diff":
            for good in action["goods"]:
                pay(state, seat, good, 1)
        else:
            pay(state, seat, key, count)
    if "good" in reward:
        reward = {k: v for k, v in reward.items() if k != "good"} | {action["good"]: 1}
    return rewards.grant(state, seat, reward, "cards")


def finished(state: State, seat: int) -> bool:
    """No use left, or none possible: the card action ends by itself."""
    return not [a for a in options(state, seat) if a.type == "use"]
