"""A rough value of a position for one seat, in victory points, for bots (``evaluate``).

The final scoring as it would stand now, plus what holdings are likely to become: coins,
camels and goods towards contracts and travel, dice still to place this round, contracts
under way, posts whose city bonuses and cards keep paying, figures near cities worth a
post. Holdings fade towards their end value (1 VP per 10 coins, 1 per 2 goods only with a
post in Beijing) as the rounds run out. The one-step bots also need to see what a main
action half-way through is worth (a die picked, a column to choose, a trip under way):
``estimates.in_progress`` adds that for the seat whose turn it is (rules.evaluate).
"""

from __future__ import annotations

from . import board, data, scoring
from .state import State

# An unplaced die is at least worth the money bag's 3 coins; a higher one a little more.
DIE_PER_PIP = 0.05
POST_BASE = 2.0  # any post: towards the 8th/9th post, per-post cards, a stop on the way
CARD_PER_ROUND = 1.0  # a large city's card, usable each round left


def time_left(state: State) -> float:
    """1.0 in round 1 down to 0.2 in round 5; 0 once the game is over."""
    if state["phase"] == "over":
        return 0.0
    return (data.ROUNDS - state["round"] + 1) / data.ROUNDS


def rounds_after(state: State) -> int:
    return data.ROUNDS - state["round"]


def worth(state: State, seat: int, key: str) -> float:
    """What one coin, camel or good is worth to ``seat`` now (VP)."""
    t = time_left(state)
    if key == "coins":
        return 0.08 + 0.17 * t
    use = 0.5 + 0.5 * t  # goods and camels still complete contracts in the last round
    if key == "camels":
        return 0.4 * use
    if key == "vp":
        return 1.0
    # goods the active contracts ask for are worth more: see contract_worth
    end = 0.5 if seat in state["beijing"] else 0.0
    return max(end, 0.65 * use)


def amounts_worth(state: State, seat: int, amounts: dict[str, int]) -> float:
    """The worth of a reward (choices at their best, a free step and the like roughly)."""
    t = time_left(state)
    best_good = max(worth(state, seat, g) for g in data.GOODS)
    extra = {"good": best_good, "2diff": 2 * best_good, "move": 1.5 * t, "contract": 1.5 * t}
    extra["black"] = die_worth(state, seat, 4) if state["phase"] == "turns" else 0.0
    return sum(
        worth(state, seat, k) * n if k in worth_keys() else extra[k] * n for k, n in amounts.items()
    )


def worth_keys() -> frozenset[str]:
    return frozenset((*data.RESOURCES, "vp"))


def die_worth(state: State, seat: int, value: int) -> float:
    """Raschid's unset die (0) can show anything: it counts as a 6."""
    return data.MONEY_BAG * worth(state, seat, "coins") + DIE_PER_PIP * (value or 6)


def contract_worth(state: State, seat: int, number: int) -> float:
    """A contract held or to take: its net reward, more of it the less of its cost is
    missing (a fresh contract is a plan worth something already)."""
    seat_state = state["seats"][seat]
    cost, reward = board.CONTRACTS[number]
    need = sum(cost.values())
    have = sum(min(seat_state[key], count) for key, count in cost.items())
    paid = sum(worth(state, seat, key) * count for key, count in cost.items())
    gain = amounts_worth(state, seat, reward) - paid
    return max(0.0, gain) * (0.3 + 0.7 * have / need) * (0.5 + 0.5 * time_left(state))


def place_worth(state: State, seat: int, place: str) -> float:
    """What a post in ``place`` would add for ``seat`` (0 where no post can stand)."""
    seat_state = state["seats"][seat]
    if place not in board.CITIES or place in seat_state["posts"]:
        return 0.0
    later = rounds_after(state)
    value = POST_BASE
    goals = scoring.goal_cities(state, seat)
    if place in goals:
        reached = sum(1 for city in goals if city in seat_state["posts"])
        value += data.GOAL_CITY_POINTS[reached + 1] - data.GOAL_CITY_POINTS[reached]
        for goal in seat_state["goals"]:
            first, second, points = data.GOALS[goal]
            other = second if place == first else first if place == second else None
            if other is not None:
                value += points if other in seat_state["posts"] else 0.3 * points
    if place == data.BEIJING and None in state["beijing"]:
        value += data.BEIJING_POINTS[state["beijing"].index(None)]
    elif place in data.LARGE_CITIES:
        bonus = state["outposts"][place]
        value += amounts_worth(state, seat, data.items(data.OUTPOST_BONUSES[bonus])) if bonus else 0
        value += CARD_PER_ROUND * later  # the city card, each round
    elif place in data.SMALL_CITIES:
        value += city_bonus_worth(state, seat, state["city_bonus"][place]) * (1 + later)
    placed = len(seat_state["posts"]) + 1
    value += data.POST_BONUS_VP.get(placed, 0) if seat_state["post_stock"] else 0
    return value if seat_state["post_stock"] else 0.3 * value  # a post would have to move


def city_bonus_worth(state: State, seat: int, bonus: str) -> float:
    if bonus == "any":
        return max(city_bonus_worth(state, seat, b) for b in data.CITY_BONUSES if b != "any")
    return amounts_worth(state, seat, data.items(data.CITY_BONUSES[bonus]))


def position_worth(state: State, seat: int, place: str) -> float:
    """A figure's place: the best post within reach, halved for every step to it."""
    near = board.STEPS[place]
    best = 0.0
    for city in board.CITIES:
        value = place_worth(state, seat, city)
        if value:
            best = max(best, value * 0.5 ** (1 + near[city]))
    return best * time_left(state)


def evaluate(state: State, seat: int) -> float:
    """The position's worth without a main action under way (see estimates.in_progress)."""
    seat_state = state["seats"][seat]
    value = float(scoring.total(state, seat))
    if state["phase"] == "over":
        return value
    value -= seat_state["coins"] // data.COINS_PER_VP  # counted below as coins
    if seat in state["beijing"]:
        value -= sum(seat_state[g] for g in data.GOODS) // data.GOODS_PER_VP
    for key in data.RESOURCES:
        value += worth(state, seat, key) * seat_state[key]
    value += sum(contract_worth(state, seat, n) for n in seat_state["contracts"])
    later = rounds_after(state)
    for city in seat_state["posts"]:
        if city in data.SMALL_CITIES:
            value += city_bonus_worth(state, seat, state["city_bonus"][city]) * later
        elif city in data.LARGE_CITIES:
            value += CARD_PER_ROUND * later
    value += sum(position_worth(state, seat, place) for place in seat_state["figures"])
    if state["phase"] == "turns" and not seat_state["passed"]:
        value += sum(die_worth(state, seat, v) for _, v in seat_state["dice"])
    return value
