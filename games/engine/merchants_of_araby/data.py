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

from ..contract import listed, say, say_count, term

PRODUCTS = ("magics", "jewels", "spices", "fabrics")
PRODUCT_NAMES = {
    "magics": term("Magics"),
    "jewels": term("Jewels"),
    "spices": term("Spices"),
    "fabrics": term("Fabrics"),
}
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

# What effects do, in words (``task``: an entourage card's ability; ``play``: a one-time
# card): each verb's text for its argument (a product or a count).
_EFFECT_WORDS = {
    "produce": lambda product: say("produce 1 {product}", product=_product_name(product)),
    "produce2": lambda product: say("produce 2 {product}", product=_product_name(product)),
    "any": lambda _: say("produce 1 product of your choice"),
    "any2": lambda _: say("produce 2 of one product of your choice"),
    "coins": lambda n: say_count(n, "take {n} coin from the bank", "take {n} coins from the bank"),
    "draw": lambda n: say_count(n, "draw {n} card", "draw {n} cards"),
    "draft": lambda n: say_count(
        n, "take {n} card from the draft line", "take {n} cards from the draft line"
    ),
    "refresh": lambda _: say("refresh every card in your entourage"),
    "generosity": lambda _: say("take 3 coins from the bank; each opponent draws 1 card"),
    "rejuvenate": lambda _: say("draw 3 cards, then give one of them to an opponent"),
    "ward": lambda _: say("Bandits: the Bandits do not attack this caravan"),
    "bonus": lambda _: say("Payouts: each of your camels on this caravan earns 1 more coin"),
}


def _product_name(product: str) -> str:
    return PRODUCT_NAMES.get(product, product)


# The verbs and what they do, with "{arg}" for the argument.
EFFECTS = {verb: str(words("{arg}")) for verb, words in _EFFECT_WORDS.items()}
# Effects that may be used during a caravan resolution (the card mentions Bandits/Payouts).
REACTIONS = ("ward", "bonus")

PERSONAS = (
    # name, effect, icons (personas are never discarded; they start in the entourage)
    (term("Merchant Prince of Magics"), ("produce", "magics")),
    (term("Merchant Princess of Jewels"), ("produce", "jewels")),
    (term("Merchant Prince of Spices"), ("produce", "spices")),
    (term("Merchant Princess of Fabrics"), ("produce", "fabrics")),
    (term("The Grand Vizier"), ("draw", 1)),  # the persona whose ability is not a product
)

MERCHANTS = (  # 16, four for each product; entourage cards, tasked to produce
    (term("Magics Merchant"), 2, ("magics", "coin"), ("produce", "magics"), ("magics",)),
    (term("Wandering Enchanter"), 2, ("magics", "coin"), ("produce", "magics"), ("magics", "coin")),
    (term("Jewels Merchant"), 2, ("jewels", "coin"), ("produce", "jewels"), ("jewels",)),
    (term("Gem Cutter"), 2, ("jewels", "coin"), ("produce", "jewels"), ("jewels", "coin")),
    (term("Spices Merchant"), 2, ("spices", "coin"), ("produce", "spices"), ("spices",)),
    (term("Saffron Grower"), 2, ("spices", "coin"), ("produce", "spices"), ("spices", "coin")),
    (term("Fabrics Merchant"), 2, ("fabrics", "coin"), ("produce", "fabrics"), ("fabrics",)),
    (term("Silk Weaver"), 2, ("fabrics", "coin"), ("produce", "fabrics"), ("fabrics", "coin")),
)
ALLIES = (  # 27; entourage cards, tasked for their ability
    (term("Alchemist"), 4, ("magics", "coin", "coin"), ("any", None), ("magics",)),
    (term("Bazaar Trader"), 4, ("jewels", "coin", "coin"), ("any", None), ("jewels", "coin")),
    (term("Scribe"), 4, ("spices",), ("draw", 1), ("spices",)),
    (term("Storyteller"), 3, ("fabrics",), ("draw", 1), ("fabrics",)),
    (term("Treasurer"), 3, ("jewels", "coin", "coin"), ("coins", 1), ("coin",)),
    (term("Moneylender"), 3, ("magics", "coin", "coin"), ("coins", 1), ("coin",)),
    (term("Scout"), 3, ("spices",), ("draft", 1), ("spices",)),
    (term("Falconer"), 3, ("fabrics",), ("draft", 1), ("fabrics",)),
)
VIRTUES = (  # 19; played on your own turn, once
    (term("Generosity"), 1, ("fabrics", "spices"), ("generosity", None), ("fabrics",)),
    (term("Prudence"), 3, ("magics", "jewels"), ("coins", 3), ("coin",)),
    (term("Thrift"), 3, ("spices",), ("coins", 2), ("spices",)),
    (term("Patience"), 3, ("jewels",), ("draw", 2), ("jewels",)),
    (term("Diligence"), 3, ("coin",), ("refresh", None), ("magics",)),
    (term("Ingenuity"), 3, ("coin",), ("any2", None), ("fabrics", "jewels")),
    (term("Hospitality"), 3, ("fabrics",), ("draft", 2), ("fabrics",)),
)
DJINN = (  # 14; played on any turn, once
    (term("Djinn of Magics"), 1, ("coin",), ("produce2", "magics"), ("magics",)),
    (term("Djinn of Jewels"), 1, ("coin",), ("produce2", "jewels"), ("jewels",)),
    (term("Djinn of Spices"), 1, ("coin",), ("produce2", "spices"), ("spices",)),
    (term("Djinn of Fabrics"), 1, ("coin",), ("produce2", "fabrics"), ("fabrics",)),
    (term("Djinn of Fortune"), 2, ("magics", "spices"), ("coins", 2), ("coin",)),
    (term("Rejuvenation"), 2, ("jewels",), ("rejuvenate", None), ("jewels",)),
    (term("Invigoration"), 2, ("coin",), ("refresh", None), ("coin",)),
    (term("Sand Veil"), 2, ("coin",), ("ward", None), ("magics",)),
    (term("Golden Wind"), 2, ("coin",), ("bonus", None), ("jewels",)),
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
    "merchant": term("Merchant"),
    "ally": term("Ally"),
    "virtue": term("Virtue"),
    "djinn": term("Djinn"),
    "persona": term("Merchant Persona"),
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
    return _EFFECT_WORDS[verb](arg)


def cost_text(card: str) -> str:
    units = CARDS[card]["cost"]
    if not units:
        return say("free")
    return listed(
        [
            say_count(1, "{n} coin", "{n} coins")
            if unit == "coin"
            else say("1 {product}", product=PRODUCT_NAMES[unit])
            for unit in units
        ]
    )
