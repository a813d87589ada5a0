"""Sale prices, the end of the game and a heuristic for bots."""

from __future__ import annotations

from collections.abc import Mapping

from ..contract import Outcome, SeatScore, State, rank_scores
from . import data


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
                ("Coins", coins[seat]),
                ("Goods still on the caravan (not scored)", sum(caravan.values())),
            ),
            ranks[seat],
        )
        for seat, caravan in enumerate(state["caravans"])
    )
    return Outcome(tuple(over["winners"]), scores, over["reason"])


# Rough worth of a card in hand for the heuristic: roads move goods, Trade pays, Guards
# protect; goods in hand are worth something only where they can be bought.
_CARD_WORTH = {kind: 0.3 if kind in data.ROADS else 0.2 for kind in data.KINDS}
_CARD_WORTH.update(trade=0.6, guard=0.4)


def evaluate(state: State, seat: int) -> float:
    """Coins now plus what the caravan and hand are likely to earn; a won game is 1000."""
    over = state["over"]
    if over is not None:
        return 1000.0 if seat in over["winners"] else float(state["coins"][seat]) - 100.0
    pos = state["pos"][seat]
    caravan = state["caravans"][seat]
    goods_worth = 0.0
    for kind, count in caravan.items():
        # Imports sell in China (space 8), exports in Arabia (space 0); the nearer the
        # market, the surer the profit.
        market = data.CHINA if data.GROUP[kind] == "import" else data.ARABIA
        distance = abs(market - pos)
        goods_worth += count * data.SALE_PRICE * (1.0 - distance / (2 * data.SPACES))
    hand_worth = sum(_CARD_WORTH[kind] * n for kind, n in state["hands"][seat].items())
    return state["coins"][seat] + goods_worth + hand_worth
