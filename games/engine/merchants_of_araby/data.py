"""Merchants of Araby's components, as data: every card face here is an original design.

The rulebook (../shared/rules/merchants-of-araby.md) gives the counts and the named cards
(Merchant Princess of Fabrics, Generosity, Invigoration, Rejuvenation) but no card faces,
no caravan layouts and no resolution numbers; everything below was designed for this site
and may be edited here alone. Decisions the rulebook leaves open are written down in
docs/merchants-of-araby.md.

A card row is ``(name, copies, cost, effect, icons)``:

* ``cost``: the units paid to play it, each a product or ``"coin"``; a unit is paid with a
  produced product / a coin from the tent, or by discarding a hand card showing its icon.
* ``effect``: ``(verb, argument)``; the verbs are listed in ``EFFECTS``.
* ``icons``: the discard icons; a discarded card negates exactly one of them.

Every deck card (Merchants, Allies, Virtues, Djinn) also carries resolution data on its
back, ``(bandit space, top row, middle row, bottom row)``: Bandits strike the bottom row
most often and the bottom row pays most (``RESOLUTION``, dealt out in deck order).
"""

from __future__ import annotations

PRODUCTS = ("magics", "jewels", "spices", "fabrics")
PRODUCT_NAMES = {"magics": "Magics", "jewels": "Jewels", "spices": "Spices", "fabrics": "Fabrics"}
_LETTER = {"M": "magics", "J": "jewels", "S": "spices", "F": "fabrics"}

START_COINS = 3
CAMELS = 5
HAND_SIZE = 5
DRAFT_SIZE = 4
DRAFT_PICKS = 2
STACKS = 4  # caravan stacks of one card per player; the "stacks" option adds more
MAX_STACKS = 5  # 20 caravan cards: five stacks of four, four of five
FINAL_DISCARD = 2  # cards discarded from the deck before the final resolutions
# 40 x 1 + 28 x 5 + 12 x 10 coin tokens: the bank and the tents together.
COIN_TOTAL = 40 * 1 + 28 * 5 + 12 * 10

# What effects do. ``task``: an entourage card's ability; ``play``: a one-time card.
EFFECTS = {
    "produce": "produce 1 {arg}",
    "produce2": "produce 2 {arg}",
    "any": "produce 1 product of your choice",
    "any2": "produce 2 of one product of your choice",
    "coins": "take {arg} coins from the bank",
    "draw": "draw {arg} cards",
    "draft": "take {arg} cards from the draft line",
    "refresh": "refresh every card in your entourage",
    "generosity": "take 3 coins from the bank; each opponent draws 1 card",
    "rejuvenate": "draw 3 cards, then give one of them to an opponent",
    "ward": "Bandits: the Bandits do not attack this caravan",
    "bonus": "Payouts: each of your camels on this caravan earns 1 more coin",
}
# Effects that may be used during a caravan resolution (the card mentions Bandits/Payouts).
REACTIONS = ("ward", "bonus")

PERSONAS = (
    # name, effect, icons (personas are never discarded; they start in the entourage)
    ("Merchant Prince of Magics", ("produce", "magics")),
    ("Merchant Princess of Jewels", ("produce", "jewels")),
    ("Merchant Prince of Spices", ("produce", "spices")),
    ("Merchant Princess of Fabrics", ("produce", "fabrics")),
    ("The Grand Vizier", ("draw", 1)),  # the persona whose ability is not a product
)

