"""Merchant Lord's end of game, bot heuristic, refusal reasons and consistency checks."""

from __future__ import annotations

from collections import Counter

from ..contract import Action, Outcome, SeatScore, State, rank_scores
from . import cards
from .state import fits, is_open, needed, side_stall, table_cards, village_name


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
            (("Village cards", len(cards.VILLAGES)), ("Merchant cards", keys[seat][0] - 3)),
            ranks[seat],
        )
        for seat in range(len(seats))
    )
    return Outcome(winners, scores, reason(state, keys, winners))


def reason(state: State, keys: list[tuple[int, int, int]], winners: tuple[int, ...]) -> str:
    text = f"{{p{state['final']}}} put a {cards.CARDS_TO_END}th card on the table."
    best = keys[winners[0]]
    tied_on_cards = [k for k in keys if k[0] == best[0]]
    if len(winners) > 1:
        return text + " The leaders are level on cards, coins and favours: they share the win."
    if len(tied_on_cards) > 1:
        tied_on_coins = [k for k in tied_on_cards if k[1] == best[1]]
        by = "coins" if len(tied_on_coins) == 1 else "favours"
        return text + f" Tied on {best[0]} cards, the win goes to the most {by}."
    return text


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


def explain(state: State, seat: int, action: Action) -> str | None:
    """A sharper reason than the generic one, when we can tell what went wrong."""
    if state["phase"] == "over":
        return "The game is over."
    if seat != state["turn"]:
        return "It is not your turn."
    me = state["seats"][seat]
    kind = action.type
    if kind == "buy":
        if state["phase"] != "buy":
            return "Merchant cards are bought after everyone has sold their goods."
        if me["coins"] < cards.CARD_COST:
            return f"A merchant card costs {cards.CARD_COST} coins; you have {me['coins']}."
        if action.get("card") not in state["row"]:
            return "That card is not in the merchant row."
    if state["phase"] == "buy" and kind != "done":
        return "Now is the time to buy merchant cards, or to finish buying."
    if kind == "sell":
        return explain_sell(state, seat, action)
    if kind in ("choose", "tuck", "place"):
        card = action.get("card") or (state["chosen"] or {}).get("card")
        if kind == "choose" and card not in me["hand"]:
            return "That card is not in your hand."
        if kind in ("tuck", "place") and not state["chosen"]:
            return "Pick a card side from your hand first."
        index = action.get("village")
        if kind != "choose" and index in range(len(cards.VILLAGES)):
            if not is_open(me["villages"][index]):
                return "Goods are already on that village: only an open village can grow."
            value, _ = side_stall(card, state["chosen"]["side"])
            if kind == "tuck" and not fits(me["dice"], needed(state, seat, index, (value,))):
                return (
                    f"Your dice cannot fill every stall of your {village_name(index)} village "
                    "and the new one together."
                )
    if kind == "reroll" and me["favours"] < cards.REROLL_COST:
        return "A reroll costs 1 favour."
    if kind == "nudge" and me["favours"] < cards.NUDGE_COST:
        return "Changing a die costs 2 favours."
    if kind in ("mark", "unmark", "reroll", "nudge", "end_turn") and (
        state["work"]["village"] is not None or state["chosen"] or state["free_places"]
    ):
        return "Finish the placement you started first (or take the cards back)."
    return None


def explain_sell(state: State, seat: int, action: Action) -> str | None:
    owner, index = action.get("owner"), action.get("village")
    if owner not in range(state["players"]) or index not in range(len(cards.VILLAGES)):
        return "There is no such village."
    if state["phase"] != "sell":
        return "Goods are sold before merchant cards are bought."
    village = state["seats"][owner]["villages"][index]
    if not is_open(village):
        return "That village is closed: goods are already on its stalls."
    work = state["work"]["village"]
    if work is not None and (owner, index) != (seat, work):
        return f"Finish the placement at your {village_name(work)} village first."
    wanted = needed(state, owner, index)
    if not fits(state["seats"][seat]["dice"], wanted):
        return (
            "To sell there you must fill every stall: it needs " + ", ".join(map(str, wanted)) + "."
        )
    return None


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
