"""Victory points: those scored during play (kept by source) and the final scoring."""

from __future__ import annotations

from ..contract import Outcome, SeatScore, rank_scores, say, term
from . import data
from .board import listed_and, seat_tag
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


# The terms of the score, as the final scoring names them.
CONTRACTS = term("Contracts completed")
CITY_CARDS = term("City cards")
CITY_BONUSES = term("City bonuses")
LAST_POSTS = term("8th and 9th trading posts")
ALL_POSTS = term("All 11 trading posts")
BEIJING = term("Beijing")
GOODS_LEFT = term("Goods left (post in Beijing)")
COINS = term("Coins (1 per 10)")
MOST_CONTRACTS = term("Most completed contracts")
GOAL_CARDS = term("Goal cards")
GOAL_CITIES = term("Goal cities")


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
        (CONTRACTS, vp["contracts"]),
        (CITY_CARDS, vp["cards"]),
        (CITY_BONUSES, vp["bonuses"]),
        (LAST_POSTS, vp["posts"]),
        (ALL_POSTS, data.WILLIAM_ALL_POSTS_VP if all_posts else 0),
        (BEIJING, beijing_points(state, seat)),
        (GOODS_LEFT, goods_count(seat_state) // data.GOODS_PER_VP if in_beijing else 0),
        (COINS, seat_state["coins"] // data.COINS_PER_VP),
        (MOST_CONTRACTS, data.MOST_CONTRACTS_VP if most_contracts(state, seat) else 0),
        (GOAL_CARDS, goal_points),
        (GOAL_CITIES, data.GOAL_CITY_POINTS[reached]),
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
    names = listed_and([seat_tag(seat) for seat in winners])
    if len(tied) > len(winners):
        reason = say(
            "{players} scored most ({points} VP), winning the tie with the most camels.",
            players=names,
            points=best,
        )
    else:
        reason = say("{players} scored most ({points} VP).", players=names, points=best)
    return Outcome(winners, scores, reason)
