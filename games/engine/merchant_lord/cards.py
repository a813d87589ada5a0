"""Merchant Lord's cards: the village cards and the 30 two-sided merchant cards.

The printed rulebook shows the card faces only as pictures, so the stall rewards of the
village cards and both sides of every merchant card are original designs, kept here as
plain data so they can be rebalanced without touching the rules.

A stall is ``(value, reward)``: the die value (1-6) that fills it and what it earns.

Design of the merchant deck (checked by the tests):

* every die value appears on exactly ten of the 60 sides, five times on left sides and
  five times on right sides, and the two sides of a card never share a value, so where
  a card is tucked really changes which good it asks for;
* most cards pair a lasting income side with a one-time bonus side (a free merchant card,
  a free caravan die or a free placement): the owner chooses between a stall that pays
  every time goods are sold there and a burst now;
* the free caravan die and the free placement sit once on every value; the free merchant
  card misses the 1 and sits twice on the 4, so the one-time sides per value 1-6 are
  2, 3, 3, 4, 3, 3 (``ONE_TIME_PER_VALUE``, the table on the rules page). The 1 makes
  up for it with the most lasting income (seven coin sides).

Decisions where the rulebook text is silent or garbled (also in docs/merchant-lord.md):

* A card tucked on the left of a village shows, and uses, its left side; tucked on the
  right, its right side (the tucked card sticks out on that side).
* Every village card has a 2-coin stall and a 1-coin stall (``VILLAGES``): a sale at a
  bare village earns 3 coins, so a merchant card costs about two sales. With one coin a
  stall, sensible games ran to 11-13 rounds; with two coins a stall merchant-card income
  hardly mattered.
* One-time rewards (free card, free die, free placement) earn nothing when goods are
  sold at that stall later: the stall still has to be filled to sell at the village.
* The free caravan die joins its owner's caravan from the next round's roll.
* A free placement puts a card from hand on one of the owner's villages that has no dice
  on it yet, without filling its stall, so its reward never activates.
* Selling at an opponent's village pays both players every stall's income.
* Favours are spent in your own selling turn; unsold dice earn a favour each at its end.
* In the round a player reaches nine cards the others still sell; buying is then skipped
  (cards in hand never count, coins break ties).
"""

from __future__ import annotations

from ..contract import say, say_count, term

COIN1 = "coin1"
COIN2 = "coin2"
FAVOUR5 = "favour5"
FREE_CARD = "card"
FREE_DIE = "die"
FREE_PLACE = "place"

#: The goods the die faces stand for, by value (index 0 unused).
GOODS = (
    "",
    term("Silk"),
    term("Papyrus"),
    term("Gold"),
    term("Wheat"),
    term("Spices"),
    term("Porcelain"),
)

#: Rewards that only ever trigger the one time their card is placed and filled.
ONE_TIME = frozenset({FREE_CARD, FREE_DIE, FREE_PLACE})


def coins(count: int) -> str:
    """'1 coin', '5 coins'."""
    return say_count(count, "{n} coin", "{n} coins")


def favours(count: int) -> str:
    """'1 favour', '2 favours'."""
    return say_count(count, "{n} favour", "{n} favours")


#: What each reward is called on the card faces and in the buttons.
REWARD_LABELS = {
    COIN1: coins(1),
    COIN2: coins(2),
    FAVOUR5: favours(5),
    FREE_CARD: say("free merchant card"),
    FREE_DIE: say("free caravan die"),
    FREE_PLACE: say("free placement"),
}

#: Lasting income per reward: (coins, favours).
INCOME = {COIN1: (1, 0), COIN2: (2, 0), FAVOUR5: (0, 5)}

#: Each player's three starting villages, in the order they lie on the table.
VILLAGES = (
    {"name": "1-6", "stalls": ((1, COIN2), (6, COIN1))},
    {"name": "2-5", "stalls": ((2, COIN1), (5, COIN2))},
    {"name": "3-4", "stalls": ((3, COIN2), (4, COIN1))},
)

# id, name, left side (value, reward), right side (value, reward)
_MERCHANTS = (
    ("m01", term("Silk Weaver"), (1, COIN2), (4, FREE_CARD)),
    ("m02", term("Papyrus Scribe"), (2, COIN1), (5, FREE_CARD)),
    ("m03", term("Goldsmith"), (3, FREE_CARD), (6, COIN1)),
    ("m04", term("Grain Factor"), (4, FREE_CARD), (1, COIN2)),
    ("m05", term("Spice Dealer"), (5, COIN1), (2, FREE_CARD)),
    ("m06", term("Potter"), (6, FREE_CARD), (3, COIN2)),
    ("m07", term("Camel Driver"), (1, FREE_DIE), (5, FAVOUR5)),
    ("m08", term("Caravan Master"), (2, FAVOUR5), (6, FREE_DIE)),
    ("m09", term("Horse Breeder"), (3, FREE_DIE), (1, COIN1)),
    ("m10", term("Well Keeper"), (4, COIN1), (2, FREE_DIE)),
    ("m11", term("Innkeeper"), (5, FREE_DIE), (3, FAVOUR5)),
    ("m12", term("Ferryman"), (6, COIN1), (4, FREE_DIE)),
    ("m13", term("Money Changer"), (1, FREE_PLACE), (3, COIN2)),
    ("m14", term("Tea Taster"), (2, COIN2), (4, FREE_PLACE)),
    ("m15", term("Rug Seller"), (3, FREE_PLACE), (5, COIN1)),
    ("m16", term("Salt Trader"), (4, COIN2), (6, FREE_PLACE)),
    ("m17", term("Jade Carver"), (5, FREE_PLACE), (1, COIN1)),
    ("m18", term("Dye Maker"), (6, COIN2), (2, FREE_PLACE)),
    ("m19", term("Incense Burner"), (1, COIN1), (6, COIN2)),
    ("m20", term("Lamp Maker"), (2, COIN2), (1, FAVOUR5)),
    ("m21", term("Fig Grower"), (3, COIN1), (4, COIN2)),
    ("m22", term("Coppersmith"), (4, FAVOUR5), (3, COIN1)),
    ("m23", term("Glass Blower"), (5, COIN2), (6, FAVOUR5)),
    ("m24", term("Perfumer"), (6, FAVOUR5), (5, COIN2)),
    ("m25", term("Date Seller"), (1, COIN2), (2, COIN1)),
    ("m26", term("Ink Maker"), (2, COIN1), (3, COIN2)),
    ("m27", term("Saffron Picker"), (3, COIN2), (5, FAVOUR5)),
    ("m28", term("Pearl Diver"), (4, COIN1), (2, COIN2)),
    ("m29", term("Ivory Carver"), (5, FAVOUR5), (4, COIN1)),
    ("m30", term("Weigh Master"), (6, COIN1), (1, COIN2)),
)

#: How many merchant sides of each die value (1-6) carry a one-time reward: stated in the
#: module's docstring and on the rules page, checked against the cards by the tests.
ONE_TIME_PER_VALUE = (2, 3, 3, 4, 3, 3)

#: card id -> {"name", "left": (value, reward), "right": (value, reward)}
MERCHANTS = {
    card_id: {"name": name, "left": left, "right": right}
    for card_id, name, left, right in _MERCHANTS
}
MERCHANT_IDS = tuple(MERCHANTS)

CARD_COST = 5
START_DICE = 4
MAX_DICE = 6
START_FAVOURS = 2
START_COINS = 0
CARDS_TO_END = 9  # cards on the table (villages included) that end the game
REROLL_COST = 1
NUDGE_COST = 2
