"""Merchant Lord's end of game, bot heuristic and consistency checks (refusal reasons:
``refusals``)."""

from __future__ import annotations

from collections import Counter

from ..contract import Outcome, SeatScore, State, rank_scores, say, term
from . import cards
from .state import table_cards, who

#: The score breakdown's lines.
VILLAGE_CARDS = term("Village cards")
MERCHANT_CARDS = term("Merchant cards")


def outcome(state: State) -> Outcome | None:
    if state["phase"] != "over":
        return None
    seats = state["seats"]
    keys = [(table_cards(s), s["coins"], s["favours"]) for s in seats]
    ranks = rank_scores(keys)
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
    scores = tuple(
        SeatScore(
            seat,
            keys[seat][0],
            ((VILLAGE_CARDS, len(cards.VILLAGES)), (MERCHANT_CARDS, keys[seat][0] - 3)),
            ranks[seat],
        )
        for seat in range(len(seats))
    )
    return Outcome(winners, scores, reason(state, keys, winners))


def reason(state: State, keys: list[tuple[int, int, int]], winners: tuple[int, ...]) -> str:
    player, count = who(state["final"]), cards.CARDS_TO_END
    best = keys[winners[0]]
    tied_on_cards = [k for k in keys if k[0] == best[0]]
    if len(winners) > 1:
        return say(
            "{player} put a {count}th card on the table. The leaders are level on cards, "
            "coins and favours: they share the win.",
            player=player,
            count=count,
        )
    if len(tied_on_cards) > 1:
        tied_on_coins = [k for k in tied_on_cards if k[1] == best[1]]
        if len(tied_on_coins) == 1:
            return say(
                "{player} put a {count}th card on the table. Tied on {cards} cards, the win "
                "goes to the most coins.",
                player=player,
                count=count,
                cards=best[0],
            )
        return say(
            "{player} put a {count}th card on the table. Tied on {cards} cards, the win goes "
            "to the most favours.",
            player=player,
            count=count,
            cards=best[0],
        )
    return say("{player} put a {count}th card on the table.", player=player, count=count)


def evaluate(state: State, seat: int) -> float:
    """Own standing minus the best rival's: cards on the table weigh the most."""
    return standing(state, seat) - max(
        standing(state, other) for other in range(state["players"]) if other != seat
    )


def standing(state: State, seat: int) -> float:
    me = state["seats"][seat]
    pending = held = 0
    if state["turn"] == seat:
        work = state["work"]
        pending = len(work["left"]) + len(work["right"]) + state["free_places"]
        # A card side picked from hand only ever goes on to a village (the pick is
        # offered only where the dice can pay for it), so it counts as placed, unless
        # it fills a free placement, which ``pending`` already counts. Counted as still
        # in hand, picking would look worthless and a one-step player never expands.
        if state["chosen"]:
            held = 1
            pending += 0 if state["free_places"] else 1
    return (
        10.0 * (table_cards(me) + pending)
        + 3.5 * (len(me["hand"]) - held)
        + 0.7 * me["coins"]
        + 0.25 * me["favours"]
        + 4.0 * me["dice_count"]
    )


def all_cards(state: State) -> list[str]:
    found = list(state["deck"]) + list(state["row"]) + list(state["discard"])
    found += state["work"]["left"] + state["work"]["right"]
    for seat in state["seats"]:
        found += seat["hand"]
        for village in seat["villages"]:
            found += village["left"] + village["right"]
    return found


def invariant_violations(state: State) -> list[str]:
    problems = []
    found = Counter(all_cards(state))
    if found != Counter(cards.MERCHANT_IDS):
        problems.append(
            f"merchant cards not conserved: {sum(found.values())} found, "
            f"duplicates {sorted(c for c, n in found.items() if n > 1)}"
        )
    sold_by = Counter()
    for seat in state["seats"]:
        for village in seat["villages"]:
            if village["dice"]:
                sold_by[village["by"]] += len(village["dice"])
    for number, seat in enumerate(state["seats"]):
        if seat["coins"] < 0 or seat["favours"] < 0:
            problems.append(f"seat {number} has negative coins or favours")
        if not cards.START_DICE <= seat["dice_count"] <= cards.MAX_DICE:
            problems.append(f"seat {number} has {seat['dice_count']} dice")
        if len(seat["dice"]) + sold_by[number] > seat["dice_count"]:
            problems.append(f"seat {number} uses more dice than they own")
        if any(not 1 <= d <= 6 for d in seat["dice"]):
            problems.append(f"seat {number} has a die off the 1-6 range")
    if state["free_places"] < 0:
        problems.append("negative free placements")
    return problems
