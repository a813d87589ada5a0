"""The Voyages of Marco Polo: board, tables and cards, transcribed from the component data.

Source: the rules folder's Marco Polo component data (marco-polo-data.md: the printed
components, cross-checked). The rulebook text lacks what was only printed, so everything
here is data, in one place. Where even the data file is silent, the choice is marked
``DECISION`` here and listed in docs/marco-polo.md under "Decisions the rulebook leaves
open".

Amounts are written compactly, as on the cards: ``"2Ca 3P 2G"`` is 2 camels, 3 pepper and
2 gold; ``$`` coins, ``S`` silk, ``VP`` victory points; the words ``good`` (1 good of your
choice), ``2diff`` (2 different goods of your choice), ``move`` (1 free step on the map),
``contract`` (the top of the special pile) and ``black`` (1 black die) are rewards that
need a choice or a piece. :func:`items` turns such a text into a dict.
"""

from __future__ import annotations

import re

from ..vocabulary import say, term

GOODS = ("pepper", "silk", "gold")
RESOURCES = ("coins", "camels", *GOODS)
_TOKENS = {"$": "coins", "Ca": "camels", "P": "pepper", "S": "silk", "G": "gold", "VP": "vp"}
_WORDS = {"good", "2diff", "move", "contract", "black"}


# The resources by name, as a label or a log line names them ("Grand Bazaar: pepper").
RESOURCE_NAMES = {
    "coins": term("coins"),
    "camels": term("camels"),
    "pepper": term("pepper"),
    "silk": term("silk"),
    "gold": term("gold"),
}


def items(text: str) -> dict[str, int]:
    """``"3Ca 4$ 5VP"`` -> ``{"camels": 3, "coins": 4, "vp": 5}`` (words count 1 each)."""
    found: dict[str, int] = {}
    for token in text.split():
        if token in _WORDS:
            found[token] = found.get(token, 0) + 1
            continue
        number, name = re.fullmatch(r"(\d*)(.+)", token).groups()
        key = _TOKENS.get(name) or (name if name in _WORDS else None)
        if key is None:
            raise ValueError(f"unknown item {token!r}")
        found[key] = found.get(key, 0) + int(number or 1)
    return found


# --- The map ---------------------------------------------------------------------------------
START = "venezia"
BEIJING = "beijing"
BEIJING_POINTS = (10, 7, 4, 1)  # by arrival order
LARGE_CITIES = ("moscow", "karakorum", "samarcanda", "lan-zhou", "alexandria", "karachi", "sumatra")
SMALL_CITIES = ("anxi", "kashgar", "xian", "ormuz", "adana", "kochi")
OASES = ("o1", "o5", "o6", "o7", "o9", "o11", "o15", "o17", "o20", "o22")


def _oasis(number: int) -> str:
    """'Oasis 5': an oasis is named by its number on the map."""
    return say("Oasis {number}", number=number)


# Names (said where they are shown, so marked as terms) and schematic positions (x east
# 0-760, y south 0-440, from the data file).
# fmt: off
PLACES = {
    "venezia": (term("Venezia"), 10, 30), "o1": (_oasis(1), 102, 12),
    "moscow": (term("Moscow"), 158, 8), "anxi": (term("Anxi"), 330, 9),
    "karakorum": (term("Karakorum"), 449, 4), "o5": (_oasis(5), 568, 58),
    "o6": (_oasis(6), 653, 10), "o7": (_oasis(7), 602, 111),
    "beijing": (term("Beijing"), 692, 33), "o9": (_oasis(9), 97, 104),
    "samarcanda": (term("Samarcanda"), 274, 120), "o11": (_oasis(11), 411, 180),
    "kashgar": (term("Kashgar"), 453, 160), "lan-zhou": (term("Lan-Zhou"), 546, 179),
    "xian": (term("Xian"), 676, 156), "o15": (_oasis(15), 762, 207),
    "alexandria": (term("Alexandria"), 13, 240), "o17": (_oasis(17), 149, 210),
    "ormuz": (term("Ormuz"), 193, 224), "karachi": (term("Karachi"), 372, 274),
    "o20": (_oasis(20), 554, 349), "sumatra": (term("Sumatra"), 643, 328),
    "o22": (_oasis(22), 119, 390), "adana": (term("Adana"), 214, 380),
    "kochi": (term("Kochi"), 450, 433),
}
# (from, to, extra cost): 30 undirected routes.
ROUTES = (
    ("venezia", "o1", ""), ("venezia", "o9", "3Ca"), ("venezia", "alexandria", ""),
    ("o1", "moscow", ""), ("moscow", "anxi", "3Ca"), ("anxi", "karakorum", "2Ca"),
    ("karakorum", "o5", ""), ("o5", "o6", "5$"), ("o5", "o7", ""), ("o6", "beijing", ""),
    ("o7", "beijing", "3Ca"), ("o7", "lan-zhou", ""), ("beijing", "xian", ""),
    ("beijing", "o15", ""), ("o9", "samarcanda", ""), ("o9", "o17", ""),
    ("samarcanda", "o11", "2Ca"), ("o11", "kashgar", "4Ca"), ("kashgar", "lan-zhou", "2Ca"),
    ("xian", "o20", ""), ("o15", "sumatra", "4Ca"), ("alexandria", "o17", "7$"),
    ("alexandria", "o22", ""), ("o17", "ormuz", "3Ca"), ("ormuz", "karachi", "3Ca"),
    ("karachi", "o20", ""), ("o20", "kochi", "4Ca"), ("sumatra", "kochi", "10$"),
    ("o22", "adana", "2Ca"), ("adana", "kochi", "15$"),
)
# fmt: on
# Basic travel cost by the steps actually moved (the lower of the two dice caps the steps).
TRAVEL_COST = {1: 3, 2: 7, 3: 12, 4: 12, 5: 18, 6: 18}

