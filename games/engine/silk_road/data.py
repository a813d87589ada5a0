"""The printed components of Silk Road and every number the rules fix, in one place.

Decisions the rulebook leaves open are named constants here so they can be changed in one
spot; docs/silk-road.md explains each of them to players.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..vocabulary import listed, listed_and, say, say_count, term  # noqa: F401  (re-exported)

# Card kinds, in the order the card list prints them within each group.
IMPORTS = ("silver", "gold", "gems")  # goods from Arabia
EXPORTS = ("tea", "spices", "silk")  # goods from China
ROADS = ("steppes", "desert", "mountains")
SPECIALS = ("bandit", "guard", "trade")
GOODS = IMPORTS + EXPORTS
KINDS = IMPORTS + EXPORTS + ROADS + SPECIALS
ORDER = {kind: index for index, kind in enumerate(KINDS)}  # card-list order, for sorting

COPIES = {
    "silver": 6,
    "gold": 5,
    "gems": 4,
    "steppes": 12,
    "desert": 10,
    "mountains": 8,
    "tea": 6,
    "spices": 5,
    "silk": 4,
    "bandit": 5,
    "guard": 5,
    "trade": 5,
}
DECK_SIZE = sum(COPIES.values())  # 75: the card list adds up to 75, not 70

NAMES = {
    "silver": term("Silver"),
    "gold": term("Gold"),
    "gems": term("Gems"),
    "steppes": term("Steppes"),
    "desert": term("Desert"),
    "mountains": term("Mountains"),
    "tea": term("Tea"),
    "spices": term("Spices"),
    "silk": term("Silk"),
    "bandit": term("Bandits"),
    "guard": term("Guards"),
    "trade": term("Trade"),
}
GROUP = {kind: "import" for kind in IMPORTS}
GROUP.update({kind: "export" for kind in EXPORTS})
GROUP.update({kind: "road" for kind in ROADS})
GROUP.update({kind: "special" for kind in SPECIALS})

# The track: space 0 is Arabia, space 8 is China, 1..7 are road spaces.
ARABIA = 0
CHINA = 8
SPACES = 9
START_SPACE = CHINA
# Goods placed on a caravan at a destination, and goods sold there.
BUYS_AT = {ARABIA: IMPORTS, CHINA: EXPORTS}
SELLS_AT = {ARABIA: EXPORTS, CHINA: IMPORTS}
TOWARD = {"arabia": -1, "china": 1}

START_COINS = 10
START_HAND = 5
DRAW = 3
TRADE_DRAW = 3
GOOD_PRICE = 1
SALE_PRICE = 2
TYPE_BONUS = {1: 0, 2: 1, 3: 2}  # extra coins for the number of types sold together
HAND_LIMIT = 7
CAPACITY = 5
TARGET = 25

# Safety nets the rulebook does not have (see docs/silk-road.md): a game that reaches this
# many rounds ends and the richest merchant wins; open offers per player are capped.
MAX_ROUNDS = 100
MAX_OPEN_OFFERS = 3
MAX_OFFER_CARDS = 9  # per side of an offer

# What each card does, in a player's words (shown on the card faces of the board).
_IMPORT_TEXT = say(
    "Import from Arabia. Buy it onto your caravan in Arabia (1 coin); sell it in China."
)
_EXPORT_TEXT = say(
    "Export from China. Buy it onto your caravan in China (1 coin); sell it in Arabia."
)
_ROAD_TEXT = say("Road. Play it to move 1 space; play several of one road type to go further.")
TEXT = {
    "silver": _IMPORT_TEXT,
    "gold": _IMPORT_TEXT,
    "gems": _IMPORT_TEXT,
    "tea": _EXPORT_TEXT,
    "spices": _EXPORT_TEXT,
    "silk": _EXPORT_TEXT,
    "steppes": _ROAD_TEXT,
    "desert": _ROAD_TEXT,
    "mountains": _ROAD_TEXT,
    "bandit": say(
        "Play it on the player just before you in turn order, after they travel: "
        "they lose 1 good unless they play Guards."
    ),
    "guard": say("Move 1 extra space when you travel, or drive off Bandits played on you."),
    "trade": say(
        "At Arabia or China: discard it to draw 3 cards, or when selling "
        "earn 1 extra coin for each good of one type."
    ),
}

PERSONALITIES = ("guide", "trader", "merchant", "caravan_master", "captain")
PERSONALITY_NAMES = {
    "guide": term("Guide"),
    "trader": term("Trader"),
    "merchant": term("Merchant"),
    "caravan_master": term("Caravan Master"),
    "captain": term("Captain of the Guard"),
}
PERSONALITY_EFFECTS = {
    "guide": say("Draws 1 extra card in the Draw phase when on a road space."),
    "trader": say("Hand size +2 (keeps up to 9 cards)."),
    "merchant": say("Every good sold earns 1 extra coin."),
    "caravan_master": say("The caravan holds up to 3 extra goods (8)."),
    "captain": say("Immune to Bandits."),
}
GUIDE_EXTRA = 1
TRADER_EXTRA_HAND = 2
MERCHANT_EXTRA = 1
MASTER_EXTRA_CAPACITY = 3


SPACE_NAMES = tuple(
    term("Arabia")
    if space == ARABIA
    else term("China")
    if space == CHINA
    else say("road space {space}", space=space)
    for space in range(SPACES)
)
# The destination a road card's ``toward`` names, as the track names it.
TOWARD_NAMES = {"arabia": SPACE_NAMES[ARABIA], "china": SPACE_NAMES[CHINA]}
NOTHING = say("nothing")


def space_name(space: int) -> str:
    return SPACE_NAMES[space]


def card_names(kinds: Sequence[str]) -> str:
    """'Tea, Tea, Desert' for a log line."""
    return _card_names(tuple(kinds))


@lru_cache(maxsize=4096)  # every Draw phase names the cards drawn: said once each
def _card_names(kinds: tuple[str, ...]) -> str:
    return listed([NAMES[kind] for kind in kinds]) if kinds else NOTHING


def number_of(count: int, name: str) -> str:
    """'2 Tea': a count of one kind of card (a translation may inflect the name)."""
    return say_count(count, "{n} {name}", "{n} {name}", name=name)


def counted(counts: dict[str, int]) -> str:
    """'2 Tea, 1 Desert' in card-list order."""
    parts = [number_of(counts[kind], NAMES[kind]) for kind in KINDS if counts.get(kind)]
    return listed(parts) if parts else NOTHING


def coins(count: int) -> str:
    """'1 coin', '3 coins'."""
    return say_count(count, "{n} coin", "{n} coins")
