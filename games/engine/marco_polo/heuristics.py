"""A rough value of a position for one seat, for bots (``evaluate``).

Points now (the final scoring as it would stand) plus what holdings are likely to turn
into: goods and camels towards the active contracts, coins, the goal cities still open,
posts still to place. Later rounds leave less time to use holdings, so their worth fades.
"""

from __future__ import annotations

from . import board, data, scoring
from .state import State


def contract_progress(seat_state: dict, number: int) -> float:
    """The share of a contract's cost already in the warehouse (0-1)."""
    cost, _ = board.CONTRACTS[number]
    need = sum(cost.values())
    have = sum(min(seat_state[key], count) for key, count in cost.items())
    return have / need if need else 1.0


def evaluate(state: State, seat: int) -> float:
    seat_state = state["seats"][seat]
    value = float(scoring.total(state, seat))
    left = max(0, data.ROUNDS - state["round"]) + (0 if state["phase"] == "over" else 1)
    time = left / data.ROUNDS
    for number in seat_state["contracts"]:
        points = board.CONTRACTS[number][1].get("vp", 0)
        value += 0.6 * points * contract_progress(seat_state, number) * min(1.0, 0.4 + time)
    goods = sum(seat_state[g] for g in data.GOODS)
    value += time * (0.35 * goods + 0.25 * seat_state["camels"] + 0.08 * seat_state["coins"])
    # a post opens city cards and bonuses for the rounds left
    value += time * 1.5 * len(seat_state["posts"])
    value += 0.4 * len(seat_state["dice"]) if state["phase"] == "turns" else 0.0
    return value
