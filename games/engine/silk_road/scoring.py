"""Sale prices, the end of the game and a heuristic for bots."""

from __future__ import annotations

from collections.abc import Mapping

from ..contract import Outcome, SeatScore, State, rank_scores, say_count, term
from . import data
from .state import seat_tag


def sale_value(goods: Mapping[str, int], trade: str | None, merchant: bool) -> int:
    """Coins for selling ``goods`` together: 2 each, +1 for two types, +2 for three.

    A Trade card played on one type adds 1 per good of that type; the Merchant earns 1
    more per good.
    """
    count = sum(goods.values())
    value = data.SALE_PRICE * count + data.TYPE_BONUS[len(goods)]
    if trade:
        value += goods[trade]
    if merchant:
        value += data.MERCHANT_EXTRA * count
    return value


def richest(state: State) -> list[int]:
    best = max(state["coins"])
    return [seat for seat, coins in enumerate(state["coins"]) if coins == best]


def win_reason(seat: int, coins: int) -> str:
    """Why the game ended when ``seat`` sold its way to the target."""
    return say_count(
        coins,
        "{player} reached {n} coin and wins.",
        "{player} reached {n} coins and wins.",
        player=seat_tag(seat),
    )


def cap_reason(winners: list[int], coins: int) -> str:
    """Why the game ended at the round limit (``winners`` hold ``coins`` each)."""
    # "with 1 coins" is the English as it always was
    if len(winners) == 1:
        return say_count(
            coins,
            "The game ends after {rounds} rounds. {player} wins with {n} coins.",
            "The game ends after {rounds} rounds. {player} wins with {n} coins.",
            rounds=data.MAX_ROUNDS,
            player=seat_tag(winners[0]),
        )
    return say_count(
        coins,
        "The game ends after {rounds} rounds. {players} share the win with {n} coins.",
        "The game ends after {rounds} rounds. {players} share the win with {n} coins.",
        rounds=data.MAX_ROUNDS,
        players=data.listed_and([seat_tag(seat) for seat in winners]),
    )


def reason(state: State) -> str:
    """Why the game ended, said again from the state (which keeps it as plain English) so
    it can be translated; the stored English when it cannot be said again."""
    over = state["over"]
    winners, stored = over["winners"], over["reason"]
    if not winners:
        return stored
    coins = state["coins"][winners[0]]
    if state["round"] > data.MAX_ROUNDS:
        said = cap_reason(winners, coins)
    elif len(winners) == 1:
        said = win_reason(winners[0], coins)
    else:
        return stored
    return said if said == stored else stored


COINS = term("Coins")
UNSCORED_GOODS = term("Goods still on the caravan (not scored)")


def outcome(state: State) -> Outcome | None:
    over = state["over"]
    if over is None:
        return None
    coins = state["coins"]
    ranks = rank_scores([(c,) for c in coins])
    scores = tuple(
        SeatScore(
            seat,
            coins[seat],
            (
                (COINS, coins[seat]),
                (UNSCORED_GOODS, sum(caravan.values())),
            ),
            ranks[seat],
        )
        for seat, caravan in enumerate(state["caravans"])
    )
    capped = state["round"] > data.MAX_ROUNDS  # the cap is the only ending past it
    return Outcome(tuple(over["winners"]), scores, reason(state), round_cap=capped)


# Rough worth of a card in hand for the heuristic. Trade cards pay and Guards protect;
# other cards are cheap (the hand limit throws the surplus away), so a road card is worth
# spending on any loaded step and a goods card on any purchase.
_CARD_WORTH = {kind: 0.05 for kind in data.KINDS}
_CARD_WORTH.update(trade=0.6, guard=0.4)
# A load is worth this share of its sale value at its market (coins in the purse are
# surer: bandits, and a win counts coins) and loses _ROAD_DISCOUNT of it over the whole road.
_AT_MARKET = 0.9
_ROAD_DISCOUNT = 0.3
_TRIP_COST = 0.2  # per space between an empty caravan and the nearer market


def evaluate(state: State, seat: int) -> float:
    """Coins now plus what the caravan and hand are likely to earn; a won game is 1000."""
    over = state["over"]
    if over is not None:
        return 1000.0 if seat in over["winners"] else float(state["coins"][seat]) - 100.0
    pos = state["pos"][seat]
    by_market: dict[str, dict[str, int]] = {}
    for kind, count in state["caravans"][seat].items():
        if count:
            by_market.setdefault(data.GROUP[kind], {})[kind] = count
    goods_worth = 0.0
    for group, goods in by_market.items():
        # Imports sell in China, exports in Arabia: goods are worth their sale price (with
        # the bonus for mixed types) at their market and a little less for every space
        # still to go, so buying pays at once and every step toward the market pays too.
        market = data.CHINA if group == "import" else data.ARABIA
        remaining = abs(market - pos) / (data.SPACES - 1)
        goods_worth += sale_value(goods, None, False) * (_AT_MARKET - _ROAD_DISCOUNT * remaining)
    if not by_market:
        # An empty caravan (robbed on the road) heads for the nearer market to buy again.
        goods_worth -= _TRIP_COST * min(abs(data.ARABIA - pos), abs(data.CHINA - pos))
    hand_worth = sum(_CARD_WORTH[kind] * n for kind, n in state["hands"][seat].items())
    return state["coins"][seat] + goods_worth + hand_worth