MERCHANTS = (  # 16, four for each product; entourage cards, tasked to produce
    ("Magics Merchant", 2, ("magics", "coin"), ("produce", "magics"), ("magics",)),
    ("Wandering Enchanter", 2, ("magics", "coin"), ("produce", "magics"), ("magics", "coin")),
    ("Jewels Merchant", 2, ("jewels", "coin"), ("produce", "jewels"), ("jewels",)),
    ("Gem Cutter", 2, ("jewels", "coin"), ("produce", "jewels"), ("jewels", "coin")),
    ("Spices Merchant", 2, ("spices", "coin"), ("produce", "spices"), ("spices",)),
    ("Saffron Grower", 2, ("spices", "coin"), ("produce", "spices"), ("spices", "coin")),
    ("Fabrics Merchant", 2, ("fabrics", "coin"), ("produce", "fabrics"), ("fabrics",)),
    ("Silk Weaver", 2, ("fabrics", "coin"), ("produce", "fabrics"), ("fabrics", "coin")),
)
ALLIES = (  # 27; entourage cards, tasked for their ability
    ("Alchemist", 4, ("magics", "coin", "coin"), ("any", None), ("magics",)),
    ("Bazaar Trader", 4, ("jewels", "coin", "coin"), ("any", None), ("jewels", "coin")),
    ("Scribe", 4, ("spices",), ("draw", 1), ("spices",)),
    ("Storyteller", 3, ("fabrics",), ("draw", 1), ("fabrics",)),
    ("Treasurer", 3, ("jewels", "coin", "coin"), ("coins", 1), ("coin",)),
    ("Moneylender", 3, ("magics", "coin", "coin"), ("coins", 1), ("coin",)),
    ("Scout", 3, ("spices",), ("draft", 1), ("spices",)),
    ("Falconer", 3, ("fabrics",), ("draft", 1), ("fabrics",)),
)
VIRTUES = (  # 19; played on your own turn, once
    ("Generosity", 1, ("fabrics", "spices"), ("generosity", None), ("fabrics",)),
    ("Prudence", 3, ("magics", "jewels"), ("coins", 3), ("coin",)),
    ("Thrift", 3, ("spices",), ("coins", 2), ("spices",)),
    ("Patience", 3, ("jewels",), ("draw", 2), ("jewels",)),
    ("Diligence", 3, ("coin",), ("refresh", None), ("magics",)),
    ("Ingenuity", 3, ("coin",), ("any2", None), ("fabrics", "jewels")),
    ("Hospitality", 3, ("fabrics",), ("draft", 2), ("fabrics",)),
)
DJINN = (  # 14; played on any turn, once
    ("Djinn of Magics", 1, ("coin",), ("produce2", "magics"), ("magics",)),
    ("Djinn of Jewels", 1, ("coin",), ("produce2", "jewels"), ("jewels",)),
    ("Djinn of Spices", 1, ("coin",), ("produce2", "spices"), ("spices",)),
    ("Djinn of Fabrics", 1, ("coin",), ("produce2", "fabrics"), ("fabrics",)),
    ("Djinn of Fortune", 2, ("magics", "spices"), ("coins", 2), ("coin",)),
    ("Rejuvenation", 2, ("jewels",), ("rejuvenate", None), ("jewels",)),
    ("Invigoration", 2, ("spices",), ("refresh", None), ("coin",)),
    ("Sand Veil", 2, ("coin",), ("ward", None), ("magics",)),
    ("Golden Wind", 2, ("coin",), ("bonus", None), ("jewels",)),
)

# (bandit space 1-9, top row, middle row, bottom row), one per deck card in deck order:
# spaces 1-3 five times each, 4-6 eight times each, 7-9 twelve or thirteen times.
RESOLUTION = (
    (9, 2, 3, 4),
    (4, 1, 2, 4),
    (6, 1, 1, 4),
    (3, 1, 2, 3),
    (8, 1, 1, 4),
    (8, 2, 3, 4),
    (1, 1, 2, 6),
    (6, 1, 3, 5),
    (8, 1, 1, 4),
    (9, 1, 2, 6),
    (2, 1, 1, 4),
    (7, 1, 2, 3),
    (2, 1, 2, 6),
    (4, 1, 3, 5),
    (7, 1, 1, 4),
    (1, 1, 1, 4),
    (6, 1, 2, 6),
    (7, 1, 2, 6),
    (7, 1, 2, 4),
    (9, 2, 3, 4),
    (4, 2, 2, 5),
    (9, 1, 2, 6),
    (5, 1, 2, 3),
    (8, 2, 3, 4),
    (7, 1, 1, 4),
    (8, 2, 3, 4),
    (1, 1, 1, 4),
    (5, 2, 3, 6),
    (9, 1, 1, 4),
    (8, 1, 2, 4),
    (7, 1, 3, 5),
    (3, 1, 2, 3),
    (7, 1, 2, 6),
    (3, 2, 3, 4),
    (6, 2, 3, 4),
    (8, 1, 3, 5),
    (5, 1, 3, 5),
    (9, 1, 2, 3),
    (5, 1, 2, 6),
    (9, 1, 1, 4),
    (7, 2, 3, 4),
    (8, 2, 2, 5),
    (8, 1, 2, 5),
    (8, 1, 1, 4),
    (9, 2, 3, 4),
    (5, 1, 2, 3),
    (5, 1, 3, 5),
    (6, 1, 2, 4),
    (2, 1, 2, 3),
    (8, 1, 2, 5),
    (1, 1, 2, 6),
    (3, 1, 2, 4),
    (7, 1, 2, 5),
    (6, 2, 3, 6),
    (1, 1, 2, 5),
    (4, 2, 3, 5),
    (8, 1, 2, 6),
    (7, 2, 2, 5),
    (2, 1, 2, 6),
    (8, 2, 3, 6),
    (4, 2, 3, 5),
    (4, 1, 2, 4),
    (5, 1, 2, 4),
    (9, 1, 2, 6),
    (3, 2, 2, 5),
    (6, 2, 3, 4),
    (4, 2, 2, 5),
    (6, 1, 2, 6),
    (9, 2, 3, 6),
    (7, 1, 1, 4),
    (7, 2, 3, 6),
    (5, 1, 3, 5),
    (9, 2, 3, 5),
    (4, 2, 3, 6),
    (9, 1, 2, 6),
    (2, 2, 3, 6),
)