# --- Action spaces ---------------------------------------------------------------------------
# Grand Bazaar: dice needed and the reward of each column (the lowest die, or lower).
BAZAAR = {
    "camels": (1, ("1Ca", "2Ca", "3Ca", "4Ca", "5Ca", "6Ca")),
    "pepper": (1, ("1P", "2P", "2P 1$", "3P", "3P 2$", "4P")),
    "silk": (2, ("1S", "2S", "2S 1Ca", "3S", "3S 1Ca 1$", "4S")),
    # column 3 is 2 G + 2 Ca (one transcription's 3 G + 2 Ca would make column 4 useless)
    "gold": (3, ("1G", "2G", "2G 2Ca", "3G", "3G move", "4G")),
}
# Mercator ex Tabriz takes 1 of the first good listed in a column another player takes.
TAKE_COINS = 5
MONEY_BAG = 3
KHAN_SPACES = 4
KHAN_REWARD = "2Ca good"
DICE_PER_SPACE = {"coins": 1, "khan": 1, "contracts": 1, "travel": 2, "card": 1}
CONTRACT_SPACES = 6
CONTRACT_EXTRA = {5: 1, 6: 2}  # coins or camels for the contract taken at position 5 / 6
REROLL_CAMELS = 1
ADJUST_CAMELS = 2
BLACK_DIE_CAMELS = 3
COMPENSATION_LIMIT = 15

# --- Contracts (44; the starting ones are marked) ----------------------------------------------
# (number, cost, reward). Contract 2 costs 1 silk (one source has 2 silk).
# fmt: off
CONTRACTS = (
    (0, "2Ca 3P 2G", "5Ca 7VP"), (1, "3Ca P S G", "contract 6VP"), (2, "2Ca S 2G", "4Ca 6VP"),
    (3, "2Ca P 2S", "3$ 4VP"), (4, "Ca 4G", "3Ca 7VP"), (5, "2Ca 3S 2G", "4Ca 8VP"),
    (6, "Ca 3S", "good 3VP"), (7, "2Ca 3S 2G", "contract 8VP"), (8, "2Ca 3P 2G", "7$ 6VP"),
    (9, "2Ca 2P G", "move 4VP"), (10, "2Ca 3S 2P", "good black 5VP"),
    (11, "3Ca P S G", "move 5VP"), (12, "2Ca 2S G", "4Ca 4VP"), (13, "3Ca P S G", "good 6VP"),
    (14, "3Ca P S G", "2diff 5VP"), (15, "2Ca 2S 2G", "move 7VP"), (16, "2Ca 2S 3P", "move 5VP"),
    (17, "2Ca 2P 3G", "7$ 8VP"), (18, "Ca 3P", "black 2VP"), (19, "2Ca S 2G", "black 6VP"),
    (20, "2Ca P 2G", "black 5VP"), (21, "2Ca 2S 3G", "7$ 9VP"), (22, "2Ca 2S 3G", "move 9VP"),
    (23, "3Ca P 2S G", "3Ca contract 5VP"), (24, "2Ca S 2G", "4$ 6VP"),
    (25, "2Ca 3S 2P", "6$ 5VP"), (26, "Ca 3G", "good 6VP"), (27, "2Ca S 2P", "4$ 3VP"),
    (28, "2Ca S 2P", "2diff 3VP"), (29, "2Ca S G", "2diff 4VP"), (30, "2Ca 2P G", "contract 4VP"),
    (31, "2Ca 2P 3G", "2diff 9VP"), (32, "2Ca 2S 2P", "black 5VP"), (33, "3Ca P S 2G", "5$ 7VP"),
    (34, "3Ca P S G", "black 5VP"), (35, "3Ca P 2S G", "3Ca 4$ 5VP"), (36, "Ca 4G", "move 7VP"),
    (37, "2Ca 2S 2G", "contract 7VP"), (38, "Ca 4P", "contract 3VP"),
    (39, "2Ca S P", "contract 5VP"), (40, "2Ca P G", "black 4VP"), (41, "Ca G", "3Ca 2VP"),
    (42, "Ca 3P", "move 1VP"), (43, "Ca 2S", "5$ 3VP"),
)
# fmt: on
STARTING_CONTRACTS = (29, 39, 40, 41, 42, 43)
ROUND_PILES = 5
PILE_SIZE = 6  # 38 others: 5 piles of 6 and a special pile of 8
SPECIAL_DRAW_WHEN_EMPTY = 2

