"""Victory points: goods cards in hand, goods markers, relationship markers and cash."""

from __future__ import annotations

from ..contract import Outcome, SeatScore, rank_scores, term
from . import board, data
from .moves import said_end
from .state import State

# the lines of the score breakdown, in display order
GOODS_CARDS = term("Goods cards")
GOODS_MARKERS = term("Goods markers")
RELATIONSHIP_MARKERS = term("Relationship markers")
CASH = term("Cash")


def card_points(state: State, seat: int, card: int) -> int:
    """4 per camel of one of the holder's families on the card's space, 1 per other camel.

    Owning both tiles of a family (2 players) still counts 4, the basic value.
    """
    tiles = state["seats"][seat]["tiles"]
    return sum(
        data.CAMEL_POINTS_OWN if family in tiles else data.CAMEL_POINTS_OTHER
        for family in state["camels"][board.GOODS[card]]
    )


def breakdown(state: State, seat: int) -> list[tuple[str, int]]:
    seat_state = state["seats"][seat]
    return [
        (GOODS_CARDS, sum(card_points(state, seat, card) for card in seat_state["hand"])),
        (GOODS_MARKERS, len(seat_state["goods"])),
        (RELATIONSHIP_MARKERS, len(seat_state["markers"])),
        (CASH, seat_state["money"]),
    ]


def total(state: State, seat: int) -> int:
    return sum(points for _, points in breakdown(state, seat))


def outcome(state: State) -> Outcome:
    """Most points wins; tied players all win (the rulebook has no tie-break)."""
    rows = [breakdown(state, seat) for seat in range(state["players"])]
    totals = [sum(points for _, points in row) for row in rows]
    ranks = rank_scores([[points] for points in totals])
    scores = tuple(
        SeatScore(seat, totals[seat], tuple(rows[seat]), ranks[seat])
        for seat in range(state["players"])
    )
    winners = tuple(seat for seat in range(state["players"]) if ranks[seat] == 1)
    return Outcome(winners, scores, said_end(state) or "")