# 20 caravan cards: spaces 1-9 read row by row (top row first), M/J/S/F for the products.
CARAVANS = (
    "SSF/FMJ/JMF",
    "JSM/FJM/FSF",
    "MJM/JFM/SFS",
    "SFS/SFM/JMJ",
    "SJJ/MMS/SFF",
    "JMM/SJF/FSM",
    "FFF/MMS/SJJ",
    "SMS/FMJ/FFJ",
    "SJM/MSJ/FFS",
    "SSJ/MFF/FJM",
    "FSM/JSF/MJF",
    "MSM/FFS/JJF",
    "JSS/JMM/FFM",
    "JSM/SSM/FFJ",
    "FMF/SJJ/MSF",
    "FSM/JMS/JFF",
    "FMJ/JSF/SMJ",
    "JSF/MMJ/SFF",
    "JFM/SMM/JFS",
    "MMJ/FFJ/SSM",
)

# --- derived tables (built once from the rows above) ---------------------------------------

KIND_OF = {"m": "merchant", "a": "ally", "v": "virtue", "d": "djinn", "p": "persona"}
KIND_NAMES = {
    "merchant": "Merchant",
    "ally": "Ally",
    "virtue": "Virtue",
    "djinn": "Djinn",
    "persona": "Merchant Persona",
}


def _cards() -> dict[str, dict]:
    cards: dict[str, dict] = {}
    for number, (name, effect) in enumerate(PERSONAS, 1):
        cards[f"p{number}"] = {
            "id": f"p{number}",
            "name": name,
            "kind": "persona",
            "cost": (),
            "effect": effect,
            "icons": (),
            "icon_set": frozenset(),
            "resolution": None,
        }
    backs = iter(RESOLUTION)
    for prefix, rows in (("m", MERCHANTS), ("a", ALLIES), ("v", VIRTUES), ("d", DJINN)):
        number = 0
        for name, copies, cost, effect, icons in rows:
            for _ in range(copies):
                number += 1
                card_id = f"{prefix}{number:02d}"
                cards[card_id] = {
                    "id": card_id,
                    "name": name,
                    "kind": KIND_OF[prefix],
                    "cost": cost,
                    "effect": effect,
                    "icons": icons,
                    "icon_set": frozenset(icons),
                    "resolution": next(backs),
                }
    return cards


CARDS = _cards()
PERSONA_IDS = tuple(card for card in CARDS if card.startswith("p"))
DECK_IDS = tuple(card for card in CARDS if not card.startswith("p"))
CARAVAN_IDS = tuple(f"c{number:02d}" for number in range(1, len(CARAVANS) + 1))
GRIDS = {
    caravan: tuple(_LETTER[letter] for letter in layout.replace("/", ""))
    for caravan, layout in zip(CARAVAN_IDS, CARAVANS, strict=True)
}
# Lines of spaces (0-8) whose camels are not stranded when all three are occupied.
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8))


def name(card: str) -> str:
    return CARDS[card]["name"]


def effect_text(card: str) -> str:
    verb, arg = CARDS[card]["effect"]
    shown = PRODUCT_NAMES.get(arg, arg) if isinstance(arg, str) else arg
    return EFFECTS[verb].format(arg=shown)


def cost_text(card: str) -> str:
    units = CARDS[card]["cost"]
    if not units:
        return "free"
    return ", ".join("1 coin" if unit == "coin" else f"1 {PRODUCT_NAMES[unit]}" for unit in units)