# --- City cards (31; 9 are used: one per large city, three on Sumatra) ---------------------------
# kind "gain": what one use gives, used up to the die value; "tier": a fixed amount by die
# value ((highest die, amount), ...); "per_post" / "per_contract": the gain per trading post
# on the board / completed contract, counted up to the die value; "bonus": small-city
# bonuses of different cities with your post, (uses by die tier); "paid_bonus": 1 $ each,
# up to the die value; "trade": pay -> gain, up to the die value; "swap": either trade,
# the same one each time.
# fmt: off
CITY_CARDS = (
    {"kind": "gain", "gain": "2$"},
    {"kind": "tier", "good": "gold", "tiers": ((5, 1), (6, 3))},
    {"kind": "tier", "good": "silk", "tiers": ((3, 1), (6, 3))},
    {"kind": "tier", "good": "pepper", "tiers": ((1, 1), (6, 3))},
    {"kind": "per_post", "gain": "1VP"},
    {"kind": "per_post", "gain": "2$"},
    {"kind": "per_contract", "gain": "1VP"},
    {"kind": "per_contract", "gain": "2$"},
    {"kind": "bonus", "tiers": ((4, 1), (6, 2))},
    {"kind": "paid_bonus", "pay": "1$"},
    {"kind": "trade", "trades": (("2G", "4VP"),)},
    {"kind": "trade", "trades": (("Ca P", "2$ 2VP"),)},
    {"kind": "trade", "trades": (("2S", "3VP"),)},
    {"kind": "trade", "trades": (("3Ca", "P S G"),)},
    {"kind": "trade", "trades": (("Ca S", "8$"),)},
    {"kind": "trade", "trades": (("Ca G", "9$"),)},
    {"kind": "trade", "trades": (("Ca S", "4$ 2VP"),)},
    {"kind": "trade", "trades": (("2Ca S", "4VP"),)},
    {"kind": "trade", "trades": (("Ca P", "7$"),)},
    {"kind": "trade", "trades": (("2$", "good"),)},
    {"kind": "trade", "trades": (("2Ca", "move"),)},
    {"kind": "trade", "trades": (("2Ca", "2$ 1VP"),)},
    {"kind": "trade", "trades": (("Ca", "1VP"),)},
    {"kind": "swap", "trades": (("Ca", "3$"), ("1$", "Ca"))},
    {"kind": "swap", "trades": (("1VP", "3$"), ("3$", "1VP"))},
    {"kind": "swap", "trades": (("good", "2Ca"), ("2Ca", "good"))},
    {"kind": "trade", "trades": (("Ca G", "6$ 2VP"),)},
    {"kind": "trade", "trades": (("Ca G", "4VP"),)},
    {"kind": "trade", "trades": (("2P", "2VP"),)},
    {"kind": "trade", "trades": (("3Ca P", "4VP"),)},
    {"kind": "trade", "trades": (("2diff", "move"),)},
)
# fmt: on
# Where the 9 cards lie: a slot per large city, Sumatra has three.
CARD_SLOTS = (
    "moscow",
    "karakorum",
    "samarcanda",
    "lan-zhou",
    "alexandria",
    "karachi",
    "sumatra-1",
    "sumatra-2",
    "sumatra-3",
)  # fmt: skip

