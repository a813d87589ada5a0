"""Victory points: those scored during play (kept by source) and the final scoring."""

from __future__ import annotations

from ..contract import Outcome, SeatScore, rank_scores
from . import data
from .state import State, goods_count


def goal_cities(state: State, seat: int) -> list[str]:
    seat_state = state["seats"][seat]
    cities = []
    for goal in seat_state["goals"]:
        for city in data.GOALS[goal][:2]:
            if city not in cities:
                cities.append(city)
    return cities


def most_contracts(state: State, seat: int) -> bool:
    """DECISION: the 7 points need at least one completed contract (ties all score)."""
    counts = [len(s["done"]) for s in state["seats"]]
    return counts[seat] > 0 and counts[seat] == max(counts)


def beijing_points(state: State, seat: int) -> int:
    if seat not in state["beijing"]:
        return 0
    return data.BEIJING_POINTS[state["beijing"].index(seat)]


def breakdown(state: State, seat: int) -> list[tuple[str, int]]:
    """Every term, in the order of the rulebook; the end terms as they would stand now."""
    seat_state = state["seats"][seat]
    vp = seat_state["vp"]
    posts = seat_state["posts"]
    in_beijing = seat in state["beijing"]
    goal_points = sum(
        points
        for first, second, points in (data.GOALS[g] for g in seat_state["goals"])
        if first in posts and second in posts
    )
    reached = sum(1 for city in goal_cities(state, seat) if city in posts)
    all_posts = seat_state["character"] == "william" and seat_state["post_stock"] == 0
    return [
        ("Contracts completed", vp["contracts"]),
        ("City cards", vp["cards"]),
        ("City bonuses", vp["bonuses"]),
        ("8th and 9th trading posts", vp["posts"]),
        ("All 11 trading posts", data.WILLIAM_ALL_POSTS_VP if all_posts else 0),
        ("Beijing", beijing_points(state, seat)),
        (
            "Goods left (post in Beijing)",
            goods_count(seat_state) // data.GOODS_PER_VP if in_beijing else 0,
        ),
        ("Coins (1 per 10)", seat_state["coins"] // data.COINS_PER_VP),
        ("Most completed contracts", data.MOST_CONTRACTS_VP if most_contracts(state, seat) else 0),
        ("Goal cards", goal_points),
        ("Goal cities", data.GOAL_CITY_POINTS[reached]),
    ]


def total(state: State, seat: int) -> int:
    return sum(points for _, points in breakdown(state, seat))


def outcome(state: State) -> Outcome:
    """Most points wins; a tie goes to the most camels, then the win is shared."""
    rows = [breakdown(state, seat) for seat in range(state["players"])]
    totals = [sum(points for _, points in row) for row in rows]
    camels = [s["camels"] for s in state["seats"]]
    ranks = rank_scores([[totals[seat], camels[seat]] for seat in range(state["players"])])
    scores = tuple(
        SeatScore(seat, totals[seat], tuple(rows[seat]), ranks[seat])
        for seat in range(state["players"])
    )
    winners = tuple(seat for seat in range(state["players"]) if ranks[seat] == 1)
    best = max(totals)
    tied = [seat for seat in range(state["players"]) if totals[seat] == best]
    names = " and ".join(f"{{p{seat}}}" for seat in winners)
    reason = f"{names} scored most ({best} VP)"
    if len(tied) > len(winners):
        reason += ", winning the tie with the most camels"
    return Outcome(winners, scores, reason + ".")