# --- Bonuses -------------------------------------------------------------------------------------
# Outpost bonuses: 10, 7 dealt at random, one per large city, to the first post there.
OUTPOST_BONUSES = {
    "coins3": "3$", "coins5": "5$", "good": "good", "move": "move", "contract": "contract",
    "gold2": "2G", "silk2": "2S", "camels3": "3Ca", "camels2": "2Ca", "black": "black",
}  # fmt: skip
# Small-city bonuses: on arrival and at every round start. "any" = another city's bonus.
CITY_BONUSES = {
    "coins5": "5$", "camels3": "3Ca", "two_goods": "2diff", "any": "", "camel_coins": "1Ca 3$",
    "vp3": "3VP",
}  # fmt: skip
BASIC_CITY_BONUS = {
    "anxi": "coins5", "ormuz": "camels3", "kashgar": "two_goods", "xian": "any",
    "adana": "camel_coins", "kochi": "vp3",
}  # fmt: skip

# --- Goal cards (18): two cities, points for both; plus points by distinct goal cities ----------
# fmt: off
GOALS = (
    ("moscow", "xian", 4), ("moscow", "ormuz", 5), ("moscow", "kashgar", 7),
    ("karakorum", "xian", 4), ("karakorum", "kochi", 5), ("karakorum", "adana", 7),
    ("lan-zhou", "kochi", 4), ("lan-zhou", "adana", 5), ("lan-zhou", "ormuz", 6),
    ("samarcanda", "xian", 4), ("samarcanda", "adana", 5), ("samarcanda", "kochi", 7),
    ("alexandria", "anxi", 4), ("alexandria", "kashgar", 5), ("sumatra", "ormuz", 6),
    ("sumatra", "anxi", 8), ("karachi", "kashgar", 5), ("karachi", "anxi", 7),
)
# fmt: on
GOAL_CITY_POINTS = (0, 1, 3, 6, 10)  # by distinct goal cities with your post
GOALS_KEPT = 2
GOALS_DEALT_EXPERT = 4

# --- Characters (10 tiles: 8 characters, Mercator in 2/3/4-player versions) -------------------
CHARACTERS = {
    "raschid": term("Raschid ad-Din Sinan"),
    "matteo": term("Matteo Polo"),
    "mercator": term("Mercator ex Tabriz"),
    "kubilai": term("Kubilai Khan"),
    "berke": term("Berke Khan"),
    "niccolo": term("Niccolo and Marco Polo"),
    "william": term("William of Rubruck"),
    "johannes": term("Johannes Carpini"),
}
CHARACTER_POWERS = {
    "raschid": say("Never rolls: sets each die to any value when placing it. No compensation."),
    "matteo": say("Each round: the white die and the top contract of the special pile."),
    "mercator": say("Gets 1 of the first good of every Grand Bazaar column another player takes."),
    "kubilai": say("Starts in Beijing with a trading post on its 10-point space."),
    "berke": say("Pays no coins to use an occupied action space."),
    "niccolo": say("A second figure (moves may be split between them); 1 camel each round."),
    "william": say("11 trading posts (+10 VP for all 11); a post in every city passed through."),
    "johannes": say("Any oasis to any oasis is one step without extra cost; 3 coins each round."),
}
# The extra gifts of Mercator's 3- and 2-player tiles.
MERCATOR_KHAN_CAMELS = {2: 1, 3: 1, 4: 0}
MERCATOR_COINS_GIFT = {2: 2, 3: 0, 4: 0}
# The 10 tiles: the 2/3/4-player Mercator tiles are one character for the draft.
CHARACTER_TILES = (
    ("raschid", None), ("matteo", None), ("mercator", 4), ("mercator", 3), ("mercator", 2),
    ("kubilai", None), ("berke", None), ("niccolo", None), ("william", None), ("johannes", None),
)  # fmt: skip
FIRST_GAME_CHARACTERS = ("raschid", "matteo", "berke", "mercator")  # by seat from the start
JOHANNES_COINS = 3
NICCOLO_CAMELS = 1
WILLIAM_EXTRA_POSTS = 2
WILLIAM_ALL_POSTS_VP = 10

# --- Pieces, start and end -----------------------------------------------------------------------
ROUNDS = 5
DICE_PER_PLAYER = 5
TRADING_POSTS = 9
POST_BONUS_VP = {8: 5, 9: 10}  # for placing the 8th / 9th trading post
START_COINS = (7, 8, 9, 10)  # by seat from the start player
START_CAMELS = 2
BLACK_DICE = {2: 3, 3: 4, 4: 5}  # players + 1
# Neutral dice of an unused colour, for the whole game: (space, value).
NEUTRAL_DICE = {2: (("khan", 1), ("khan", 1), ("coins", 1)), 3: (("khan", 1),), 4: ()}
MOST_CONTRACTS_VP = 7
COINS_PER_VP = 10
GOODS_PER_VP = 2
# DECISION: coins, camels and goods are unlimited (the rulebook never makes a player go
# without). The supply is a ledger starting here, so the playout checks can see that
# nothing is created or lost between the supply and the players.
SUPPLY_LEDGER = 100_000
